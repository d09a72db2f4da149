"""The advanced filter on the Cards page, a keyword's description on keyboard focus, and a
deck file imported into the deck being edited when every deck slot is in use."""
import json
import re

import pytest

from decks import services
from decks.models import Deck
from tests.browser.conftest import ARTEFACTS
from tests.browser.test_accessibility_browser import BLOCKING, axe_violations
from tests.conftest import PASSWORD
from tests.decks.conftest import full_sections
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def blocking_violations(page):
    """axe-core's serious and critical findings on the page as it is now."""
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe_violations(page)
            if v["impact"] in BLOCKING]


def shot(page, name):
    """What the viewport shows (1280x800), under test-artefacts/."""
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / name))


@pytest.fixture
def veteran(db):
    player = PlayerFactory(user__username="veteran")
    player.level = 10
    player.save(update_fields=["level"])
    return player


def test_the_cards_page_filters_by_effect_and_keywords_explain_themselves(
        page, live_server, login, veteran):
    page.set_viewport_size({"width": 1280, "height": 800})
    login("veteran", PASSWORD)
    page.goto(f"{live_server.url}/cards/")
    groups = page.locator("select[name=effect] optgroup")
    assert groups.count() == 3
    assert page.locator("select[name=effect] option").count() == 31  # "Any effect" + 30
    page.select_option("select[name=effect]", "evoke")
    page.click(".card-filters button[type=submit]")
    page.wait_for_url(re.compile("effect=evoke"))
    assert page.locator(".card[data-card-id='384']").count() == 1
    assert page.locator(".card[data-card-id='1']").count() == 0
    shot(page, "cards-filter-evoke-1280.png")
    assert not blocking_violations(page)

    # A card reached with the keyboard (its name's link: no keyword is a stop of its own)
    # shows what its keywords do.
    page.goto(f"{live_server.url}/cards/?name=Knight")
    knight = page.locator(".card[data-card-id='7']")
    tips = knight.locator(".kw-tips")
    assert (tips.bounding_box() or {"width": 0})["width"] <= 1
    assert knight.locator(".card-keywords [tabindex]").count() == 0
    knight.locator(".card-name a").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.card').dataset.cardId") == "7"
    box = tips.bounding_box()
    assert box and box["width"] > 40 and box["height"] > 10
    assert "Soldier" in tips.inner_text() and "Charge (3)" in tips.inner_text()
    assert "Soldier" in knight.locator(".kw").first.get_attribute("title")
    shot(page, "cards-keyword-focus-1280.png")
    assert not blocking_violations(page)
    # Keywords as names (the insignias turned off in the settings) explain themselves too.
    veteran.settings.keyword_insignias = False
    veteran.settings.save()
    page.goto(f"{live_server.url}/cards/?name=Knight")
    assert "Soldier" in knight.locator(".kw-label").first.get_attribute("title")
    knight.locator(".card-name a").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    box = tips.bounding_box()
    assert box and box["width"] > 40
    assert not blocking_violations(page)


def test_a_file_imports_into_the_open_deck_with_every_slot_used(
        page, live_server, login, veteran, tmp_path):
    decks = [services.deck_create(player=veteran, name=f"Deck {i}") for i in range(5)]
    deck = decks[0]
    data = {"format": "marcomage-deck", "version": 1, "name": "Imported here",
            "cards": full_sections(), "tokens": ["Mage", "none", "none"], "note": ""}
    path = tmp_path / "here.json"
    path.write_text(json.dumps(data))

    page.set_viewport_size({"width": 1280, "height": 800})
    login("veteran", PASSWORD)
    page.goto(f"{live_server.url}/decks/{deck.pk}/")
    panel = page.locator(".deck-import")
    panel.scroll_into_view_if_needed()
    shot(page, "builder-import-panel-1280.png")
    assert not blocking_violations(page)
    panel.locator("input[type=file]").set_input_files(str(path))
    panel.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/decks/{deck.pk}/import/"))
    assert "Replace “Deck 0” with the file?" in page.locator("h1").inner_text()
    shot(page, "builder-import-confirm-1280.png")
    assert not blocking_violations(page)
    page.click("text=Replace this deck")
    page.wait_for_url(re.compile(rf"/decks/{deck.pk}/$"))
    assert "Imported here" in page.locator("h1").inner_text()
    assert "45 of 45 cards" in page.locator("#deck-summary").inner_text()
    deck.refresh_from_db()
    assert deck.name == "Imported here" and deck.is_ready
    assert Deck.objects.filter(player=veteran).count() == 5
