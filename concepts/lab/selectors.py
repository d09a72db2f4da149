"""Read-only queries of the card lab, each with a fixed number of SQL queries."""
from django.db.models import Q

from games.models import Game

from .models import Playtest, SelfPlayReport

PLAYTESTS_SHOWN = 20
REPORTS_SHOWN = 5


def concept_playtests(concept, viewer) -> list:
    """The concept's playtests anybody may look at (finished: their replays are public) and
    the viewer's own running ones, newest first (one query)."""
    mine_running = Q(player=viewer, game__status=Game.Status.IN_PROGRESS)
    return list(Playtest.objects.filter(concept=concept)
                .filter(Q(game__status=Game.Status.FINISHED) | mine_running)
                .select_related("game", "player__user")
                .defer("game__state", "game__initial_state")[:PLAYTESTS_SHOWN])


def concept_reports(concept) -> list:
    """The concept's latest self-play reports (one query)."""
    return list(SelfPlayReport.objects.filter(concept=concept)
                .select_related("requested_by__user")[:REPORTS_SHOWN])


def concept_report(concept_id, report_id):
    return (SelfPlayReport.objects.filter(pk=report_id, concept_id=concept_id)
            .select_related("requested_by__user").first())
