"""Serve the whole site from one terminal: daphne plus what the tasks need.

Without REDIS_URL: daphne (HTTP + websockets, tasks run eagerly in it) and
`run_periodic` for the sweeps. With REDIS_URL: daphne, a Celery worker for
every queue and one Celery beat. Ctrl-C stops everything this started.
"""
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run daphne and the task processes together; Ctrl-C stops them all."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")

    def handle(self, *args, host, port, **options):
        python = sys.executable
        bindir = os.path.dirname(python)
        commands = [[os.path.join(bindir, "daphne"), "-b", host, "-p", str(port),
                     "marcomage.asgi:application"]]
        if settings.REDIS_URL:
            celery = os.path.join(bindir, "celery")
            commands += [
                [celery, "-A", "marcomage", "worker", "-Q", "default,ai,rating,sweeps",
                 "--concurrency", "2", "-l", "warning"],
                [celery, "-A", "marcomage", "beat", "-l", "warning"],
            ]
        else:
            commands.append([python, "manage.py", "run_periodic"])
        stopping = []
        # Explicit handlers: a shell may start us with SIGINT ignored (background jobs).
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *a: stopping.append(True))
        children = [subprocess.Popen(cmd) for cmd in commands]
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
