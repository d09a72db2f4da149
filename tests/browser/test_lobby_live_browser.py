"""Live pieces of the lobby in the browser: the Games list refreshes its lists by itself
(an answered challenge shows up without a reload, the deck chosen in a list is kept) and a
timed game's clock counts down each second."""
import pytest
from django.urls import reverse

from games import services as gs
from games.lobby.views import LIST_REFRESH_SECONDS
from tests.browser.conftest import log_in
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_games_list_shows_an_answered_challenge_without_a_reload(
        page, live_server, alice, bob, carol, screenshot):
    make_deck(alice, name="Alpha")
    keep = make_deck(alice, name="Omega")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=keep)
    gs.challenge_create(challenger=carol, opponent=alice, deck=make_deck(carol))
    log_in(page, live_server.url, "alice")
    page.clock.install()  # the page's timers run when the test says so
    page.goto(live_server.url + reverse("games:list"))
    page.wait_for_selector("text=/Waiting for bob .*to answer/")
    # a deck chosen to accept carol's challenge with stays chosen across refreshes
    page.select_option("#incoming select[name=deck]", str(keep.pk))
    page.locator("h1").click()  # the list loses the focus: refreshes may run
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, name="B2"))
    # The list's own timer, brought forward (it waited 15 s of the suite's time)
    page.clock.run_for((LIST_REFRESH_SECONDS + 1) * 1000)
    page.wait_for_selector(f"#games-live [aria-labelledby=running-h] a[href='/games/{game.pk}/']",
                           timeout=40_000)
    assert page.locator("text=/Waiting for bob .*to answer/").count() == 0
    assert page.locator("#incoming select[name=deck]").input_value() == str(keep.pk)
    assert int(page.locator("#games-live").get_attribute("data-refreshed")) >= 1
    screenshot("refreshed")


def test_a_timed_game_counts_the_turn_down(page, live_server, alice, bob, screenshot):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               turn_timeout=300)
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
    clock = page.wait_for_selector("#turn-clock .turn-clock-left")
    first = clock.inner_text()
    assert first.startswith(("5:00", "4:5"))
    # the text changes by itself, a second at a time, without a request
    page.wait_for_function(
        "(first) => document.querySelector('#turn-clock .turn-clock-left').textContent !== first",
        arg=first, timeout=10_000)
    assert page.locator("#turn-clock .turn-clock-left").inner_text() < first
    screenshot("clock")
