"""A new player builds a deck from an empty one in the browser, renames, exports and
imports it, and starts a game with it against the computer."""
import json
import re

import pytest
from django.contrib.auth import get_user_model

from decks.models import Deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-fine-long-secret"


def take_cards(page, how_many):
    """Click the first `how_many` pool cards not yet in the deck, waiting for each swap."""
    for _ in range(how_many):
        item = page.locator("#card-pool .pool-item:not(.is-taken)").first
        item_id = item.get_attribute("id")
        item.locator(".card").click()
        page.wait_for_selector(f"#{item_id}.is-taken")


def test_build_a_deck_from_empty_then_play_it(page, live_server, screenshot, tmp_path):
    page.goto(f"{live_server.url}/accounts/register/")
    page.fill("input[name=username]", "Builder")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    player = get_user_model().objects.get(username="Builder").player
    assert Deck.objects.filter(player=player).count() == 5  # 3 starter decks + 2 empty
    # The tutorial opens the Decks section at level 1.
    player.level = 1
    player.save(update_fields=["level"])

    page.goto(f"{live_server.url}/")
    page.click("nav >> text=Decks")
    page.click("text=My deck 1")
    # The filters are htmx forms: wait until the page (and htmx with it) has loaded, or a
    # change made too early sends no request and the URL never changes.
    page.wait_for_url(re.compile(r"/decks/\d+/"))
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.htmx !== undefined")
    assert "0 of 45 cards" in page.locator("#deck-summary").inner_text()

    # Commons: a keyword filter first, then the class filter alone.
    page.select_option("select[name=rarity]", "Common")
    page.wait_for_url(re.compile("rarity=Common"))
    page.select_option("select[name=cost]", "bricks")
    page.wait_for_url(re.compile("cost=bricks"))
    shown = page.locator("#card-pool .pool-item").count()
    assert shown > 0
    for item in page.locator("#card-pool .pool-item .card").all():
        assert item.get_attribute("data-rarity") == "common"
    take_cards(page, min(5, shown))
    page.select_option("select[name=cost]", "")
    page.wait_for_url(lambda url: "cost=bricks" not in url)
    take_cards(page, 15 - min(5, shown))
    assert "Common 15/15" in page.locator("#deck-summary").inner_text()
    screenshot("commons-done")

    for rarity in ("Uncommon", "Rare"):
        page.select_option("select[name=rarity]", rarity)
        page.wait_for_url(re.compile(f"rarity={rarity}"))
        take_cards(page, 15)

    summary = page.locator("#deck-summary").inner_text()
    assert "45 of 45 cards" in summary and "Ready to play" in summary
    deck = Deck.objects.get(player=player, name="My deck 1")
    assert deck.is_ready and all(deck.card_ids())
    screenshot("deck-ready")

    # Return one card by clicking it in the deck, and take it back from the pool.
    first_rare = page.locator("#slot-rare-0 .card")
    rare_id = first_rare.get_attribute("data-card-id")
    first_rare.click()
    page.wait_for_selector("#slot-rare-0 .card--empty")
    assert "44 of 45" in page.locator("#deck-summary").inner_text()
    page.locator(f"#pool-{rare_id} .card").click()
    page.wait_for_selector(f"#slot-rare-0 [data-card-id='{rare_id}']")

    # Rename, export, then make room and import the file as a second deck.
    page.fill("input[name=name]", "Level one rush")
    page.click("text=Rename")
    page.wait_for_selector("h1:has-text('Level one rush')")
    with page.expect_download() as download_info:
        page.click("text=Export to a file")
    exported = tmp_path / "deck.json"
    download_info.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["name"] == "Level one rush" and len(data["cards"]["rare"]) == 15

    page.click("text=All decks")
    page.locator("tr:has-text('My deck 2') >> text=Delete…").click()
    page.click("button:has-text('Delete the deck')")
    page.wait_for_selector("text=Import a deck")
    page.set_input_files("input[name=file]", str(exported))
    page.fill("#import_name", "Imported rush")
    page.click("button:has-text('Import')")
    page.wait_for_selector("h1:has-text('Imported rush')")
    assert "45 of 45 cards" in page.locator("#deck-summary").inner_text()
    screenshot("imported")

    # The ready deck is offered when starting a game against the computer.
    page.goto(f"{live_server.url}/games/ai/")
    options = page.locator("select[name=deck] option").all_inner_texts()
    assert "Level one rush (Builder)" in options and "Imported rush (Builder)" in options
    page.select_option("select[name=deck]", label="Level one rush (Builder)")
    page.click("button:has-text('Start')")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    screenshot("game-started")
    game = player.games_as_player1.get()
    assert game.deck1.name == "Level one rush" and game.is_ai
    assert page.url.rstrip("/").endswith(f"/games/{game.pk}")
