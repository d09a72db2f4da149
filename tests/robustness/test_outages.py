"""Outages from the outside: a Redis that stops, a Celery worker killed mid-game.

The site runs as in production (uvicorn, a Celery worker, Celery beat) against a private
redis-server that this test starts on a port of its own, never the shared one, and a
throw-away SQLite file. The player's moves go through HTTP like a browser's.
- Redis stopped: a move is saved and answered normally (no 500); once Redis is back, the
  stalled-tasks sweep queues the computer's answer and the computer moves.
- Worker killed right after a move: a new worker plays the computer's turn within a
  minute (the sweep queues it again; the task is idempotent by game version).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import psutil
import pytest
import redis

if TYPE_CHECKING:  # for the annotation alone: pytest loads it as a plugin (pytest_plugins)
    from tests.served_sites import ServedSites

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not REDIS_SERVER, reason="needs the redis-server program")]

SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from decks.models import Deck
from games.services.lobby import ai_game_start
from players.accounts.services import player_register
from players.models import Player

alice = player_register(username="alice", password="pw-for-the-test-1")
Player.objects.filter(pk=alice.pk).update(level=LEVEL)
alice.refresh_from_db()
deck = Deck.objects.filter(player=alice, is_ready=True).order_by("pk").first()
game = ai_game_start(player=alice, deck=deck)
session = SessionStore()
session[SESSION_KEY] = str(alice.user.pk)
session[BACKEND_SESSION_KEY] = "players.accounts.user_cache.CachedModelBackend"
session[HASH_SESSION_KEY] = alice.user.get_session_auth_hash()
session.save()
print("RESULT " + json.dumps({"game": game.pk, "session": session.session_key}))
"""

# Two tutorial players (level 0) in a game of their own: no computer and no worker is
# involved in their boards.
SETUP_TWO_PLAYERS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from decks.models import Deck
from games.services.lobby import challenge_accept, challenge_create
from players.accounts.services import player_register
from players.models import Player

alice = player_register(username="alice", password="pw-for-the-test-1")
bob = player_register(username="bob", password="pw-for-the-test-2")
Player.objects.filter(pk__in=[alice.pk, bob.pk]).update(level=0)
alice.refresh_from_db(); bob.refresh_from_db()
def ready(player):
    return Deck.objects.filter(player=player, is_ready=True).order_by("pk").first()
game = challenge_create(challenger=alice, opponent=bob, deck=ready(alice))
game = challenge_accept(game_id=game.pk, player=bob, deck=ready(bob))
on_turn = (alice, bob)[game.current_seat]
session = SessionStore()
session[SESSION_KEY] = str(on_turn.user.pk)
session[BACKEND_SESSION_KEY] = "players.accounts.user_cache.CachedModelBackend"
session[HASH_SESSION_KEY] = on_turn.user.get_session_auth_hash()
session.save()
print("RESULT " + json.dumps({"game": game.pk, "session": session.session_key}))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(condition, timeout, what, site=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}"
                         + (f"\n{site.logs()}" if site is not None else ""))


def _port_open(port) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.3):
            return True
    except OSError:
        return False


class Site:
    """A fresh migrated SQLite file in ``tmp_path`` (a copy of ``sites``' template) and the
    run's collected static files (DEBUG off serves them), for processes started here."""

    def __init__(self, tmp_path, sites: ServedSites):
        self.tmp = tmp_path
        self.redis_port = _free_port()
        self.web_port = _free_port()
        self.database = sites.sqlite_database(tmp_path)
        self.env = {**os.environ,
                    "DATABASE_URL": f"sqlite:///{self.database}",
                    "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
                    "DEBUG": "false", "SECRET_KEY": "outage-test-" + "k" * 40,
                    "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "false",
                    "HTTP_THREADS": "4", "STATIC_ROOT": str(sites.static_root()),
                    # The lost tasks' sweep as often as a test can wait for it (a site's
                    # default: a task 20 s late, a look every 15 s).
                    "TASK_STALLED_SECONDS": "3", "TASK_SWEEP_SECONDS": "1"}
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.procs = {}

    def start(self, name, args):
        log = open(self.tmp / f"{name}.log", "a")  # noqa: SIM115 - kept open for the process
        self.procs[name] = subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self, name, sig=signal.SIGTERM):
        proc = self.procs.pop(name)
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def redis_start(self):
        self.start("redis", [REDIS_SERVER, "--port", str(self.redis_port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"])
        _wait(lambda: _port_open(self.redis_port), 20, "the private redis-server")

    def worker_start(self):
        bindir = Path(sys.executable).parent
        self.start("worker", [str(bindir / "celery"), "-A", "marcomage", "worker",
                              "-Q", "default,ai,rating,sweeps,events", "--concurrency", "1",
                              "-l", "warning"])

    def manage(self, *args, script=None):
        command = [sys.executable, "manage.py", *args]
        if script is not None:
            command += ["-c", script]
        out = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True,
                             timeout=300, check=True).stdout
        match = re.search(r"^RESULT (.*)$", out, re.M)
        return json.loads(match.group(1)) if match else None

    def game_state(self, game_id):
        """The game's version and seat on turn, read from the database file itself, read
        only (a `manage.py shell` would cost seconds of CPU at each look of a poll)."""
        with closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True,
                                     timeout=20)) as database:
            version, seat = database.execute(
                "SELECT version, current_seat FROM games_game WHERE id = ?",
                [game_id]).fetchone()
        return {"version": version, "seat": seat}

    def database_unlocked(self) -> bool:
        """True when no process holds any lock on the database file: an exclusive lock,
        asked for without waiting, is granted (and given back at once)."""
        with closing(sqlite3.connect(self.database, timeout=0, isolation_level=None)) as database:
            try:
                database.execute("BEGIN EXCLUSIVE")
            except sqlite3.OperationalError:
                return False
            database.execute("ROLLBACK")
            return True

    def logs(self) -> str:
        """The end of each process's log: what a timed-out wait reports."""
        return "\n".join(f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}"
                         for path in sorted(self.tmp.glob("*.log")))

    def close(self):
        for name in list(self.procs):
            self.stop(name, signal.SIGKILL)


@pytest.fixture
def site(served_sites, tmp_path):
    site = Site(tmp_path, served_sites)
    try:
        site.redis_start()
        bindir = Path(sys.executable).parent
        site.start("web", [str(bindir / "uvicorn"), "marcomage.asgi:application", "--host",
                           "127.0.0.1", "--port", str(site.web_port), "--lifespan", "off"])
        site.worker_start()
        site.start("beat", [str(bindir / "celery"), "-A", "marcomage", "beat", "-l", "warning",
                            "-s", str(tmp_path / "beat-schedule")])
        _wait(lambda: _port_open(site.web_port), 60, "the web server")
        yield site
    finally:
        site.close()


class Browser:
    """Just enough of a browser: the session cookie, the CSRF cookie and token."""

    def __init__(self, site, session):
        self.base = f"http://127.0.0.1:{site.web_port}"
        self.cookies = {"sessionid": session}
        self.token = None

    def _open(self, path, data=None):
        body = None
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if data is not None:
            body = "&".join(f"{k}={v}" for k, v in data.items()).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text, header_items = response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            status, text, header_items = error.code, error.read().decode(), error.headers
        for value in header_items.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        if token:
            self.token = token.group(1)
        return status, text

    def board(self, game_id):
        status, text = self._open(f"/games/{game_id}/")
        assert status == 200, text[:500]
        version = int(re.search(r'id="board"[^>]*data-version="(\d+)"', text).group(1))
        return version, text

    def discard(self, game_id, version):
        return self._open(f"/games/{game_id}/move/", {
            "csrfmiddlewaretoken": self.token, "version": str(version), "position": "1",
            "action": "discard"})


def _freeze_holding_no_lock(site, processes):
    """SIGSTOP the processes at a moment none of them holds a lock on the database file.
    The pool process runs the sweeps every second (TASK_SWEEP_SECONDS): frozen inside one,
    it would keep SQLite's lock and the player's move would wait for it, then fail (503)."""
    deadline = time.monotonic() + 60
    while True:
        for process in processes:
            process.send_signal(signal.SIGSTOP)
        if site.database_unlocked():
            return
        assert time.monotonic() < deadline, "the pool process never froze outside a transaction"
        for process in processes:
            process.send_signal(signal.SIGCONT)
        _wait(site.database_unlocked, 30, "the database to be free of locks", site)


def _players_turn(site, game_id):
    state = site.game_state(game_id)
    return state if state["seat"] == 0 else None


def _setup(site, level=10):
    return site.manage("shell", script=SETUP.replace("LEVEL", str(level)))


def test_redis_down_a_move_is_saved_and_the_computer_answers_once_redis_is_back(site):
    setup = _setup(site)
    game = setup["game"]
    browser = Browser(site, setup["session"])
    _wait(lambda: _players_turn(site, game), 60, "the player's first turn")
    version, _ = browser.board(game)

    site.stop("redis", signal.SIGKILL)
    started = time.monotonic()
    status, text = browser.discard(game, version)
    answered_in = time.monotonic() - started
    assert status == 200, text[:500]
    assert answered_in < 10
    saved = site.game_state(game)
    assert saved["version"] == version + 1 and saved["seat"] == 1  # saved: the computer's turn

    site.redis_start()

    def answered():
        state = site.game_state(game)
        return state["version"] > version + 1 and state["seat"] == 0
    _wait(answered, 90, "the computer's answer once Redis is back", site)


def test_a_killed_worker_does_not_lose_the_computers_turn(site):
    setup = _setup(site)
    game = setup["game"]
    browser = Browser(site, setup["session"])
    _wait(lambda: _players_turn(site, game), 60, "the player's first turn")
    version, _ = browser.board(game)

    # Freeze the worker's pool process, so the worker takes the computer's task from Redis
    # and hands it to a process that never finishes it; then kill the whole worker. The
    # task is now taken and unacknowledged: Redis would hand it out again only after its
    # visibility timeout (minutes).
    worker = psutil.Process(site.procs["worker"].pid)
    _wait(lambda: worker.children(recursive=True), 60, "the worker's pool process")
    _freeze_holding_no_lock(site, worker.children(recursive=True))
    status, text = browser.discard(game, version)
    assert status == 200, text[:500]
    broker = redis.Redis(port=site.redis_port)
    _wait(lambda: broker.hlen("unacked") > 0, 30, "the worker to take the task")
    site.stop("worker", signal.SIGKILL)
    assert site.game_state(game)["version"] == version + 1  # the computer has not moved
    site.worker_start()
    restarted = time.monotonic()
    _wait(lambda: site.game_state(game)["version"] > version + 1, 75,
          "the computer's turn after the worker was killed", site)
    assert time.monotonic() - restarted < 75


def test_the_tutorial_suggestion_needs_no_worker(site):
    """A tutorial player's board works its play suggestion out as it is drawn: with the
    worker killed, the first board drawn has it already, and the next one the same."""
    site.stop("worker", signal.SIGKILL)
    setup = site.manage("shell", script=SETUP_TWO_PLAYERS)
    game = setup["game"]
    browser = Browser(site, setup["session"])
    first = re.search(r'Suggestion:</span>.*?</p>', browser.board(game)[1], re.S)
    assert first is not None and "working out" not in first.group(0)
    again = re.search(r'Suggestion:</span>.*?</p>', browser.board(game)[1], re.S)
    assert again is not None and again.group(0) == first.group(0)
