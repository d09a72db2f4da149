"""The chat as a pop-up in Chromium: alice keeps the chat off her game screen; bob writes a
line in his (the chat beside his board); alice's Chat button shows it as new without a
reload, and opening the pop-up shows the line highlighted and clears the mark.

Served by daphne in a thread (the ``asgi_url`` fixture of tests/browser/conftest.py), as in
tests/browser/test_games_browser.py."""
import pytest
from django.urls import reverse

from games import services as gs
from games.models import ChatMessage, Game
from players.models import PlayerSettings
from tests.browser.conftest import ARTEFACTS, log_in
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POPUP_OPEN = "() => document.getElementById('chat-popup').open"
POPUP_CLOSED = "() => !document.getElementById('chat-popup').open"


def _mark(page):
    """The Chat button's mark of new lines, as a screen reader hears it."""
    return " ".join(page.locator("#chat-unread").text_content().split())


def _shot(page, name):
    """A picture of ``page`` in test-artefacts/, for a person to look at."""
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"chat-popup-{name}.png"))


def _say(page, text):
    page.fill("#chat-body", text)
    page.click("#chat-form button[type=submit]")


def test_a_new_line_marks_the_chat_button_and_the_pop_up_shows_it(browser, asgi_url, alice,
                                                                  bob, request):
    PlayerSettings.objects.filter(player=alice).update(integrated_chat=False)
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    if game.current_seat != 0:  # alice on turn: her board's keys pick cards (1-8)
        gs.game_discard_card(game_id=game.pk, player=bob, version=game.version, position=1)
        game.refresh_from_db()
    assert game.current_seat == 0
    pages = {}
    for name in ("alice", "bob"):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        request.addfinalizer(context.close)
        pages[name] = context.new_page()
        log_in(pages[name], asgi_url, name)
        pages[name].goto(asgi_url + reverse("games:detail", args=[game.pk]))
        pages[name].wait_for_selector("#live-status[data-state=live]", timeout=20000)
    alice_page, bob_page = pages["alice"], pages["bob"]
    button = alice_page.locator("#chat-popup-button")
    assert button.is_visible() and "has-unread" not in button.get_attribute("class")
    assert alice_page.locator("#chat-box").count() == 0  # the chat is not on her screen
    assert bob_page.locator("#chat-popup-button").count() == 0  # bob's is beside his board
    navigations = []
    alice_page.on("framenavigated", lambda frame: navigations.append(frame.url))

    # bob writes: alice's button is marked, without a reload, and the mark is polite news.
    _say(bob_page, "[b]Well played[/b]")
    alice_page.wait_for_selector("#chat-popup-button.has-unread", timeout=20000)
    assert _mark(alice_page) == "(1 new chat line)"
    assert alice_page.locator("#chat-unread").get_attribute("aria-live") == "polite"
    assert navigations == []
    # The mark leaves the line unread until she opens the chat.
    game.refresh_from_db()
    line = ChatMessage.objects.get(game=game, body="[b]Well played[/b]")
    assert game.player1_chat_seen_at is None or game.player1_chat_seen_at < line.created_at
    _shot(alice_page, "marked")

    # She opens it: the line is there, highlighted as new; the mark is gone.
    button.click()
    alice_page.wait_for_function(POPUP_OPEN)
    new_line = alice_page.locator("#chat-popup .chat-line.is-new")
    new_line.wait_for(timeout=20000)
    assert "Well played" in new_line.inner_text()
    assert alice_page.locator("#chat-popup .chat-line.is-new .chat-body b",
                              has_text="Well played").count() == 1  # its BBCode drawn
    alice_page.wait_for_function(
        "() => !document.getElementById('chat-popup-button').classList.contains('has-unread')")
    assert _mark(alice_page) == ""
    # The keyboard is in the dialog, on the box one writes in.
    alice_page.wait_for_function("() => document.activeElement.id === 'chat-body'")
    _shot(alice_page, "open")
    game.refresh_from_db()
    assert game.player1_chat_seen_at >= line.created_at

    # The board's keys (1-8, P, D) are off while the pop-up is open.
    alice_page.focus("#chat-popup-close")
    alice_page.keyboard.press("3")
    assert not alice_page.is_checked("#slot-3")

    # A line that arrives while it is open shows in it at once, and marks nothing.
    _say(bob_page, "Your move")
    alice_page.locator("#chat-popup .chat-line.is-new", has_text="Your move").wait_for(
        timeout=20000)
    assert "has-unread" not in button.get_attribute("class")

    # She answers from the pop-up; bob reads it beside his board.
    _say(alice_page, "Thanks!")
    bob_page.locator("#chat-lines", has_text="Thanks!").wait_for(timeout=20000)

    # Escape closes it and gives the keyboard back to the button.
    alice_page.keyboard.press("Escape")
    alice_page.wait_for_function(POPUP_CLOSED)
    alice_page.wait_for_function(
        "() => document.activeElement.id === 'chat-popup-button'")
    assert _mark(alice_page) == ""
    alice_page.keyboard.press("3")  # the board's keys are back
    assert alice_page.is_checked("#slot-3")

    # Closed again, the next line marks the button again; reopened, it is highlighted.
    _say(bob_page, "Again")
    alice_page.wait_for_selector("#chat-popup-button.has-unread", timeout=20000)
    assert _mark(alice_page) == "(1 new chat line)"
    button.click()
    alice_page.locator("#chat-popup .chat-line.is-new", has_text="Again").wait_for(
        timeout=20000)
    assert alice_page.locator("#chat-popup .chat-line.is-new").count() == 1
    alice_page.wait_for_function(
        "() => !document.getElementById('chat-popup-button').classList.contains('has-unread')")
    assert navigations == []
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS


def test_without_javascript_the_button_is_a_link_to_the_chat(browser, asgi_url, alice, bob,
                                                             request):
    PlayerSettings.objects.filter(player=alice).update(integrated_chat=False)
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    gs.chat_post(game_id=game.pk, player=bob, body="Hello alice")
    context = browser.new_context(java_script_enabled=False)
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, asgi_url, "alice")
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    assert " ".join(page.locator("#chat-popup-button").text_content().split()) == (
        "Chat (1 new chat line)")
    page.click("#chat-popup-button")
    page.wait_for_url(asgi_url + reverse("games:chat", args=[game.pk]))
    assert "Hello alice" in page.locator("#chat-lines .chat-line.is-new").inner_text()
    page.fill("#chat-body", "Hello bob")
    page.click("#chat-form button[type=submit]")
    page.wait_for_selector("#chat-lines >> text=Hello bob")
    assert ChatMessage.objects.filter(game=game, author=alice, body="Hello bob").exists()
