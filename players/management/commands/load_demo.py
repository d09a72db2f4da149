"""Create the demo players (idempotent) and print how to log in as them."""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from players.services import player_register

DEMO_PASSWORD = "marcomage-demo"
DEMO_PLAYERS = ("alice", "bob", "carol")


class Command(BaseCommand):
    help = "Create demo players alice, bob and carol (password: marcomage-demo)."

    def handle(self, *args, **options):
        users = get_user_model().objects
        for name in DEMO_PLAYERS:
            if users.filter(username__iexact=name).exists():
                continue
            player_register(username=name, password=DEMO_PASSWORD)
        if not users.filter(username="admin").exists():
            users.create_superuser("admin", "", DEMO_PASSWORD)
        self.stdout.write(
            "Demo players: " + ", ".join(DEMO_PLAYERS)
            + f" — password '{DEMO_PASSWORD}'. Admin: admin / {DEMO_PASSWORD} at /admin/"
        )
