"""Watching other players' games: the Watch list and a watched game's page.

A spectator's page shows the public board only (games.services.spectators) and follows
the game live over the same websocket as the players' pages (games.consumers).
"""
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import services as gs
from games.services.access import SPECTATOR, access_game
from games.services.errors import GameError

from . import selectors
from .forms import WatchFilterForm

GAMES_PER_PAGE = 25


@login_required
@require_GET
def watch_list(request):
    form = WatchFilterForm(request.GET or None)
    mode = form.mode_or_all()
    paginator = Paginator(selectors.watchable_games(mode=mode), GAMES_PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    counts = gs.spectators_counts(game.pk for game in page.object_list)
    for game in page.object_list:
        game.spectators = counts[game.pk]
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "games/watch/list.html", {
        "form": form, "page": page, "mode": mode, "query": query.urlencode(),
        "section": "watch"})


def _watched_game(request, game_id):
    """The game ``request``'s player may watch, or the answer that refuses it."""
    try:
        return access_game(game_id, request.user.player, as_=SPECTATOR), None
    except GameError as refusal:
        if refusal.code == "player":
            return None, redirect("games:detail", game_id)
        if refusal.code == "off":
            return None, render(request, "games/watch/refused.html",
                                {"message": refusal.message}, status=403)
        raise Http404(refusal.message)


@login_required
@require_GET
def watch_game(request, game_id):
    game, refused = _watched_game(request, game_id)
    if refused is not None:
        return refused
    return render(request, "games/watch/game.html",
                  {**selectors.spectator_page(game), "section": "watch"})


@login_required
@require_GET
def watch_board(request, game_id):
    """The spectator's board partial, fetched by the page when told the game changed."""
    game, refused = _watched_game(request, game_id)
    if refused is not None:
        return refused
    return render(request, "games/watch/_board.html", selectors.spectator_page(game),
                  using="jinja2")
