"""The card statistics' one maintenance change: a fresh start for the "latest" counters."""
from django.db import transaction

from games.models import CardStatistic


def card_statistics_reset_latest(*, dry_run: bool = False, queryset=None) -> int:
    """Zero the latest played/discarded/drawn counters (of `queryset`, default: every card).

    Returns how many cards had something to reset. Games finishing meanwhile add to the
    counters with row locks (games.services.play), so the update waits for them.
    """
    rows = (queryset if queryset is not None else CardStatistic.objects.all())
    rows = rows.exclude(played=0, discarded=0, drawn=0)
    if dry_run:
        return rows.count()
    with transaction.atomic():
        return rows.update(played=0, discarded=0, drawn=0)
