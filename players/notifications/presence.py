"""Which games a player has open now: a live socket of his on the game's page.

"Nothing is sent for a game the player has open": the game page's socket
(games.consumers) says when it opens and closes; the dispatch asks ``game_open``.

- This process's own sockets are in a dict (the embedded default: the one server process
  holds every socket and runs the dispatch on its background threads).
- With Redis (several server processes, the dispatch on a Celery worker) each socket is
  also a member of a sorted set per player and game, scored by when it expires; a thread
  of each server process pushes its sockets' expiry on every ``REFRESH_SECONDS``, so the
  sockets of a process that died fall out within ``TTL_SECONDS``.

Presence is a courtesy: a Redis that fails answers "not open" (a mail too many, never a
socket or a move lost).
"""
import logging
import threading
import time

from django.core.cache import cache

log = logging.getLogger(__name__)

TTL_SECONDS = 120
REFRESH_SECONDS = 45

_lock = threading.Lock()
# (player id, game id) -> {channel name: its Redis key} of this process's sockets (the key as
# made when the socket opened: the refresher's thread must not make it with other settings).
_local: dict = {}
_refresher: threading.Thread | None = None


def _key(player_id: int, game_id: int) -> str:
    return cache.make_key(f"presence:{player_id}:{game_id}")


def _redis():
    """The cache's Redis client, or None without Redis (the in-memory cache)."""
    if not hasattr(cache, "client") or not hasattr(cache.client, "get_client"):
        return None
    try:
        return cache.client.get_client(write=True)
    except Exception:
        log.warning("presence: no Redis client", exc_info=True)
        return None


def _publish(client, entries) -> None:
    """Mark (key, channel) ``entries`` alive for TTL_SECONDS more in Redis."""
    expires = time.time() + TTL_SECONDS
    pipe = client.pipeline(transaction=False)
    for key, channel in entries:
        pipe.zadd(key, {channel: expires})
        pipe.expire(key, TTL_SECONDS)
    pipe.execute()


def _refresh_forever() -> None:
    while True:
        time.sleep(REFRESH_SECONDS)
        with _lock:
            entries = [(key, channel) for channels in _local.values()
                       for channel, key in channels.items()]
        client = _redis()
        if client is None or not entries:
            continue
        try:
            _publish(client, entries)
        except Exception:
            log.warning("presence: could not refresh %d sockets", len(entries), exc_info=True)


def _ensure_refresher() -> None:
    global _refresher
    with _lock:
        if _refresher is not None and _refresher.is_alive():
            return
        _refresher = threading.Thread(target=_refresh_forever, daemon=True,
                                      name="presence-refresh")
        _refresher.start()


def game_socket_opened(player_id: int, game_id: int, channel_name: str) -> None:
    """A socket of ``player_id`` opened on the page of ``game_id``."""
    key = _key(player_id, game_id)
    with _lock:
        _local.setdefault((player_id, game_id), {})[channel_name] = key
    client = _redis()
    if client is None:
        return
    try:
        _publish(client, [(key, channel_name)])
    except Exception:
        log.warning("presence: socket of player %s on game %s not recorded", player_id,
                    game_id, exc_info=True)
    _ensure_refresher()


def game_socket_closed(player_id: int, game_id: int, channel_name: str) -> None:
    """That socket closed."""
    with _lock:
        channels = _local.get((player_id, game_id))
        if channels is not None:
            channels.pop(channel_name, None)
            if not channels:
                del _local[(player_id, game_id)]
    client = _redis()
    if client is None:
        return
    try:
        client.zrem(_key(player_id, game_id), channel_name)
    except Exception:
        log.warning("presence: closed socket of player %s on game %s not removed", player_id,
                    game_id, exc_info=True)


def game_open(player_id: int, game_id: int) -> bool:
    """Has ``player_id`` a live socket on the page of ``game_id`` (in any process)?"""
    with _lock:
        if _local.get((player_id, game_id)):
            return True
    client = _redis()
    if client is None:
        return False
    try:
        return client.zcount(_key(player_id, game_id), time.time(), "+inf") > 0
    except Exception:
        log.warning("presence: Redis did not answer; game %s taken as not open", game_id,
                    exc_info=True)
        return False


def forget_local() -> None:
    """Forget this process's sockets (tests: none carried into the next test)."""
    with _lock:
        _local.clear()
