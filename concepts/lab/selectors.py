"""Read-only queries of the card lab, each with a fixed number of SQL queries."""
from django.db.models import Q

from games.models import Game

from .models import Playtest, SelfPlayReport

PLAYTESTS_SHOWN = 20
REPORTS_SHOWN = 5


def concept_playtests(concept, viewer) -> list:
    """The concept's playtests anybody may look at (finished: their replays are public) and
    the viewer's own running ones, newest first (one query). Each has ``result``: "won",
    "lost", "running" or the outcome's words (a draw, an aborted game) for the player."""
    mine_running = Q(player=viewer, game__status=Game.Status.IN_PROGRESS)
    tests = list(Playtest.objects.filter(concept=concept)
                 .filter(Q(game__status=Game.Status.FINISHED) | mine_running)
                 .select_related("game", "player__user")
                 .defer("game__initial_state")[:PLAYTESTS_SHOWN])
    for test in tests:
        game = test.game
        # The player is seat 0; the computer's win has no winner row (it is no account).
        winner = (game.state or {}).get("winner")
        if game.status != Game.Status.FINISHED:
            test.result = "running"
        elif winner in (0, 1):
            test.result = "won" if winner == 0 else "lost"
        else:
            test.result = game.get_outcome_display().lower()
    return tests


def concept_reports(concept) -> list:
    """The concept's latest self-play reports (one query)."""
    return list(SelfPlayReport.objects.filter(concept=concept)
                .select_related("requested_by__user")[:REPORTS_SHOWN])


def concept_report(concept_id, report_id):
    """One report of one concept, or None (also for ids no row can have: a foreign key's
    lookup does not get Django's out-of-range check, and SQLite raises on them)."""
    try:
        return (SelfPlayReport.objects.filter(pk=report_id, concept_id=concept_id)
                .select_related("requested_by__user").first())
    except (TypeError, ValueError, OverflowError):
        return None
