"""A player's data and account in a real browser: from Settings to "Your data", asking for
the archive and downloading it once the site message says it is ready; deleting the account
with the password, then signed out. On a desktop and a phone's width."""
import pytest
from django.contrib.auth import get_user_model

from marcomage.privacy.exports import local_exports
from tests.conftest import PASSWORD
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width,height", [(1280, 800), (375, 812)])
def test_download_my_data_then_delete_my_account(page, live_server, screenshot, login,
                                                 width, height):
    PlayerFactory(user__username="dora", level=10)
    page.set_viewport_size({"width": width, "height": height})
    login("dora", PASSWORD)
    page.goto(f"{live_server.url}/settings/")
    page.click("text=Your data and account")
    page.wait_for_selector("h1:has-text('Your data')")
    page.click("button:has-text('Prepare my data')")
    page.wait_for_selector("text=Your data is being prepared")
    assert page.locator("button:has-text('Being prepared')").is_disabled()
    screenshot(f"preparing-{width}")
    assert local_exports.drain() == 1  # the background thread's work (tests: drained here)
    page.reload()
    with page.expect_download() as download:
        page.click("a:has-text('Download')")
    assert download.value.suggested_filename.startswith("marcomage-data-")
    screenshot(f"ready-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.click("#delete a:has-text('What it does')")
    page.wait_for_selector("h1:has-text('Delete my account')")
    screenshot(f"delete-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.fill("input[name=password]", PASSWORD)
    page.check("input[name=understood]")
    page.click("button:has-text('Delete my account')")
    page.wait_for_selector("text=Your account is deleted")
    assert page.locator(".nav-name").count() == 0  # signed out
    screenshot(f"deleted-{width}")
    assert not get_user_model().objects.filter(username="dora").exists()
