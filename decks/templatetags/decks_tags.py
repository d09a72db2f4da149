"""The decks panel of the logged-in home page (templates/partials/dashboard.html)."""
from django import template

from players.tutorial.sections import sections_open_for

register = template.Library()


@register.inclusion_tag("decks/dashboard_panel.html", takes_context=True)
def decks_dashboard_panel(context):
    viewer = context.get("viewer")
    if viewer is None or "decks" not in sections_open_for(viewer):
        return {"show": False}
    from decks.selectors import decks_of
    from decks.services import deck_slots

    decks = decks_of(viewer)
    return {
        "show": True,
        "ready": [d for d in decks if d.is_ready],
        "incomplete": [d for d in decks if not d.is_ready],
        "slots": deck_slots(viewer),
        "count": len(decks),
        "cards_open": "cards" in sections_open_for(viewer),
    }
