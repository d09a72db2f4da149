"""The advanced ("effect") filter: 30 effect tags the engine reads from each card's
definition, offered on the Cards page, in the deck builder's pool and in the API; summon
lists rebuilt with the filters as the manual says."""
import ast
import pathlib
import re

import pytest
from django.utils.html import escape

from decks import catalogue, services
from games import engine
from games.engine.cards import dsl, effect_tags

pytestmark = pytest.mark.django_db

CARD_DEFS = pathlib.Path(engine.__file__).parent / "cards"

# Cards that do what a filter names, several per filter, checked against their texts.
SAMPLES = {
    "attack": {7: "Knight", 26: "Thief", 726: "Cerberus"},  # Cerberus: "Attack 30" too
    "discard": {20: "Duelist", 51: "Samurai", 264: None, 717: None},
    "replace": {205: "Danai present", 292: None, 494: None},
    "reveal": {492: "Lighthouse"},
    "summons": {9: "Stonehenge", 16: "Mage guild", 744: None},
    "evoke": {108: "Archmage", 207: "Shapeshifter", 384: "Last order", 475: None, 629: None},
    "steal": {8: "Soulstealer", 26: "Thief", 339: None},
    "production": {119: "Haste", 69: "Beast mistress", 654: None},
    "persistent": {76: "Ninja", 212: "Rogue", 318: "Fallen knight"},
    "wall_plus": {1: "Basic wall", 4: "Great Wall of China", 451: None},  # 451: enemy wall +8
    "wall_minus": {6: "Red dragon", 41: "Stone golem", 17: "Earthquake"},
    "tower_plus": {2: "Foundations", 18: "Scout tower", 499: None},
    "tower_minus": {45: "Marauder", 59: "Flame spitter", 286: None},
    "facilities_plus": {5: "Curse", 64: "Enlightenment", 450: None},
    "facilities_minus": {5: "Curse", 15: "Plague", 63: "Dark ritual"},
    "quarry_plus": {22: "Sculptor", 100: "Wonder"},
    "quarry_minus": {3: "Lightning strike", 197: "Pit fiend"},
    "magic_plus": {34: "Book of magic", 9: "Stonehenge"},
    "magic_minus": {14: "Immolation", 43: "Blood sacrifice"},
    "dungeon_plus": {12: "Blacksmith", 83: "Valkyrie"},
    "dungeon_minus": {29: "Night raid", 209: "Overlord"},
    "stock_plus": {16: "Mage guild", 23: "Caravan", 199: None},
    "stock_minus": {52: "Pirates", 81: "New era", 242: None},
    "bricks_plus": {47: "City walls", 49: "Living clay"},
    "bricks_minus": {73: "Giant spider", 79: "Erosion"},
    "gems_plus": {11: "Meditation", 43: "Blood sacrifice"},
    "gems_minus": {37: "Mystic strike", 84: "Cold arrow"},
    "recruits_plus": {20: "Duelist", 50: "Magical steel"},
    "recruits_minus": {40: "Sorrow", 110: "Dark knight"},
    "random_resources": {13: "Goblin flanker", 177: "Prayer", 183: "Magic lamp"},
}

# Cards that do NOT do what a filter names although their text has a word of it.
NOT = {
    "discard": (443, 511, 673, 715),  # "if your last card discarded was ...", "cards that discard"
    "reveal": (147, 493),  # conditions on face-up cards, nothing is revealed
    "summons": (69,),  # Beast mistress: "(never Beast mistress)" replaces, summons nothing
    "evoke": (393, 351, 438, 547),  # a summon the card picks, not the player
    "attack": (1, 18, 79),
    "wall_plus": (6, 7),
    "tower_minus": (7, 26),  # an attack is not "Tower -"
}


def test_thirty_filters_as_the_original_offers():
    labels = [label for _key, label in catalogue.EFFECT_CLASSES]
    assert labels == [
        "Attack", "Discard", "Replace", "Reveal", "Summon", "Evoke", "Steal", "Production",
        "Persistent", "Wall +", "Wall −", "Tower +", "Tower −", "Facilities +", "Facilities −",
        "Quarry +", "Quarry −", "Magic +", "Magic −", "Dungeon +", "Dungeon −", "Stock +",
        "Stock −", "Bricks +", "Bricks −", "Gems +", "Gems −", "Recruits +", "Recruits −",
        "Random resources"]
    assert set(SAMPLES) == {key for key, _label in catalogue.EFFECT_CLASSES}


@pytest.mark.parametrize("tag", sorted(SAMPLES))
def test_known_cards_of_every_filter(tag):
    for cid, name in SAMPLES[tag].items():
        card = engine.card(cid)
        if name:
            assert card.name == name
        assert tag in engine.effect_tags(card), (tag, cid, card.name, card.text)
    for cid in NOT.get(tag, ()):
        card = engine.card(cid)
        assert tag not in engine.effect_tags(card), (tag, cid, card.name, card.text)


def test_tags_follow_the_text_rendered_from_the_same_tree():
    """Plain definitions: what the text says, the tags say (a sample of simple phrases)."""
    checks = (("Attack ", "attack"), ("Wall +", "wall_plus"), ("Tower +", "tower_plus"),
              ("Steal ", "steal"), ("production x", "production"))
    seen = 0
    for card in engine.all_cards():
        if card.node is None:
            continue
        if effect_tags.tree_tags(card)[1]:
            continue  # opaque parts: their own texts, checked by hand in OPAQUE_TAGS
        for phrase, tag in checks:
            if re.search(r"(^|\. |: )" + re.escape(phrase), card.text):
                seen += 1
                assert tag in engine.effect_tags(card), (card.id, card.text)
    assert seen > 300


def test_every_opaque_card_is_declared_and_nothing_else():
    """Do steps and @custom functions cannot be read: OPAQUE_TAGS must name each such card
    (a new custom card without an entry fails here), and only those."""
    opaque = {c.id for c in engine.all_cards() if effect_tags.tree_tags(c)[1]}
    declared = set(effect_tags.OPAQUE_TAGS)
    assert opaque == declared, (
        f"add to effect_tags._OPAQUE: {sorted(opaque - declared)}; "
        f"no longer opaque (remove): {sorted(declared - opaque)}")
    for tags in effect_tags.OPAQUE_TAGS.values():
        assert tags <= effect_tags.TAG_NAMES


def test_a_custom_building_block_can_name_its_tags():
    class Ritual(dsl.Action):
        effect_tags = ("reveal",)

        def run(self, ctx):
            pass

        def text(self):
            return "Reveal"

    out, opaque = set(), [False]
    effect_tags._walk(dsl.Seq(Ritual(), dsl.Do(lambda ctx: None, "x")), out, opaque)
    assert out == {"reveal"} and opaque == [True]


def test_set_and_expressions_read_their_direction():
    out = set()
    effect_tags._walk(dsl.Seq(dsl.enemy_wall(-5 * dsl.me.count("Undead")),
                              dsl.SetAttr("tower", dsl.Max(dsl.me.tower - 20, 1)),
                              dsl.SetAttr("stock", 0, dsl.ENEMY),
                              dsl.SetAttr("wall", dsl.max_wall)), out, [False])
    assert out == {"wall_minus", "tower_minus", "stock_minus", "wall_plus"}


# ------------------------------------------------------------------- summon lists
def _summon_criteria():
    """Every summon list the card definitions build from filter criteria: (card id or
    module, criteria) read from the source of games/engine/cards/defs_*.py."""
    found = []
    for path in sorted(CARD_DEFS.glob("defs_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None)
                    in ("summon_filter", "cards_filter")):
                continue
            try:
                criteria = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
            except ValueError:
                continue  # computed criteria (none rebuild by hand)
            criteria = {k: v for k, v in criteria.items() if k not in ("what", "reveal")}
            found.append((f"{path.stem}:{node.lineno}", criteria))
    return found


SUMMON_CRITERIA = _summon_criteria()

# The original game's summon lists (kept by the engine, conformance-checked) leave out a
# few cards whose definitions do what the filter names: their original texts lack the
# phrase the original looked for ("Attack 30" without a colon; "Wall: = 40").
ORIGINAL_LEAVES_OUT = {"attack": {80, 182, 355, 514, 726, 750},
                       "wall_plus": {87, 171, 249, 283, 320, 377, 379, 380, 405, 425, 468,
                                     573, 584, 631, 649},
                       "tower_plus": {171, 283, 320, 377, 379, 380, 407, 425, 434, 499, 573,
                                      631, 649, 719}}


def test_the_summon_lists_are_found():
    assert len(SUMMON_CRITERIA) >= 60
    assert any(c.get("effect") == "attack" for _where, c in SUMMON_CRITERIA)


@pytest.mark.parametrize("where,criteria", SUMMON_CRITERIA, ids=[w for w, _c in SUMMON_CRITERIA])
def test_a_summon_list_rebuilds_with_the_builder_filters(where, criteria):
    """The manual: set the deck section's filters as the summon effect says, and the pool
    lists the cards it may summon (a player of every level sees every card)."""
    criteria = dict(criteria)
    exclude = set(criteria.pop("exclude", ()))
    summon_list = {c.id for c in engine.cards_filter(**criteria)} - exclude
    rarities = criteria.pop("rarity", None)
    rarities = (rarities,) if isinstance(rarities, str) else rarities or ("",)
    rebuilt = set()
    for rarity in rarities:
        filters = catalogue.clean_filters({**criteria, "rarity": rarity})
        rebuilt |= set(catalogue.pool_ids(filters, player_level=10))
    rebuilt -= exclude
    extra = rebuilt - summon_list
    assert summon_list <= rebuilt
    assert extra <= ORIGINAL_LEAVES_OUT.get(criteria.get("effect"), set()), sorted(extra)


def test_a_summon_list_by_effect_through_the_builder_page(builder, client_of):
    """Reinforcements (605): recruits-only attack cards without support keywords; the pool
    shows them (and only the cards the original's list leaves out besides)."""
    deck = services.deck_create(player=builder, name="Rebuild")
    response = client_of(builder).get(f"/decks/{deck.pk}/?cost=recruits&support=none&effect=attack",
                                      HTTP_HX_REQUEST="true", HTTP_HX_TARGET="card-pool")
    shown = {int(x) for x in re.findall(r'id="pool-(\d+)"', response.content.decode())}
    summon_list = {c.id for c in engine.cards_filter(cost="recruits", support="none",
                                                     effect="attack")}
    assert summon_list <= shown
    assert shown - summon_list <= ORIGINAL_LEAVES_OUT["attack"]
    assert 7 in shown  # Knight


# ------------------------------------------------------------------- pages and API
def test_the_cards_page_offers_every_filter_with_its_description(client_of, builder):
    body = client_of(builder).get("/cards/").content.decode()
    for key, label in catalogue.EFFECT_CLASSES:
        assert f'<option value="{key}" title="{escape(catalogue.EFFECT_DESCRIPTIONS[key])}"' in body
        assert f">{label}</option>" in body
    assert '<select name="support">' in body


@pytest.mark.parametrize("tag", ["steal", "evoke", "bricks_minus", "random_resources",
                                 "persistent", "tower_minus"])
def test_the_cards_page_lists_the_cards_of_a_filter(tag, client_of, builder):
    body = client_of(builder).get(f"/cards/?effect={tag}&sort=name").content.decode()
    expected = [c for c in engine.all_cards() if tag in engine.effect_tags(c)]
    assert f"{len(expected)} card" in body
    for cid in list(SAMPLES[tag])[:2]:
        assert f'data-card-id="{cid}"' in body
    assert 'data-card-id="1"' not in body  # Basic wall does none of these


def test_the_builder_pool_filters_by_a_new_tag(builder, client_of):
    deck = services.deck_create(player=builder, name="Steal")
    response = client_of(builder).get(f"/decks/{deck.pk}/?effect=steal",
                                      HTTP_HX_REQUEST="true", HTTP_HX_TARGET="card-pool")
    shown = {int(x) for x in re.findall(r'id="pool-(\d+)"', response.content.decode())}
    assert shown == {c.id for c in engine.all_cards()
                     if "steal" in engine.effect_tags(c) and not c.forbidden}


def test_the_card_page_names_what_the_card_does(client_of, builder):
    body = client_of(builder).get("/cards/26/").content.decode()
    assert "Effect kinds" in body and "<dd>Attack, Steal</dd>" in body


def test_the_api_filters_by_every_tag(client):
    thieves = client.get("/api/v1/cards?effect=steal&page_size=100").json()
    ids = {c["id"] for c in thieves["items"]}
    assert {8, 26} <= ids
    assert ids == {c.id for c in engine.all_cards() if "steal" in engine.effect_tags(c)}
    evoke = client.get("/api/v1/cards?effect=evoke&support=none").json()
    assert {c["id"] for c in evoke["items"]} >= {384, 475, 629}
    bad = client.get("/api/v1/cards?effect=wall%2B")
    assert bad.status_code == 400
    assert "effect" in bad.json()["error"]["fields"]
