"""The generated card pictures (decks/card_pictures.py): built from what each card is,
so that cards that play differently look different; built once per process."""
import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from decks import card_art, catalogue
from decks.card_pictures import Effect, effects_of
from games import engine

BASIC_WALL, BURGLAR, RED_DRAGON = 1, 260, 6


@pytest.fixture(autouse=True)
def _fresh_faces():
    card_art.forget()
    yield
    card_art.forget()


def picture(card_id):
    """(the wrapper's attributes, the parsed <svg>) of a card's generated picture."""
    html = str(catalogue.card_face(card_id).art)
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
        kind = effects_of(card.text)[0].kind if effects_of(card.text) else "rune"
        assert main_motif(card.id) == kind
        if kind in expected:
            expected[kind] += 1
    # Every common kind of card has a motif of its own, used by many cards.
    assert all(count >= 5 for count in expected.values()), expected


def test_effects_are_read_from_the_card_text_in_order():
    assert effects_of("Attack 2. Steal 2 stock.") == [Effect("attack", "", 2), Effect("steal")]
    assert effects_of("Wall +8.") == [Effect("build", "wall", 8)]
    assert effects_of("Tower +18. Wall +6.")[0] == Effect("build", "tower", 18)
    assert effects_of("Enemy tower -5. Enemy stock -2.") == [
        Effect("hit", "tower", 5), Effect("stock_loss", "stock", 2)]
    assert effects_of("Gems production x2.") == [Effect("production", "gems")]
    assert effects_of("Dungeons +2. Summons a random rare Beast card.") == [
        Effect("facility", "recruits", 2), Effect("summons")]
    assert effects_of("Enemy magic -1.") == [Effect("facility_loss", "gems", 1)]
    assert effects_of("Stock x2.") == [Effect("stock", "stock")]
    assert effects_of("Tower x2.") == [Effect("build", "tower")]
    assert effects_of("Enemy tower becomes 10. Enemy wall becomes 10.") == [Effect("hit", "tower")]
    assert effects_of("Enemy tower and enemy wall each lose half their height.") == [
        Effect("hit", "tower")]
    assert effects_of("Your whole hand is discarded and you draw 8 new cards.") == [
        Effect("discard")]
    assert effects_of("Nothing the patterns know.") == []


def test_the_size_of_an_attack_sets_its_weapons():
    from decks.card_pictures import motif_attack

    def drawn(amount):
        svg = ET.fromstring(f'<svg>{motif_attack(Effect("attack", "", amount))}</svg>')
        return classes(svg)

    assert "motif-attack-small" in drawn(2)
    assert "motif-attack-medium" in drawn(12)
    assert "motif-attack-large" in drawn(40)
    assert "motif-attack-medium" in drawn(0)  # "attack for as much as ...": not numbered


def test_every_picture_is_well_formed_and_holds_no_card_text():
    for card in engine.all_cards():
        if card.id == 0:
            continue
        html = str(catalogue.card_face(card.id).art)
        ET.fromstring(html)  # raises on broken markup
        assert card.name not in html


def test_pictures_are_varied_across_the_catalogue():
    signatures = set()
    for card in engine.all_cards():
        if card.id == 0:
            continue
        attrs, svg = picture(card.id)
        signatures.add((attrs["data-motif"], frozenset(motifs(svg)),
                        frozenset(c for c in classes(svg) if c.startswith(("texture-", "frame-")))))
    assert len(signatures) > 250  # of 753 cards: the rest share a look with a similar card


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
