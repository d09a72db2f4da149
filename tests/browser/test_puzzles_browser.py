"""Puzzles in a real browser: the day's puzzle from the home page solved, the next one
failed, and what the puzzles' home and the history then say."""
import re

import pytest

from tests.conftest import PASSWORD
from tests.puzzles.factories import KNIGHT_SLOT, make_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_puzzle_solved_and_one_failed(page, live_server, login, alice, screenshot):
    daily = make_puzzle(seed=3)
    other = make_puzzle(seed=4)
    login("alice", PASSWORD)

    # the home page's panel leads to the day's puzzle
    panel = page.locator("#daily-puzzle")
    assert "Find the win: win this turn" in panel.inner_text()
    page.click("#daily-puzzle-link")
    page.wait_for_url(re.compile(rf"/puzzles/{daily.pk}/$"))
    assert page.locator("h1").inner_text().startswith("Today's puzzle")
    assert page.locator("#board[data-answered='0'] #puzzle-form .hand-slot").count() == 8
    assert page.locator("#result").count() == 0
    screenshot("daily")

    # solved: the Knight, played
    page.click(f"label[for=slot-{KNIGHT_SLOT}]")
    page.click("#play-button")
    page.wait_for_url(re.compile(rf"/puzzles/{daily.pk}/#result$"))
    result = page.locator("#result")
    assert result.locator("h2").inner_text() == "Right!"
    assert "You played Knight" in result.inner_text()
    assert "You win." in result.locator(".puzzle-line").inner_text()
    assert page.locator("#puzzle-form").count() == 0
    screenshot("solved")

    # failed: the next puzzle, answered with a wall
    page.click("#next-puzzle")
    page.wait_for_url(re.compile(rf"/puzzles/{other.pk}/$"))
    page.click("label[for=slot-1]")
    page.click("#play-button")
    page.wait_for_url(re.compile(rf"/puzzles/{other.pk}/#result$"))
    result = page.locator("#result")
    assert result.locator("h2").inner_text() == "Not this one."
    assert "You played Basic wall" in result.inner_text()
    assert "Knight" not in result.inner_text()  # he may try again before seeing it
    screenshot("failed")
    page.click("#show-solution")
    result = page.locator("#result")
    assert "The right move: play Knight" in result.inner_text()
    lines = result.locator(".puzzle-line")
    assert lines.count() == 2 and "You win." in lines.nth(1).inner_text()

    # the puzzles' home: one solved, one missed, the streak ended at one
    page.goto(f"{live_server.url}/puzzles/")
    assert page.locator("#puzzle-streak").inner_text() == "0 (best 1)"
    assert page.locator("#puzzle-daily-streak").inner_text() == "1"
    page.click("text=Your history")
    rows = page.locator(".puzzle-history tbody tr")
    assert rows.count() == 2
    assert "missed" in rows.nth(0).inner_text() and "solved" in rows.nth(1).inner_text()


def test_the_puzzle_pages_pass_the_accessibility_check(page, live_server, login, alice):
    """axe-core (as tests/browser/test_accessibility_browser.py runs it) on the puzzle pages,
    before and after an answer: no serious or critical violation."""
    from tests.browser.test_accessibility_browser import AXE, BLOCKING, axe_violations

    if not AXE.exists():
        pytest.skip("axe-core is not installed (tests/browser/js)")
    puzzle = make_puzzle(seed=3, hidden=True)
    login("alice", PASSWORD)
    found = {}
    urls = ["/puzzles/", f"/puzzles/{puzzle.pk}/", "/puzzles/browse/?from=1200"]
    for url in urls:
        page.goto(live_server.url + url)
        found[url] = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    page.goto(f"{live_server.url}/puzzles/{puzzle.pk}/")
    page.click(f"label[for=slot-{KNIGHT_SLOT}]")
    page.click("#play-button")
    page.wait_for_selector("#result")
    found["answered"] = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    page.goto(f"{live_server.url}/puzzles/history/")
    found["history"] = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert not any(found.values()), found


def test_a_visitor_solves_todays_puzzle_after_a_miss(page, live_server, screenshot):
    """No account: the home page's panel leads to today's puzzle, which he may answer and try
    again (unrated); the opponent's threat card stays in sight above the docked hand."""
    daily = make_puzzle(seed=3, hidden=False)
    for width, height in ((1280, 800), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(live_server.url + "/")
        page.click("#daily-puzzle-link")
        page.wait_for_url(re.compile(rf"/puzzles/{daily.pk}/$"))
        # the opponent's whole cards are shown, none of them under the docked hand
        hand = page.locator("#puzzle-form").bounding_box()
        for index in range(page.locator("#opponent-hand .hand-slot").count()):
            card = page.locator("#opponent-hand .hand-slot").nth(index)
            card.scroll_into_view_if_needed()
            box, hand = card.bounding_box(), page.locator("#puzzle-form").bounding_box()
            overlap = min(box["y"] + box["height"], hand["y"] + hand["height"]) - max(
                box["y"], hand["y"])
            assert overlap <= 0 or box["y"] + box["height"] <= hand["y"], (width, index)
            assert card.locator(".card-text, .card-effect, .card-body").count() == 0 or \
                card.locator(".card").evaluate("el => el.getBoundingClientRect().height") > 60
        screenshot(f"visitor-{width}")
        page.click("label[for=slot-1]")
        page.click("#play-button")
        page.wait_for_url(re.compile(rf"/puzzles/{daily.pk}/#result$"))
        assert page.locator("#result h2").inner_text() == "Not this one."
        assert "create an account" in page.locator("#result").inner_text()
        page.click("#try-again")
        page.click(f"label[for=slot-{KNIGHT_SLOT}]")
        page.click("#play-button")
        page.wait_for_url(re.compile(rf"/puzzles/{daily.pk}/#result$"))
        assert page.locator("#result h2").inner_text() == "Right!"
        screenshot(f"visitor-solved-{width}")
        page.context.clear_cookies()  # the next size starts afresh
