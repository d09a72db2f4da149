"""The original game's CSV deck file: export and import round-trip, and every kind of bad
file is refused with a precise message and changes nothing."""
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks import services, transfer, transfer_csv
from decks.models import Deck
from games import engine

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db


def csv_file(name="Tower rush", common=None, uncommon=None, rare=None,
             tokens="Mage,Alliance,none", end="\n") -> bytes:
    sections = full_sections()
    rows = [name]
    for section, given_ids in (("common", common), ("uncommon", uncommon), ("rare", rare)):
        ids = sections[section] if given_ids is None else given_ids
        rows.append(ids if isinstance(ids, str) else ",".join(str(cid) for cid in ids))
    rows.append(tokens)
    return ("\n".join(rows) + end).encode("utf-8")


def problems_of(raw, level=10):
    with pytest.raises(transfer.DeckFileError) as info:
        transfer_csv.parse_csv_deck_file(raw, player_level=level)
    return " | ".join(info.value.problems)


def complete_deck(player, name="Original", tokens=("Mage", "Undead", "none")):
    sections = full_sections()
    return Deck.objects.create(player=player, name=name, tokens=list(tokens), is_ready=True,
                               **sections)


# ---------------------------------------------------------------------------- round trip
def test_export_then_import_gives_the_same_deck(builder):
    deck = complete_deck(builder)
    raw = transfer_csv.export_csv_bytes(deck)
    lines = raw.decode().splitlines()
    assert len(lines) == 5 and lines[0] == "Original" and lines[4] == "Mage,Undead,none"
    assert lines[1].split(",") == [str(cid) for cid in deck.common]
    deck.delete()
    copy = services.deck_import(player=builder, raw=raw, filename="original.csv")
    assert (copy.name, copy.common, copy.uncommon, copy.rare, copy.tokens) == (
        "Original", deck.common, deck.uncommon, deck.rare, deck.tokens)
    assert copy.is_ready


def test_an_incomplete_deck_round_trips_with_its_empty_slots(builder):
    deck = services.deck_create(player=builder, name="Half")
    services.deck_add_card(player=builder, deck_id=deck.pk, card_id=playable("Rare", count=1)[0])
    deck.refresh_from_db()
    copy = services.deck_import(player=builder, raw=transfer_csv.export_csv_bytes(deck),
                                name="Half copy", filename="half.csv")
    assert (copy.common, copy.uncommon, copy.rare, copy.tokens) == (
        deck.common, deck.uncommon, deck.rare, ["none"] * 3)
    assert not copy.is_ready


def test_a_long_name_is_cut_to_twenty_characters_on_export(builder):
    deck = complete_deck(builder, name="A name much longer than twenty")
    raw = transfer_csv.export_csv_bytes(deck)
    assert raw.decode().splitlines()[0] == "A name much longer t"
    assert transfer_csv.parse_csv_deck_file(raw, player_level=10).name == "A name much longer t"


def test_the_export_page_offers_a_csv_download(builder, client_of):
    deck = complete_deck(builder, name="Rush: v2")
    response = client_of(builder).get(f"/decks/{deck.pk}/export/csv/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="rush-v2.csv"'
    assert response.content == transfer_csv.export_csv_bytes(deck)
    builder_page = client_of(builder).get(f"/decks/{deck.pk}/").content.decode()
    list_page = client_of(builder).get("/decks/").content.decode()
    for page in (builder_page, list_page):
        assert f"/decks/{deck.pk}/export/" in page and f"/decks/{deck.pk}/export/csv/" in page


def test_a_good_csv_file_through_the_page_creates_the_deck(builder, client_of):
    upload = SimpleUploadedFile("rush.csv", csv_file(end="\r\n").replace(b"\n", b"\r\n"))
    response = client_of(builder).post("/decks/import/", {"file": upload})
    deck = Deck.objects.get(player=builder)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert deck.name == "Tower rush" and deck.is_ready
    assert deck.tokens == ["Mage", "Alliance", "none"] and deck.note == ""


def test_a_file_without_a_known_extension_is_read_by_its_content(builder):
    json_raw = (b'{"format": "marcomage-deck", "version": 1, "name": "From JSON", '
                b'"cards": {"common": [], "uncommon": [], "rare": []}}')
    assert services.deck_import(player=builder, raw=json_raw, filename="deck").name == "From JSON"
    assert services.deck_import(player=builder, raw=csv_file(),
                                filename="deck.txt").name == "Tower rush"


def test_case_and_spaces_in_token_names_are_forgiven():
    raw = csv_file(tokens=" mage , NONE,undead ")
    assert transfer_csv.parse_csv_deck_file(raw, player_level=10).tokens == [
        "Mage", "none", "Undead"]


# ---------------------------------------------------------------------------- bad files
def _rare_card_id():
    return playable("Rare", count=1)[0]


def _high_level_common():
    return next(c for c in engine.cards_filter(rarity="Common")
                if c.level > 0 and c.implemented and not c.forbidden)


def _ids(section, replace_at=None, value=None):
    ids = [str(cid) for cid in full_sections()[section]]
    if replace_at is not None:
        ids[replace_at] = str(value)
    return ",".join(ids)


BAD_FILES = [
    # (description, raw bytes, what the message says)
    ("empty", b"", "The file is empty"),
    ("only blank lines", b"\n\n  \n", "The file is empty"),
    ("too large", b"x" * (transfer_csv.CSV_MAX_BYTES + 1), "at most 1,000 bytes"),
    ("not UTF-8", b"\xff\xfe\x00d\x00e\x00c\x00k", "not text"),
    ("a NUL byte", csv_file(name="Na\x00me"), "not text"),
    ("a picture", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not text"),
    ("four lines", b"Name\n0,0\n0,0\nnone,none,none\n", "has 5 lines"),
    ("six lines", csv_file() + b"extra\n", "this one has 6"),
    ("empty name", csv_file(name="   "), "Line 1: the deck name is empty"),
    ("name too long", csv_file(name="x" * 21), "the deck name has 21 characters; at most 20"),
    ("14 ids", csv_file(common=",".join(["0"] * 14)), "Line 2 (common cards) has 14 ids"),
    ("16 ids", csv_file(rare=",".join(["0"] * 16)), "Line 4 (rare cards) has 16 ids"),
    ("a word for an id", csv_file(uncommon=_ids("uncommon", 2, "abc")),
     "Line 3, id 3: 'abc' is not a card id"),
    ("an empty id", csv_file(common=_ids("common", 0, "")),
     "Line 2, id 1: an empty entry is not a card id"),
    ("a negative id", csv_file(common=_ids("common", 4, "-3")), "'-3' is not a card id"),
    ("a decimal id", csv_file(common=_ids("common", 4, "1.5")), "'1.5' is not a card id"),
    ("an unknown id", csv_file(common=_ids("common", 5, "999999")),
     "Line 2, id 6: there is no card with id 999999"),
    ("a rare card on the common line", csv_file(common=_ids("common", 0, _rare_card_id())),
     "is a rare card and belongs in line 4 (rare cards)"),
    ("a card twice", csv_file(common=_ids("common", 1, full_sections()["common"][0])),
     "is listed twice in line 2 (common cards)"),
    ("two token counters", csv_file(tokens="Mage,none"), "Line 5 has 2 token counters"),
    ("an unknown token counter", csv_file(tokens="Mage,Dragon,none"),
     "Line 5, counter 2: 'Dragon' is not a token keyword"),
    ("a keyword without a counter", csv_file(tokens="Quick,none,none"),
     "'Quick' is not a token keyword"),
    ("a token counter twice", csv_file(tokens="Mage,mage,none"),
     "Line 5, counter 2: Mage is named twice"),
]


@pytest.mark.parametrize("raw, expected", [(raw, expected) for _, raw, expected in BAD_FILES],
                         ids=[description for description, _, _ in BAD_FILES])
def test_each_bad_file_gets_a_precise_message_and_creates_nothing(builder, client_of, raw,
                                                                  expected):
    assert expected in problems_of(raw)
    before = list(Deck.objects.values_list("pk", "name", "common", "tokens"))
    response = client_of(builder).post("/decks/import/",
                                       {"file": SimpleUploadedFile("bad.csv", raw)}, follow=True)
    if raw:
        assert response.status_code == 400
        assert expected in response.content.decode().replace("&#x27;", "'")
    else:  # the upload form itself refuses an empty file, back on the deck list
        assert "The submitted file is empty" in response.content.decode()
    assert list(Deck.objects.values_list("pk", "name", "common", "tokens")) == before


def test_a_card_above_the_level_and_a_forbidden_card_are_refused():
    high = _high_level_common()
    forbidden = next(c for c in engine.all_cards() if c.forbidden and c.rarity == "Rare")
    raw = csv_file(common=_ids("common", 0, high.id), rare=_ids("rare", 0, forbidden.id))
    report = problems_of(raw, level=high.level - 1)
    assert f"Line 2, id 1: {high.name} needs level {high.level}" in report
    assert f"Line 4, id 1: {forbidden.name} is Forbidden" in report


def test_every_problem_of_a_file_is_listed_at_once():
    raw = csv_file(name="y" * 30, common=_ids("common", 0, "999999"),
                   uncommon=",".join(["0"] * 3), tokens="Mage,Mage,Dragon")
    report = problems_of(raw)
    for expected in ("Line 1", "Line 2, id 1", "Line 3 (uncommon cards) has 3 ids",
                     "named twice", "'Dragon'"):
        assert expected in report, expected


def test_a_taken_name_is_refused_and_changes_nothing(builder):
    services.deck_create(player=builder, name="Tower rush")
    with pytest.raises(services.DeckError, match="already have a deck called “Tower rush”"):
        services.deck_import(player=builder, raw=csv_file(), filename="rush.csv")
    assert Deck.objects.filter(player=builder).count() == 1
    # Another name given with the upload is taken instead of the file's.
    assert services.deck_import(player=builder, raw=csv_file(), name="Rush II",
                                filename="rush.csv").name == "Rush II"


def test_a_large_csv_file_says_the_csv_limit_not_the_json_one(builder, client_of):
    upload = SimpleUploadedFile("big.csv", b"0," * (transfer.MAX_FILE_BYTES + 10))
    response = client_of(builder).post("/decks/import/", {"file": upload})
    assert response.status_code == 400 and "at most 1,000 bytes" in response.content.decode()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(raw=st.one_of(
    st.binary(max_size=1200),
    st.lists(st.text(alphabet=st.characters(codec="utf-8"), max_size=80), max_size=7)
    .map(lambda lines: "\n".join(lines).encode("utf-8")),
    st.lists(st.one_of(st.integers(-5, 2000), st.sampled_from(["", " ", "x", "none", "Mage"])),
             min_size=0, max_size=50)
    .map(lambda ids: ("Name\n" + ",".join(map(str, ids[:15])) + "\n"
                      + ",".join(map(str, ids[15:30])) + "\n" + ",".join(map(str, ids[30:45]))
                      + "\nnone,none,none\n").encode()),
))
def test_any_bytes_are_parsed_or_refused_with_reasons(raw):
    try:
        parsed = transfer_csv.parse_csv_deck_file(raw, player_level=10)
    except transfer.DeckFileError as error:
        assert error.problems and all(isinstance(p, str) and p for p in error.problems)
    else:
        assert 0 < len(parsed.name) <= transfer_csv.CSV_NAME_MAX
        for section in ("common", "uncommon", "rare"):
            assert len(getattr(parsed, section)) == 15
        assert len(parsed.tokens) == 3
