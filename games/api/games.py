"""Finished games and their replays, and running games' spectator view.

What is public follows the site: a finished game is public when the Replays section lists
it (games.services.access.PUBLIC_REPLAYS); a running game between two accounts that
both allow spectators (games.services.access.WATCHABLE) shows its spectator view,
``games.engine.view_for(state, None)``, which hides both hands in hidden-cards mode and
never holds decks or the random generator. Turn records are reduced to what the replay
page shows.

Games against the computer are never answered to anybody but their player: the site's
Replays section lists them, the API does not (docs/api.md: nothing private, no games against the
computer). A player's own finished games against the computer are answered to his own
token (detail, replay, steps; and listed in ``games``), as his analysis is.

The rule is the access step's: one game through ``access_game(..., as_=API)``, the lists
filtered by ``api_games``, the same rule as a filter (games.services.access).
"""
from typing import Literal

from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate

from games import engine
from games.models import Game
from games.replays import selectors as replays
from games.services.access import API, access_game, api_games
from games.services.errors import GameError
from games.services.turn_log import state_after_turns
from marcomage.plumbing.api_base.errors import ApiError, not_found
from marcomage.plumbing.api_base.pagination import ApiPagination, Mapped

from .schemas import BoardOut, GameOut, ReplayOut

router = Router(tags=["games"])


def game_out(game: Game) -> dict:
    winner = None
    if game.winner_id:
        winner = game.player1.name if game.winner_id == game.player1_id else game.player2_name
    return {
        "id": game.pk, "player1": game.player1.name, "player2": game.player2_name,
        "player1_is_bot": game.player1.is_bot,
        "player2_is_bot": bool(game.player2_id and game.player2.is_bot),
        "status": game.status, "outcome": game.outcome, "winner": winner, "round": game.round,
        "modes": {"hidden": game.is_hidden, "friendly": game.is_friendly,
                  "long": game.is_long},
        "turn_timeout": game.turn_timeout, "started_at": game.started_at,
        "finished_at": game.finished_at,
    }


def public_game(game_id: int, *, player=None, finished: bool = False) -> Game:
    """A game the caller (``player``: the token's, None when anonymous) may read;
    ``finished``: only once it is over."""
    games = Game.objects.select_related("player1__user", "player2__user")
    if finished:
        games = games.filter(status=Game.Status.FINISHED)
    try:
        return access_game(game_id, player, as_=API, query=games)
    except GameError:
        raise not_found("That game")


class FinishedGamesIn(Schema):
    player: str = Field("", max_length=150)
    outcome: Literal["", *[value for value, _ in Game.Outcome.choices
                           if value not in ("Pending", "Abort")]] = ""
    hidden: Literal["", "yes", "no"] = ""
    friendly: Literal["", "yes", "no"] = ""
    long: Literal["", "yes", "no"] = ""
    sort: Literal["newest", "rounds", "views"] = "newest"


@router.get("/games", response=list[GameOut], url_name="games",
            summary="Finished public games between two accounts (the Replays section's "
                    "list without games against the computer, but for the caller's own)")
@paginate(ApiPagination)
def finished_games(request, filters: Query[FinishedGamesIn]):
    games = replays.replays_list(**{**filters.dict(),
                                    "player": filters.player.replace("\x00", "").strip()})
    games = games.filter(api_games(request.auth.player, status=Game.Status.FINISHED))
    return Mapped(games.defer(None).defer("state", "initial_state", "deck1_cards",
                                         "challenge_message"), game_out)


@router.get("/games/running", response=list[GameOut], url_name="games_running",
            summary="Running games between two accounts that allow spectators, newest move "
                    "first")
@paginate(ApiPagination)
def running_games(request):
    games = (Game.objects.filter(api_games(request.auth.player, status=Game.Status.IN_PROGRESS))
             .select_related("player1__user", "player2__user")
             .defer("state", "initial_state", "deck1_cards", "challenge_message")
             .order_by("-last_action_at", "-pk"))
    return Mapped(games, game_out)


@router.get("/games/{game_id}", response=GameOut, url_name="game")
def game_detail(request, game_id: int):
    return game_out(public_game(game_id, player=request.auth.player))


@router.get("/games/{game_id}/view", response=BoardOut, url_name="game_view",
            summary="The spectator's view of a public game now (hands hidden in hidden-cards "
                    "mode while it runs)")
def game_view(request, game_id: int):
    game = public_game(game_id, player=request.auth.player)
    return {"game": game.pk, "version": game.version,
            "view": engine.view_for(engine.state_from_json(game.state), None)}


def _turn_label_parts(turn, names, played_in_round, state):
    """One turn of the list; ``state``: the game's (a playtest's proposed card is in no
    catalogue, only in its game)."""
    card_name = ""
    if turn.card:
        try:
            card_name = engine.game_card(state, turn.card).name
        except (engine.EngineError, KeyError, IndexError):
            card_name = ""
    return {"number": turn.number, "round": played_in_round, "round_after": turn.round,
            "actor_seat": turn.actor_seat,
            "actor": names[turn.actor_seat] if turn.actor_seat in (0, 1) else "",
            "action": turn.action, "card": turn.card, "card_name": card_name,
            "mode": turn.mode, "substitute": turn.is_substitute}


@router.get("/games/{game_id}/replay", response=ReplayOut, url_name="game_replay",
            summary="A finished public game's turns, as the replay page lists them")
def game_replay(request, game_id: int):
    game = public_game(game_id, player=request.auth.player, finished=True)
    names = (game.player1.name, game.player2_name)
    turns = game.turns.order_by("number").only(
        "game", "number", "round", "actor_seat", "action", "card", "mode", "is_substitute")
    turns = list(turns)
    rounds = replays.played_in_rounds(turns)
    return {"game": game_out(game), "turns": [_turn_label_parts(t, names, r, game.state)
                                              for t, r in zip(turns, rounds, strict=True)]}


@router.get("/games/{game_id}/replay/{step}", response=BoardOut, url_name="game_replay_step",
            summary="A finished public game's board after `step` turns (both hands, as the "
                    "replay page shows them)")
def game_replay_step(request, game_id: int, step: int):
    game = public_game(game_id, player=request.auth.player, finished=True)
    if not 0 <= step <= 100_000:
        raise ApiError(400, "invalid", "A step is a turn number from 0.",
                       fields={"step": ["From 0 to the game's number of turns."]})
    try:
        turns, shown, state = state_after_turns(game, step)
    except GameError as error:
        raise ApiError(409, error.code, error.message)
    if shown != step:
        raise ApiError(404, "not_found", f"This game has turns 0 to {len(turns)}.")
    # As the replay page: each side as its own seat sees it (a finished game hides nothing).
    views = (engine.view_for(state, 0), engine.view_for(state, 1))
    view = {**views[0], "seat": None, "players": [views[0]["players"][0],
                                                  views[1]["players"][1]]}
    return {"game": game.pk, "version": game.version, "step": shown, "view": view}
