import zoneinfo
from datetime import timedelta

from django.utils import timezone

from .models import Player

# Writing on every request would cost a query per page; a minute is finer than
# any activity rule of the game (online = active within 10 minutes).
ACTIVITY_RESOLUTION = timedelta(minutes=1)


class PlayerActivityMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = timezone.now()
            last = request.session.get("activity_mark")
            if last is None or now.timestamp() - last >= ACTIVITY_RESOLUTION.total_seconds():
                Player.objects.filter(user_id=user.pk).update(last_activity=now)
                request.session["activity_mark"] = now.timestamp()
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
