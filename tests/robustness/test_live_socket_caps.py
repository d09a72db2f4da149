"""The caps on live sockets per account and per address (marcomage/plumbing/socket_cap.py), against
the server as `manage.py serve` runs it: one process without Redis (the embedded default),
and two server processes sharing Redis, where the oldest socket, held by one process, is
closed when the account's 31st opens on the other.
"""
import json
import os
import socket as sockets_module
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .serve_process import serve_process, serve_processes

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

# One worker runs the module: its tests share one server (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("live_socket_caps")

REDIS_URL = os.environ.get("REDIS_URL", "")
REASON = ("Live updates stopped on this page: your account has more than 30 pages open "
          "with live updates.")

SESSIONS = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from players.accounts.services import player_register
for name in ("alice", "bob"):
    player = player_register(username=name, password="pw-for-the-test-1")
    session = SessionStore()
    session[SESSION_KEY] = str(player.user.pk)
    session[BACKEND_SESSION_KEY] = "players.accounts.user_cache.CachedModelBackend"
    session[HASH_SESSION_KEY] = player.user.get_session_auth_hash()
    session.save()
    print("RESULT", name, session.session_key)
"""


def _sessions(printed: str) -> dict:
    return {line.split()[1]: line.split()[2] for line in printed.splitlines()
            if line.startswith("RESULT ")}


def _open(sockets: ExitStack, port, session, address="127.0.0.1"):
    """A socket of the page of ``session`` on the server at ``port``, from ``address`` (any
    of 127.0.0.0/8: the loopback answers them all), closed with ``sockets``."""
    raw = sockets_module.create_connection(("127.0.0.1", port), timeout=20,
                                           source_address=(address, 0))
    return sockets.enter_context(connect(
        f"ws://127.0.0.1:{port}/ws/games/", sock=raw, proxy=None, open_timeout=20,
        close_timeout=2, additional_headers={"Cookie": f"sessionid={session}",
                                             "Origin": f"http://127.0.0.1:{port}"}))


def _answers_ping(socket) -> bool:
    socket.send(json.dumps({"type": "ping"}))
    return json.loads(socket.recv(timeout=10)) == {"event": "pong"}


def _closed_with(socket):
    """(code, reason) of the close the server sent."""
    with pytest.raises(ConnectionClosed):
        socket.recv(timeout=10)
    return socket.close_code, socket.close_reason


def _check_the_cap(ports, sessions):
    """alice's 31st socket closes her oldest, whichever server holds it; bob keeps his.
    Each socket from an address of its own: the account's cap alone is at work."""
    with ExitStack() as sockets:
        bobs = _open(sockets, ports[-1], sessions["bob"], "127.0.2.1")
        # alice's sockets alternate between the servers
        alices = [_open(sockets, ports[n % len(ports)], sessions["alice"], f"127.0.1.{n + 1}")
                  for n in range(30)]
        assert _answers_ping(alices[0])  # 30: all open
        newest = _open(sockets, ports[-1], sessions["alice"], "127.0.1.99")
        assert _closed_with(alices[0]) == (4429, REASON)
        for socket in (alices[1], alices[2], newest, bobs):
            assert _answers_ping(socket)


@pytest.fixture(scope="module")
def embedded(served_sites, tmp_path_factory):
    """(port, sessions) of `manage.py serve` without Redis, with the default caps (30)."""
    with serve_process(served_sites, tmp_path_factory.mktemp("caps"),
                       setup=SESSIONS) as (port, printed):
        yield port, _sessions(printed)


@pytest.mark.slow
def test_the_embedded_server_closes_the_oldest_socket_of_an_account(embedded):
    port, sessions = embedded
    _check_the_cap([port], sessions)


@pytest.mark.slow
def test_the_embedded_server_closes_the_oldest_socket_of_an_address(embedded):
    port, sessions = embedded
    with ExitStack() as stack:
        # 31 from one address, 16 and 15 per account: the address's cap is at work.
        sockets = [_open(stack, port, sessions["alice" if n % 2 else "bob"], "127.0.3.1")
                   for n in range(31)]
        code, reason = _closed_with(sockets[0])
        assert code == 4429 and reason == (
            "Live updates stopped on this page: more than 30 pages are open with live "
            "updates from your address.")
        assert _answers_ping(sockets[1]) and _answers_ping(sockets[30])


@pytest.mark.slow
@pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")
def test_two_server_processes_share_the_cap_through_redis(served_sites, tmp_path):
    # One server process behind each port (serve's default with Redis is one per core):
    # the two ports are the two processes.
    with serve_processes(served_sites, tmp_path, setup=SESSIONS, env={"REDIS_URL": REDIS_URL},
                         args=("--role", "web", "--workers", "1"),
                         log_names=("web1.log", "web2.log")) as (ports, printed):
        _check_the_cap(ports, _sessions(printed))
