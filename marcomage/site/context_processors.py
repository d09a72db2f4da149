"""What the layout shows on every page: the site name, the viewer, the skin, the navigation.

Players below level 10 are in the tutorial: sections open one per level (see
players/tutorial/sections.py; the help page documents the same table). Templates test
`{% if "decks" in sections_open %}`; views guard with `section_required`.
"""
from django.conf import settings
from django.utils.functional import SimpleLazyObject

from players.tutorial.sections import sections_open_for

from .selectors import nav_notices
from .skins import page_look


def _player_of(request):
    user = getattr(request, "user", None)
    return getattr(user, "player", None) if user is not None and user.is_authenticated else None


def site(request):
    """The site name, the viewer's profile and the look of the page (skin, layout)."""
    player = _player_of(request)
    # Lazy: htmx fragments render without the layout and need no settings row.
    look = SimpleLazyObject(lambda: page_look(getattr(player, "settings", None)))
    return {"site_name": settings.MARCOMAGE_SYSTEM_NAME, "viewer": player, "page_look": look}


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
