"""The day's puzzle as a panel other pages include (the site's home page)."""
from django import template

from games.puzzles import selectors, services

register = template.Library()


@register.inclusion_tag("puzzles/_daily_panel.html", takes_context=True)
def daily_puzzle_panel(context):
    """What the day's puzzle asks and whether the viewer solved it (never its answer)."""
    viewer = context.get("viewer")
    return {"panel": selectors.daily_panel(services.daily_puzzle(), viewer)}
