"""Browser tests: Playwright drives Debian's Chromium against the live server.

Screenshots go to test-artefacts/ (git-ignored) so a person can look at them.
"""
import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop; the ORM must still be usable in the test body.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
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
    """screenshot(name) saves the current page under test-artefacts/<test>-<name>.png."""
    ARTEFACTS.mkdir(exist_ok=True)

    def _shot(name):
        path = ARTEFACTS / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return _shot


@pytest.fixture
def login(page, live_server):
    """login(username, password) logs the page in through the real form."""

    def _login(username, password):
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        page.click("form button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")

    return _login


@pytest.fixture(autouse=True)
def _patient_browser(context):
    # The suite runs two workers on two cores, each with a browser and a server: allow
    # for a slow machine rather than fail on Playwright's 30-second default.
    context.set_default_timeout(60_000)
    context.set_default_navigation_timeout(60_000)
