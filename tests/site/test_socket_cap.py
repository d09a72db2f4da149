"""The counts behind the caps on live sockets (marcomage/plumbing/socket_cap.py), in the process's
memory and in Redis: the oldest past a cap, two server processes sharing the sets, a socket
left behind by a process that died, and the sets' expiry."""
import os
import uuid

import pytest

from marcomage.plumbing import socket_cap
from tests.event_loop import run_in_own_loop

REDIS_URL = os.environ.get("REDIS_URL", "")


def _counts(kind):
    """Two processes' counts: the same object in memory (one process), two over Redis."""
    if kind == "memory":
        one = socket_cap.InProcessCounts()
        return one, one
    if not REDIS_URL:
        pytest.skip("needs Redis (REDIS_URL)")
    import redis
    client = redis.Redis.from_url(REDIS_URL)
    return (socket_cap.RedisCounts(client_factory=lambda: client),
            socket_cap.RedisCounts(client_factory=lambda: client))


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_the_oldest_past_a_cap_go_whichever_process_counted_them(kind):
    first, second = _counts(kind)
    account, address = f"test-account-{uuid.uuid4().hex}", f"test-address-{uuid.uuid4().hex}"

    async def body():
        # A socket of a process that died: never counted out.
        assert await first.opened([(account, 3)], "ghost", 1.0) == []
        assert await second.opened([(account, 3), (address, 2)], "a", 2.0) == []
        assert await first.opened([(account, 3), (address, 2)], "b", 3.0) == []
        # The account's 4th: the ghost goes first; the address's 3rd: its oldest, "a".
        assert await second.opened([(account, 3), (address, 2)], "c", 4.0) == [
            (account, "ghost"), (address, "a")]
        await first.closed([account, address], "b")  # a page closed: its place is free
        assert await first.opened([(account, 3)], "d", 5.0) == []
        assert await second.opened([(account, 3)], "e", 6.0) == [(account, "a")]

    run_in_own_loop(body())
    if kind == "redis":
        import redis
        ttl = redis.Redis.from_url(REDIS_URL).ttl(account)
        assert 0 < ttl <= socket_cap.EXPIRY_SECONDS
        redis.Redis.from_url(REDIS_URL).delete(account, address)


def test_caps_of_zero_count_nothing(settings, alice):
    settings.LIVE_SOCKETS_PER_ACCOUNT = 0
    settings.LIVE_SOCKETS_PER_ADDRESS = 0
    assert socket_cap.caps_of(alice.user, "10.0.0.1") == []
    settings.LIVE_SOCKETS_PER_ADDRESS = 5
    (name, cap, reason), = socket_cap.caps_of(alice.user, "10.0.0.1")
    assert cap == 5 and "10.0.0.1" in name and "more than 5 pages" in reason


def test_the_reasons_fit_a_close_frame(settings, alice):
    settings.LIVE_SOCKETS_PER_ACCOUNT = settings.LIVE_SOCKETS_PER_ADDRESS = 10**6
    for _name, _cap, reason in socket_cap.caps_of(alice.user, "2001:db8::1"):
        assert len(reason.encode()) <= 123
