"""How recently a player was seen: the one definition used by every page and game rule.

online: active within 10 minutes; offline: within a week; inactive: within three
weeks; dead: away for more than three weeks (Abort becomes possible then).
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
