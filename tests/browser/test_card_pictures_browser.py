"""The card pictures as a player sees them in Chromium: cards that play differently look
different (Basic wall, Burglar, a dragon), in a light and a dark skin, on the cards pages
and on the game board; an imported background shows behind the board."""
import io

import pytest
from django.core.management import call_command
from PIL import Image, ImageChops, ImageStat

from decks import card_art
from games import services as gs
from tests.browser.conftest import log_in
from tests.conftest import PASSWORD
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BASIC_WALL, BURGLAR, RED_DRAGON = 1, 260, 6


@pytest.fixture(autouse=True)
def _fresh_faces():
    card_art.forget()
    yield
    card_art.forget()


def player(name, skin):
    p = PlayerFactory(user__username=name, level=10)
    p.settings.skin = skin
    p.settings.game_background = "stone"
    p.settings.save(update_fields=["skin", "game_background"])
    return p


def picture_of(page, url, card_id):
    page.goto(url)
    art = page.locator(f'.card[data-card-id="{card_id}"] .card-art').first
    art.wait_for()
    return Image.open(io.BytesIO(art.screenshot())).convert("RGB").resize((100, 60))


def difference(a, b):
    """Mean absolute difference of two pictures per channel, 0..255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("skin", ["light", "dark"])
def test_basic_wall_burglar_and_a_dragon_look_different(page, live_server, login, screenshot,
                                                        skin):
    viewer = player(f"viewer_{skin}", skin)
    page.set_viewport_size({"width": 1280, "height": 800})
    login(viewer.user.username, PASSWORD)
    pictures = {cid: picture_of(page, f"{live_server.url}/cards/{cid}/", cid)
                for cid in (BASIC_WALL, BURGLAR, RED_DRAGON)}
    for a, b in ((BASIC_WALL, BURGLAR), (BASIC_WALL, RED_DRAGON), (BURGLAR, RED_DRAGON)):
        assert difference(pictures[a], pictures[b]) > 20, (a, b)
    page.goto(f"{live_server.url}/cards/")
    page.wait_for_selector(".card .card-art")
    screenshot(f"cards-{skin}")


def test_the_game_board_with_drawn_pictures_and_an_imported_background(
        page, asgi_url, screenshot, tmp_path):
    alice, bob = player("alice", "light"), player("bob", "dark")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))
    page.set_viewport_size({"width": 1280, "height": 800})
    log_in(page, asgi_url, "alice")
    page.goto(f"{asgi_url}/games/{game.pk}/")
    page.wait_for_selector("#board .card-art:visible")
    screenshot("board-light")

    source = tmp_path / "original"
    source.mkdir()
    picture = Image.new("RGB", (640, 400), (40, 70, 110))
    for x in range(0, 640, 40):  # stripes, so that the picture is plain to see
        picture.paste((180, 150, 90), (x, 0, x + 12, 400))
    picture.save(source / "bg_1.jpg", format="JPEG")
    # A card of alice's own hand (the opponent's hand, above it, may hold the same card
    # with its picture folded away).
    in_hand = page.locator("#hand-form .card[data-card-id] .card-art:visible").first.locator(
        "xpath=..").get_attribute("data-card-id")
    card_picture = Image.new("RGB", (80, 60), (230, 230, 230))
    card_picture.paste((200, 30, 30), (20, 15, 60, 45))  # a red square on white
    card_picture.save(source / f"card_{in_hand}.png")
    call_command("import_card_art", str(source), stdout=io.StringIO())
    alice.settings.game_background = "original-1"  # the imported background, chosen
    alice.settings.save(update_fields=["game_background"])
    page.goto(f"{asgi_url}/games/{game.pk}/")
    page.wait_for_selector("#board .card-art:visible")
    background = page.evaluate("getComputedStyle(document.querySelector('main')).backgroundImage")
    assert "/cards/art/bg_1-" in background
    imported = page.locator(
        f'#hand-form .card[data-card-id="{in_hand}"] .card-art--picture img').first
    imported.wait_for()
    assert imported.evaluate("img => img.complete && img.naturalWidth") == 80
    screenshot("board-imported-background")

    page.context.clear_cookies()
    log_in(page, asgi_url, "bob")
    page.goto(f"{asgi_url}/games/{game.pk}/")
    page.wait_for_selector("#board .card-art:visible")
    screenshot("board-dark")
