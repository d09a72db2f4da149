"""Read-only queries for the replays pages (a fixed number of SQL queries each).

A replay is public when its game is over and was played out: finished and not aborted (an
aborted game was called off, nothing in it was decided): games.services.access's
PUBLIC_REPLAYS and is_public_replay, the one rule. Games against the computer (the
standard AI and the AI challenges) are replays like games between two people, marked as
such and named after the AI. Running games are never public: their players follow them on
the game's own history page.
"""
from django.db.models import Q
from django.http import Http404

from games import engine
from games.models import Game, GameAnalysis
from games.services.access import PUBLIC_REPLAYS, REPLAY, access_game
from games.services.board import limits_of, shown_turn, side_for
from games.services.errors import GameError
from games.services.turn_log import state_after_turns

_LIST_FIELDS = ("id", "player1_id", "player2_id", "winner_id", "outcome", "status", "round",
                "is_hidden", "is_friendly", "is_long", "is_ai", "is_arranged", "ai_challenge", "ai_deck_name",
                "ai_level", "turn_timeout", "finished_at", "replay_views",
                "player1__id", "player1__user__id", "player1__user__username",
                "player1__is_bot", "player2__id", "player2__user__id",
                "player2__user__username", "player2__is_bot")

_ORDERINGS = {
    "newest": ("-finished_at", "-pk"),
    "rounds": ("-round", "-finished_at", "-pk"),
    "views": ("-replay_views", "-finished_at", "-pk"),
}


def replays_list(*, player="", outcome="", opponent="", hidden="", friendly="", long="",
                 sort="newest"):
    """Public replays, filtered and ordered; a queryset for the paginator (count + page).

    ``opponent``: "human" for games between two players, "computer" for games against the
    AI, "" for both.
    """
    qs = Game.objects.filter(PUBLIC_REPLAYS)
    if opponent:
        qs = qs.filter(is_ai=opponent == "computer")
    if player:
        qs = qs.filter(Q(player1__user__username__iexact=player)
                       | Q(player2__user__username__iexact=player))
    if outcome:
        qs = qs.filter(outcome=outcome)
    for field, wanted in (("is_hidden", hidden), ("is_friendly", friendly), ("is_long", long)):
        if wanted:
            qs = qs.filter(**{field: wanted == "yes"})
    return (qs.select_related("player1__user", "player2__user").only(*_LIST_FIELDS)
            .order_by(*_ORDERINGS.get(sort or "newest", _ORDERINGS["newest"])))


def side_names(game: Game) -> tuple[str, str]:
    """The two sides' names on the replay pages: the computer plays under its AI's name."""
    return game.player1_name, (game.ai_name if game.is_ai else game.player2_name)


def name_winner(game: Game) -> Game:
    """Give ``game`` its ``side_names`` and a ``winner_name`` ("" for a draw)."""
    names = game.side_names = side_names(game)
    if game.winner_id:
        game.winner_name = names[0] if game.winner_id == game.player1_id else names[1]
    elif game.is_ai and game.outcome != Game.Outcome.DRAW:
        game.winner_name = names[1]  # the computer has no player row: a win without one
    else:
        game.winner_name = ""
    return game


def replay_game(game_id, viewer) -> Game:
    """A public replay, or a started game ``viewer`` plays, with both players loaded (1
    query); else 404. The view sends a player of a game that is not public to its history."""
    try:
        game = access_game(game_id, viewer, as_=REPLAY)
    except GameError:
        raise Http404("No such replay.")
    if game.status == Game.Status.WAITING:
        raise Http404("No such replay.")
    return game


def is_own_game(game_id, player) -> bool:
    """Does ``player`` sit at game ``game_id``? (1 query) His own game's replay and analysis
    are open to him before his level opens the Replays section."""
    return Game.objects.filter(Q(player1=player) | Q(player2=player), pk=game_id).exists()


def latest_replays(*, limit=5):
    """The newest public replays for the home page panel (1 query)."""
    return [name_winner(game) for game in replays_list()[:limit]]


def played_in_rounds(turns) -> list[int]:
    """The round each of ``turns`` (in order, from the first) was played in. Turn.round is
    the round counter after the turn; the replay, the analysis and the API name the round
    the turn was played in."""
    out, played_in = [], 1
    for turn in turns:
        out.append(played_in)
        played_in = turn.round
    return out


def replay_for(game: Game, step: int) -> dict:
    """A finished game's board after ``step`` logged turns, both hands shown.

    Only for games that are over: rules-engine.md §13 shows everything once a game is no
    longer in progress, so every step of a finished game may show both hands. Each side
    comes from the engine's view for that side's own seat, which never masks its own hand.
    """
    if game.status != Game.Status.FINISHED:
        raise GameError("This game is still being played.", code="not_finished")
    turns, step, state = state_after_turns(game, step)
    views = (engine.view_for(state, 0), engine.view_for(state, 1))
    limits = limits_of(state)
    board = {
        "sides": [side_for(views[seat]["players"][seat], card=state.card, limits=limits,
                           mine=seat == 0)
                  for seat in (0, 1)],
        "round": views[0]["round"],
        "current": views[0]["current"],
        "running": views[0]["status"] == "in progress",
        "modes": views[0]["modes"],
        "limits": limits,
        "winner_seat": views[0]["winner"],
        "outcome": views[0]["outcome"],
    }
    shown, card = shown_turn(turns, step)
    return {"board": board, "step": step, "steps": len(turns), "turn": shown, "turns": turns,
            "turn_card": card}


def analysis_of(game: Game) -> GameAnalysis | None:
    """The game's post-game analysis, if one was asked for (1 query)."""
    return GameAnalysis.objects.filter(game=game).first()
