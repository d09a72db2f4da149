"""Deck files: a round trip keeps everything; every kind of bad file is refused with a
clear reason and creates nothing, whatever bytes arrive."""
import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks import services, transfer
from decks.models import Deck
from games import engine

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db


def deck_file(**overrides):
    sections = full_sections()
    data = {"format": "marcomage-deck", "version": 1, "name": "Imported",
            "cards": sections, "tokens": ["Mage", "none", "none"], "note": "hello"}
    data.update(overrides)
    return json.dumps(data).encode()


def problems_of(raw, level=10):
    with pytest.raises(transfer.DeckFileError) as info:
        transfer.parse_deck_file(raw, player_level=level)
    return " | ".join(info.value.problems)


def test_export_then_import_gives_the_same_deck(builder):
    deck = services.deck_create(player=builder, name="Original")
    for ids in full_sections().values():
        for cid in ids:
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=cid)
    services.deck_set_note(player=builder, deck_id=deck.pk, note="Ünïcode note ✓")
    deck.refresh_from_db()
    raw = transfer.export_bytes(deck)
    copy = services.deck_import(player=builder, raw=raw, name="Copy")
    assert (copy.common, copy.uncommon, copy.rare, copy.tokens, copy.note) == (
        deck.common, deck.uncommon, deck.rare, deck.tokens, deck.note)
    assert copy.is_ready and copy.name == "Copy"


def test_an_incomplete_deck_round_trips_with_empty_slots(builder):
    deck = services.deck_create(player=builder, name="Half")
    services.deck_add_card(player=builder, deck_id=deck.pk, card_id=playable("Rare", count=1)[0])
    deck.refresh_from_db()
    copy = services.deck_import(player=builder, raw=transfer.export_bytes(deck), name="Half 2")
    assert copy.rare == deck.rare and not copy.is_ready


def test_short_sections_are_padded_with_empty_slots():
    parsed = transfer.parse_deck_file(deck_file(cards={"common": [], "uncommon": [], "rare": []}),
                                      player_level=10)
    assert parsed.common == [0] * 15


@pytest.mark.parametrize("raw, expected", [
    (b"", "empty"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"x" * (transfer.MAX_FILE_BYTES + 1), "too big"),
    (b"{not json", "not valid JSON"),
    (b"[1, 2, 3]", "not a MArcomage deck file"),
    (b'{"format": "something-else", "version": 1}', "not a MArcomage deck file"),
    (b'{"format": "marcomage-deck", "version": 2}', "version 2"),
    (b'{"format": "marcomage-deck", "version": "1"}', "version '1'"),
    (b'{"format": "marcomage-deck", "version": true}', "version true"),
    (b"[" * 50000 + b"]" * 50000, "too big"),
    (b"[" * 20000 + b"]" * 20000, "nested too deeply"),
    (b'{"format": "marcomage-deck", "version": 1, "cards": ' + b"[" * 30000 + b"]" * 30000 + b"}",
     "nested too deeply"),
    (b'{"format": "marcomage-deck", "version": 1, "n": NaN}', "not valid JSON"),
    (b'{"format": "marcomage-deck", "version": 1, "n": ' + b"9" * 5000 + b"}", "not valid JSON"),
])
def test_files_that_are_not_deck_files(raw, expected):
    assert expected in problems_of(raw)


def test_every_problem_is_reported_at_once():
    sections = full_sections()
    common = sections["common"][:14] + [sections["common"][0]]  # duplicate
    uncommon = sections["uncommon"][:14] + [sections["rare"][0]]  # wrong section
    rare = [999999, "7", 1.5, None, True, [1], -4]
    forbidden = engine.cards_filter(keyword="Forbidden", include_forbidden=True)
    forbidden_rare = [c.id for c in forbidden if c.rarity == "Rare"]
    rare += forbidden_rare[:1]
    report = problems_of(deck_file(name=5, note=["x"], tokens=["Mage", "Dragon"],
                                   cards={"common": common, "uncommon": uncommon, "rare": rare}))
    for expected in ("name is missing", "note must be text", "listed twice",
                     "belongs in the rare section", "no card with id 999999",
                     "'7' is not a card id", "1.5 is not a card id", "null is not a card id",
                     "true is not a card id", "a list is not a card id",
                     "no card with id -4", "Token counter 'Dragon'"):
        assert expected in report, expected
    if forbidden_rare:
        assert "Forbidden" in report


@pytest.mark.parametrize("cards, expected", [
    ("all of them", "must be an object"),
    ({"common": list(range(1, 17))}, "has 16 entries"),
    ({"common": [], "uncommon": [], "rare": {}}, "rare section is missing or is not a list"),
    ({"common": [], "uncommon": [], "rare": [], "mythic": []}, "Unknown card sections"),
])
def test_wrong_shapes_and_counts(cards, expected):
    assert expected in problems_of(deck_file(cards=cards))


def test_locked_cards_are_refused_for_low_levels():
    high = [c for c in engine.cards_filter(rarity="Rare") if c.level > 0 and c.implemented][:1]
    assert high, "a high-level rare card"
    raw = deck_file(cards={"common": [], "uncommon": [], "rare": [high[0].id]})
    assert f"needs level {high[0].level}" in problems_of(raw, level=0)


def test_unimplemented_cards_are_refused(builder, unplayable_card):
    raw = deck_file(cards={"common": [unplayable_card.id], "uncommon": [], "rare": []})
    refusal = f"common #1: {unplayable_card.name} cannot be played on this site yet."
    assert refusal in problems_of(raw)
    with pytest.raises(services.DeckError, match="cannot be imported") as info:
        services.deck_import(player=builder, raw=raw)
    assert refusal in info.value.problems
    assert not Deck.objects.filter(player=builder).exists()


def test_name_taken_and_no_free_slot_create_nothing(builder):
    services.deck_create(player=builder, name="Imported")
    with pytest.raises(services.DeckError, match="already have a deck called"):
        services.deck_import(player=builder, raw=deck_file())
    for i in range(4):
        services.deck_create(player=builder, name=f"Filler {i}")
    with pytest.raises(services.DeckError, match="deck slots are in use"):
        services.deck_import(player=builder, raw=deck_file(), name="Fresh name")
    assert Deck.objects.filter(player=builder).count() == 5


def test_the_import_page_lists_the_problems_and_creates_nothing(builder, client_of):
    client = client_of(builder)
    upload = SimpleUploadedFile("bad.json", b'{"format": "marcomage-deck", "version": 1, '
                                            b'"name": "X", "cards": {"common": [999999]}}')
    response = client.post("/decks/import/", {"file": upload})
    assert response.status_code == 400
    body = response.content.decode()
    assert "was not imported" in body and "no card with id 999999" in body
    assert not Deck.objects.filter(player=builder).exists()


def test_a_too_big_upload_is_refused_before_reading_it(builder, client_of):
    upload = SimpleUploadedFile("big.json", b" " * (transfer.MAX_FILE_BYTES + 10))
    response = client_of(builder).post("/decks/import/", {"file": upload}, follow=True)
    assert "The file is too big" in response.content.decode()
    assert not Deck.objects.filter(player=builder).exists()


def test_a_good_file_through_the_page_creates_the_deck(builder, client_of):
    upload = SimpleUploadedFile("deck.json", deck_file())
    response = client_of(builder).post("/decks/import/", {"file": upload, "name": "From file"})
    deck = Deck.objects.get(player=builder)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert deck.name == "From file" and deck.is_ready and deck.tokens == ["Mage", "none", "none"]


# ---------------------------------------------------------------------------- fuzzing
FUZZ_RANDOM_BYTES = 300
FUZZ_MUTATED_FILES = 300


def _mutations(rng, base):
    """Deck files with one part replaced by a random value of a random type."""
    values = [None, True, 0, -1, 10**6, 1.5, "", "x" * 300, [], {}, [[[]]], {"a": {"b": []}},
              "Common", list(range(40)), ["Mage"] * 5]
    keys = ["format", "version", "name", "cards", "tokens", "note"]
    for _ in range(FUZZ_MUTATED_FILES):
        data = json.loads(json.dumps(base))
        target = rng.choice(keys + ["card"])
        if target == "card":
            section = rng.choice(["common", "uncommon", "rare"])
            data["cards"][section][rng.randrange(15)] = rng.choice(values + [rng.randrange(-5, 900)])
        elif rng.random() < .2:
            del data[target]
        else:
            data[target] = rng.choice(values)
        yield json.dumps(data).encode()


def test_fuzzing_the_import_never_errors_and_never_leaves_half_a_deck(builder, client_of):
    client = client_of(builder)
    rng = random.Random(20240611)
    base = json.loads(deck_file())
    inputs = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000)))
              for _ in range(FUZZ_RANDOM_BYTES)]
    inputs += list(_mutations(rng, base))
    statuses = {}
    created = 0
    for i, raw in enumerate(inputs):
        before = Deck.objects.filter(player=builder).count()
        response = client.post("/decks/import/",
                               {"file": SimpleUploadedFile("f.json", raw), "name": f"Fuzz {i}"})
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        after = Deck.objects.filter(player=builder).count()
        if response.status_code == 302:
            created += 1
            assert after == before + 1
            # Keep slots free so later valid files are judged on their content.
            Deck.objects.filter(player=builder).delete()
        else:
            assert response.status_code == 400, raw[:200]
            assert after == before
    assert 500 not in statuses
    assert sum(statuses.values()) == FUZZ_RANDOM_BYTES + FUZZ_MUTATED_FILES
    # Mutating the note or name to a valid string still imports; most mutations are refused.
    assert 0 < created < FUZZ_MUTATED_FILES
    print(f"\nfuzzing: {sum(statuses.values())} inputs, statuses {statuses}, {created} decks created")
