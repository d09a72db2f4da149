"""A burst of requests cannot exhaust PostgreSQL: the server's connections stay bounded.

Against real PostgreSQL (skipped without it): the production server (uvicorn, one process,
HTTP_THREADS threads) on a fresh database. 200 parallel GETs from one session must all be
answered (queued, not refused: no 5xx), the server must never hold more connections than
its pool (HTTP_THREADS, plus one for the websocket consumers), and once the burst is over
the connections are back to the pool size within seconds.
"""
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

ROOT = Path(__file__).resolve().parents[2]
DATABASE_URL = os.environ.get("DATABASE_URL", "")
HTTP_THREADS = 4
BURST = 200

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not DATABASE_URL.startswith("postgres"),
                                 reason="needs PostgreSQL (DATABASE_URL)")]

SESSION = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from players.accounts.services import player_register
player = player_register(username="burst", password="pw-for-the-test-1")
session = SessionStore()
session[SESSION_KEY] = str(player.user.pk)
session[BACKEND_SESSION_KEY] = "players.accounts.user_cache.CachedModelBackend"
session[HASH_SESSION_KEY] = player.user.get_session_auth_hash()
session.save()
print("RESULT " + session.session_key)
"""


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def fresh_database(served_sites):
    """(URL, name, an admin connection) of a migrated database of this test's own."""
    import psycopg2
    with served_sites.postgres_url("marcomage_burst") as (url, name):
        admin = psycopg2.connect(DATABASE_URL.rpartition("/")[0] + "/postgres")
        admin.autocommit = True
        try:
            yield url, name, admin
        finally:
            admin.close()


def _connections(admin, name) -> int:
    with admin.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [name])
        return cursor.fetchone()[0]


def test_a_burst_of_200_requests_queues_within_the_pool(fresh_database, served_sites,
                                                        tmp_path):
    url, name, admin = fresh_database
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "false", "ALLOWED_HOSTS": "127.0.0.1",
           "SECRET_KEY": "burst-test-" + "k" * 40, "SECURE_SSL_REDIRECT": "false",
           "HTTP_THREADS": str(HTTP_THREADS), "CONN_MAX_AGE": "600",
           "STATIC_ROOT": str(served_sites.static_root())}
    env.pop("REDIS_URL", None)  # one process, no Celery: only the web server connects
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage = [sys.executable, "manage.py"]
    out = subprocess.run([*manage, "shell", "-c", SESSION], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    session = out.split("RESULT ", 1)[1].strip()
    port = _free_port()
    log = open(tmp_path / "web.log", "w")  # noqa: SIM115 - kept open for the server
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "uvicorn"), "marcomage.asgi:application",
         "--host", "127.0.0.1", "--port", str(port), "--lifespan", "off"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.3).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

        peak = [0]
        stop = threading.Event()

        def watch():
            while not stop.is_set():
                peak[0] = max(peak[0], _connections(admin, name))
                time.sleep(0.02)
        watcher = threading.Thread(target=watch)
        watcher.start()

        def get(_):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/games/",
                                             headers={"Cookie": f"sessionid={session}"})
            try:
                with urllib.request.urlopen(request, timeout=120) as response:
                    return response.status
            except urllib.error.HTTPError as error:
                return error.code
        with ThreadPoolExecutor(max_workers=BURST) as pool:
            statuses = list(pool.map(get, range(BURST)))
        stop.set()
        watcher.join()

        assert statuses.count(200) == BURST, sorted(set(statuses))
        assert 1 <= peak[0] <= HTTP_THREADS + 1
        settled = time.monotonic() + 10
        while _connections(admin, name) > HTTP_THREADS + 1:
            assert time.monotonic() < settled
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=20)
