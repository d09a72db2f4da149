"""The tutorial's play suggestion in the browser: it shows on every turn, whatever order the
boards arrive in.

In production a board drawn in a web request asks a Celery worker for the suggestion, which
tells the page's socket when it is ready, often before the page or the move's answer has
reached the browser. Here the worker is a thread of the test process (``suggestion_worker``:
it works the suggestion out as soon as it is asked, and tells the sockets through the
server's own event loop, as a real worker does through Redis), and the answers that a loaded
server or a slow network delivers late are held back on their way to the browser
(``late_answers``). The rest is the site as `make run` serves it (daphne, the in-memory
channel layer, the computer's moves as eager tasks).
"""
import re
import threading
import time

import pytest
from django.db import OperationalError, close_old_connections
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from games.services import suggestions
from tests.browser.test_games_browser import _board_version, _login
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOWN = '#board[data-my-turn="1"] #play-suggestion[data-suggestion="ready"]'
HELD_BACK_SECONDS = 0.4  # how late a held-back answer reaches the browser


@pytest.fixture
def suggestion_worker(monkeypatch):
    """The suggestions a board asks for are worked out at once on a thread of their own,
    which tells the page's socket when done: the worker of production, only faster than
    any page. Yields the list of boards asked for."""
    from marcomage import httppool

    asked = []
    threads = []

    def work(game_id, version, seat):
        # The news goes out on the server's event loop (where the in-memory channel layer
        # lives), as it would from an HTTP thread of the server.
        httppool._pool_thread.serving = True
        try:
            for _attempt in range(50):  # SQLite in memory: "table is locked" while a write runs
                try:
                    suggestions.suggestion_work_out(game_id=game_id, version=version,
                                                    seat=seat)
                    return
                except OperationalError:
                    time.sleep(0.02)
        finally:
            close_old_connections()

    def task_send(name, *args):
        asked.append(args)
        thread = threading.Thread(target=work, args=args, daemon=True)
        threads.append(thread)
        thread.start()
        return True

    monkeypatch.setattr(suggestions, "task_send", task_send)
    yield asked
    for thread in threads:
        thread.join(10)


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
        page, asgi_url, alice, suggestion_worker, screenshot):
    """A level-0 player plays a whole game against the computer, following the suggestions;
    the game page and every move's answer reach the browser late. On every turn the
    suggestion shows within a second of the turn arriving, and it is the engine's."""
    assert alice.level < engine.TUTORIAL_END_LEVEL
    make_deck(alice)
    _login(page, asgi_url, "alice")
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


def test_a_page_whose_suggestion_was_told_before_its_socket_opened_shows_it(
        browser, asgi_url, alice, bob, suggestion_worker, request):
    """The game page is drawn with the suggestion on its way; the worker has told of it
    before the page's socket (held back) had joined the game. It shows all the same."""
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    mover = game.player1 if game.current_seat == 0 else game.player2
    context = browser.new_context()
    request.addfinalizer(context.close)
    page = context.new_page()
    _login(page, asgi_url, mover.name)
    late_socket(page)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    assert suggestion_worker == [(game.pk, game.version, game.current_seat)]
    page.wait_for_selector(SHOWN, timeout=1_000)
    assert _shown_suggestion(page) == _engine_suggestion(game, game.current_seat)


def test_a_board_still_waiting_for_the_suggestion_never_hides_it(
        page, asgi_url, alice, bob, suggestion_worker):
    """A refresh of the same board drawn before its suggestion was ready (here: its cached
    suggestion dropped just before) lands after the board that shows it: the suggestion
    stays, with its card marked."""
    from django.core.cache import cache

    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    mover = game.player1 if game.current_seat == 0 else game.player2
    _login(page, asgi_url, mover.name)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#live-status[data-state=live]")
    page.wait_for_selector(SHOWN, timeout=1_000)
    shown = _shown_suggestion(page)
    # The server now draws this board as "on its way" (nobody will tell it again).
    key = suggestions._key(game, game.current_seat)
    cache.delete(key)
    cache.set(key + ":asked", True, 60)
    swaps = page.evaluate("window.__marcomageBoardSwaps || 0")
    board_url = page.locator("#game-live").get_attribute("data-board-url")
    page.evaluate(f"htmx.ajax('GET', '{board_url}', {{target: '#board', swap: 'outerHTML'}})")
    page.wait_for_function(f"(window.__marcomageBoardSwaps || 0) > {swaps}")
    assert page.locator(SHOWN).count() == 1
    assert _shown_suggestion(page) == shown
    assert page.locator('#board [data-suggestion="pending"]').count() == 0
