"""Read-only queries for the player list and profile pages, each with a fixed number of SQL queries."""
from django.core.paginator import Paginator
from django.utils import timezone

from players.activity import OFFLINE_WITHIN, ONLINE_WITHIN, activity_of
from players.models import Player, PlayerSettings

PLAYERS_PER_PAGE = 30

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


# The ladder's orders: by level (then EXP), or by Glicko-2 rating.
LIST_SORTS = {
    "level": ("-level", "-exp", "user__username"),
    "rating": ("-rating", "user__username"),
}


def player_list_page(*, activity="all", status="any", search="", page=1, sort="level"):
    """One page of the ladder: level, then EXP, then name (or rating, then name). Two
    queries (count + rows)."""
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
    players = players.order_by(*LIST_SORTS.get(sort, LIST_SORTS["level"]))
    page_obj = Paginator(players, PLAYERS_PER_PAGE).get_page(page)
    first_rank = (page_obj.number - 1) * PLAYERS_PER_PAGE + 1
    rows = [{"rank": first_rank + i, "player": p, "activity": activity_of(p.last_activity, now)}
            for i, p in enumerate(page_obj.object_list)]
    return page_obj, rows


def age_of(birthdate, today=None):
    if birthdate is None:
        return None
    today = today or timezone.localdate()
    return today.year - birthdate.year - ((today.month, today.day) < (birthdate.month, birthdate.day))
