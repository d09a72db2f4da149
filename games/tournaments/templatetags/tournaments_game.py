"""The game page's line about the event a game belongs to (loaded by name in the game's
template: the game pages sit beside the events, not above them)."""
from django import template

from games.tournaments import selectors

register = template.Library()


@register.inclusion_tag("tournaments/_game_strip.html")
def tournament_game_strip(game):
    # A game against the computer is never an event's: no query for it.
    pairing = None if game.is_ai else selectors.pairing_of_game(game.pk)
    return {"pairing": pairing, "tournament": pairing.tournament if pairing else None}
