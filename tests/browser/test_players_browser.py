"""Players pages in a real browser: the dark skin, sending and reading a message, a hint."""
import pytest

from players.models import Message
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_dark_skin_setting_changes_the_whole_site(page, live_server, login, alice, screenshot):
    login("alice", PASSWORD)
    page.click("nav >> text=Settings")
    page.select_option("select[name=prefs-skin]", "dark")
    page.click("text=Save preferences")
    page.wait_for_selector("text=Your settings have been saved.")
    assert page.locator("html").get_attribute("data-skin") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 19, 29)"  # the night skin's --bg
    page.goto(f"{live_server.url}/players/")
    assert page.locator("html").get_attribute("data-skin") == "dark"
    screenshot("dark-players")


def test_send_and_read_a_message(page, live_server, login, alice, bob, browser, screenshot):
    login("alice", PASSWORD)
    page.click("nav >> text=Players")
    page.locator("tr", has_text="bob").locator("text=Message").click()
    assert page.input_value("input[name=recipient]") == "bob"
    page.fill("input[name=subject]", "Rematch tonight?")
    page.fill("textarea[name=body]", "[b]Ready[/b] when you are.")
    page.click("form button:has-text('Send')")
    page.wait_for_selector("text=Your message to bob has been sent.")
    assert Message.objects.filter(recipient=bob, subject="Rematch tonight?").exists()

    context = browser.new_context()
    bob_page = context.new_page()
    bob_page.goto(f"{live_server.url}/accounts/login/")
    bob_page.fill("input[name=username]", "bob")
    bob_page.fill("input[name=password]", PASSWORD)
    bob_page.click("form button[type=submit]")
    bob_page.wait_for_url(f"{live_server.url}/")
    badge = bob_page.locator(".nav-messages")
    assert badge.inner_text().strip().endswith("1")
    badge.click()
    row = bob_page.locator("tr.msg-new", has_text="Rematch tonight?")
    assert row.count() == 1
    row.locator("a", has_text="Rematch tonight?").click()
    assert bob_page.locator(".message-body b").inner_text() == "Ready"
    assert bob_page.locator(".nav-messages").count() == 0  # read now
    bob_page.click("text=Reply with quote")
    assert "[quote=alice]" in bob_page.input_value("textarea[name=body]")
    screenshot("message-sent")
    context.close()


def test_tutorial_hint_closes_and_stays_closed(page, live_server, login, alice):
    login("alice", PASSWORD)
    page.goto(f"{live_server.url}/players/")
    hint = page.locator('[data-hint="players"]')
    assert hint.is_visible()
    hint.locator("button").click()
    hint.wait_for(state="detached")
    page.reload()
    assert page.locator('[data-hint="players"]').count() == 0
