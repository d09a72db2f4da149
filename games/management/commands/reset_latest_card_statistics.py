"""Start the "latest" card statistics afresh (run it when new cards join the game).

The overall counters are never touched. The same reset is an action on the card statistics
page of the admin ("Reset the 'latest' counters").
"""
from django.core.management.base import BaseCommand

from games.services.statistics import card_statistics_reset_latest


class Command(BaseCommand):
    help = "Reset the 'latest' played/discarded/drawn counters of every card (overall stays)."

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true",
                            help="Only say how many cards would be reset.")

    def handle(self, *args, dry_run=False, **options):
        count = card_statistics_reset_latest(dry_run=dry_run)
        verb = "would be" if dry_run else "were"
        self.stdout.write(f"The latest counters of {count} card(s) {verb} reset.")
