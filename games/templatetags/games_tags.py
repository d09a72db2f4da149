"""Games pieces shown on every page: the your-turn indicator and the home-page panel."""
from django import template

from games.lobby import selectors

register = template.Library()


@register.inclusion_tag("games/lobby/_turn_indicator.html", takes_context=True)
def games_turn_indicator(context):
    viewer = context.get("viewer")
    return {"games_on_turn": selectors.games_on_turn_count(viewer) if viewer else 0}


@register.inclusion_tag("games/lobby/_dashboard_panel.html", takes_context=True)
def games_dashboard_panel(context):
    viewer = context.get("viewer")
    if viewer is None:
        return {"viewer": None}
    return {"viewer": viewer, **selectors.dashboard_games(viewer),
            "csrf_token": context.get("csrf_token")}
