"""The home page's games panel in Chromium, on a laptop and a phone: the "Quick game
against the computer" button and the "All your games" link sit in one tidy row of actions
(each on one line, the link beside the button when there is room, under it otherwise),
inside the panel.

Screenshots: test-artefacts/home-dashboard-<width>x<height>.png (the page) and
home-dashboard-games-panel-<width>x<height>.png (the games panel)."""
import pytest

from tests.browser.conftest import ARTEFACTS
from tests.conftest import PASSWORD
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = ((1280, 800), (375, 812))

# The boxes of the panel, the button and the link, and how many lines each text takes.
ACTIONS = """() => {
  const panel = document.querySelector(".games-dashboard");
  const button = [...panel.querySelectorAll("button")].find(b => b.textContent.includes("Quick game"));
  const link = [...panel.querySelectorAll("a")].find(a => a.textContent.includes("All your games"));
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height}; };
  const lines = (el) => { const range = document.createRange(); range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; };
  return {panel: box(panel), button: box(button), link: box(link),
          buttonLines: lines(button), linkLines: lines(link)};
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_games_panels_actions_are_laid_out_cleanly(page, live_server, login, size):
    width, height = size
    player = PlayerFactory(user__username="newcomer")
    page.set_viewport_size({"width": width, "height": height})
    login(player.user.username, PASSWORD)
    page.goto(f"{live_server.url}/")
    panel = page.locator(".games-dashboard")
    panel.wait_for()
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"home-dashboard-{width}x{height}.png"), full_page=True)
    panel.screenshot(path=str(ARTEFACTS / f"home-dashboard-games-panel-{width}x{height}.png"))
    boxes = page.evaluate(ACTIONS)
    button, link, frame = boxes["button"], boxes["link"], boxes["panel"]
    assert boxes["buttonLines"] == 1 and boxes["linkLines"] == 1, boxes
    for box in (button, link):
        assert frame["left"] <= box["left"] and box["right"] <= frame["right"], boxes
    beside = link["left"] >= button["right"]
    under = link["top"] >= button["bottom"]
    assert beside or under, boxes
    if beside:  # on one line: the link's text centred on the button's
        assert abs((link["top"] + link["bottom"]) / 2 - (button["top"] + button["bottom"]) / 2) <= 2, boxes
    else:  # under it: lined up with the button's left edge
        assert abs(link["left"] - button["left"]) <= 1, boxes
