"""A deploy from the outside: ``manage.py serve`` with two server processes, sent SIGHUP
while a player's page holds its game's socket.

Each server process is replaced by a new one (new process ids), one at a time: the
readiness probe answers 200 all along, the socket is closed with 1012 ("service restart")
and, opened again with the board version the page shows, serves that game's board; the next
move is accepted. Then SIGTERM stops everything. The load harness does the same under 100
games (docs/operations.md); this is its small, always-run witness.

A private redis-server on a port of its own and a throw-away SQLite file, as
tests/robustness/test_outages.py.
"""
import json
import os
import signal
import sys
import urllib.error
import urllib.request

import psutil
import pytest

from tests.robustness.test_outages import (
    REDIS_SERVER,
    SETUP_TWO_PLAYERS,
    Browser,
    Site,
    _port_open,
    _wait,
)

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

pytestmark = [pytest.mark.slow,
              # One worker runs the module: its tests share one site (tests/conftest.py).
              pytest.mark.xdist_group("rolling_restart"),
              pytest.mark.skipif(not REDIS_SERVER, reason="needs the redis-server program")]


def _server_processes(serve_pid) -> set[int]:
    found = set()
    try:
        tree = psutil.Process(serve_pid).children(recursive=True)
    except psutil.Error:
        return found
    for proc in tree:
        try:
            if any("spawn_main" in part for part in proc.cmdline()):
                found.add(proc.pid)
        except psutil.Error:
            continue
    return found


def _ready(site) -> int | str:
    """The readiness probe's status, or the name of what a failed one raised."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{site.web_port}/health/ready",
                                    timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError as error:
        return type(error).__name__


@pytest.fixture(scope="module")
def site(served_sites, tmp_path_factory):
    """The module's site and its redis-server; `manage.py serve` is started by ``served``."""
    site = Site(tmp_path_factory.mktemp("rolling"), served_sites)
    try:
        site.redis_start()
        yield site
    finally:
        site.close()


@pytest.fixture
def served(site):
    """The site with `manage.py serve` running (two server processes, ready): one server for
    the module's tests, started again for a test after one that stopped it."""
    if "serve" not in site.procs:
        site.start("serve", [sys.executable, "manage.py", "serve", "--port", str(site.web_port),
                             "--workers", "2", "--graceful", "10"])
        _wait(lambda: _port_open(site.web_port), 90, "the server")
        _wait(lambda: len(_server_processes(site.procs["serve"].pid)) == 2, 90,
              "two server processes")
        _wait(lambda: _ready(site) == 200, 120, "the server to be ready")
    return site


def test_serve_gives_its_processes_one_metrics_folder(served):
    """The node's processes add their metrics up in one folder that serve made."""
    serve = psutil.Process(served.procs["serve"].pid)
    folders = set()
    for proc in serve.children(recursive=True):
        try:
            folders.add(proc.environ().get("PROMETHEUS_MULTIPROC_DIR"))
        except psutil.Error:
            continue
    assert len(folders) == 1 and None not in folders
    folder = folders.pop()
    urllib.request.urlopen(f"http://127.0.0.1:{served.web_port}/", timeout=30).read()
    with urllib.request.urlopen(f"http://127.0.0.1:{served.web_port}/metrics",
                                timeout=30) as response:
        text = response.read().decode()
    assert "marcomage_http_requests_total" in text
    assert any(name.endswith(".db") for name in os.listdir(folder))


def test_sighup_replaces_each_server_process_and_pages_catch_up(served):
    from websockets.sync.client import connect

    site = served
    setup = site.manage("shell", script=SETUP_TWO_PLAYERS)
    game = setup["game"]
    browser = Browser(site, setup["session"])
    version, _ = browser.board(game)
    url = f"ws://127.0.0.1:{site.web_port}/ws/games/{game}/?v={version}"
    headers = {"Cookie": f"sessionid={setup['session']}",
               "Origin": f"http://127.0.0.1:{site.web_port}"}
    before = _server_processes(site.procs["serve"].pid)
    assert len(before) == 2
    statuses = []

    def replaced():
        statuses.append(_ready(site))
        now = _server_processes(site.procs["serve"].pid)
        return len(now) == 2 and not now & before

    from websockets.exceptions import ConnectionClosed
    with connect(url, additional_headers=headers, open_timeout=30) as socket:
        os.kill(site.procs["serve"].pid, signal.SIGHUP)
        _wait(replaced, 240, "both server processes replaced")
        # The page's socket was closed for the restart, with 1012.
        with pytest.raises(ConnectionClosed):
            while True:
                socket.recv(timeout=60)
        assert socket.close_code == 1012
    assert set(statuses) == {200}, statuses  # ready all along: one process always served

    # A new socket catches up: the board the page lacks, or a notice of its version (the
    # page then fetches it).
    with connect(f"ws://127.0.0.1:{site.web_port}/ws/games/{game}/?v=0",
                 additional_headers=headers, open_timeout=30) as socket:
        frames = []
        while not any(f.get("version") == version and f.get("event") in ("board", "changed")
                      for f in frames):
            frames.append(json.loads(socket.recv(timeout=30)))

    status, text = browser.discard(game, version)
    assert status == 200, text[:300]
    assert browser.board(game)[0] > version

    serve = site.procs["serve"]
    os.killpg(serve.pid, signal.SIGTERM)
    assert serve.wait(timeout=60) == 0
    site.procs.pop("serve")
    assert not _port_open(site.web_port)
