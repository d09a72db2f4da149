"""The profile's panel of a player's finished events (shown through the site's template
templates/partials/players/profile_tournaments.html: players sits below games)."""
from django import template

from games.tournaments import selectors

register = template.Library()


@register.inclusion_tag("tournaments/_history_panel.html")
def tournaments_history_panel(player):
    return {"player": player, "history": selectors.history(player),
            "counts": selectors.history_counts(player)}
