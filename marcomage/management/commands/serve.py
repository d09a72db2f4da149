"""Serve the whole site from one terminal: the ASGI server plus what the tasks need.

uvicorn serves HTTP (through the fixed thread pool of marcomage/httppool.py) and the
websockets. Without REDIS_URL: one server process (the in-memory channel layer cannot
cross processes; tasks run eagerly in it), which also runs the periodic sweeps on a thread
of its own (marcomage/plumbing/periodic.py: their live events must reach its sockets). With
REDIS_URL: one server process per core (`--workers`), a Celery worker for the games'
queues, one for the events' queue (its pairings never wait behind an analysis), one for the
notifications' mails and pushes, and one Celery beat. Ctrl-C stops everything this started.

Across machines (docs/operations.md, "Several machines") each node runs one part: ``--role web`` on every web
node (uvicorn only), ``--role tasks`` on the one node that runs the Celery worker and beat.

Stopping and deploying (docs/operations.md):
- SIGTERM (or Ctrl-C) stops gracefully: each server process stops accepting, finishes the
  requests in hand (at most ``--graceful`` seconds), closes its websockets with code 1012
  ("service restart": the pages reconnect at once and catch up from the board version they
  show); the Celery workers finish their tasks.
- SIGHUP restarts everything with the code now on disk, one process at a time: uvicorn
  starts each new server process and waits until it serves before it stops an old one (its
  own rolling restart); then each Celery worker is replaced the same way, and beat.
- A server process that dies (or is sent SIGTERM alone) is replaced by uvicorn at once.

The processes of a node share one folder for their metrics (``PROMETHEUS_MULTIPROC_DIR``,
prometheus_client's multiprocess mode; made here when unset, emptied at start).
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

# uvicorn's protocols as the site runs them (the tests that start uvicorn use these too):
# HTTP that reads off a body answered before it was read (marcomage/http_protocol.py), and
# websockets with the server's compression (marcomage/websocket_protocol.py).
HTTP_PROTOCOL = "marcomage.http_protocol:Protocol"
WS_PROTOCOL = "marcomage.websocket_protocol:Protocol"


class Command(BaseCommand):
    help = "Run uvicorn and the task processes together; Ctrl-C stops them all."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--workers", type=int, default=0,
                            help="server processes (default: one per core with Redis, else 1)")
        parser.add_argument("--role", choices=("all", "web", "tasks"), default="all",
                            help="all: the server and the task processes (one machine); "
                                 "web: uvicorn only (a web node); tasks: the Celery worker "
                                 "and beat only (needs REDIS_URL)")
        parser.add_argument("--metrics-port", type=int, default=0,
                            help="also serve this node's metrics (every process's, added up) "
                                 "on 127.0.0.1:PORT: for a tasks node, whose Celery workers "
                                 "have no web process to be scraped through")
        parser.add_argument("--graceful", type=int, default=30,
                            help="seconds a stopping server process waits for the requests "
                                 "in hand (then they are cut)")

    def handle(self, *args, host, port, workers, role, graceful, metrics_port, **options):
        python = sys.executable
        metrics_folder, made_folder = self._metrics_folder()
        if metrics_port:
            from prometheus_client import CollectorRegistry, start_http_server
            from prometheus_client.multiprocess import MultiProcessCollector
            registry = CollectorRegistry()
            MultiProcessCollector(registry, path=metrics_folder)
            start_http_server(metrics_port, addr="127.0.0.1", registry=registry)
        if role != "all" and not settings.REDIS_URL:
            # Nodes meet in Redis (channel layer, cache, Celery broker); without it there is
            # one process, which runs its tasks itself.
            raise CommandError(f"--role {role} is for several nodes: set REDIS_URL.")
        bindir = os.path.dirname(python)
        if not settings.REDIS_URL:
            workers = 1
        elif workers <= 0:
            workers = os.cpu_count() or 1
        server = [os.path.join(bindir, "uvicorn"), "marcomage.asgi:application",
                  "--host", host, "--port", str(port),
                  # The lifespan starts the periodic thread without Redis (marcomage/plumbing/periodic.py).
                  "--lifespan", "on",
                  "--loop", "uvloop", "--http", HTTP_PROTOCOL, "--ws", WS_PROTOCOL,
                  "--workers", str(workers),
                  # A player's connection stays open while they think (uvicorn's default
                  # closes it after 5 s idle): a move sent as the server closed it failed
                  # with "can not write request body" (load harness, players thinking
                  # 2-10 s). 75 s, as nginx keeps them; a load balancer in front keeps its own.
                  "--timeout-keep-alive", "75",
                  # Nothing in the answers says what serves them.
                  "--no-server-header",
                  # SIGTERM: requests in hand get this long to finish (see the module).
                  "--timeout-graceful-shutdown", str(graceful),
                  # A new server process imports and warms up the site (seconds of CPU, more
                  # on a busy machine) before it serves: uvicorn's 5 s made a SIGHUP give up
                  # ("not ready in time") under load. Also how long a process may not answer
                  # uvicorn's ping before it is taken for hung and replaced.
                  "--timeout-worker-healthcheck", "60"]
        if not settings.DEBUG:
            server.append("--no-access-log")
        commands = [] if role == "tasks" else [server]
        if role == "web":
            pass  # the tasks node runs Celery for all the web nodes
        elif settings.REDIS_URL:
            celery = os.path.join(bindir, "celery")
            commands += [
                [celery, "-A", "marcomage", "worker", "-Q", "default,ai,rating,sweeps",
                 "--concurrency", "2", "-n", "games@%h", "-l", "warning"],
                # The events' results and pairings: short database work (an event at a time
                # under its row lock), on two threads of one small process.
                [celery, "-A", "marcomage", "worker", "-Q", "events", "--pool", "threads",
                 "--concurrency", "2", "-n", "events@%h", "-l", "warning"],
                # Notices' dispatch and their mails and pushes: waiting on other servers
                # (SMTP, push services), on threads of one small process.
                [celery, "-A", "marcomage", "worker", "-Q", "notify", "--pool", "threads",
                 "--concurrency", "4", "-n", "notify@%h", "-l", "warning"],
                [celery, "-A", "marcomage", "beat", "-l", "warning"],
            ]
        self.commands = commands
        self.env = dict(os.environ)
        if not settings.REDIS_URL:
            # The sweeps run in the server process, whose in-memory channel layer their
            # live events must reach (an arena's start, its pairings, a game lost on time).
            self.env["PERIODIC_IN_SERVER"] = "true"
        stopping, restarting = [], []
        # Explicit handlers: a shell may start us with SIGINT ignored (background jobs).
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *a: stopping.append(True))
        signal.signal(signal.SIGHUP, lambda *a: restarting.append(True))
        children = [subprocess.Popen(cmd, env=self.env) for cmd in commands]
        if role == "tasks":
            self.stdout.write("Running the Celery worker and beat — press Ctrl-C to stop.")
        else:
            self.stdout.write(f"Serving http://{host}:{port}/ — press Ctrl-C to stop.")
        try:
            while not stopping and all(child.poll() is None for child in children):
                if restarting:
                    restarting.clear()
                    children = self._rolling_restart(children, workers, stopping)
                time.sleep(0.3)
            if not stopping:
                self.stderr.write("A process stopped; shutting the others down.")
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + graceful + 5
            for child in children:
                try:
                    child.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    child.kill()
            if made_folder:
                shutil.rmtree(metrics_folder, ignore_errors=True)

    def _metrics_folder(self) -> tuple[str, bool]:
        """The node's metrics folder (see the module): (path, made here)."""
        folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            for stale in Path(folder).glob("*.db"):  # values of processes of an earlier run
                stale.unlink(missing_ok=True)
            return folder, False
        folder = tempfile.mkdtemp(prefix="marcomage-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
        return folder, True

    def _rolling_restart(self, children, workers, stopping):
        """SIGHUP: every process replaced by one running the code now on disk, one at a time
        (see the module); the new list of children."""
        self.stdout.write("Restarting the processes one at a time.")
        replaced = []
        for command, child in zip(self.commands, children, strict=True):
            if stopping or child.poll() is not None:
                replaced.append(child)
                continue
            if "uvicorn" in os.path.basename(command[0]):
                if workers > 1:
                    child.send_signal(signal.SIGHUP)  # uvicorn's own: new before old
                    replaced.append(child)
                    continue
                # One process cannot be replaced before it stops: the sockets reconnect.
                child.send_signal(signal.SIGTERM)
                child.wait()
                replaced.append(subprocess.Popen(command, env=self.env))
            elif "beat" in command:
                # Two beats would send every periodic task twice: the old one stops first.
                child.send_signal(signal.SIGTERM)
                child.wait()
                replaced.append(subprocess.Popen(command, env=self.env))
            else:
                # A Celery worker: the new one takes tasks before the old one finishes its own
                # (warm shutdown: it takes no more, ends those in hand, acknowledges them).
                new = subprocess.Popen(command, env=self.env)
                child.send_signal(signal.SIGTERM)
                replaced.append(new)
                self._reap_later(child)
        return replaced

    def _reap_later(self, child) -> None:
        import threading
        threading.Thread(target=child.wait, daemon=True).start()
