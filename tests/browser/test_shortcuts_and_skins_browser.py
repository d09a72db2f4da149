"""The site-wide keyboard shortcuts (Alt+W refresh, Alt+Q log out), the automatic skin
following the device's colour scheme, and the site's own pages, in a real browser."""
import pytest
from django.urls import reverse

from players.models import PlayerSettings
from tests.conftest import PASSWORD
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_alt_q_logs_out(page, live_server, login, alice):
    login("alice", PASSWORD)
    page.goto(f"{live_server.url}{reverse('help')}")
    assert page.locator("#logout-form").count() == 1
    with page.expect_navigation():
        page.keyboard.press("Alt+KeyQ")
    assert page.url == f"{live_server.url}/"
    assert page.locator("#logout-form").count() == 0
    assert page.locator(".nav-user >> text=Log in").count() == 1
    # the session is over on the server too
    page.goto(f"{live_server.url}{reverse('players:settings')}")
    assert page.url.startswith(f"{live_server.url}{reverse('login')}")


def test_alt_w_on_a_game_refreshes_the_board_without_reloading(page, live_server, login,
                                                               alice, bob, screenshot):
    from games import services as gs

    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    # The test server has no websockets, so the page polls instead: make that poll rare,
    # then only the shortcut can fetch the board within the wait below.
    PlayerSettings.objects.filter(player=alice).update(auto_refresh=600)
    login("alice", PASSWORD)
    page.goto(f"{live_server.url}{reverse('games:detail', args=[game.pk])}")
    page.wait_for_selector("#board")
    page.evaluate("window.__notReloaded = true")
    swaps = page.evaluate("window.__marcomageBoardSwaps || 0")
    board_url = reverse("games:board", args=[game.pk])
    with page.expect_response(lambda r: r.url.endswith(board_url) and r.status == 200,
                              timeout=15000):
        page.keyboard.press("Alt+KeyW")
    page.wait_for_function(f"() => (window.__marcomageBoardSwaps || 0) > {swaps}", timeout=15000)
    assert page.evaluate("window.__notReloaded") is True  # the same page, a new board
    assert page.locator("#board").count() == 1
    screenshot("after-alt-w")


def test_alt_w_elsewhere_reloads_the_page(page, live_server):
    page.goto(f"{live_server.url}{reverse('faq')}")
    page.evaluate("window.__notReloaded = true")
    with page.expect_navigation():
        page.keyboard.press("Alt+KeyW")
    assert page.evaluate("window.__notReloaded === undefined")
    assert page.url == f"{live_server.url}{reverse('faq')}"


@pytest.mark.parametrize("scheme, background", [("dark", "rgb(22, 19, 29)"),
                                                ("light", "rgb(245, 241, 232)")])
def test_the_automatic_skin_follows_the_device(page, live_server, scheme, background,
                                               screenshot):
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}{reverse('game_history')}")
    assert page.locator("html").get_attribute("data-skin") == "auto"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
    screenshot(f"auto-{scheme}")


def test_a_chosen_skin_ignores_the_device(page, live_server, login, alice):
    PlayerSettings.objects.filter(player=alice).update(skin="abyss")
    page.emulate_media(color_scheme="light")
    login("alice", PASSWORD)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(12, 26, 34)"


def test_the_old_card_appearance_drops_the_picture(page, live_server, login, carol, screenshot):
    carol.level = 10
    carol.save(update_fields=["level"])
    page.goto(f"{live_server.url}/")
    login("carol", PASSWORD)
    page.goto(f"{live_server.url}{reverse('decks:cards')}")
    art = page.locator(".card .card-art").first
    assert art.is_visible()
    PlayerSettings.objects.filter(player=carol).update(old_card_appearance=True)
    page.reload()
    assert page.locator("html.cards-classic").count() == 1
    assert not page.locator(".card .card-art").first.is_visible()
    screenshot("old-cards")


def test_news_and_modified_cards_from_the_footer(page, live_server, screenshot):
    from django.utils import timezone

    from marcomage.models import NewsItem

    NewsItem.objects.create(title="The site is open", body="[b]Welcome[/b]!", is_published=True,
                            published_at=timezone.now())
    page.goto(f"{live_server.url}/")
    assert page.locator(".news-item h3", has_text="The site is open").count() == 1
    page.click("footer >> text=Modified cards")
    page.wait_for_selector(".card-changes")
    assert page.locator(".card-change-list a").count() > 10
    screenshot("modified-cards")
    page.click("footer >> text=News")
    assert page.locator(".news-item b", has_text="Welcome").count() == 1
