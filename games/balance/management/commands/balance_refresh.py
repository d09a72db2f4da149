"""Count the finished games the balance dashboard has not counted yet (what the periodic
task does, at once): ``manage.py balance_refresh``."""
from django.core.management.base import BaseCommand

from games.balance import services


class Command(BaseCommand):
    help = "Count the finished games not counted yet into the card balance tables."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=float, default=services.REFRESH_SECONDS,
                            help="stop starting batches after this long")

    def handle(self, *args, seconds, **options):
        read = services.balance_refresh(seconds=seconds)
        self.stdout.write(f"balance refresh: {read} finished games read")
