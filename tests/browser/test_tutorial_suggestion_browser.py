"""The tutorial's play suggestion in the browser: it shows on every turn, whatever order the
boards arrive in.

Every board that needs the suggestion works it out as it is drawn (a page, a move's answer, a
board pushed over the socket), so it arrives with the board. The answers that a loaded server
or a slow network delivers late are held back on their way to the browser (``late_answers``,
``late_socket``). The rest is the site as `make run` serves it (the in-memory channel layer,
the computer's moves as eager tasks).
"""
import re
import time

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from games.services import suggestions
from tests.browser.conftest import log_in
from tests.browser.test_games_browser import _board_version
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOWN = '#board[data-my-turn="1"] #play-suggestion[data-suggestion="ready"]'
HELD_BACK_SECONDS = 0.4  # how late a held-back answer reaches the browser


def late_answers(page, pattern):
    """Answers to requests matching ``pattern`` (requests of the page's own scripts: a
    document fulfilled here would count as a public page, whose socket to 127.0.0.1
    Chromium blocks) are drawn by the server at once but reach the browser
    HELD_BACK_SECONDS later (a loaded server, a slow network)."""

    def hold_back(route):
        response = route.fetch()
        time.sleep(HELD_BACK_SECONDS)
        route.fulfill(response=response)

    page.route(pattern, hold_back)


def late_socket(page):
    """The game page's socket reaches the server HELD_BACK_SECONDS after the page asked
    for it (a slow network, a loaded server), then carries every frame both ways."""

    def connect_late(socket):
        time.sleep(HELD_BACK_SECONDS)
        socket.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws/games/\d+/.*"), connect_late)


def _engine_suggestion(game, seat):
    """(kind, position) the engine suggests for ``seat`` on the board of ``game``."""
    state = engine.state_from_json(game.state)
    action = engine.suggest_action(state, seat, seed=suggestions.suggestion_seed(game))
    return action.kind, action.position


def _shown_suggestion(page):
    slot = page.locator("#board .hand-slot.is-suggested")
    mark = slot.locator(".suggested-mark").inner_text()
    return ("play" if mark.endswith("play") else "discard"), int(slot.get_attribute("data-slot"))


def _follow_the_suggestion(page, kind, position):
    version = _board_version(page)
    page.locator(f"label[for=slot-{position}]").click()
    page.click("#play-button" if kind == "play" else "#discard-button")
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}",
        timeout=20_000)


def _nearly_won(game):
    """The player one production away from a resource victory (a long game ends soon)."""
    game.refresh_from_db()
    state = engine.state_from_json(game.state)
    state.p[0].a[5:8] = [140, 140, 119]
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))


def test_a_whole_tutorial_game_shows_the_suggestion_on_every_turn(
        page, asgi_url, alice, screenshot):
    """A level-0 player plays a whole game against the computer, following the suggestions;
    the game page and every move's answer reach the browser late. On every turn the
    suggestion shows within a second of the turn arriving, and it is the engine's."""
    assert alice.level < engine.TUTORIAL_END_LEVEL
    make_deck(alice)
    log_in(page, asgi_url, "alice")
    late_answers(page, re.compile(r".*/games/\d+/move/$"))
    late_socket(page)
    page.goto(f"{asgi_url}/games/")
    page.click("text=Quick game against the computer")
    page.wait_for_selector("#live-status[data-state=live]", timeout=20_000)
    game = Game.objects.get()
    turns = 0
    while "Game over" not in page.locator("#turn-state").inner_text():
        page.wait_for_selector('#board[data-my-turn="1"], #board[data-running="0"]',
                               timeout=20_000)
        if page.locator('#board[data-running="0"]').count():
            break
        # The turn has arrived: its suggestion follows within a second.
        try:
            page.wait_for_selector(SHOWN, timeout=1_000)
        except Exception:
            screenshot(f"turn-{turns}-no-suggestion")
            raise AssertionError(f"turn {turns} (board v{_board_version(page)}): no "
                                 "suggestion within a second") from None
        kind, position = _shown_suggestion(page)
        game.refresh_from_db()
        if game.version == _board_version(page):
            assert (kind, position) == _engine_suggestion(game, 0)
        _follow_the_suggestion(page, kind, position)
        turns += 1
        if turns == 40:  # a long game: bring its end near, the page loads it again
            _nearly_won(game)
            page.reload()
            page.wait_for_selector("#live-status[data-state=live]", timeout=20_000)
        assert turns < 60, "the game did not end"
    page.wait_for_selector(".end-screen")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and turns >= 3
    screenshot("end")


def test_the_opponents_move_pushed_over_the_socket_brings_the_suggestion(
        browser, asgi_url, alice, bob, request):
    """Two players; the tutorial player's page waits for the opponent's move, which reaches
    it over its socket (opened late): the pushed board shows the suggestion, the engine's."""
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    waiting = game.player2 if game.current_seat == 0 else game.player1
    mover = game.player_at(game.current_seat)
    context = browser.new_context()
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, asgi_url, waiting.name)
    late_socket(page)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#live-status[data-state=live]", timeout=20_000)
    assert page.locator("#play-suggestion").count() == 0  # not on the opponent's turn
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    game.refresh_from_db()
    page.wait_for_selector('#board[data-my-turn="1"]', timeout=10_000)
    page.wait_for_selector(SHOWN, timeout=1_000)
    assert _shown_suggestion(page) == _engine_suggestion(game, game.current_seat)


COSTLY = (87, 192, 245, 253, 265, 276, 554)  # 30-60 bricks each, no modes
KNIGHT = 7  # 5 recruits: attack 7


def test_on_a_phone_the_suggested_card_is_in_sight(browser, asgi_url, alice, request):
    """On a phone the hand is one row of cards that scrolls sideways, about two and a half
    cards wide: the row brings the suggested card into sight (the page itself stays where
    it is), on the page's first board and on a board that replaces it."""
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    game.refresh_from_db()
    seat = game.current_seat
    assert game.player_at(seat) == alice
    # Seven cards nobody can pay for, and the last card of the hand: the one to play, as it
    # wins the game (the suggestion is a search over sampled worlds: a winning play is the
    # one move every seed keeps).
    state = engine.state_from_json(game.state)
    state.p[seat].hand = [*COSTLY, KNIGHT]
    state.p[seat].a[5:8] = [5, 5, 5]
    state.p[1 - seat].a[0:2] = [5, 0]  # the enemy's tower 5, no wall
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    assert _engine_suggestion(game, seat) == ("play", 8)
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True,
                                  has_touch=True)
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, asgi_url, "alice")
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector(SHOWN)
    assert _shown_suggestion(page) == ("play", 8)
    row = page.locator("#hand-form .hand")
    assert row.evaluate("r => r.scrollWidth > r.clientWidth * 2")  # two screens of cards
    in_sight = """() => {
        const slot = document.querySelector('#hand-form .hand-slot.is-suggested');
        const row = slot.closest('.hand').getBoundingClientRect();
        const card = slot.getBoundingClientRect();
        return card.left >= row.left - 1 && card.right <= row.right + 1;
    }"""
    page.wait_for_function(in_sight, timeout=5_000)
    assert page.evaluate("window.scrollY") == 0
    # The row back at its start; a new board (as a poll or a push brings it) shows the
    # card again, and the page does not move.
    row.evaluate("r => { r.style.scrollSnapType = 'none'; r.scrollLeft = 0; r.style.scrollSnapType = ''; }")
    assert not page.evaluate(in_sight)
    page.evaluate("window.scrollTo(0, 120)")
    swaps = page.evaluate("window.__marcomageBoardSwaps || 0")
    page.evaluate("htmx.ajax('GET', document.querySelector('#game-live').dataset.boardUrl,"
                  " {source: '#game-live', target: '#board', swap: 'outerHTML'})")
    page.wait_for_function(f"() => (window.__marcomageBoardSwaps || 0) > {swaps}")
    page.wait_for_function(in_sight, timeout=5_000)
    assert page.evaluate("window.scrollY") == 120
