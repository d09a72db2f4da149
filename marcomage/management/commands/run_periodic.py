"""Run the periodic tasks without Redis in a process of its own (marcomage/plumbing/periodic.py).

`manage.py serve` runs them on a thread of its server process instead (their live events
must reach that process's sockets); this command is for a one-off run (``--once``), for one
task (``--only NAME``: the server's periodic thread starts the long ones so, as a child
process), or for a site that wants the sweeps apart. Stop it with Ctrl-C.
"""
import signal
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from marcomage.plumbing.periodic import PeriodicLoop


class Command(BaseCommand):
    help = "Run the periodic sweeps in a loop (use when there is no Redis/Celery beat)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="Run every task once and exit.")
        parser.add_argument("--only", action="append", default=[], metavar="NAME",
                            help="Only this entry of CELERY_BEAT_SCHEDULE (may be repeated).")

    def handle(self, *args, once=False, only=(), **options):
        entries = settings.CELERY_BEAT_SCHEDULE
        unknown = [name for name in only if name not in entries]
        if unknown:
            raise CommandError(f"no periodic task named {', '.join(unknown)}; the names are "
                               f"{', '.join(entries)}")
        if only:
            entries = {name: entries[name] for name in only}
        stopping = []
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *a: stopping.append(True))
        periodic = PeriodicLoop(entries, report=lambda text: self.stderr.write(
            f"run_periodic: {text}"))
        if not once:
            self.stdout.write(f"run_periodic: {len(entries)} periodic task(s)")
        while not stopping:
            wait = periodic.run_due()
            if once:
                return
            time.sleep(min(max(wait, 0.2), 1.0))
