"""manage.py vapid_keys: a new VAPID key pair for web push (players/push/keys.py).

    manage.py vapid_keys [--subject mailto:admin@example.org]   # prints the settings' lines
    manage.py vapid_keys --file .vapid-keys                      # writes them (not over one)

Put the printed lines into the environment (or .env). A site keeps its pair: browsers
subscribe with its public key, and a new pair means every browser has to subscribe again
(the pushes of the old subscriptions are refused, and they are removed after three)."""
import re
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from players.push.keys import environment_lines, new_key_pair, write_key_file

SUBJECT_RE = re.compile(r"^(mailto:[^@\s]+@[^@\s]+|https://[^\s/]+(/\S*)?)$")


class Command(BaseCommand):
    help = "Makes a VAPID key pair for web push and prints the settings' lines."

    def add_arguments(self, parser):
        parser.add_argument("--subject", default=None,
                            help="the site's contact for the push services: mailto:... or "
                                 "https://... (default: VAPID_SUBJECT)")
        parser.add_argument("--file", default=None,
                            help="write the lines into this file (mode 0600) instead of "
                                 "printing them; an existing file is left as it is")

    def handle(self, *args, subject=None, file=None, **options):
        subject = subject or settings.VAPID_SUBJECT
        if not SUBJECT_RE.match(subject):
            raise CommandError("The subject must be mailto:someone@example.org or an https URL.")
        if file:
            if not write_key_file(file, subject):
                raise CommandError(f"{file} exists: its keys are kept (remove it to make new "
                                   "ones; browsers will then have to subscribe again).")
            self.stdout.write(f"Wrote a new key pair into {file}.")
            return
        private, public = new_key_pair()
        sys.stdout.write(environment_lines(private, public, subject))
