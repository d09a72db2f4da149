"""The generated card pictures (decks/card_pictures.py): built from what each card is (the
engine's effect tags, its keywords, rarity and cost), so that cards that play differently
look different; built once per process."""
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.urls import reverse

from decks import card_art, catalogue
from decks.card_pictures import Effect, card_picture, effect_size, effects_of
from games import engine

BASIC_WALL, BURGLAR, RED_DRAGON = 1, 260, 6
LIGHTNING_STRIKE, IRON_GOLEM, MAGICAL_STEEL, TREMORS = 3, 10, 50, 300


@pytest.fixture(autouse=True)
def _fresh_faces():
    card_art.forget()
    yield
    card_art.forget()


def picture(card_id):
    """(the wrapper's attributes, the parsed <svg>) of a card's generated picture, drawn
    inline (a catalogue card's face links the same drawing as a file: test_picture_files)."""
    html = str(card_picture(engine.card(card_id)))
    wrapper = ET.fromstring(html)
    assert wrapper.tag == "div" and "card-art--drawn" in wrapper.get("class")
    (svg,) = list(wrapper)
    return wrapper.attrib, svg


def classes(svg):
    return {c for el in svg.iter() for c in (el.get("class") or "").split()}


def motifs(svg):
    return {c for c in classes(svg) if c.startswith("motif-")}


def test_the_named_cards_are_the_ones_we_think():
    assert engine.card(BASIC_WALL).name == "Basic wall"
    assert engine.card(BURGLAR).name == "Burglar"
    assert "Dragon" in engine.card(RED_DRAGON).keywords
    assert [engine.card(cid).name for cid in (LIGHTNING_STRIKE, IRON_GOLEM, MAGICAL_STEEL,
                                              TREMORS)] == [
        "Lightning strike", "Iron golem", "Magical steel", "Tremors"]


def test_basic_wall_burglar_and_a_dragon_differ_in_every_part():
    wall_attrs, wall = picture(BASIC_WALL)
    burglar_attrs, burglar = picture(BURGLAR)
    dragon_attrs, dragon = picture(RED_DRAGON)
    # The central motif comes from the main effect, a badge from the second one.
    assert motifs(wall) == {"motif-wall"}
    assert motifs(burglar) == {"motif-attack", "motif-attack-small", "motif-steal"}  # Attack 2
    assert motifs(dragon) == {"motif-attack", "motif-attack-large", "motif-hit"}  # 30, wall -20
    # The weapon of an attack from the keywords: a Brigand's blade, a Dragon's claws.
    assert "weapon-blade" in classes(burglar) and "weapon-claws" in classes(dragon)
    assert "badge" not in classes(wall) and "badge" in classes(burglar)
    # The background from the cost: bricks red, recruits green.
    hue = re.compile(r"hsl\((-?\d+) ")
    assert int(hue.search(wall_attrs["style"]).group(1)) < 30
    assert 100 < int(hue.search(burglar_attrs["style"]).group(1)) < 150
    # The texture from the keywords: none for Basic wall, coins for Brigand, scales for Dragon.
    assert not any(c.startswith("texture") for c in classes(wall))
    assert "texture-coins" in classes(burglar)
    assert "texture-scales" in classes(dragon)
    # The frame from the rarity.
    assert "frame-common" in classes(wall) and "frame-common" in classes(burglar)
    assert {"frame-rare", "rays"} <= classes(dragon)


def test_main_effects_pick_their_motifs():
    def main_motif(cid):
        return picture(cid)[0]["data-motif"]

    expected = {"build": 0, "attack": 0, "hit": 0, "stock": 0, "production": 0,
                "facility": 0, "summons": 0, "discard": 0, "replace": 0}
    for card in engine.all_cards():
        if card.id == 0:
            continue
        kind = effects_of(card)[0].kind if effects_of(card) else "rune"
        assert main_motif(card.id) == kind
        if kind in expected:
            expected[kind] += 1
    # Every common kind of card has a motif of its own, used by many cards.
    assert all(count >= 5 for count in expected.values()), expected


def test_effects_come_from_the_engines_effect_tags():
    def of(cid):
        return effects_of(engine.card(cid))

    assert of(BASIC_WALL) == [Effect("build", "wall", "small")]
    assert of(BURGLAR) == [Effect("attack", "", "small"), Effect("steal", "", "small")]
    assert of(RED_DRAGON) == [Effect("attack", "", "large"), Effect("hit", "wall", "large")]
    assert of(LIGHTNING_STRIKE) == [Effect("facility_loss", "bricks", "medium")]  # quarry -1
    assert of(MAGICAL_STEEL) == [Effect("stock", "recruits", "medium")]
    # Bricks in one mode, recruits in the other: a mixed pile.
    assert of(IRON_GOLEM) == [Effect("attack", "", "large"), Effect("stock", "stock", "large")]
    assert [e.kind for e in of(TREMORS)] == ["hit", "stock_loss"]


def test_the_text_is_not_read(monkeypatch):
    """What the engine's tags say decides the motif; the card's text does not."""
    wall = engine.card(BASIC_WALL)
    monkeypatch.setattr(engine, "effect_tags", lambda card: frozenset({"reveal", "discard"}))
    assert effects_of(wall) == [Effect("discard", "", "small"), Effect("reveal", "", "small")]
    # Anything that is not an engine card (a concept) has no effects: a rune.
    assert effects_of(SimpleNamespace(id=5, text="Attack 50. Wall +10.", keywords=())) == []


def test_the_cost_for_each_effect_sets_the_size():
    assert effect_size(8, 2) == "small"     # Burglar: 8 for an attack and a theft
    assert effect_size(30, 2) == "large"    # Red dragon
    assert effect_size(10, 1) == "medium"
    assert effect_size(0, 0) == "small"     # a free card


def test_the_size_of_an_attack_sets_its_weapons():
    from decks.card_pictures import motif_attack

    def drawn(size, badge=False):
        svg = ET.fromstring(f'<svg>{motif_attack(Effect("attack", "", size), badge=badge)}</svg>')
        return classes(svg)

    assert "motif-attack-small" in drawn("small")
    assert "motif-attack-medium" in drawn("medium")
    assert "motif-attack-large" in drawn("large")
    assert "motif-attack-small" in drawn("large", badge=True)  # a badge draws one weapon


def test_a_third_effect_gets_the_other_corner():
    card = next(c for c in engine.all_cards() if c.id and len(effects_of(c)) >= 3)
    _, svg = picture(card.id)
    corners = [el.get("transform") for el in svg.iter() if "badge" in (el.get("class") or "")]
    assert sorted(corners) == ["translate(14 45)", "translate(86 45)"]


def test_every_picture_is_well_formed_and_holds_no_card_text():
    for card in engine.all_cards():
        if card.id == 0:
            continue
        # Drawn inline and as a file (raises on broken markup) ...
        ET.fromstring(str(card_picture(card)))
        document = catalogue.picture_file(card.id)[0]
        ET.fromstring(document)
        # ... and the text is in neither, nor in the face's pictures.
        face = catalogue.card_face(card.id)
        assert card.name not in document + str(face.art) + str(face.art_file)


def test_pictures_are_varied_across_the_catalogue():
    signatures = set()
    for card in engine.all_cards():
        if card.id == 0:
            continue
        attrs, svg = picture(card.id)
        signatures.add((attrs["data-motif"], frozenset(motifs(svg)),
                        frozenset(c for c in classes(svg) if c.startswith(("texture-", "frame-")))))
    # Of 753 cards: the rest share a look with a similar card (581 when the motifs came from
    # the engine's effect tags, 574 when they were guessed from the text).
    assert len(signatures) > 570


@pytest.mark.django_db
def test_no_request_draws_or_looks_up_a_picture(client_of, builder, monkeypatch):
    """The pictures are built when a server process starts (the warm-up): the cards section
    then draws none and does not read the imported pictures' index."""
    from marcomage.site.warmup import server_process_warm

    server_process_warm()
    calls = []

    def counted(name):
        def fail(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called during a request")
        return fail

    monkeypatch.setattr(catalogue, "card_picture", counted("card_picture"))
    monkeypatch.setattr(catalogue, "imported_card_picture", counted("imported_card_picture"))
    monkeypatch.setattr(card_art.default_storage, "open", counted("storage open"))
    page = client_of(builder).get(reverse("decks:cards")).content.decode()
    assert page.count('class="card-art card-art--drawn"') >= 20
    assert calls == []


def test_cards_alike_in_what_they_are_get_pictures_of_their_own():
    """Issue 44: cards of one cost and one main effect shared a picture (Wind and Battering
    ram the same wall with a red arrow, Gate and Double wall the same bricks). The name's
    emblem, where motif and emblem stand and the hills tell them apart; no two cards'
    pictures are the same (devtools.picture_distinctness measures how far apart they look)."""
    from decks.card_pictures import emblem_of

    by_name = {c.name: c for c in engine.all_cards()}
    for first, second in (("Wind", "Battering ram"), ("Gate", "Double wall")):
        a, b = picture(by_name[first].id)[0], picture(by_name[second].id)[0]
        assert a["data-motif"] == b["data-motif"]  # the same main effect ...
        assert a["data-emblem"] != b["data-emblem"], (first, second)  # ... its own emblem
    assert emblem_of("Wind", b"\0" * 32) == "swirl" and emblem_of("Gate", b"\0" * 32) == "arch"
    assert emblem_of("Battering ram", b"\0" * 32) == "ram"
    markups = [str(card_picture(c)) for c in engine.all_cards() if c.id]
    assert len(set(markups)) == len(markups) >= 753


def _linked(card_id):
    """(the wrapper's attributes, the <img>'s) of a catalogue card's picture for long lists."""
    tags = []

    class Tags(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append((tag, dict(attrs)))

    Tags().feed(str(catalogue.card_face(card_id).art_file))
    (div, wrapper), (img, attrs) = tags
    assert (div, img) == ("div", "img")
    return wrapper, attrs


def test_a_catalogue_card_links_its_drawing_as_a_file_browsers_keep(client, db):
    """In long lists a catalogue card's drawing is an <img> of a file whose address carries
    the drawing's version (the deck builder's pool carried 751 drawings inline: 3.1 MB a
    page). The file is the inline drawing's, and the wrapper is the same."""
    wrapper, img = _linked(BURGLAR)
    assert img["alt"] == "" and img["loading"] == "lazy"
    inline_attrs, inline_svg = picture(BURGLAR)
    assert wrapper == inline_attrs  # motif, emblem and background
    response = client.get(img["src"])
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert "immutable" in response["Cache-Control"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in response["Content-Security-Policy"]
    svg = ET.fromstring(response.content)
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert ([(el.tag.split("}")[-1], el.get("class")) for el in svg.iter()][1:]
            == [(el.tag, el.get("class")) for el in inline_svg.iter()][1:])


def test_a_picture_address_of_another_version_is_sent_on_and_other_cards_have_none(client, db):
    current = _linked(BASIC_WALL)[1]["src"]
    stale = client.get(reverse("decks:card_picture", args=[BASIC_WALL, "0123456789ab"]))
    assert stale.status_code == 302 and stale["Location"] == current
    assert "immutable" not in stale["Cache-Control"]
    for card_id in (0, engine.FIRST_CUSTOM_ID, 99999):
        version = "0123456789ab"
        assert client.get(reverse("decks:card_picture", args=[card_id, version])).status_code == 404


@pytest.mark.django_db
def test_long_lists_link_the_pictures_and_the_board_draws_them_inline(client_of, builder):
    """The cards section and the deck builder list hundreds of cards: their pictures are
    files. A game's board draws its few cards inline (a new browser's first game would
    otherwise ask for some 90 files: docs/performance.md)."""
    from decks.templatetags.cards import card_html

    page = client_of(builder).get(reverse("decks:cards")).content.decode()
    assert page.count('<img class="card-art-svg" src="/cards/') >= 20
    assert '<svg class="card-art-svg"' not in page
    board_card = str(card_html(None, BURGLAR))
    assert '<svg class="card-art-svg"' in board_card and "picture-" not in board_card
