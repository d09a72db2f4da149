"""Games pieces shown on other pages: the your-turn indicator, the home-page panel and the
challenges on the Messages page."""
from django import template

from games.lobby import selectors

register = template.Library()


@register.inclusion_tag("games/lobby/_turn_indicator.html", takes_context=True)
def games_turn_indicator(context):
    viewer = context.get("viewer")
    if viewer is not None and "games_on_turn" in context:
        # A game page has counted them already (games.game.selectors.game_page).
        return {"games_on_turn": context["games_on_turn"]}
    notices = context.get("nav_notices")
    if viewer is not None and notices is not None:
        # The layout's one query of the navigation's marks counted them (marcomage/site).
        return {"games_on_turn": notices["games_on_turn"]}
    return {"games_on_turn": selectors.games_on_turn_count(viewer) if viewer else 0}


@register.inclusion_tag("games/lobby/_dashboard_panel.html", takes_context=True)
def games_dashboard_panel(context):
    viewer = context.get("viewer")
    if viewer is None:
        return {"viewer": None}
    return {"viewer": viewer, **selectors.dashboard_games(viewer),
            "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("games/lobby/_challenges_panel.html", takes_context=True)
def games_challenges_panel(context):
    """Challenges sent to the viewer, with their messages (the Messages page lists them as
    the original site did; answering happens on the Games page)."""
    viewer = context.get("viewer")
    notices = context.get("nav_notices")
    # The navigation already counted them in its one query: no challenge, no second query.
    if viewer is None or (notices is not None and not notices["challenges"]):
        return {"challenges": []}
    return {"challenges": selectors.incoming_challenges_with_senders(viewer)}
