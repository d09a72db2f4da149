"""The bell in Chromium, against the site served over ASGI in a thread of the test process
(the ``asgi_url`` fixture: websockets, the in-memory channel layer): a notice arriving
while the player is on another page shows in the bell's count at once (over the page's
socket, no reload), the bell opens on the list, a click opens the game; the settings'
notification section and the notifications page, at a desktop's and a phone's size."""
import time

import pytest
from django.urls import reverse

from games import services as gs
from players.models import Notification
from tests.browser.conftest import log_in
from tests.games.conftest import make_deck
from tests.players.notifications.conftest import run_notices

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _started_game(alice, bob):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    run_notices()
    Notification.objects.all().delete()
    game.refresh_from_db()
    return game


def _wait_for_the_pages_socket(player, timeout=20.0):
    """Until the page's socket has joined the player's group (in-memory channel layer)."""
    from channels.layers import get_channel_layer

    from players.notifications.live import player_group

    layer, deadline = get_channel_layer(), time.monotonic() + timeout
    while not layer.groups.get(player_group(player.pk)):
        assert time.monotonic() < deadline, "the page's socket never opened"
        time.sleep(0.02)


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)], ids=["desktop", "phone"])
def test_a_notice_rings_the_bell_live_and_opens_the_game(page, asgi_url, alice, bob,
                                                         screenshot, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = _started_game(alice, bob)
    mover = game.player_at(game.current_seat)
    waiting = game.player_at(1 - game.current_seat)
    log_in(page, asgi_url, waiting.name)
    page.goto(asgi_url + reverse("players:list"))  # any page: its socket carries the bell
    page.wait_for_function("() => window.htmx && document.getElementById('nav-bell-menu')")
    assert page.locator("#nav-bell-count .nav-bell-badge").count() == 0
    _wait_for_the_pages_socket(waiting)
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    run_notices()
    # (on a phone the bell, like the other marks, is in the menu the ☰ button opens)
    page.wait_for_selector("#nav-bell-count .nav-bell-badge:text('1')", state="attached",
                           timeout=20_000)
    if size[0] < 760:
        page.click("label.nav-toggle-label")
    page.click("#nav-bell-menu summary")
    item = page.wait_for_selector(".nav-bell-item.is-unread a")
    assert f"Your turn against {mover.name}" in item.inner_text()
    screenshot("bell-open")
    item.click()
    page.wait_for_url(f"{asgi_url}/games/{game.pk}/")
    page.wait_for_selector("#board")
    assert page.locator("#nav-bell-count .nav-bell-badge").count() == 0  # read now


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)], ids=["desktop", "phone"])
def test_the_settings_notification_section_saves(page, asgi_url, bob, screenshot, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    log_in(page, asgi_url, "bob")
    page.goto(asgi_url + reverse("players:settings") + "#notifications")
    page.uncheck("#id_notify-your_turn__email")
    page.select_option("#id_notify-email_mode", "digest")
    page.select_option("#id_notify-digest_hour", "7")
    page.locator("#notifications").screenshot(path=str(screenshot("page").with_name(
        f"notifications-section-{size[0]}.png")))
    page.click("#notifications button[type=submit]")
    page.wait_for_selector("text=Your notification settings have been saved.")
    assert not page.locator("#id_notify-your_turn__email").is_checked()
    assert page.locator("#id_notify-email_mode").input_value() == "digest"
    page.goto(asgi_url + reverse("players:settings") + "#email")
    screenshot("email")
