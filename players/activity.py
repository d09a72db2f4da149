"""How recently a player was seen: the one definition used by every page and game rule.

online: active within 10 minutes; offline: within a week; inactive: within three
weeks; dead: away for more than three weeks (Abort becomes possible then). Pages colour
a name by its class (the ``activity-<class>`` CSS classes in static/css/site.css) and
say it in words too (``seen_text``), so colour is never the only sign.
"""
from datetime import timedelta

from django.utils import timezone

ONLINE = "online"
OFFLINE = "offline"
INACTIVE = "inactive"
DEAD = "dead"

ONLINE_WITHIN = timedelta(minutes=10)
OFFLINE_WITHIN = timedelta(days=7)
DEAD_AFTER = timedelta(days=21)

LABELS = {
    ONLINE: "online now",
    OFFLINE: "offline",
    INACTIVE: "inactive for more than a week",
    DEAD: "away for more than three weeks",
}


def activity_of(last_activity, now=None) -> str:
    idle = (now or timezone.now()) - last_activity
    if idle <= ONLINE_WITHIN:
        return ONLINE
    if idle <= OFFLINE_WITHIN:
        return OFFLINE
    if idle <= DEAD_AFTER:
        return INACTIVE
    return DEAD


def seen_ago(last_activity, now=None) -> str:
    """When a player was last seen, in words: "online", "5 minutes ago", "3 days ago",
    "2 months ago"."""
    idle = (now or timezone.now()) - last_activity
    if idle <= ONLINE_WITHIN:
        return ONLINE
    days, hours, minutes = idle.days, idle // timedelta(hours=1), idle // timedelta(minutes=1)
    if days >= 365:
        count, unit = days // 365, "year"
    elif days >= 60:  # days up to two months: the classes change at 7 and 21 days
        count, unit = days // 30, "month"
    elif days:
        count, unit = days, "day"
    elif hours:
        count, unit = hours, "hour"
    else:
        count, unit = minutes, "minute"
    return f"{count} {unit}{'' if count == 1 else 's'} ago"


def seen_text(last_activity, now=None) -> str:
    """The same as a phrase after a name: "online", "seen 3 days ago"."""
    ago = seen_ago(last_activity, now)
    return ago if ago == ONLINE else f"seen {ago}"
