"""Serve the whole site from one terminal: the ASGI server plus what the tasks need.

uvicorn serves HTTP (through the fixed thread pool of marcomage/httppool.py) and the
websockets. Without REDIS_URL: one server process (the in-memory channel layer cannot
cross processes; tasks run eagerly in it) and `run_periodic` for the sweeps. With
REDIS_URL: one server process per core (`--workers`), a Celery worker for the games'
queues, one for the events' queue (its pairings never wait behind an analysis), one for the
notifications' mails and pushes, and one Celery beat. Ctrl-C stops everything this started.

Across machines (README, "Scaling out") each node runs one part: ``--role web`` on every web
node (uvicorn only), ``--role tasks`` on the one node that runs the Celery worker and beat.
"""
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


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

    def handle(self, *args, host, port, workers, role, **options):
        python = sys.executable
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
                  "--host", host, "--port", str(port), "--lifespan", "off",
                  "--loop", "uvloop", "--http", "httptools",
                  "--ws", "marcomage.websocket_protocol:Protocol",
                  "--workers", str(workers),
                  # A player's connection stays open while they think (uvicorn's default
                  # closes it after 5 s idle): a move sent as the server closed it failed
                  # with "can not write request body" (load harness, players thinking
                  # 2-10 s). 75 s, as nginx keeps them; a load balancer in front keeps its own.
                  "--timeout-keep-alive", "75"]
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
        else:
            commands.append([python, "manage.py", "run_periodic"])
        stopping = []
        # Explicit handlers: a shell may start us with SIGINT ignored (background jobs).
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *a: stopping.append(True))
        children = [subprocess.Popen(cmd) for cmd in commands]
        if role == "tasks":
            self.stdout.write("Running the Celery worker and beat — press Ctrl-C to stop.")
        else:
            self.stdout.write(f"Serving http://{host}:{port}/ — press Ctrl-C to stop.")
        try:
            while not stopping and all(child.poll() is None for child in children):
                time.sleep(0.3)
            if not stopping:
                self.stderr.write("A process stopped; shutting the others down.")
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 10
            for child in children:
                try:
                    child.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    child.kill()
