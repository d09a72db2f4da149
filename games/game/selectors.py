"""Read-only queries of the game screen: the game, its page, its chat, the next game.

``game_page`` builds everything the page and its board partial show to one player (a
fixed number of SQL queries whatever the length of the game or its chat).
"""
from functools import lru_cache
from urllib.parse import urlencode

from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from games import engine
from games import services as gs
from games.models import ChatMessage, Game, GameAnalysis
from games.services.access import (
    COLUMNS_NOT_FOR_MOVES,
    PLAYER_AVATARS,
    access_game,
    is_public_replay,
)
from games.services.errors import GameError
from marcomage.prepared import PreparedQuery
from players import activity
from players.accounts.user_cache import cached_user
from players.models import GameRating
from players.models.profiles import avatar_filename_of

from .board import board_for, end_announcement, move_announcement

DEFAULT_REFRESH_SECONDS = 20
# Both players with their names and avatars; their settings come from the user cache
# (_settings_of) when needed.
PLAYERS = ("player1__user", "player2__user")
# Every board drawn (a live push, a fetch, a move's answer) loads the game: compiled once
# per process (marcomage/prepared.py). The history asks for the start state too.
_GAME_FOR_BOARD = PreparedQuery(lambda pk: Game.objects.select_related(*PLAYERS)
                              .annotate(**PLAYER_AVATARS)
                              .defer(*COLUMNS_NOT_FOR_MOVES).filter(pk=pk))
_GAME_WITH_START = PreparedQuery(lambda pk: Game.objects.select_related(*PLAYERS)
                               .annotate(**PLAYER_AVATARS).filter(pk=pk))
# A socket's handshake needs the seats and the version only.
_SEATS_AND_VERSION = Game.objects.only("pk", "player1_id", "player2_id", "version")
# ... and the ids of the games waiting for the player (the indicator, "Next game").
_GAMES_ON_TURN = PreparedQuery(
    lambda player_id: Game.objects.filter(Game.my_turn_q(player_id),
                                          status=Game.Status.IN_PROGRESS)
    .order_by("last_action_at", "pk").values_list("pk"))


def game_for_player(game_id, player, *, with_initial_state=False) -> Game:
    """A game the player takes part in, with both players' names (1 query); else 404."""
    try:
        return access_game(game_id, player, query=(_GAME_WITH_START if with_initial_state
                                                   else _GAME_FOR_BOARD))
    except GameError:
        # Outsiders cannot tell a private game from a missing one.
        raise Http404("No such game.")


def started_game_for_player(game_id, player, *, with_initial_state=False) -> Game:
    """As game_for_player, for the pages of a game that has started (else 404)."""
    game = game_for_player(game_id, player, with_initial_state=with_initial_state)
    if game.status == Game.Status.WAITING:
        raise Http404("The game has not started.")
    return game


def seat_and_version(game_id, player):
    """(the seat of ``player`` at the game, the game's version), or None for a game the
    player does not sit at or that does not exist (1 query: the socket's handshake)."""
    try:
        game = access_game(game_id, player, query=_SEATS_AND_VERSION)
    except GameError:
        return None
    return game.seat_of(player), game.version


def games_on_turn(player) -> list:
    """Ids of the running games waiting for ``player``'s move, longest waiting first
    (1 query): the navigation's count and the board's "Next game" link."""
    return [pk for (pk,) in _GAMES_ON_TURN.rows(player.pk)]


def next_game_on_turn(player, *, after_id=None):
    """The id of the game that has waited longest for ``player``'s move (not ``after_id``)."""
    qs = (Game.objects.filter(Game.my_turn_q(player), status=Game.Status.IN_PROGRESS)
          .order_by("last_action_at", "pk"))
    if after_id is not None:
        qs = qs.exclude(pk=after_id)
    return qs.values_list("pk", flat=True).first()


def chat_for(game, *, newest_first=False):
    qs = ChatMessage.objects.filter(game=game).select_related("author__user")
    return list(qs.order_by("-created_at", "-pk") if newest_first
                else qs.order_by("created_at", "pk"))


def _chat_seen_at(game: Game, player):
    """When ``player`` last read the game's chat (None: never)."""
    return game.player1_chat_seen_at if game.seat_of(player) == 0 else game.player2_chat_seen_at


def chat_page(game: Game, player) -> dict:
    """The chat as ``player`` sees it, the unread lines marked: the newest line first (the
    manual's default, right under the box one writes in); "reverse chat order" puts the
    oldest first. An unread line is the opponent's, written after the player last read the
    chat (chat_unread_count counts the same lines)."""
    seen = _chat_seen_at(game, player)
    chat = chat_for(game, newest_first=not player.settings.reverse_chat_order)
    for line in chat:
        line.is_new = (line.author_id is not None and line.author_id != player.pk
                       and (seen is None or line.created_at > seen))
    return {"chat": chat, "game": game}


def chat_unread_count(game: Game, player) -> int:
    """How many lines chat_page would mark new for ``player`` (1 query): the mark of the
    Chat button that opens the chat as a pop-up."""
    seen = _chat_seen_at(game, player)
    lines = (ChatMessage.objects.filter(game=game).exclude(author=None)
             .exclude(author_id=player.pk))
    if seen is not None:
        lines = lines.filter(created_at__gt=seen)
    return lines.count()


def _settings_of(player):
    """A player's settings: loaded with the player, else from the user cache (no query when
    the player has been here lately)."""
    if type(player).settings.related.is_cached(player):
        return player.settings
    user = cached_user(player.user_id)
    return user.player.settings if user is not None else player.settings


def _avatar(player):
    """The avatar's file name for the players:avatar URL, or None."""
    return _settings_of(player).avatar_filename or None


_NOT_LOADED = object()


def _avatar_at(game: Game, seat: int):
    """The avatar of the player at ``seat``: from the game's row when it was loaded with
    PLAYER_AVATARS, else from that player's settings."""
    stored = getattr(game, f"player{seat + 1}_avatar", _NOT_LOADED)
    if stored is _NOT_LOADED:
        return _avatar(game.player_at(seat))
    return avatar_filename_of(stored) or None


def end_screen_earnings(game: Game, seat: int):
    """What the finished ``game`` earned the player at ``seat``, for the end screen (None
    while the game runs).

    ``status``: "earned" (the rating's row: EXP with its phases, gold, awards, achievements,
    levels), "pending" (the rating task has not run yet) or "none" (``reason``: the rule
    that left the game unrated). ``notes`` say why a rated game's EXP or gold is zero.
    """
    if game.status != Game.Status.FINISHED or seat is None:
        return None
    row = GameRating.objects.filter(player_id=game.player_id_at(seat), game_id=game.pk).first()
    if row is None:
        seats, _counts, why_not = gs.rating_rule(game)
        if seat in seats and game.rated_at is None:
            return {"status": "pending"}
        return {"status": "none", "reason": gs.NOT_RATED_REASONS.get(
            why_not or "ai_after_tutorial")}
    awards = [{"name": engine.awards_rules.END_OF_GAME_AWARDS[key].name,
               "gold": engine.awards_rules.END_OF_GAME_AWARDS[key].gold}
              for key in row.awards if key in engine.awards_rules.END_OF_GAME_AWARDS]
    level_gold = row.levels_gained * engine.rating_rules.GOLD_PER_LEVEL
    achievement_gold = sum(a.get("gold", 0) for a in row.achievements)
    notes = []
    if row.exp == 0 and row.breakdown.get("game_multiplier") == 0:
        notes.append(f"A {row.result} by {row.outcome.lower()} gives no EXP: its game "
                     "rating is 0 %.")
    if not row.awards:
        notes.append("Awards, and their gold, go to the winner only." if row.result != "win"
                     else "No award's condition was met in this game.")
    return {
        "status": "earned",
        "exp": row.exp,
        "phases": gs.exp_phase_lines(row.breakdown, row.exp) if row.breakdown else [],
        "award_gold": row.gold,
        "awards": awards,
        "achievements": row.achievements,
        "levels_gained": row.levels_gained,
        "level_gold": level_gold,
        "gold": row.gold + level_gold + achievement_gold,
        "notes": notes,
    }


def end_screen_next(game: Game, seat) -> dict | None:
    """What the end screen offers the player at ``seat`` next (None while the game runs):
    ``again``, another game against the computer like this one (not for a playtest of a
    proposed card); ``rematch_url``, the challenge form filled in for the same opponent,
    modes and deck; ``replay``, whether this game has a replay (a public one: an aborted
    game has its history only) and ``analysis``, the status of its analysis when one was
    asked for (1 query, for a finished game only). His own game's replay and analysis open
    to him at any level (games.replays.views)."""
    if game.status != Game.Status.FINISHED or seat is None:
        return None
    replay = is_public_replay(game)
    rematch_url = None
    opponent = game.player_at(1 - seat)
    if not game.is_ai and opponent is not None:
        query = {"to": opponent.name, "turn_timeout": game.turn_timeout}
        query.update({mode: 1 for mode, on in (("hidden", game.is_hidden),
                                               ("friendly", game.is_friendly),
                                               ("long_mode", game.is_long)) if on})
        deck = game.deck1_id if seat == 0 else game.deck2_id
        if deck:
            query["deck"] = deck
        rematch_url = f"{reverse('games:challenge_new')}?{urlencode(query)}"
    return {
        "again": game.is_ai and not engine.custom_card_ids(game.state),
        "rematch_url": rematch_url,
        "replay": replay,
        "analysis": (GameAnalysis.objects.filter(game_id=game.pk)
                     .values_list("status", flat=True).first() if replay else None),
    }


# The commands a board's buttons post to (games:command), by their keys in board_urls.
BOARD_COMMANDS = ("surrender", "surrender-cancel", "surrender-accept", "surrender-reject",
                  "ai-move", "substitute", "abort", "finish")


@lru_cache(maxsize=4096)
def board_urls(game_id: int) -> dict:
    """The addresses a game's board links and posts to, reversed once per game and process:
    the board's {% url %} tags were 6 % of a server process's interpreter time with the
    players thinking 0 s (py-spy --gil), for the same few strings every time."""
    urls = {name: reverse(f"games:{name}", args=[game_id])
            for name in ("detail", "move", "history", "leave", "replay", "replay_analysis",
                         "ai_again")}
    urls.update({command.replace("-", "_"): reverse("games:command", args=[game_id, command])
                 for command in BOARD_COMMANDS})
    urls["list"] = reverse("games:list")
    urls["ai_quick"] = reverse("games:ai_quick")
    return urls


def game_page(game: Game, player, *, error=None, notice=None, preview=None,
              sandbox_open=False, with_chat=False, indicator=False, ai_asked=False) -> dict:
    """The context of the game page and of its board partial, for ``player``.

    ``error``/``notice``: the answer to the player's last action; ``preview``: what a play
    would do; ``sandbox_open``: show the sandbox panel unfolded; ``with_chat``: include the
    chat when this player reads it beside the board, else how many of its lines are new
    (``chat_unread``, for the button that opens it as a pop-up); ``indicator``: the partial also
    carries the navigation's your-turn indicator (swapped out of band), so a page that
    swaps the board needs no request of its own for it. ``ai_asked``: the player just asked
    the computer to move (the board says it is thinking).
    """
    seat = game.seat_of(player)
    opponent_name = game.player2_name if seat == 0 else game.player1_name
    settings = _settings_of(player)
    on_turn = games_on_turn(player)
    now = timezone.now()
    board = board_for(game, seat) if game.status != Game.Status.WAITING else None
    opponent = game.player_at(1 - seat)
    opponent_activity = (activity.activity_of(opponent.last_activity, now)
                         if opponent is not None else None)
    can = gs.can_for(game, player, seat, now)
    chat_open = not game.is_ai and game.status != Game.Status.WAITING
    sandbox = can["sandbox"]
    context = {
        "game": game,
        "seat": seat,
        "board": board,
        "me_player": player,
        "opponent": opponent,
        "opponent_name": opponent_name,
        "opponent_activity": opponent_activity,
        "opponent_activity_label": activity.LABELS.get(opponent_activity, ""),
        "settings": settings,
        "error": error,
        "notice": notice,
        "preview": preview,
        "sandbox": gs.sandbox_panel(game) if sandbox else None,
        "sandbox_open": bool(sandbox and sandbox_open),
        # The tutorial's play suggestion (None past the tutorial or off turn).
        "suggestion": gs.play_suggestion(game, seat, player.level) if board else None,
        "can": can,
        # The computer's move is on its way (queued by itself, or asked for with the
        # button); the board pushed with its move replaces this one.
        "ai_thinking": can["ai_move"] and (settings.auto_ai_move or ai_asked),
        "chat_open": chat_open,
        "my_avatar": _avatar(player) if settings.avatars_in_game else None,
        "opponent_avatar": (_avatar_at(game, 1 - seat) if settings.avatars_in_game and opponent
                            else None),
        "winner_is_me": game.winner_id == player.pk,
        "earnings": end_screen_earnings(game, seat),
        "end_next": end_screen_next(game, seat),
        # Read out by the page when a board arrives by itself (static/js/games.js).
        "announcement": " ".join(filter(None, (
            move_announcement(board, opponent_name=opponent_name),
            end_announcement(board, opponent_name=opponent_name,
                                outcome_label=game.outcome_label)))),
        "refresh_seconds": settings.auto_refresh or DEFAULT_REFRESH_SECONDS,
        "next_game": next(iter(pk for pk in on_turn if pk != game.pk), None),
        "urls": board_urls(game.pk),
        "indicator_oob": indicator,
        "games_on_turn": len(on_turn),
    }
    if context["next_game"] is not None:
        context["next_game_url"] = board_urls(context["next_game"])["detail"]
    if with_chat and chat_open and settings.integrated_chat:
        context.update(chat_page(game, player))
    elif with_chat and chat_open:
        # The chat is a pop-up opened by a button that shows how many lines are new.
        context["chat_unread"] = chat_unread_count(game, player)
    return context
