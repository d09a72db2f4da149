"""Finished games between two players, for the "Against you" panel of a profile page."""
from django.db.models import Count, Q

from .models import Game

RESULT_OF_OUTCOME = ("Destruction", "Construction", "Resource", "Timeout", "Draw",
                     "Surrender", "Abandon")


def versus_statistics(viewer, other) -> dict:
    """Finished games between two players, from the viewer's side, by outcome. One query."""
    rows = (Game.objects.filter(status=Game.Status.FINISHED)
            .filter(Q(player1=viewer, player2=other) | Q(player1=other, player2=viewer))
            .exclude(outcome=Game.Outcome.ABORT)
            .values("outcome", "winner_id").annotate(n=Count("id")))
    by_outcome = {outcome: {"wins": 0, "losses": 0, "draws": 0} for outcome in RESULT_OF_OUTCOME}
    totals = {"games": 0, "wins": 0, "losses": 0, "draws": 0}
    for row in rows:
        bucket = by_outcome.setdefault(row["outcome"], {"wins": 0, "losses": 0, "draws": 0})
        if row["winner_id"] == viewer.pk:
            key = "wins"
        elif row["winner_id"] == other.pk:
            key = "losses"
        else:
            key = "draws"
        bucket[key] += row["n"]
        totals[key] += row["n"]
        totals["games"] += row["n"]
    outcomes = [{"outcome": o, **v} for o, v in by_outcome.items() if sum(v.values())]
    return {"totals": totals, "outcomes": outcomes}
