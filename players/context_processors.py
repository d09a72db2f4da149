"""Which site sections the viewer may open, and the marks of the navigation bar.

Players below level 10 are in the tutorial: sections open one per level (see
SECTION_LEVELS; the help page documents the same table). Templates test
`{% if "decks" in sections_open %}`; views guard with `section_required`.
"""
from django.utils.functional import SimpleLazyObject

from .sections import sections_open_for


def sections(request):
    user = getattr(request, "user", None)
    player = getattr(user, "player", None) if user is not None and user.is_authenticated else None
    open_sections = sections_open_for(player)
    context = {"sections_open": open_sections}
    if player is not None:
        # One query for the unread messages and the forum and concepts marks, made only
        # when a template shows them (the navigation does, once per page).
        from marcomage.selectors import nav_notices

        notices = SimpleLazyObject(lambda: nav_notices(player, open_sections))
        context["nav_notices"] = notices
        context["unread_messages"] = SimpleLazyObject(lambda: notices["unread_messages"])
    return context
