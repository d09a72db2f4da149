"""A new player builds a deck from an empty one in the browser, renames, exports and
imports it, and starts a game with it against the computer; a player shares a deck that
another finds on the Shared decks page and imports; a deck goes out and back in as the
original game's CSV file."""
import json
import re

import pytest
from django.contrib.auth import get_user_model

from decks.models import Deck
from tests.conftest import PASSWORD as FACTORY_PASSWORD  # what PlayerFactory's users get
from tests.decks.conftest import full_sections
from tests.factories import PlayerFactory

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
        page.get_by_role("link", name="JSON", exact=True).click()
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


def test_share_a_deck_find_it_import_it_and_round_trip_a_csv_file(page, live_server, login,
                                                                   screenshot, tmp_path):
    alice = PlayerFactory(user__username="alice", level=10)
    bob = PlayerFactory(user__username="bob", level=10)
    rush = Deck.objects.create(player=alice, name="Alice's rush", is_ready=True,
                               tokens=["Mage", "Undead", "none"], **full_sections())
    slot = Deck.objects.create(player=bob, name="Bob's slot")
    page.on("dialog", lambda dialog: dialog.accept())  # the import asks before replacing

    # alice shares her deck from its builder.
    login("alice", FACTORY_PASSWORD)
    page.goto(f"{live_server.url}/decks/{rush.pk}/")
    page.click("button:has-text('Share with other players')")
    page.wait_for_selector("button:has-text('Stop sharing')")
    assert Deck.objects.get(pk=rush.pk).is_shared
    page.context.clear_cookies()

    # bob finds it on the Shared decks page and copies it into his empty deck.
    login("bob", FACTORY_PASSWORD)
    page.click("nav >> text=Decks")
    page.click("text=Shared decks of other players")
    page.wait_for_selector("table.shared-table")
    assert "alice" in page.locator("table.shared-table tbody tr").first.inner_text()
    screenshot("shared-list")
    page.click("a.deck-name:has-text(\"Alice's rush\")")
    page.wait_for_url(re.compile(rf"/decks/shared/{rush.pk}/$"))
    assert page.locator(".deck-cards .card[data-card-id]").count() == 45
    screenshot("shared-detail")
    page.select_option("#import-target", label="Bob's slot (0/45 cards, replaced)")
    page.click("#shared-import button:has-text('Import')")
    page.wait_for_url(re.compile(rf"/decks/{slot.pk}/$"))
    assert "45 of 45 cards" in page.locator("#deck-summary").inner_text()
    slot.refresh_from_db()
    assert slot.card_ids() == rush.card_ids() and slot.tokens == rush.tokens
    assert slot.name == "Bob's slot"

    # The copy goes out as a CSV file and comes back in through the file chooser.
    with page.expect_download() as download_info:
        page.get_by_role("link", name="CSV", exact=True).click()
    exported = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(exported)
    assert exported.suffix == ".csv"
    lines = exported.read_text().splitlines()
    assert lines[0] == "Bob's slot" and lines[4] == "Mage,Undead,none"
    page.click("text=All decks")
    with page.expect_file_chooser() as chooser:
        page.click("input[name=file]")
    chooser.value.set_files(str(exported))
    page.fill("#import_name", "Back from CSV")
    page.click("button:has-text('Import')")
    page.wait_for_selector("h1:has-text('Back from CSV')")
    assert "45 of 45 cards" in page.locator("#deck-summary").inner_text()
    # What the window shows: the deck's name and summary (the whole builder, some 30,000 px
    # of bob's pool, took 6 s to draw).
    screenshot("csv-imported", full_page=False)
    back = Deck.objects.get(player=bob, name="Back from CSV")
    assert (back.common, back.uncommon, back.rare, back.tokens) == (
        slot.common, slot.uncommon, slot.rare, slot.tokens)
