"""Watching a replay in a real browser: the list, the step links and the arrow keys."""
import re

import pytest

from games import services as gs
from players.models import Player
from tests.conftest import PASSWORD
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _finished_game(alice, bob, discards=4):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               hidden=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))
    for _ in range(discards):
        game.refresh_from_db()
        mover = game.player1 if game.current_seat == 0 else game.player2
        gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=2)
    gs.game_surrender(game_id=game.pk, player=bob)
    gs.game_surrender_answer(game_id=game.pk, player=alice, accept=True)
    game.refresh_from_db()
    return game


def test_step_through_a_replay_with_links_and_keys(page, live_server, login, alice, bob, carol,
                                                   screenshot):
    Player.objects.filter(pk=carol.pk).update(level=3)
    game = _finished_game(alice, bob)
    login("carol", PASSWORD)

    page.click("nav >> text=Replays")
    page.wait_for_selector("text=1 finished game")
    page.locator("tr", has_text="alice").locator("text=Watch").click()
    page.wait_for_url(re.compile(rf"/replays/{game.pk}/$"))
    position = page.locator("#replay-position")
    assert position.inner_text() == "Turn 0 of 5"
    screenshot("start")

    page.click("#replay-steps >> text=Next")
    page.wait_for_url(re.compile(r"\?turn=1$"))
    assert position.inner_text() == "Turn 1 of 5"
    opener = "alice" if game.initial_state["current"] == 0 else "bob"
    assert page.locator(".replay-turn").inner_text().startswith(
        f"Round 1, turn 1: {opener} discarded")

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"\?turn=2$"))
    assert position.inner_text() == "Turn 2 of 5"
    # the game is over, so both hands are shown even though it was played with hidden cards
    assert page.locator(".hand-area .card--hidden").count() == 0
    assert page.locator(".hand-area [data-card-id]").count() == 16

    page.keyboard.press("End")
    page.wait_for_url(re.compile(r"\?turn=5$"))
    assert "bob surrendered" in page.locator(".replay-turn").inner_text()
    assert "alice wins." in page.locator(".replay-outcome").inner_text()
    screenshot("end")

    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"\?turn=4$"))
    # typing a number in the go-to field does not step the replay
    page.fill(".replay-goto input[name=turn]", "3")
    page.keyboard.press("ArrowLeft")
    page.click(".replay-goto button")
    page.wait_for_url(re.compile(r"\?turn=3$"))
    assert position.inner_text() == "Turn 3 of 5"

    page.keyboard.press("Home")
    page.wait_for_url(re.compile(r"\?turn=0$"))
    assert position.inner_text() == "Turn 0 of 5"
