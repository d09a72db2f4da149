import time
import zoneinfo
from datetime import timedelta

from django.core.cache import cache
from django.utils import timezone

from .models import Player

# Writing on every request would cost a query per page; a minute is finer than
# any activity rule of the game (online = active within 10 minutes).
ACTIVITY_RESOLUTION = timedelta(minutes=1)


def activity_mark_key(user_id) -> str:
    return f"player-activity:{user_id}"


# The marks this process asked the cache for, and when (monotonic seconds), by the cache's
# own key: a mark asked for within the minute is not asked for again, which spares a Redis
# round trip on nearly every request (a thread waiting on one hands the interpreter to the
# others and, under load, waits longer to get it back). Bounded: it starts over when full.
_ASKED_AT: dict = {}
ASKED_MAX = 100_000


def _asked_lately(key: str) -> bool:
    key = cache.make_key(key)
    now = time.monotonic()
    if now - _ASKED_AT.get(key, -1e9) < ACTIVITY_RESOLUTION.total_seconds():
        return True
    if len(_ASKED_AT) >= ASKED_MAX:
        _ASKED_AT.clear()
    _ASKED_AT[key] = now
    return False


class PlayerActivityMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated
                and not _asked_lately(activity_mark_key(user.pk))):
            # The mark lives in the cache, not the session: a session changed once a minute
            # was one more database write per player and minute (sessions are written
            # through), and at 200 live games those writes came in bursts a minute after
            # the players arrived (load harness). With Redis down, add() answers False and
            # the mark waits for it: activity is coarse, a saved move is not at stake.
            if cache.add(activity_mark_key(user.pk), 1,
                         timeout=ACTIVITY_RESOLUTION.total_seconds()):
                Player.objects.filter(user_id=user.pk).update(last_activity=timezone.now())
        return self.get_response(request)


class PlayerTimezoneMiddleware:
    """Show every date in the viewer's own time zone (PlayerSettings.timezone)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        zone = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            player = getattr(user, "player", None)
            name = getattr(getattr(player, "settings", None), "timezone", "") or "UTC"
            try:
                zone = zoneinfo.ZoneInfo(name)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                zone = None
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
