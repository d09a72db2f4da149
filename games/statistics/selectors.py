"""Read-only queries for the Statistics section (a fixed number of SQL queries).

Card statistics come from CardStatistic (one row per card ever counted; a card without a
row has not been counted yet, i.e. zero). Game statistics are computed from the finished
games the site keeps: human games stay for good, games against the computer only until
their player leaves them (then they are deleted), so AI figures cover recent games only.
"""
from django.db.models import Count, F, Q
from django.utils import timezone

from games import engine
from games.models import CardStatistic, Game
from players import activity
from players.models import PlayerSettings, original_background_number

LIST_LENGTHS = (10, 25, 50)
PERIODS = {"latest": "since the last new cards", "overall": "overall"}
# (key, title, counter field) for the card lists; *_total fields hold "overall".
CARD_METRICS = (
    ("played", "Played", "played"),
    ("discarded", "Discarded", "discarded"),
    ("drawn", "Drawn", "drawn"),
)
RARITIES = ("Common", "Uncommon", "Rare")


def _field(metric, period):
    return metric if period == "latest" else f"{metric}_total"


def card_statistics(*, period="latest", length=10) -> dict:
    """Most and least played / discarded / drawn cards with a usage factor (1 query).

    The usage factor compares a card with the cards of its own rarity: its count divided by
    the average count of that rarity (1.00 = average; None while that rarity has no count).
    """
    rows = {row.card_id: row for row in CardStatistic.objects.all()}
    pool = {card.id: card for card in engine.cards_filter()}
    for cid in rows:  # a card that left the deck-building pool may still have counts
        if cid not in pool:
            try:
                pool[cid] = engine.card(cid)
            except (KeyError, ValueError, IndexError):
                continue
    cards = sorted(pool.values(), key=lambda c: c.id)
    reports = []
    for metric, title, _ in CARD_METRICS:
        field = _field(metric, period)
        counts = {c.id: getattr(rows[c.id], field) if c.id in rows else 0 for c in cards}
        averages = {}
        for rarity in RARITIES:
            same = [counts[c.id] for c in cards if c.rarity == rarity]
            averages[rarity] = (sum(same) / len(same)) if same else 0

        def entry(card, counts=counts, averages=averages):
            average = averages.get(card.rarity, 0)
            return {"card": card, "count": counts[card.id],
                    "factor": (counts[card.id] / average) if average else None}

        most = sorted(cards, key=lambda c: (-counts[c.id], c.id))[:length]
        least = sorted(cards, key=lambda c: (counts[c.id], c.id))[:length]
        reports.append({"key": f"most-{metric}", "title": f"Most {title.lower()}",
                        "metric": metric, "entries": [entry(c) for c in most]})
        reports.append({"key": f"least-{metric}", "title": f"Least {title.lower()}",
                        "metric": metric, "entries": [entry(c) for c in least]})
    return {"reports": reports, "cards_counted": len(rows), "period": period,
            "length": length}


ORIGINALS = "original"  # the statistics' row for every imported background ("original-<n>")


def _shares(counts: dict, labels) -> list:
    total = sum(counts.values())
    return [{"key": key, "label": label, "count": counts.get(key, 0),
             "percent": round(100 * counts.get(key, 0) / total, 1) if total else 0.0}
            for key, label in labels]


def game_statistics() -> dict:
    """Victory types, game modes, results against each AI level and AI challenge, skins and
    backgrounds (6 queries)."""
    finished = Game.objects.filter(status=Game.Status.FINISHED)
    by_outcome = dict(finished.values_list("outcome").annotate(n=Count("pk"))
                      .order_by())
    outcomes = [(value, label) for value, label in Game.Outcome.choices
                if value != Game.Outcome.PENDING]
    modes = finished.aggregate(
        total=Count("pk"), hidden=Count("pk", filter=Q(is_hidden=True)),
        friendly=Count("pk", filter=Q(is_friendly=True)),
        long=Count("pk", filter=Q(is_long=True)), ai=Count("pk", filter=Q(is_ai=True)))
    total = modes.pop("total")
    mode_rows = [{"key": key, "label": label, "count": modes[key],
                  "percent": round(100 * modes[key] / total, 1) if total else 0.0}
                 for key, label in (("hidden", "Hidden cards"), ("friendly", "Friendly play"),
                                    ("long", "Long mode"), ("ai", "Against the computer"))]
    challenges = _challenge_rows(finished)
    ai_levels = _ai_level_rows(finished)

    # Players seen within the last week: online and offline players (not inactive or gone).
    recent = PlayerSettings.objects.filter(
        player__last_activity__gte=timezone.now() - activity.OFFLINE_WITHIN)
    skins = dict(recent.values_list("skin").annotate(n=Count("pk")).order_by())
    backgrounds = {}
    for value, n in recent.values_list("game_background").annotate(n=Count("pk")).order_by():
        # Every imported background of the original game counts in one row of its own.
        key = ORIGINALS if original_background_number(value) is not None else value
        backgrounds[key] = backgrounds.get(key, 0) + n
    return {
        "games_total": total,
        "victory_types": _shares(by_outcome, outcomes),
        "modes": mode_rows,
        "challenges": challenges,
        "ai_levels": ai_levels,
        "skins": _shares(skins, PlayerSettings.Skin.choices),
        "backgrounds": _shares(backgrounds, [*PlayerSettings.Background.choices,
                                             (ORIGINALS, "The original game's backgrounds")]),
        "players_counted": sum(skins.values()),
    }


def _challenge_rows(finished) -> list:
    """Per AI challenge: games, the humans' wins and the computer's wins (1 query)."""
    rows = (finished.filter(is_ai=True).exclude(ai_challenge="")
            .values("ai_challenge")
            .annotate(games=Count("pk"),
                      human_wins=Count("pk", filter=Q(winner_id=F("player1_id"))),
                      ai_wins=Count("pk", filter=Q(winner__isnull=True)
                                    & ~Q(outcome__in=[Game.Outcome.DRAW,
                                                      Game.Outcome.ABORT])))
            .order_by("ai_challenge"))
    out = []
    for row in rows:
        row["percent"] = round(100 * row["human_wins"] / row["games"], 1) if row["games"] else 0
        out.append(row)
    return out


def _ai_level_rows(finished) -> list:
    """Per level of the computer (weakest first, every level listed): finished games
    against it outside the AI challenges (aborted ones left out), the players' wins, draws
    and losses, and the players' win rate (1 query)."""
    rows = {row["ai_level"]: row for row in (
        finished.filter(is_ai=True, ai_challenge="").exclude(outcome=Game.Outcome.ABORT)
        .values("ai_level")
        .annotate(games=Count("pk"),
                  human_wins=Count("pk", filter=Q(winner_id=F("player1_id"))),
                  draws=Count("pk", filter=Q(winner__isnull=True,
                                             outcome=Game.Outcome.DRAW)))
        .order_by())}
    out = []
    for value, label in Game._meta.get_field("ai_level").choices:
        row = rows.get(value, {"games": 0, "human_wins": 0, "draws": 0})
        games = row["games"]
        out.append({"level": value, "label": label, "games": games,
                    "human_wins": row["human_wins"], "draws": row["draws"],
                    "ai_wins": games - row["human_wins"] - row["draws"],
                    "percent": round(100 * row["human_wins"] / games, 1) if games else None})
    return out
