"""Create the demo players and a little community content (idempotent); print the logins."""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from concepts.models import Concept
from concepts.services import concept_create
from forum.models import ForumThread
from forum.services import thread_create
from players.accounts.services import player_register
from players.models import Player

DEMO_PASSWORD = "marcomage-demo"
DEMO_PLAYERS = ("alice", "bob", "carol")
# carol has finished the tutorial, so a visitor can see every section at once; alice and
# bob start at level 0 and see the site open up as they play.
DEMO_VETERAN, VETERAN_LEVEL = "carol", 10

WELCOME_TITLE = "Welcome to the MArcomage forum"
WELCOME_BODY = (
    "Hello and welcome! This is the place to talk about the game between duels: strategy, "
    "decks, rule questions and ideas for new cards.\n\n"
    "[b]A few house rules[/b]: be kind, stay on topic, write in English, and search before you "
    "start a new thread. Card ideas go to the [b]Concepts[/b] section; each concept can open "
    "its own discussion thread here.")
DEMO_CONCEPT = {
    "name": "Lantern keeper", "rarity": "Common", "bricks": 0, "gems": 4, "recruits": 0,
    "keywords": [], "keyword_params": {},
    "effect": "+1 magic. If your tower is lower than the enemy's, +3 tower.",
    "note": "A cheap catch-up card for decks that fall behind early.",
    # Built in the card lab's effect builder, so the demo's concept can be played.
    "effect_tree": [
        {"kind": "change", "side": "me", "attr": "magic", "direction": "up",
         "amount": {"kind": "n", "n": 1}},
        {"kind": "if", "condition": {
            "kind": "compare", "op": "<",
            "left": {"kind": "attr", "attr": "tower", "side": "me", "divisor": 1},
            "right": {"kind": "attr", "attr": "tower", "side": "enemy", "divisor": 1}},
         "then": [{"kind": "change", "side": "me", "attr": "tower", "direction": "up",
                   "amount": {"kind": "n", "n": 3}}], "else": []}]}


class Command(BaseCommand):
    help = ("Create demo players alice, bob and carol (password: marcomage-demo), an admin, "
            "a welcome forum thread and a sample card concept.")

    def handle(self, *args, **options):
        users = get_user_model().objects
        for name in DEMO_PLAYERS:
            if users.filter(username__iexact=name).exists():
                continue
            player = player_register(username=name, password=DEMO_PASSWORD)
            if name == DEMO_VETERAN:
                Player.objects.filter(pk=player.pk).update(level=VETERAN_LEVEL)
        if not users.filter(username="admin").exists():
            users.create_superuser("admin", "", DEMO_PASSWORD)
        self._community_content()
        self.stdout.write(
            "Demo players: " + ", ".join(DEMO_PLAYERS)
            + f" — password '{DEMO_PASSWORD}' ({DEMO_VETERAN} has finished the tutorial and "
            f"sees every section). Admin: admin / {DEMO_PASSWORD} at /admin/"
        )

    def _community_content(self):
        admin = Player.objects.filter(user__username="admin").first()
        if admin is not None and not ForumThread.objects.exists():
            thread_create(section="general", author=admin, title=WELCOME_TITLE,
                          body=WELCOME_BODY, priority="sticky")
        bob = Player.objects.filter(user__username="bob").first()
        if bob is not None and not Concept.objects.exists():
            concept_create(author=bob, data=dict(DEMO_CONCEPT))
