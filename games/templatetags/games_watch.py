"""The spectators line of the game pages: how many are watching (updated live by the
page's socket, games.consumers)."""
from django import template

from games.services import spectators_count

register = template.Library()


@register.inclusion_tag("games/watch/_spectators.html")
def spectators_line(game, count=None):
    """``count``: when the caller has it already; else read from the cache."""
    return {"count": spectators_count(game.pk) if count is None else count}
