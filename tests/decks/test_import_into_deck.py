"""Importing a deck file into the deck being edited (the original game's import): the
file's name, cards and token counters replace that deck's after a confirmation, also when
every deck slot is in use."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks import services, transfer_csv
from decks.models import Deck
from players.tutorial.sections import SECTION_LEVELS

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db


def deck_json(name="From the file", tokens=("Mage", "none", "none"), **cards):
    sections = full_sections()
    sections.update(cards)
    return json.dumps({"format": "marcomage-deck", "version": 1, "name": name,
                       "cards": sections, "tokens": list(tokens), "note": "file note"}).encode()


@pytest.fixture
def full_slots(builder):
    """builder with all five deck slots used (as every demo player and new player has)."""
    decks = [services.deck_create(player=builder, name=f"Deck {i}") for i in range(5)]
    deck = decks[0]
    services.deck_set_note(player=builder, deck_id=deck.pk, note="my note")
    Deck.objects.filter(pk=deck.pk).update(wins=3, losses=2)
    services.deck_add_card(player=builder, deck_id=deck.pk, card_id=playable("Rare")[-1])
    return decks


def upload(raw, name="deck.json"):
    return SimpleUploadedFile(name, raw)


def test_with_every_slot_used_a_file_still_imports_into_the_open_deck(builder, full_slots,
                                                                      client_of):
    client = client_of(builder)
    deck = full_slots[0]
    # As a new deck: refused, there is no free slot.
    response = client.post("/decks/import/", {"file": upload(deck_json())})
    assert response.status_code == 400 and "deck slots are in use" in response.content.decode()

    # Into the open deck: a confirmation first, nothing changed yet.
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'action="/decks/{deck.pk}/import/"' in page
    response = client.post(f"/decks/{deck.pk}/import/", {"file": upload(deck_json())})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Replace “Deck 0” with the file?" in body and "From the file" in body
    assert "45/45" in body and f'action="/decks/{deck.pk}/import/confirm/"' in body
    deck.refresh_from_db()
    assert deck.name == "Deck 0" and sum(1 for c in deck.card_ids() if c) == 1

    response = client.post(f"/decks/{deck.pk}/import/confirm/")
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    deck.refresh_from_db()
    sections = full_sections()
    assert deck.name == "From the file"
    assert (deck.common, deck.uncommon, deck.rare) == (
        sections["common"], sections["uncommon"], sections["rare"])
    assert deck.tokens == ["Mage", "none", "none"] and deck.is_ready
    # The note and the record stay; no deck was added.
    assert deck.note == "my note" and (deck.wins, deck.losses) == (3, 2)
    assert Deck.objects.filter(player=builder).count() == 5

    # The waiting file is used once.
    response = client.post(f"/decks/{deck.pk}/import/confirm/", follow=True)
    assert "no deck file waiting" in response.content.decode()


def test_the_original_games_csv_file_imports_into_the_deck(builder, full_slots, client_of):
    source = full_slots[1]
    for ids in full_sections().values():
        for cid in ids:
            services.deck_add_card(player=builder, deck_id=source.pk, card_id=cid)
    source.refresh_from_db()
    raw = transfer_csv.export_csv_bytes(source)
    client = client_of(builder)
    target = full_slots[2]
    client.post(f"/decks/{target.pk}/import/", {"file": upload(raw, "deck.csv"),
                                                  "name": "Csv copy"})
    client.post(f"/decks/{target.pk}/import/confirm/")
    target.refresh_from_db()
    assert target.name == "Csv copy" and target.card_ids() == source.card_ids()


def test_a_bad_file_changes_nothing_and_says_why(builder, full_slots, client_of):
    deck = full_slots[0]
    deck.refresh_from_db()
    before = deck.card_ids()
    assert any(before)
    client = client_of(builder)
    bad = deck_json(common=[999999])
    response = client.post(f"/decks/{deck.pk}/import/", {"file": upload(bad)})
    body = response.content.decode()
    assert response.status_code == 400
    assert "no card with id 999999" in body and "“Deck 0” was not changed" in body
    assert f'href="/decks/{deck.pk}/"' in body
    response = client.post(f"/decks/{deck.pk}/import/confirm/", follow=True)
    assert "no deck file waiting" in response.content.decode()
    deck.refresh_from_db()
    assert deck.card_ids() == before and deck.name == "Deck 0"


def test_the_name_of_another_deck_is_refused_before_the_confirmation(builder, full_slots,
                                                                     client_of):
    deck = full_slots[0]
    response = client_of(builder).post(f"/decks/{deck.pk}/import/",
                                       {"file": upload(deck_json(name="deck 3"))})
    assert response.status_code == 400
    assert "already have a deck called" in response.content.decode()
    # Its own name is no collision.
    response = client_of(builder).post(f"/decks/{deck.pk}/import/",
                                       {"file": upload(deck_json(name="Deck 0"))})
    assert response.status_code == 200


def test_the_cards_are_checked_again_at_the_confirmation(builder, full_slots, client_of):
    """The file was read in an earlier request: a level lost since then (or a session
    tampered with) must not put locked cards into the deck."""
    deck = full_slots[0]
    client = client_of(builder)
    client.post(f"/decks/{deck.pk}/import/", {"file": upload(deck_json())})
    builder.level = SECTION_LEVELS["decks"]  # the deck section stays open, high cards lock
    builder.save(update_fields=["level"])
    response = client.post(f"/decks/{deck.pk}/import/confirm/")
    assert response.status_code == 400 and "needs level" in response.content.decode()
    deck.refresh_from_db()
    assert deck.name == "Deck 0"


def test_a_waiting_file_is_bound_to_its_deck(builder, full_slots, client_of):
    client = client_of(builder)
    first, second = full_slots[0], full_slots[1]
    client.post(f"/decks/{first.pk}/import/", {"file": upload(deck_json())})
    response = client.post(f"/decks/{second.pk}/import/confirm/", follow=True)
    assert "no deck file waiting" in response.content.decode()
    second.refresh_from_db()
    assert second.name == "Deck 1"


def test_another_players_deck_cannot_be_imported_into(builder, full_slots, bob, client_of):
    deck = full_slots[0]
    bob.level = 10
    bob.save(update_fields=["level"])
    client = client_of(bob)
    response = client.post(f"/decks/{deck.pk}/import/", {"file": upload(deck_json())})
    assert response.status_code == 404
    response = client.post(f"/decks/{deck.pk}/import/confirm/")
    assert response.status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Deck 0"


def test_no_file_is_a_message_not_an_error(builder, full_slots, client_of):
    deck = full_slots[0]
    response = client_of(builder).post(f"/decks/{deck.pk}/import/", {}, follow=True)
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()


def test_the_deck_list_points_to_the_import_into_a_deck_when_slots_are_full(
        builder, full_slots, client_of):
    body = client_of(builder).get("/decks/").content.decode()
    assert "Import into this deck" in body
