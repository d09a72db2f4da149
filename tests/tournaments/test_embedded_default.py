"""The embedded default's real processes: `manage.py serve` on SQLite without Redis (the
in-memory channel layer, eager tasks, the periodic sweeps as that layout runs them).

An arena and a Swiss event due to start are started by the periodic tick alone; each
player's open event page must hear of his first game over its socket. (With the sweeps in a
process of their own, the tick's notices went into that process's own in-memory layer and
reached no socket: six players sat on the event page while their games started.)
"""
import asyncio
import json
import os
import select
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from tests.event_loop import run_in_own_loop

# served_sites: tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.3)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)


def _event_page(port, tournament_id, session):
    """The socket of a player's event page, opened when awaited (the consumer has joined the
    event's groups by then)."""
    return websockets.connect(f"ws://127.0.0.1:{port}/ws/tournaments/{tournament_id}/?v=0",
                              origin=f"http://127.0.0.1:{port}",
                              additional_headers={"Cookie": f"sessionid={session}"})


async def _first_game(socket) -> int:
    """The game the event page's socket names first (the frame tournaments.js opens)."""
    while True:
        frame = json.loads(await socket.recv())
        if frame.get("event") == "game":
            return int(frame["game"])


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="the embedded default runs on SQLite")
def test_events_started_by_the_periodic_tick_reach_the_players_pages(served_sites, tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": served_sites.sqlite_url(tmp_path), "DEBUG": "true",
           "FLOOD_CONTROL": "false", "STATIC_ROOT": str(tmp_path / "static")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("REDIS_URL", None)  # the embedded default
    env.pop("PERIODIC_IN_SERVER", None)  # as `make run` starts it: serve decides
    server_log = open(tmp_path / "server.log", "w")  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "manage.py", "serve", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=server_log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    setup = None
    try:
        _wait_for(f"http://127.0.0.1:{port}/api/v1/cards/1")
        setup = subprocess.Popen([sys.executable, "-m", "tests.tournaments.serve_events"],
                                 cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
        assert select.select([setup.stdout], [], [], 120)[0], "serve_events printed nothing"
        made = json.loads(setup.stdout.readline())
        players = made["players"]
        pages = [(made["arena"], players[0]), (made["arena"], players[1]),
                 (made["swiss"], players[2]), (made["swiss"], players[3])]

        async def all_pages():
            sockets = [await _event_page(port, tournament, player["session"])
                       for tournament, player in pages]
            try:
                setup.communicate("due\n", timeout=60)  # the events are due now
                assert setup.returncode == 0
                return await asyncio.wait_for(
                    asyncio.gather(*(_first_game(socket) for socket in sockets)), timeout=60)
            finally:
                for socket in sockets:
                    await socket.close()
        games = run_in_own_loop(all_pages(), timeout=90)
        # Each pair of players heard of the one game they were paired in.
        assert games[0] == games[1] and games[2] == games[3] and games[0] != games[2]
        # ... which is a real game of theirs, started by the tick: its page opens for them.
        request = urllib.request.Request(f"http://127.0.0.1:{port}/games/{games[0]}/",
                                         headers={"Cookie": f"sessionid={players[0]['session']}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200 and b'id="game-event"' in response.read()
    finally:
        if setup is not None and setup.poll() is None:
            setup.kill()
            setup.wait()
        _stop(server)
        server_log.close()
    log = (tmp_path / "server.log").read_text()
    assert " 500 " not in log and "Traceback" not in log, log[-3000:]
