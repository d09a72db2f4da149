"""The load harness works end to end at a small size (not a timing test).

It starts the server the production way (`manage.py serve`, DEBUG off) on a fresh
database of the configured kind (PostgreSQL in CI, a SQLite file otherwise), plays real
games through HTTP and websockets, and must report moves with no server error.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.load import (
    _db_connections_by_process_psutil,
    box_report,
    db_connections_by_process,
    server_connection_bound,
    service_cpu_seconds,
)
from tests.served_sites import fresh_database

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

ROOT = Path(__file__).resolve().parents[2]


def _own_redis(number):
    """A Redis database of its own for the site a test serves, emptied first: the Celery
    queues have the same keys for every site on one database, and a site served by the
    other test worker took this one's tasks (an arena's pairing ran against the other
    test's database and never came)."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return {}
    import redis

    base = url.rsplit("/", 1)[0] if url.count("/") > 2 else url
    redis.Redis.from_url(f"{base}/{number}").flushdb()
    return {"REDIS_URL": f"{base}/{number}"}


def _log_ends(folder, lines=40):
    """The last lines of each server log of a failed run."""
    ends = []
    for log in sorted(folder.glob("server.log*")):
        tail = log.read_text(errors="replace").splitlines()[-lines:]
        ends.append(f"\n--- the end of {log.name}:\n" + "\n".join(tail))
    return "".join(ends)


def _run_harness(args, *, database_url, sites, redis_number, tmp_path, env=None):
    """``python -m devtools.load --serve ARGS --json F`` against a site of its own (the
    given database, Redis database ``redis_number``, the run's one collectstatic, only
    read); returns (the finished process, the figures it wrote)."""
    # The servers' logs in the test's own folder: the harness tests run side by side on the
    # test workers, and a shared default file held the other run's lines when one failed.
    env = {**os.environ, "DATABASE_URL": database_url, **_own_redis(redis_number),
           "STATIC_ROOT": str(sites.static_root()),
           "LOAD_SERVER_LOG": str(tmp_path / "server.log"), **(env or {})}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, "-m", "devtools.load", "--serve", "--static-collected", *args,
         "--json", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr + _log_ends(tmp_path)
    return result, json.loads(out.read_text())


@pytest.fixture(scope="module")
def tutorial_players_with_push(served_sites, tmp_path_factory):
    """One run of the harness for the two tests below (a served site costs seconds of
    start-up): players in the tutorial (level 0: each board on turn also carries a
    suggestion), the second player of each game away and subscribed to the harness's local
    push service (--push). Returns (the finished process, the figures, the database URL)."""
    tmp_path = tmp_path_factory.mktemp("tutorial-push")
    with fresh_database(served_sites, tmp_path) as url:
        result, figures = _run_harness(
            ["--games", "2", "--think", "0,0.3", "--duration", "8", "--warmup", "4",
             "--level", "0", "--push"],
            database_url=url, sites=served_sites, redis_number=12, tmp_path=tmp_path,
            env={"VAPID_KEY_FILE": str(tmp_path / "keys")})
        yield result, figures, url


@pytest.mark.slow
@pytest.mark.xdist_group("load_harness_tutorial_push")
def test_load_harness_plays_games_against_the_production_server(tutorial_players_with_push):
    result, figures, database_url = tutorial_players_with_push
    assert figures["moves"] > 0
    assert len(figures["post_ms"]) >= figures["moves"]
    server_errors = {k: v for k, v in figures["errors"].items() if " 5" in k}
    assert server_errors == {}, figures["errors"]
    assert "move POST ms" in result.stdout
    assert "the machine:" in result.stdout  # where the cores went
    if database_url.startswith("postgres"):
        assert "PostgreSQL (every backend)" in result.stdout
    assert "steady state (from 4 s)" in result.stdout and "timeline" in result.stdout
    if database_url.startswith("postgres"):
        # Each server process stays within its bound of connections (HTTP threads, board
        # threads and the handshakes' one), as sampled from the outside during the run.
        held = [n for n in figures["peak_connections"].values() if n]
        assert held and max(held) <= server_connection_bound(), figures["peak_connections"]


@pytest.mark.slow
def test_load_harness_arena_mode_reports_the_pairing_latency(fresh_database_url, served_sites,
        tmp_path):
    # Four players in one arena: games end and the players are paired again, each client
    # learning of its next game on the finished game's page, whose socket brings the next
    # game's board, as a browser does. In 15 s about 10 games end and 20 pairings come
    # (seen alone on a 2-core VM; 25 s before).
    result, figures = _run_harness(
        ["--arena", "--players", "4", "--think", "0,0.1", "--duration", "15", "--warmup", "4"],
        database_url=fresh_database_url, sites=served_sites, redis_number=13,
        tmp_path=tmp_path)
    assert figures["moves"] > 0 and figures["games_finished"] > 0
    server_errors = {k: v for k, v in figures["errors"].items() if " 5" in k}
    assert server_errors == {}, figures["errors"]
    arena = figures["arena"]
    paired = arena["own"] + arena["other"] + arena["rematch"]
    # Players were paired again and their clients heard of it from the event's socket
    # (not from the reload after 30 s of silence), in the frame naming their own game.
    assert arena["own"], arena
    assert max(paired) < 10 and arena["reloads"] == 0, arena
    assert arena["framed"] > 0 and arena["pushed"] == arena["framed"], arena
    assert len(arena["board_waits"]) == arena["paired"] and max(arena["board_waits"]) < 10
    assert "pairing latency" in result.stdout and "within 2 s" in result.stdout
    assert "lost (found by reloading the event's page after 30 s): 0" in result.stdout


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres")
                    or not os.environ.get("REDIS_URL"),
                    reason="several nodes meet in PostgreSQL and Redis")
@pytest.mark.skipif(not (shutil.which("pgbouncer") or os.path.exists("/usr/sbin/pgbouncer")),
                    reason="PgBouncer is not installed (.ci/run installs it)")
def test_load_harness_two_nodes_behind_pgbouncer(fresh_database_url, served_sites,
        tmp_path):
    # Two web nodes on their own ports and a tasks node, PostgreSQL behind PgBouncer in
    # transaction mode: each game's players are on different nodes, so every push crosses
    # from one node to the other through Redis.
    result, figures = _run_harness(
        ["--nodes", "2", "--pgbouncer", "--games", "4", "--think", "0,0.3", "--duration", "8",
         "--warmup", "4"],
        database_url=fresh_database_url, sites=served_sites, redis_number=14,
        tmp_path=tmp_path)
    assert figures["moves"] > 0
    assert figures["errors"] == {}, figures["errors"]
    # Every move reached the other node's socket.
    assert len(figures["push_ms"]) >= figures["moves"] - 8  # the last moves of each game
    assert "2 web node(s)" in result.stdout and "PgBouncer (transaction mode" in result.stdout


def test_the_machines_share_and_the_services_cpu_are_reported():
    # (busy, all, stolen) CPU seconds of the machine and each service's CPU seconds,
    # before and after a 10 s run on 2 cores (40 s of CPU time in all).
    before = ((100.0, 1000.0, 1.0), {"Redis": 1.0, "PostgreSQL (every backend)": 5.0})
    after = ((120.0, 1040.0, 3.0), {"Redis": 1.5, "PostgreSQL (every backend)": 8.0})
    lines = box_report(before, after, 10.0)
    assert "  cpu  30.0%  PostgreSQL (every backend)" in lines
    assert "  cpu   5.0%  Redis" in lines
    machine = [line for line in lines if "the machine" in line]
    assert len(machine) == 1 and "50% busy" in machine[0] and "5.0% taken by the host" in machine[0]
    # Without /proc/stat (another system), the services alone.
    assert all("machine" not in line for line in box_report((None, {}), (None, {}), 10.0))


def test_a_service_process_keeps_the_cpu_of_its_children_that_ended():
    # PostgreSQL's backends end during a run (and other jobs' backends with them); their
    # time must stay in the service's total, not vanish with them.
    import psutil
    me = psutil.Process()
    before = service_cpu_seconds(me.cpu_times())
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"
    subprocess.run([sys.executable, "-c", burn], check=True, timeout=60)  # ended and reaped
    assert service_cpu_seconds(me.cpu_times()) - before >= 0.25  # /proc counts in ticks


def test_connections_to_the_database_port_are_counted_per_process():
    # Three sockets of this process reach the "database" port, one other socket does not:
    # counted from the kernel's table as psutil counts them, per process.
    import socket
    database, other = socket.create_server(("127.0.0.1", 0)), socket.create_server(("127.0.0.1", 0))
    port = database.getsockname()[1]
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
    clients.append(socket.create_connection(other.getsockname()))
    accepted = [database.accept()[0] for _ in range(3)] + [other.accept()[0]]
    try:
        counted = db_connections_by_process([os.getpid()], port)
        assert counted[os.getpid()] == 3
        assert counted == _db_connections_by_process_psutil([os.getpid()], port)
    finally:
        for sock in clients + accepted + [database, other]:
            sock.close()


@pytest.mark.slow
@pytest.mark.xdist_group("load_harness_tutorial_push")
def test_load_harness_push_mode_subscribes_the_away_players(tutorial_players_with_push):
    """--push: the second player of each game is away, subscribed to the harness's local
    push service, and comes back on pushes; whatever push arrives passed the service's
    VAPID check and decryption (none refused). Which moves send one is the notifications'
    business: the figures are in docs/performance.md, this checks the harness runs."""
    result, figures, _url = tutorial_players_with_push
    assert figures["moves"] > 0
    assert figures["web_push"]["refused"] == 0
    assert "web push (move sent -> the away opponent's push arrived)" in result.stdout
