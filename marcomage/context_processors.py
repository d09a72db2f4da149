from django.conf import settings


def site(request):
    """What the layout needs on every page: the site name and the viewer's profile."""
    user = getattr(request, "user", None)
    player = getattr(user, "player", None) if user is not None and user.is_authenticated else None
    return {"site_name": settings.MARCOMAGE_SYSTEM_NAME, "viewer": player}
