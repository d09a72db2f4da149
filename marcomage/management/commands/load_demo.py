"""Create the demo players, a little community content, a few puzzles and a small self-play run
for the card balance dashboard (idempotent); print the logins."""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from concepts.models import Concept
from concepts.services import concept_create
from forum.models import ForumThread
from forum.services import thread_create
from games.balance import services as balance_services
from games.balance.models import CardBalance, SelfPlayRun
from games.puzzles import mining
from games.puzzles.models import Puzzle
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


# Puzzles mined from the computer's games against itself when the site has none, so that a
# newcomer's home page has a daily puzzle (about half a second each; the same every time).
DEMO_PUZZLES, DEMO_PUZZLE_SEED = 8, 1
# A small self-play run for the card balance dashboard when none has finished, so that a new
# site's dashboard shows real figures from the first minute rather than 754 cards of "too
# few games" (the site's own games take a while to count). 2,000 games at the easy level:
# about 13 s of CPU, and some 520 cards with both win rates (the standard level gave 470
# cards for 1,500 games in the same time); an administrator's run replaces it.
DEMO_BALANCE_GAMES, DEMO_BALANCE_LEVEL, DEMO_BALANCE_SEED = 2000, "easy", 1


class Command(BaseCommand):
    help = ("Create demo players alice, bob and carol (password: marcomage-demo), an admin, "
            "a welcome forum thread, a sample card concept, a few puzzles and a small "
            "self-play run for the card balance dashboard.")

    def add_arguments(self, parser):
        parser.add_argument("--puzzles", type=int, default=DEMO_PUZZLES,
                            help="puzzles to mine from self-play when there are none "
                                 f"(default {DEMO_PUZZLES}; 0: none)")
        parser.add_argument("--balance-games", type=int, default=DEMO_BALANCE_GAMES,
                            help="games of a self-play run for the card balance dashboard "
                                 "when none has finished (default "
                                 f"{DEMO_BALANCE_GAMES}; 0: none)")

    def handle(self, *args, puzzles=DEMO_PUZZLES, balance_games=DEMO_BALANCE_GAMES,
               **options):
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
        if puzzles > 0 and not Puzzle.objects.exists():
            report = mining.mine(puzzles, from_games=False, self_play=True,
                                 seed=DEMO_PUZZLE_SEED)
            self.stdout.write(f"Puzzles: {len(report.puzzles)} mined from self-play "
                              f"({report.seconds:.1f} s); the daily one is on the home page.")
        if balance_games > 0 and not SelfPlayRun.objects.filter(
                status__in=[SelfPlayRun.Status.DONE, SelfPlayRun.Status.STOPPED]).exists():
            self._balance_run(balance_games)
        self.stdout.write(
            "Demo players: " + ", ".join(DEMO_PLAYERS)
            + f" — password '{DEMO_PASSWORD}' ({DEMO_VETERAN} has finished the tutorial and "
            f"sees every section). Admin: admin / {DEMO_PASSWORD} at /admin/"
        )

    def _balance_run(self, games):
        self.stdout.write(f"Card balance: the computer plays itself {games:,} times at the "
                          f"{DEMO_BALANCE_LEVEL} level for the dashboard (once)...")
        run = balance_services.selfplay_create(games=games, level=DEMO_BALANCE_LEVEL,
                                               mode="normal", seed=DEMO_BALANCE_SEED)
        balance_services.selfplay_run(run_id=run.pk, cpu_seconds=None)
        run.refresh_from_db()
        enough = CardBalance.objects.filter(source=CardBalance.Source.SELFPLAY,
                                            mode=CardBalance.Mode.ALL,
                                            difference__isnull=False).count()
        self.stdout.write(f"Card balance: {run.games_played:,} games in "
                          f"{run.wall_seconds:.0f} s; {enough} cards have both win rates "
                          "(Statistics → Card balance).")

    def _community_content(self):
        admin = Player.objects.filter(user__username="admin").first()
        if admin is not None and not ForumThread.objects.exists():
            thread_create(section="general", author=admin, title=WELCOME_TITLE,
                          body=WELCOME_BODY, priority="sticky")
        bob = Player.objects.filter(user__username="bob").first()
        if bob is not None and not Concept.objects.exists():
            concept_create(author=bob, data=dict(DEMO_CONCEPT))
