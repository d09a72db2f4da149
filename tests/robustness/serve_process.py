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
    """One server of ``serve_processes``; yields (its port, what ``setup`` printed)."""
    with serve_processes(sites, folder, setup=setup, env=env, args=args,
                         log_names=(log_name,)) as (ports, printed):
        yield ports[0], printed


@contextmanager
def serve_processes(sites: ServedSites, folder: Path, *, log_names: tuple, setup: str = "",
                    env: dict | None = None, args: tuple = ()):
    """Give ``folder`` a fresh migrated SQLite database (a copy of ``sites``' template),
    start one `manage.py serve` on a free port for each of ``log_names`` (its log in
    ``folder``), all sharing the database, and meanwhile run ``setup`` (Python, in
    `manage.py shell`); yields (the ports, what ``setup`` printed) once every server
    answers. Without REDIS_URL in ``env``: one server process each, no Celery. On leaving,
    the servers' logs must hold no traceback."""
    overrides = env or {}
    env = {**os.environ, "DATABASE_URL": sites.sqlite_url(folder),
           "STATIC_ROOT": str(folder / "static"), "FLOOD_CONTROL": "false", **overrides}
    if not overrides.get("REDIS_URL"):
        env.pop("REDIS_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage = [sys.executable, "manage.py"]
    servers = []  # (process, port, log path, log file)
    try:
        for log_name in log_names:
            port = free_port()
            log = open(folder / log_name, "w")  # noqa: SIM115 - kept open for the server
            servers.append((subprocess.Popen(
                [*manage, "serve", "--port", str(port), *args], cwd=ROOT, env=env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True),
                port, folder / log_name, log))
        printed = ""
        if setup:  # while the servers start
            printed = subprocess.run([*manage, "shell", "-c", setup], cwd=ROOT, env=env,
                                     check=True, capture_output=True, text=True,
                                     timeout=120).stdout
        deadline = time.monotonic() + 60
        for server, port, log_path, _log in servers:
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/",
                                                timeout=2):
                        break
                except OSError:
                    assert server.poll() is None, log_path.read_text()
                    assert time.monotonic() < deadline, "the server did not start"
                    time.sleep(0.2)
        yield [port for _server, port, _log_path, _log in servers], printed
    finally:
        for server, _port, _log_path, _log in servers:
            os.killpg(server.pid, 15)
        for server, _port, _log_path, log in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
            log.close()
    for _server, _port, log_path, _log in servers:
        logged = log_path.read_text()
        assert "Traceback" not in logged and "Exception in ASGI" not in logged, logged[-3000:]
