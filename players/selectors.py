"""Read-only queries for the players pages, each with a fixed number of SQL queries."""
from django.core.paginator import Paginator
from django.db.models import Count, Q, Sum
from django.utils import timezone

from games.engine import awards_rules, rating_rules
from games.models import Game

from .activity import OFFLINE_WITHIN, ONLINE_WITHIN, activity_of
from .models import AwardCounters, FoilCard, GameRating, Message, Player, PlayerSettings

PLAYERS_PER_PAGE = 30
MESSAGES_PER_PAGE = 20

ACTIVITY_FILTERS = {
    "all": "Everybody",
    "online": "Online now",
    "active": "Active this week",
}
STATUS_FILTERS = {"any": "Any status", **{
    value: label for value, label in PlayerSettings.Status.choices
    if value != PlayerSettings.Status.NONE}}


def list_filters_default(viewer) -> dict:
    """The list filters a player starts with, from the 'players list filter' setting."""
    choice = viewer.settings.players_filter if viewer else "all"
    if choice == PlayerSettings.PlayersFilter.LOOKING:
        return {"activity": "all", "status": "looking"}
    if choice in ACTIVITY_FILTERS:
        return {"activity": choice, "status": "any"}
    return {"activity": "all", "status": "any"}


def player_list_page(*, activity="all", status="any", search="", page=1):
    """One page of the ladder: level, then EXP, then name. Two queries (count + rows)."""
    now = timezone.now()
    players = Player.objects.select_related("user", "settings").filter(user__is_active=True)
    if activity == "online":
        players = players.filter(last_activity__gte=now - ONLINE_WITHIN)
    elif activity == "active":
        players = players.filter(last_activity__gte=now - OFFLINE_WITHIN)
    if status in STATUS_FILTERS and status != "any":
        players = players.filter(settings__status=status)
    search = (search or "").strip()
    if search:
        players = players.filter(user__username__icontains=search[:150])
    players = players.order_by("-level", "-exp", "user__username")
    page_obj = Paginator(players, PLAYERS_PER_PAGE).get_page(page)
    first_rank = (page_obj.number - 1) * PLAYERS_PER_PAGE + 1
    rows = [{"rank": first_rank + i, "player": p, "activity": activity_of(p.last_activity, now)}
            for i, p in enumerate(page_obj.object_list)]
    return page_obj, rows


def player_by_name(name):
    if "\x00" in (name or ""):  # PostgreSQL refuses NUL in text; no user name contains one
        return None
    return (Player.objects.select_related("user", "settings", "award_counters")
            .filter(user__username__iexact=name, user__is_active=True).first())


def age_of(birthdate, today=None):
    if birthdate is None:
        return None
    today = today or timezone.localdate()
    return today.year - birthdate.year - ((today.month, today.day) < (birthdate.month, birthdate.day))


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


def unread_messages(player):
    """The player's inbox messages not opened yet (the navigation counts them)."""
    return Message.objects.filter(recipient=player, deleted_by_recipient=False, is_read=False)


def inbox_page(player, page=1):
    messages = (Message.objects.filter(recipient=player, deleted_by_recipient=False)
                .select_related("author__user"))
    return Paginator(messages, MESSAGES_PER_PAGE).get_page(page)


def sent_page(player, page=1):
    messages = (Message.objects.filter(author=player, deleted_by_author=False)
                .select_related("recipient__user"))
    return Paginator(messages, MESSAGES_PER_PAGE).get_page(page)


def message_for(player, pk):
    """A message the player may read (as recipient or author), or None."""
    return (Message.objects.select_related("author__user", "recipient__user")
            .filter(pk=pk).filter(Q(recipient=player, deleted_by_recipient=False)
                                  | Q(author=player, deleted_by_author=False)).first())


def player_foil_ids(player) -> frozenset:
    """Card ids whose foil version the player owns (for the card component)."""
    if player is None:
        return frozenset()
    return frozenset(FoilCard.objects.filter(player=player).values_list("card_id", flat=True))
