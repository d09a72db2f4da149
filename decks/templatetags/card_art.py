"""The game page's backdrop from the imported backgrounds (decks/card_art.py)."""
from django import template
from django.utils.html import format_html

from decks.card_art import background_for_game

register = template.Library()


@register.simple_tag
def game_backdrop(game_id, background_setting):
    """A style rule putting an imported original background behind the game board.

    Players who chose a picture background (any choice but Plain) get one of the imported
    backgrounds, the same for both players of a game and picked by the game's number, so
    tables differ; Plain stays plain, and without imported backgrounds nothing changes
    (the chosen background's gradient, static/css/games.css).
    """
    if background_setting in ("", "plain"):
        return ""
    url = background_for_game(game_id)
    if not url:
        return ""
    return format_html(
        '<style>.game-page main {{ background: linear-gradient(color-mix(in srgb, var(--bg) 35%, '
        'transparent), color-mix(in srgb, var(--bg) 35%, transparent)), url("{}") center / cover '
        'fixed; }}</style>', url)
