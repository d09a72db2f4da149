"""The game page's backdrop: the imported background a player chose (players/settings/backgrounds.py)."""
from django import template
from django.utils.html import format_html

from players.settings.backgrounds import picture_url

register = template.Library()


@register.simple_tag
def game_backdrop(background_setting):
    """A style rule putting the chosen imported background behind the game board.

    Only a player who chose an imported background ("original-<n>") gets a picture; the
    site's own backgrounds are the gradients of static/css/games.css (the page's
    ``game-bg-<value>`` class), and an imported background removed since leaves the board
    plain (no class of games.css matches it).
    """
    url = picture_url(background_setting)
    if not url:
        return ""
    return format_html(
        '<style>.game-page main {{ background: linear-gradient(color-mix(in srgb, var(--bg) 35%, '
        'transparent), color-mix(in srgb, var(--bg) 35%, transparent)), url("{}") center / cover '
        'fixed; }}</style>', url)
