"""The board pushed over a game page's websocket: the same partial an htmx fetch returns,
rendered outside a request for one player.

The socket's consumer (games.consumers) calls this when its game changed, for the player
the socket was opened by: the board comes from ``engine.view_for`` for that player's seat
(``selectors.game_page``), so a frame never holds more than the player's own page does.
"""
from django.http import Http404
from django.template.loader import render_to_string

from marcomage.csrf import csrf_mask, csrf_secret_valid
from players.accounts.user_cache import cached_user
from players.tutorial.sections import sections_open_for

from . import selectors


def csrf_token_for(secret: str | None) -> str | None:
    """A form token for the browser whose CSRF cookie holds ``secret`` (masked afresh, as
    every page's token is), or None when the cookie is missing or not one of ours."""
    return csrf_mask(secret) if csrf_secret_valid(secret) else None


def viewer_of(user_id):
    """The player behind a socket now: None once the account is gone or deactivated (the
    socket then closes)."""
    user = cached_user(user_id)
    if user is None or not user.is_active:
        return None
    return getattr(user, "player", None)


def board_frame(game_id, player, csrf_token: str):
    """(version, HTML of the board partial with the navigation's indicator) for ``player``,
    or None when the player no longer sees this game's board (2 queries)."""
    try:
        game = selectors.started_game_for_player(game_id, player)
    except Http404:
        return None
    context = selectors.game_page(game, player, indicator=True)
    # What the request's context processors would add for the board.
    context.update(viewer=player, sections_open=sections_open_for(player),
                   csrf_token=csrf_token)
    return game.version, render_to_string("games/game/_board.html", context, using="jinja2")
