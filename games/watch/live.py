"""The board pushed over a spectator's websocket: the same partial the spectator's page
fetches, rendered outside a request (games.consumers calls it when the game changed).
It comes from ``engine.view_for(state, None)`` only, so a frame never holds more than
the spectator's own page does."""
from django.template.loader import render_to_string

from games.services.access import SPECTATOR, access_game
from games.services.errors import GameError

from . import selectors


def spectator_frame(game_id, viewer):
    """(version, HTML of the spectator's board) or None when ``viewer`` may no longer
    watch the game (1 query)."""
    try:
        game = access_game(game_id, viewer, as_=SPECTATOR)
    except GameError:
        return None
    context = selectors.spectator_page(game)
    context["viewer"] = viewer  # his card display settings, as the page's context has them
    return game.version, render_to_string("games/watch/_board.html", context, using="jinja2")


def spectator_version(game_id, viewer):
    """The game's version if ``viewer`` may watch it now, else None (1 query)."""
    try:
        return access_game(game_id, viewer, as_=SPECTATOR).version
    except GameError:
        return None
