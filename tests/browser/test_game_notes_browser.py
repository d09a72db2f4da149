"""Game notes in a real browser: written under the board, saved without leaving the page
(htmx) or by a plain form post without JavaScript, never shown to the opponent."""
import pytest
from django.urls import reverse

from games import services as gs
from games.models import GameNote
from tests.browser.conftest import ARTEFACTS, log_in
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "Watch for the dragon in round 7"


def test_a_note_is_saved_in_place_and_stays_private(browser, live_server, alice, bob,
                                                    request):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    url = live_server.url + reverse("games:detail", args=[game.pk])

    def shot(page, name):
        ARTEFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTEFACTS / f"{request.node.name}-{name}.png"), full_page=True)

    def new_page(javascript=True):
        context = browser.new_context(java_script_enabled=javascript,
                                      viewport={"width": 1280, "height": 900})
        request.addfinalizer(context.close)
        context.set_default_timeout(60_000)
        return context.new_page()

    alice_page = new_page()
    log_in(alice_page, live_server.url, "alice")
    alice_page.goto(url)
    navigations = []
    alice_page.on("framenavigated", lambda frame: navigations.append(frame.url))
    alice_page.fill("#game-note-text", SECRET)
    alice_page.click("#game-note button[value=save]")
    alice_page.wait_for_selector("#game-note >> text=Your note is saved.")
    assert navigations == []  # swapped in place, the board untouched
    assert alice_page.locator("#board").count() == 1
    assert GameNote.objects.get(game=game, player=alice).text == SECRET
    shot(alice_page, "alice-note-saved")
    alice_page.reload()
    assert alice_page.input_value("#game-note-text") == SECRET

    bob_page = new_page()
    log_in(bob_page, live_server.url, "bob")
    bob_page.goto(url)
    bob_page.wait_for_selector("#board")
    assert SECRET not in bob_page.content()
    assert bob_page.input_value("#game-note-text") == ""  # bob's own, empty note
    shot(bob_page, "bob")

    # Without JavaScript the same form posts and the page comes back with a message.
    plain = new_page(javascript=False)
    log_in(plain, live_server.url, "alice")
    plain.goto(url)
    plain.fill("#game-note-text", SECRET + " (edited)")
    plain.click("#game-note button[value=save]")
    plain.wait_for_url(url + "#game-note")
    assert "Your note is saved." in plain.content()
    assert plain.input_value("#game-note-text") == SECRET + " (edited)"
    plain.click("#game-note button[value=clear]")
    plain.wait_for_selector("text=Your note is cleared.")
    assert not GameNote.objects.filter(player=alice).exists()
