"""Which games a player has open: this process's sockets, and with Redis every process's
(what a Celery worker sending the mail asks); sockets of a process that died fall out; a
Redis that fails answers "not open"."""
import time

import pytest
from django.conf import settings

from players.notifications import presence


def test_this_processs_sockets_count_until_the_last_one_closes():
    presence.game_socket_opened(1, 10, "tab-a")
    presence.game_socket_opened(1, 10, "tab-b")
    presence.game_socket_closed(1, 10, "tab-a")
    assert presence.game_open(1, 10)
    assert not presence.game_open(1, 11) and not presence.game_open(2, 10)
    presence.game_socket_closed(1, 10, "tab-b")
    assert not presence.game_open(1, 10)


class _BrokenRedis:
    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("Redis is down")
        return fail


def test_a_failing_redis_answers_not_open(monkeypatch):
    monkeypatch.setattr(presence, "_redis", lambda: _BrokenRedis())
    presence.game_socket_opened(1, 10, "tab")  # no exception: the socket is not at stake
    presence.forget_local()  # as seen from another process
    assert presence.game_open(1, 10) is False
    presence.game_socket_closed(1, 10, "tab")


redis_only = pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL")


@redis_only
def test_with_redis_another_process_sees_the_open_game():
    presence.game_socket_opened(3, 30, "server-1.tab")
    presence.forget_local()  # the asking process (a Celery worker) holds no socket
    assert presence.game_open(3, 30)
    presence.game_socket_closed(3, 30, "server-1.tab")
    assert not presence.game_open(3, 30)


@redis_only
def test_with_redis_a_dead_processs_sockets_expire(monkeypatch):
    monkeypatch.setattr(presence, "TTL_SECONDS", 1)
    presence.game_socket_opened(4, 40, "dead-server.tab")
    presence.forget_local()  # that process died: nobody refreshes its socket
    assert presence.game_open(4, 40)
    deadline = time.monotonic() + 5
    while presence.game_open(4, 40):
        assert time.monotonic() < deadline, "the dead socket never expired"
        time.sleep(0.05)
