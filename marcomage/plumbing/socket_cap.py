"""How many live sockets one account and one address may hold open at once.

Every websocket of the site (the consumers built on marcomage.plumbing.live_socket: the game pages'
and the navigation's, the event pages') is counted, all together, per account
(settings.LIVE_SOCKETS_PER_ACCOUNT) and per address (settings.LIVE_SOCKETS_PER_ADDRESS: the
client's address as uvicorn gives it, as the flood limits see it). A socket past either
cap is accepted, and the OLDEST socket of that account or address is closed with
CLOSE_CODE and a reason its page shows (static/js: the page then stops reconnecting by
itself, so that two pages never take the socket from each other in a loop). Why the
oldest: a player who opens one more tab wants that one live; the oldest is the tab most
likely forgotten, or a connection that died without the server noticing. Without a cap,
one account held 1,000 sockets open on one process.

Where the counts live: with Redis (REDIS_URL), one sorted set per account and per address
(each socket's channel name, scored by when it opened), shared by every server process, and
updated in one script per socket opened; the socket to close may be held by another process,
so it is told through the channel layer (a message to its channel, REPLACED). Without Redis,
in the one server process's memory. A Redis that fails counts nothing: the socket is
accepted and nobody is closed (no cap for a while, never a refused socket). A socket left in
a set by a process that died is among the oldest of its set, so the first to go; a set
expires a day after its last socket opened.
"""
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches

log = logging.getLogger(__name__)

# The close code of a socket that gave way to newer ones (4000-4999: the application's own;
# 429 as HTTP's "too many requests"). The page shows the reason and stays as it is.
CLOSE_CODE = 4429
REPLACED = "live.socket.replaced"  # the channel-layer message that closes an old socket
EXPIRY_SECONDS = 24 * 3600

# KEYS: the sets; ARGV: the socket's channel, when it opened, the sets' expiry, then each
# set's cap. Adds the socket to each set, takes out the oldest past the cap and answers
# them, each after the number of its set (1, 2...).
_OPEN_SCRIPT = """
local closing = {}
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[1])
  local over = redis.call('ZCARD', key) - tonumber(ARGV[3 + i])
  if over > 0 then
    for _, channel in ipairs(redis.call('ZRANGE', key, 0, over - 1)) do
      table.insert(closing, i)
      table.insert(closing, channel)
    end
    redis.call('ZREMRANGEBYRANK', key, 0, over - 1)
  end
  redis.call('EXPIRE', key, ARGV[3])
end
return closing
"""


def _set_name(what: str) -> str:
    # In the cache's namespace (its key prefix and version) and the channel layer's prefix:
    # sites sharing one Redis (and the servers tests start side by side, whose accounts have
    # the same ids) each count their own sockets.
    prefix = getattr(settings, "CHANNEL_PREFIX", "asgi")
    return caches["default"].make_key(f"live-sockets:{prefix}:{what}")


def caps_of(user, address) -> list[tuple[str, int, str]]:
    """(the set's name, its cap, the reason its sockets are closed with) of each set a
    socket of ``user`` from ``address`` is counted in; none for a cap of 0 (no cap). A
    reason is at most 123 bytes (a websocket's close frame)."""
    sets = []
    per_account = settings.LIVE_SOCKETS_PER_ACCOUNT
    if per_account > 0 and user is not None and getattr(user, "is_authenticated", False):
        sets.append((_set_name(f"account:{user.pk}"), per_account,
                     f"Live updates stopped on this page: your account has more than "
                     f"{per_account} pages open with live updates."))
    per_address = settings.LIVE_SOCKETS_PER_ADDRESS
    if per_address > 0 and address:
        sets.append((_set_name(f"address:{address}"), per_address,
                     f"Live updates stopped on this page: more than {per_address} pages are "
                     "open with live updates from your address."))
    return sets


class InProcessCounts:
    """The sets in this process's memory (no Redis: the one server process)."""

    def __init__(self):
        self.sets: dict[str, dict[str, float]] = {}  # set -> {channel: opened at}
        self.lock = threading.Lock()  # the test servers' loops run in threads of their own

    async def opened(self, names_and_caps, channel: str, at: float) -> list[tuple[str, str]]:
        """Count ``channel`` in each set; (set, channel) of the sockets past a cap."""
        closing = []
        with self.lock:
            for name, cap in names_and_caps:
                sockets = self.sets.setdefault(name, {})
                sockets[channel] = at
                while len(sockets) > cap:
                    oldest = min(sockets, key=lambda c: (sockets[c], c))
                    del sockets[oldest]
                    closing.append((name, oldest))
        return closing

    async def closed(self, names, channel: str) -> None:
        with self.lock:
            for name in names:
                sockets = self.sets.get(name)
                if sockets is not None:
                    sockets.pop(channel, None)
                    if not sockets:
                        del self.sets[name]


class CountsUnreachable(Exception):
    """Redis failed a moment ago: the sockets go uncounted for a while, without trying."""


class RedisCounts:
    """The sets in Redis, shared by every server process (the cache's Redis client:
    marcomage/plumbing/cache.py, with its one-second timeouts), called on two threads of their own
    so that a slow Redis never holds the event loop nor the threads others use. After a
    failure, Redis is left alone for RETRY_AFTER seconds: the sockets opened meanwhile are
    not counted (no cap), and none waits for a Redis that is known to be away."""

    RETRY_AFTER = 10.0

    def __init__(self, client_factory=None):
        self.client_factory = client_factory
        self.script = None
        self.unreachable_until = 0.0
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="live-socket-counts")

    def _client(self):
        if time.monotonic() < self.unreachable_until:
            raise CountsUnreachable
        if self.client_factory is not None:
            return self.client_factory()
        from django_redis import get_redis_connection
        return get_redis_connection("default")

    def _failed(self):
        self.unreachable_until = time.monotonic() + self.RETRY_AFTER

    def _opened(self, names_and_caps, channel, at):
        client = self._client()
        try:
            if self.script is None:
                self.script = client.register_script(_OPEN_SCRIPT)
            answer = self.script(keys=[name for name, _cap in names_and_caps],
                                 args=[channel, at, EXPIRY_SECONDS,
                                       *(cap for _name, cap in names_and_caps)],
                                 client=client)
        except Exception:
            self._failed()
            raise
        return [(names_and_caps[int(number) - 1][0],
                 other.decode() if isinstance(other, bytes) else other)
                for number, other in zip(answer[::2], answer[1::2], strict=True)]

    def _closed(self, names, channel):
        client = self._client()
        try:
            with client.pipeline(transaction=False) as pipe:
                for name in names:
                    pipe.zrem(name, channel)
                pipe.execute()
        except Exception:
            self._failed()
            raise

    async def opened(self, names_and_caps, channel: str, at: float) -> list[tuple[str, str]]:
        return await sync_to_async(self._opened, thread_sensitive=False,
                                   executor=self.threads)(names_and_caps, channel, at)

    async def closed(self, names, channel: str) -> None:
        await sync_to_async(self._closed, thread_sensitive=False,
                            executor=self.threads)(names, channel)


_counts = None


def counts():
    """This process's counts: in Redis when the site has it, else in memory."""
    global _counts
    if _counts is None:
        _counts = RedisCounts() if settings.REDIS_URL else InProcessCounts()
    return _counts


async def socket_opened(channel_layer, channel: str, sets) -> None:
    """Count an accepted socket in its ``sets`` (caps_of) and close the oldest sockets past
    a cap (through the channel layer: they may be held by another process)."""
    if not sets:
        return
    try:
        closing = await counts().opened([(name, cap) for name, cap, _ in sets], channel,
                                        time.time())
    except CountsUnreachable:  # Redis failed a moment ago: not counted, nobody closed
        return
    except Exception:  # Redis away: not counted, nobody closed
        log.warning("live sockets not counted for %s s: their counts cannot be reached",
                    RedisCounts.RETRY_AFTER, exc_info=True)
        return
    reasons = {name: reason for name, _cap, reason in sets}
    told = {channel}  # (the clocks of two machines disagreeing: this socket stays)
    for name, other in closing:
        if other in told:
            continue
        told.add(other)
        reason = reasons[name]
        try:
            await channel_layer.send(other, {"type": REPLACED, "reason": reason})
        except Exception:
            log.warning("an old live socket could not be told to close", exc_info=True)


async def socket_closed(channel: str, sets) -> None:
    if not sets:
        return
    try:
        await counts().closed([name for name, _cap, _reason in sets], channel)
    except CountsUnreachable:
        pass
    except Exception:  # left in the set: the oldest there, the first to go
        log.warning("a closed live socket not counted out", exc_info=True)
