"""What the layout shows on every page: the site name, the viewer, the navigation bar.

Players below level 10 are in the tutorial: sections open one per level (see
players/tutorial/sections.py; the help page documents the same table). Templates test
`{% if "decks" in sections_open %}`; views guard with `section_required`.
"""
from django.conf import settings
from django.utils.functional import SimpleLazyObject

from players.tutorial.sections import sections_open_for

from .selectors import nav_notices


def _player_of(request):
    user = getattr(request, "user", None)
    return getattr(user, "player", None) if user is not None and user.is_authenticated else None


def site(request):
    """The site name and the viewer's profile."""
    return {"site_name": settings.MARCOMAGE_SYSTEM_NAME, "viewer": _player_of(request)}


def navigation(request):
    """The sections the viewer may open, and the marks of the navigation bar."""
    player = _player_of(request)
    open_sections = sections_open_for(player)
    context = {"sections_open": open_sections}
    if player is not None:
        # One query for the unread messages and the forum and concepts marks, made only
        # when a template shows them (the navigation does, once per page).
        notices = SimpleLazyObject(lambda: nav_notices(player, open_sections))
        context["nav_notices"] = notices
        context["unread_messages"] = SimpleLazyObject(lambda: notices["unread_messages"])
    return context
