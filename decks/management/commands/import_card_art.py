"""Import the original game's card pictures and game backgrounds (decks/card_art.py).

    manage.py import_card_art DIR [--dry-run]

DIR holds card_<id>.png files and bg_<n>.jpg files, as the original site laid them out.
Each file is checked (a real picture of its type, a sane size, a card id that exists);
bad files are listed with the reason and skipped. Running it again changes nothing that is
already stored. The web processes show new pictures after a restart.
"""
from django.core.management.base import BaseCommand, CommandError

from decks.card_art import import_folder

VERBS = {"new": "added", "replaced": "replaced", "unchanged": "unchanged", "skipped": "skipped"}
WOULD = {"new": "would be added", "replaced": "would be replaced", "unchanged": "unchanged",
         "skipped": "skipped"}


class Command(BaseCommand):
    help = ("Import card pictures (card_<id>.png) and game backgrounds (bg_<n>.jpg) from a "
            "folder; the site shows them instead of its generated pictures.")

    def add_arguments(self, parser):
        parser.add_argument("folder", help="the folder holding card_<id>.png and bg_<n>.jpg")
        parser.add_argument("--dry-run", action="store_true",
                            help="only list what would change; store nothing")

    def handle(self, *args, folder, dry_run=False, **options):
        try:
            report = import_folder(folder, dry_run=dry_run)
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        words = WOULD if dry_run else VERBS
        for outcome in report.outcomes:
            line = f"{outcome.source}: {words[outcome.action]}"
            if outcome.action == "skipped":
                self.stderr.write(f"{line}: {outcome.detail}")
            elif outcome.action != "unchanged" or options["verbosity"] > 1:
                self.stdout.write(line)
        summary = ", ".join(f"{report.count(action)} {words[action]}" for action in VERBS)
        self.stdout.write(("Dry run, nothing stored: " if dry_run else "") + summary + ".")
        if report.changed and not dry_run:
            self.stdout.write("Restart the web processes (manage.py serve) to show them.")
        if not report.outcomes:
            self.stdout.write("No files found.")
