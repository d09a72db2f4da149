"""Which site sections the viewer may open, and the viewer's unread message count.

Players below level 10 are in the tutorial: sections open one per level (see
SECTION_LEVELS; the help page documents the same table). Templates test
`{% if "decks" in sections_open %}`; views guard with `section_required`.
"""
from django.utils.functional import SimpleLazyObject

from .sections import sections_open_for


def sections(request):
    user = getattr(request, "user", None)
    player = getattr(user, "player", None) if user is not None and user.is_authenticated else None
    context = {"sections_open": sections_open_for(player)}
    if player is not None:
        # Counted only when a template shows it (the navigation does, once per page).
        from .selectors import unread_message_count

        context["unread_messages"] = SimpleLazyObject(lambda: unread_message_count(player))
    return context
