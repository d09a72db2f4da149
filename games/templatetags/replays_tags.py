"""The home page's Replays panel: the newest finished games anyone may watch."""
from django import template

from games.replays.selectors import latest_replays

register = template.Library()


@register.inclusion_tag("games/replays/_dashboard_panel.html", takes_context=True)
def replays_dashboard_panel(context, limit=5):
    sections = context.get("sections_open", frozenset())
    if "replays" not in sections:
        return {"replays": None}
    return {"replays": latest_replays(limit=limit), "statistics_open": "statistics" in sections}
