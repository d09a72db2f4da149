"""A page whose live socket gave way to the account's newer pages (marcomage/plumbing/socket_cap.py,
close code 4429) says why and waits for the player: it does not reconnect by itself (which
would take the socket from the newest page, in a loop); its button takes live updates back.

Served by uvicorn as `manage.py serve` runs it, in a thread of the test process (daphne, the
other browser tests' server, drops a close frame's reason).
"""
import pytest

from tests.browser.conftest import ARTEFACTS, _one_request_at_a_time
from tests.conftest import PASSWORD
from tests.robustness.live_sockets import serving

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every socket a page opens, kept where the test can see it.
SOCKETS_SEEN = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__sockets.push(socket);
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""
REASON = ("Live updates stopped on this page: your account has more than 2 pages open with "
          "live updates.")


@pytest.fixture
def uvicorn_url(transactional_db):
    from marcomage.asgi import application
    with serving(_one_request_at_a_time(application)) as port:
        yield f"http://127.0.0.1:{port}"


def _live_page(context, url):
    page = context.new_page()
    page.add_init_script(SOCKETS_SEEN)
    page.clock.install()  # its timers (a reconnection's delay) run when the test says so
    page.goto(url)
    _wait_open(page, 1)
    return page


def _wait_open(page, count):
    page.wait_for_function(
        "(n) => window.__sockets.length === n && window.__sockets[n - 1].readyState === 1",
        arg=count, timeout=30_000)


def test_the_oldest_page_says_why_and_waits_for_the_player(browser, uvicorn_url, alice, settings):
    settings.LIVE_SOCKETS_PER_ACCOUNT = 2
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    login = context.new_page()
    login.goto(f"{uvicorn_url}/accounts/login/")
    login.fill("input[name=username]", "alice")
    login.fill("input[name=password]", PASSWORD)
    login.click("form button[type=submit]")
    login.wait_for_url(f"{uvicorn_url}/")
    login.close()

    oldest = _live_page(context, f"{uvicorn_url}/games/")
    middle = _live_page(context, f"{uvicorn_url}/help/")
    _live_page(context, f"{uvicorn_url}/")  # the third: the oldest gives way
    notice = oldest.wait_for_selector("#live-stopped", timeout=30_000)
    assert REASON in notice.inner_text()
    assert oldest.evaluate("window.__sockets[0].readyState") == 3
    # Minutes pass on the oldest page: it never connects again by itself.
    oldest.clock.run_for(10 * 60 * 1000)
    assert oldest.evaluate("window.__sockets.length") == 1
    assert middle.locator("#live-stopped").count() == 0
    ARTEFACTS.mkdir(exist_ok=True)
    oldest.screenshot(path=str(ARTEFACTS / "live-socket-cap-oldest-page.png"))
    oldest.set_viewport_size({"width": 375, "height": 812})
    oldest.screenshot(path=str(ARTEFACTS / "live-socket-cap-oldest-page-narrow.png"))
    # The player asks for live updates back: the page connects, and the middle page, now
    # the oldest, gives way in its turn.
    oldest.get_by_role("button", name="Resume live updates here").click()
    _wait_open(oldest, 2)
    assert oldest.locator("#live-stopped").count() == 0
    middle.wait_for_selector("#live-stopped", timeout=30_000)
    context.close()
