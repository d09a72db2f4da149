"""The site as `manage.py serve` runs it, in a process of its own, on a fresh database."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotation alone: pytest loads it as a plugin (pytest_plugins)
    from tests.served_sites import ServedSites

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serve_process(sites: ServedSites, folder: Path, *, setup: str = "",
                  env: dict | None = None, args: tuple = (), log_name: str = "serve.log"):
    """Give ``folder`` a fresh migrated SQLite database (a copy of ``sites``' template), run
    ``setup`` (Python, in `manage.py shell`) and start `manage.py serve` on a free port;
    yields (port, what ``setup`` printed). Without REDIS_URL in ``env``: one server
    process, no Celery. Two servers may share ``folder`` (and so the database) with logs of
    different names. On leaving, the server's log must hold no traceback."""
    overrides = env or {}
    env = {**os.environ, "DATABASE_URL": sites.sqlite_url(folder),
           "STATIC_ROOT": str(folder / "static"), "FLOOD_CONTROL": "false", **overrides}
    if not overrides.get("REDIS_URL"):
        env.pop("REDIS_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage = [sys.executable, "manage.py"]
    printed = ""
    if setup:
        printed = subprocess.run([*manage, "shell", "-c", setup], cwd=ROOT, env=env,
                                 check=True, capture_output=True, text=True,
                                 timeout=120).stdout
    port = free_port()
    log_path = folder / log_name
    log = open(log_path, "w")  # noqa: SIM115 - kept open for the server
    server = subprocess.Popen([*manage, "serve", "--port", str(port), *args], cwd=ROOT,
                              env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/",
                                            timeout=2):
                    break
            except OSError:
                assert server.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        yield port, printed
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
        log.close()
    logged = log_path.read_text()
    assert "Traceback" not in logged and "Exception in ASGI" not in logged, logged[-3000:]
