"""Browser tests: Playwright drives Debian's Chromium against the live server.

Screenshots go to test-artefacts/ (git-ignored) so a person can look at them.
"""
import asyncio
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import PASSWORD as FACTORY_PASSWORD  # what PlayerFactory's users get

# Playwright's sync API runs an event loop; the ORM must still be usable in the test body.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself
# runs headless): the same Blink and V8 as the browser, without the desktop browser's
# windowing and services. The browser itself when the shell is not installed.
# (tests of what only the browser has, such as web push, launch BROWSER.)
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
BROWSER = "/usr/bin/chromium"
CHROMIUM = HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else BROWSER
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    if shutil.which(CHROMIUM) or os.environ.get("CI"):
        return  # in CI a missing browser must fail loudly, not skip
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium)")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture
def screenshot(page, request):
    """screenshot(name) saves the current page under test-artefacts/<test>-<name>.png;
    screenshot(name, full_page=False): what the window shows only."""
    ARTEFACTS.mkdir(exist_ok=True)

    def _shot(name, full_page=True):
        path = ARTEFACTS / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return _shot


def log_in(page, base, username, password=FACTORY_PASSWORD):
    """The page's browser holds ``username``'s session and shows the home page, as after the
    login form (its pages are tested in test_accounts_browser.py; going through them for
    every test cost three page loads, 1.5-2 s). The session is made by Django's own login
    for the player with that name and password, and handed to the browser as its cookie."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.get(username__iexact=username)
    assert user.is_active and user.check_password(password), f"{username} cannot log in"
    client = Client()
    client.force_login(user)
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": base,
                               "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    page.goto(f"{base}/")


@pytest.fixture
def login(page, live_server):
    """login(username, password) logs the page in (log_in)."""

    def _login(username, password):
        log_in(page, live_server.url, username, password)

    return _login


@pytest.fixture
def page(page):
    """Playwright's page, left quiet when the test ends: its last requests answered, then
    on a blank page (no timer or htmx trigger asks for more). The page closes before the
    test database is flushed, but the server goes on with a request the page had sent:
    its query then met the flush's TRUNCATE on PostgreSQL ("deadlock detected").

    The requests on their way are counted as they go and come back, so the end waits for
    exactly those (Playwright's "networkidle" waited half a second of silence after the
    last one: a minute of the suite's time)."""
    pending = set()
    page.on("request", lambda request: pending.add(request))
    page.on("requestfinished", lambda request: pending.discard(request))
    page.on("requestfailed", lambda request: pending.discard(request))
    yield page
    try:
        deadline = time.monotonic() + 5
        while pending and time.monotonic() < deadline:
            page.wait_for_timeout(20)  # lets Playwright deliver the answers' events
        page.goto("about:blank")
    except Exception:  # a page that is already closed or crashed: nothing left to wait for
        pass


@pytest.fixture(autouse=True)
def _patient_browser(context):
    # The suite runs two workers on two cores, each with a browser and a server: allow
    # for a slow machine rather than fail on Playwright's 30-second default.
    context.set_default_timeout(60_000)
    context.set_default_navigation_timeout(60_000)


# ---- the site over ASGI (websockets), for the tests of live pages
def _one_request_at_a_time(app):
    """The test database is SQLite in memory with a shared cache, where two threads writing
    and reading at once get "table is locked" instead of waiting. Serve HTTP requests one
    at a time (websockets stay concurrent); a real deployment needs nothing like this."""
    lock = asyncio.Lock()

    async def application(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        async with lock:
            return await app(scope, receive, send)

    return application


@pytest.fixture(scope="session")
def _daphne_thread():
    """Serve marcomage.asgi in a daphne thread for the whole session (Twisted's reactor
    cannot be restarted, so there is one server); yields the base URL."""
    from daphne.endpoints import build_endpoint_description_strings
    from daphne.server import Server

    from marcomage.asgi import application

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ready = threading.Event()
    server = Server(application=_one_request_at_a_time(application), signal_handlers=False,
                    endpoints=build_endpoint_description_strings(host="127.0.0.1", port=port),
                    ready_callable=ready.set, verbosity=0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    assert ready.wait(20), "daphne did not start"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    from twisted.internet import reactor

    reactor.callFromThread(reactor.stop)
    thread.join(5)


@pytest.fixture
def asgi_url(_daphne_thread, transactional_db):
    return _daphne_thread
