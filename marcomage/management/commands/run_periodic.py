"""Run the periodic tasks without Redis: the embedded stand-in for Celery beat.

It reads the same CELERY_BEAT_SCHEDULE that beat uses, so the list of sweeps
lives in one place. Each task is run in this process (tasks are idempotent, so
an extra run is harmless). Stop it with Ctrl-C.
"""
import signal
import time
from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand

from marcomage import heartbeats
from marcomage.celery import app


def _interval_seconds(schedule) -> float:
    if isinstance(schedule, (int, float)):
        return float(schedule)
    if isinstance(schedule, timedelta):
        return schedule.total_seconds()
    run_every = getattr(schedule, "run_every", None)  # celery.schedules.schedule
    if run_every is not None:
        return run_every.total_seconds()
    return 60.0  # crontab entries: check every minute, the tasks decide what is due


class Command(BaseCommand):
    help = "Run the periodic sweeps in a loop (use when there is no Redis/Celery beat)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="Run every task once and exit.")

    def handle(self, *args, once=False, **options):
        entries = settings.CELERY_BEAT_SCHEDULE
        due = {name: 0.0 for name in entries}
        stopping = []
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *a: stopping.append(True))
        self.stdout.write(f"run_periodic: {len(entries)} periodic task(s)")
        marked = -1e9
        while not stopping:
            now = time.monotonic()
            if now - marked >= heartbeats.EVERY / 2:
                heartbeats.beat("beat")  # the readiness probe's "beat" (marcomage/ops/health.py)
                marked = now
            for name, entry in entries.items():
                if due[name] <= now:
                    self._run(name, entry)
                    due[name] = now + _interval_seconds(entry["schedule"])
            if once:
                return
            time.sleep(1)

    def _run(self, name, entry):
        task = app.tasks.get(entry["task"])
        if task is None:
            app.loader.import_default_modules()
            task = app.tasks.get(entry["task"])
        if task is None:
            self.stderr.write(f"run_periodic: unknown task {entry['task']} for {name}")
            return
        try:
            task.apply(args=entry.get("args", ()), kwargs=entry.get("kwargs", {}))
        except Exception as exc:  # one failing sweep must not stop the others
            self.stderr.write(f"run_periodic: {name} failed: {exc!r}")
