"""Spectating and the post-game analysis in the browser: a spectator's page follows a
move live (and the players see that someone watches), and the analysis graph appears
above the replay after asking for it."""
import pytest
from django.core.cache import cache
from django.urls import reverse

from games import services as gs
from players.models import Player
from tests.browser.conftest import ARTEFACTS, log_in
from tests.browser.test_games_browser import _board_version as _version
from tests.games.conftest import make_deck, play_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_spectator_sees_a_move_live(browser, asgi_url, alice, bob, carol, request):
    cache.clear()  # spectator counters of earlier tests' games (ids come round again)
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               hidden=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    pages = {}
    for name in ("carol", "alice" if game.current_seat == 0 else "bob"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        request.addfinalizer(context.close)
        pages[name] = context.new_page()
        log_in(pages[name], asgi_url, name)
    mover = next(name for name in pages if name != "carol")
    spectator = pages["carol"]
    spectator.goto(asgi_url + reverse("games:watch"))
    spectator.click(f"a[href='{reverse('games:watch_game', args=[game.pk])}']")
    spectator.wait_for_selector("#live-status[data-state=live]", timeout=20000)
    assert spectator.locator("#board form").count() == 0
    assert spectator.locator(".spectator-hand .card--hidden").count() >= 8
    pages[mover].goto(asgi_url + reverse("games:detail", args=[game.pk]))
    pages[mover].wait_for_selector("#live-status[data-state=live]", timeout=20000)
    # The players see that someone watches (the count arrives over the socket).
    pages[mover].wait_for_selector("#spectator-count:not([hidden])", timeout=15000)
    assert "1 spectator is watching" in pages[mover].locator("#spectator-count").inner_text()
    version = _version(spectator)
    navigations = []
    spectator.on("framenavigated", lambda frame: navigations.append(frame))
    pages[mover].wait_for_selector("#board[data-my-turn='1']")
    pages[mover].locator(".slot-label").nth(2).click()
    pages[mover].click("#discard-button")
    spectator.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}",
        timeout=15000)
    assert navigations == []  # swapped in live, no reload
    assert spectator.locator("#board[data-spectator='1']").count() == 1
    assert spectator.locator("#board form").count() == 0
    ARTEFACTS.mkdir(exist_ok=True)
    spectator.screenshot(path=str(ARTEFACTS / f"{request.node.name}-spectator.png"),
                         full_page=True)
    # The spectator leaves: the players' count goes back to nothing.
    spectator.goto(asgi_url + reverse("games:watch"))
    pages[mover].wait_for_selector("#spectator-count[hidden]", state="attached",
                                   timeout=15000)


def test_the_analysis_graph_appears_after_asking(page, asgi_url, alice, bob, carol, settings,
                                                 screenshot):
    settings.ANALYSIS_SIMULATIONS = 10
    Player.objects.filter(pk__in=[alice.pk, bob.pk, carol.pk]).update(level=10)
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    play_turns(game, 10)
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    log_in(page, asgi_url, "carol")
    page.goto(asgi_url + reverse("games:replay", args=[game.pk]))
    assert page.locator("#analysis-graph").count() == 0
    page.click("#analysis-request")
    page.wait_for_selector("#analysis-graph", timeout=30000)
    assert page.locator("#analysis-graph polyline").count() == 2
    assert page.url.endswith(reverse("games:replay", args=[game.pk]))  # swapped in place
    # The graph stays above the board when stepping through the replay.
    page.click("a[rel=next]")
    page.wait_for_url("**?turn=1")
    graph_top = page.locator("#analysis-graph").bounding_box()["y"]
    board_top = page.locator(".board--replay").bounding_box()["y"]
    assert graph_top < board_top
    screenshot("analysis")
