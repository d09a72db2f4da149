"""Reading a novel in a real browser: the library, the arrow keys, the night skin."""
import re

import pytest

from marcomage.novels.loader import library
from players.models import Player, PlayerSettings
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_read_a_novel_with_links_and_arrow_keys(page, live_server, login, alice, screenshot):
    Player.objects.filter(pk=alice.pk).update(level=4)
    book = library()[0]
    login("alice", PASSWORD)

    page.goto(f"{live_server.url}/novels/")
    screenshot("library")
    page.locator(".novel-card", has_text=book.title).locator("text=Start reading").click()
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/1/$"))
    assert page.locator("h1").inner_text() == book.chapters[0].title
    assert page.locator(".novel-keys").is_visible()  # the tip shows only with the script
    width = page.locator(".novel-text").evaluate("el => el.getBoundingClientRect().width")
    assert 300 < width <= 720  # a readable measure, not the full window
    screenshot("chapter-1")

    page.keyboard.press("ArrowLeft")  # no previous chapter: nothing happens
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/2/$"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/3/$"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/2/$"))
    page.click("#novel-pager >> text=Contents")
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/$"))
    assert "you stopped here" in page.locator(".is-last-read").inner_text()

    page.goto(f"{live_server.url}/novels/")
    page.locator(".novel-card", has_text=book.title).locator("text=Continue reading").click()
    page.wait_for_url(re.compile(rf"/novels/{book.slug}/2/$"))


def test_the_reader_follows_the_night_skin(page, live_server, login, alice, screenshot):
    Player.objects.filter(pk=alice.pk).update(level=10)
    PlayerSettings.objects.filter(player=alice).update(skin="dark")
    book = library()[-1]
    login("alice", PASSWORD)
    page.goto(f"{live_server.url}/novels/{book.slug}/{len(book.chapters)}/")
    colour = page.locator(".novel-text p").first.evaluate("el => getComputedStyle(el).color")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colour == "rgb(236, 232, 243)" and background == "rgb(22, 19, 29)"
    assert page.locator(".novel-end").is_visible()
    screenshot("dark-last-chapter")
