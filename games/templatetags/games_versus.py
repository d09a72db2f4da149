"""The games panel of another player's profile page: your finished games against them.

The site shows it on the profile page (templates/partials/players/profile_versus.html),
so the profile page needs no import of the games app (games sits above players).
"""
from django import template

from games.selectors_versus import versus_statistics

register = template.Library()


@register.inclusion_tag("games/_versus_panel.html", takes_context=True)
def games_versus_panel(context, player):
    viewer = context.get("viewer")
    if viewer is None or viewer.pk == player.pk:
        return {"versus": None}
    return {"versus": versus_statistics(viewer, player), "player": player}
