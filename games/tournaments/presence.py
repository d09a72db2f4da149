"""Who is still with an event: each entrant's open pages of it.

A player is "with" an event while one of his pages of it has its socket open: the event's
page (games.tournaments.consumers) or the page of one of its games, running or finished
(games.consumers, through games.services.events.arranged_socket_opened/closed). A player
whose last such page closed has left; once he has been gone for AWAY_AFTER he is paused
at the next pairing (services), as lichess withdraws who leaves an arena's page, instead
of being paired into a game he would lose on time. The grace covers going from one page to
the next (the event's page to the game's, a reload) and a socket's reconnection.

Counts live in the cache (Redis when configured, else the server process's memory, which
is the one process of the embedded default), one counter per entrant raised when a socket
opens and lowered when it closes, and the moment it fell to nothing. A player never seen on
a page (a bot playing through the API, a test) is never taken for gone; a cache that is down
takes nobody for gone; the counters expire after PRESENCE_TTL, so one left behind by a
process that died stops counting (he is then paused after his next loss on time at worst).
"""
import logging
from datetime import UTC, datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

log = logging.getLogger(__name__)

AWAY_AFTER = timedelta(seconds=20)
PRESENCE_TTL = 12 * 3600


def _count_key(tournament_id: int, player_id: int) -> str:
    return f"event-pages:{tournament_id}:{player_id}"


def _gone_key(tournament_id: int, player_id: int) -> str:
    return f"event-gone:{tournament_id}:{player_id}"


def page_opened(tournament_id: int, player_id: int) -> None:
    """One more open page of the event for the player."""
    key = _count_key(tournament_id, player_id)
    try:
        cache.add(key, 0, timeout=PRESENCE_TTL)
        cache.incr(key)
        cache.delete(_gone_key(tournament_id, player_id))
    except Exception:  # a cache that is down costs the count, never the socket
        log.warning("event %s: page of player %s not counted", tournament_id, player_id,
                    exc_info=True)


def page_closed(tournament_id: int, player_id: int, *, now=None) -> None:
    """One open page fewer; at none the player has left (since ``now``)."""
    key = _count_key(tournament_id, player_id)
    now = now or timezone.now()
    try:
        cache.add(key, 0, timeout=PRESENCE_TTL)
        count = cache.decr(key)
        if count <= 0:
            cache.set(key, 0, timeout=PRESENCE_TTL)
            cache.set(_gone_key(tournament_id, player_id), now.timestamp(),
                      timeout=PRESENCE_TTL)
    except Exception:
        log.warning("event %s: closed page of player %s not counted", tournament_id,
                    player_id, exc_info=True)


def gone_since(tournament_id: int, player_ids) -> dict:
    """{player id: since when} of the players who have left every page of the event (those
    with a page open, and those never seen on one, are not in it). One cache round trip."""
    player_ids = list(player_ids)
    if not player_ids:
        return {}
    keys = {}
    for player_id in player_ids:
        keys[_count_key(tournament_id, player_id)] = ("count", player_id)
        keys[_gone_key(tournament_id, player_id)] = ("gone", player_id)
    try:
        found = cache.get_many(list(keys))
    except Exception:  # nobody is taken for gone on the cache's word when it is away
        return {}
    counts, gone = {}, {}
    for key, value in found.items():
        what, player_id = keys[key]
        try:
            if what == "count":
                counts[player_id] = int(value)
            else:
                gone[player_id] = datetime.fromtimestamp(float(value), tz=UTC)
        except (TypeError, ValueError):
            continue
    return {player_id: since for player_id, since in gone.items()
            if counts.get(player_id, 0) <= 0}


def away(tournament_id: int, player_ids, *, now=None) -> set:
    """The players gone from every page of the event for AWAY_AFTER or more."""
    now = now or timezone.now()
    return {player_id for player_id, since in gone_since(tournament_id, player_ids).items()
            if now - since >= AWAY_AFTER}
