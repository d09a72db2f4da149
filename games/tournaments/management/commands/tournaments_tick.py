"""Run the events' periodic housekeeping once (what Celery beat runs every few seconds):
scheduled daily and weekly events are created, due events start, arenas end, lost results
are recorded, overdue turns lose, waiting players are paired, Swiss rounds move on. For a
cron job, or to create the scheduled events now."""
from django.core.management.base import BaseCommand

from games.tournaments.services import tournaments_tick


class Command(BaseCommand):
    help = "Create scheduled events and move the running ones on (once)."

    def handle(self, *args, **options):
        done = tournaments_tick()
        self.stdout.write(", ".join(f"{key}: {value}" for key, value in done.items()))
