"""The live notice of an event, sent after commit: "event N changed" (its id and version)
to the event's group. Every open event page's socket (games.tournaments.consumers) renders
the event's live panel for that version and sends it to its page.

Sending never fails the change that caused it (marcomage.live_send logs a channel layer
that is down; the pages then poll).
"""
from django.db import transaction

from marcomage import live_send


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def publish_tournament_changed(tournament) -> None:
    """After commit: tell the event's pages that it changed (``tournament.version`` is the
    version saved with the change)."""
    tournament_id, version = tournament.pk, tournament.version

    def _publish():
        live_send.group_send_all([(tournament_group(tournament_id), {
            "type": "tournament.changed", "tournament": tournament_id, "version": version})])

    transaction.on_commit(_publish)
