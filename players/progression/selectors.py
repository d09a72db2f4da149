"""Read-only queries of a player's progression: EXP to the next level, awards, rated games."""
from django.db.models import Count, Sum

from games.engine import awards_rules, rating_rules
from players.models import AwardCounters, GameRating


def exp_progress(player) -> dict:
    needed = rating_rules.exp_required(player.level)
    return {"exp": player.exp, "needed": needed,
            "percent": min(100, round(100 * player.exp / needed)) if needed else 100}


def award_summary(player) -> dict:
    """End-of-game award counts, achievement progress and reached achievements."""
    try:
        counters = player.award_counters.as_dict()
    except AwardCounters.DoesNotExist:
        counters = {name: 0 for name in awards_rules.COUNTERS}
    end_of_game = [{"award": award, "count": counters[key]}
                   for key, award in awards_rules.END_OF_GAME_AWARDS.items()]
    progress = []
    for name in awards_rules.COUNTERS:
        tiers = awards_rules.ACHIEVEMENTS[name]
        value = counters[name]
        nxt = awards_rules.next_achievement(name, value)
        progress.append({
            "label": awards_rules.COUNTER_LABELS[name], "value": value,
            "tiers": [{"achievement": a, "reached": value >= a.threshold} for a in tiers],
            "next": nxt,
            "percent": 100 if nxt is None else min(100, round(100 * value / nxt.threshold)),
        })
    reached = awards_rules.achievements_reached(counters)
    finals = [a for a in reached if not a.counter]
    return {"end_of_game": end_of_game, "progress": progress, "reached_count": len(reached),
            "finals": finals}


def own_statistics(player) -> dict:
    """The player's rated games by result and outcome, with the EXP and gold they brought."""
    rows = (GameRating.objects.filter(player=player).values("result", "outcome")
            .annotate(n=Count("id"), exp=Sum("exp"), gold=Sum("gold"))
            .order_by("result", "outcome"))
    rows = list(rows)
    return {
        "rows": rows,
        "games": sum(r["n"] for r in rows),
        "exp": sum(r["exp"] or 0 for r in rows),
        "gold": sum(r["gold"] or 0 for r in rows),
    }
