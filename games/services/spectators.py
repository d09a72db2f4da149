"""Spectators: who may watch a game, what they see, and how many are watching.

Any signed-in player may watch a running game between two accounts (not a game against
the computer) unless one of its players has turned "Let other players watch my games"
off; once the game is over, its last board stays open to them while it is a public
replay. The rule is the access step's (games.services.access.access_game, as_=SPECTATOR;
the Watch list's filter access.WATCHABLE).
A spectator sees ``engine.view_for(state, None)`` only: in hidden-cards mode neither
player's unrevealed cards, never decks, notes, the chat or the generator.

How many are watching lives in the cache (Redis when configured, else this process's
memory), one counter per game raised when a spectator's socket opens and lowered when it
closes; it expires after SPECTATORS_TTL so a counter left behind by a process that died
does not stay wrong for long.
"""
import logging

from django.core.cache import cache

from games import engine
from games.models import Game

from .board import limits_of, side_for

log = logging.getLogger(__name__)

SPECTATORS_TTL = 6 * 3600


def spectator_board(game: Game) -> dict:
    """The board as a spectator sees it: both sides from ``engine.view_for(state, None)``."""
    state = engine.state_from_json(game.state)
    view = engine.view_for(state, None)
    limits = limits_of(state)
    running = view["status"] == "in progress"
    return {
        "sides": [side_for(view["players"][seat], card=state.card, limits=limits,
                           mine=seat == 0)
                  for seat in (0, 1)],
        "round": view["round"],
        "current": view["current"],
        "running": running,
        "on_turn": [running and view["current"] == seat for seat in (0, 1)],
        "modes": view["modes"],
        "limits": limits,
        "winner_seat": view["winner"],
        "outcome": view["outcome"],
    }


# ---------------------------------------------------------------- the count
def _count_key(game_id: int) -> str:
    return f"spectators:{game_id}"


def spectators_count(game_id: int) -> int:
    """How many spectators watch the game now (0 when the cache cannot tell)."""
    try:
        return max(0, int(cache.get(_count_key(game_id)) or 0))
    except (TypeError, ValueError):
        return 0


def spectators_counts(game_ids) -> dict:
    """{game id: spectators now} for several games (one cache round trip)."""
    keys = {_count_key(game_id): game_id for game_id in game_ids}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # a cache that is down: nobody counted
        found = {}
    counts = {}
    for key, game_id in keys.items():
        try:
            counts[game_id] = max(0, int(found.get(key) or 0))
        except (TypeError, ValueError):
            counts[game_id] = 0
    return counts


def _change_count(game_id: int, delta: int) -> int:
    key = _count_key(game_id)
    try:
        cache.add(key, 0, timeout=SPECTATORS_TTL)
        count = cache.incr(key, delta)
        if count < 0:  # a close counted after the counter expired
            cache.set(key, 0, timeout=SPECTATORS_TTL)
        return max(0, count)
    except Exception:  # a cache that is down costs the count, never the socket
        log.warning("spectator count of game %s not changed", game_id, exc_info=True)
        return spectators_count(game_id)


def spectator_arrived(game_id: int) -> int:
    """One more spectator; the new count."""
    return _change_count(game_id, 1)


def spectator_left(game_id: int) -> int:
    """One spectator fewer; the new count."""
    return _change_count(game_id, -1)
