"""A new card is one facts entry, one definition and one test (docs/adding-a-card.md).

The throwaway card 755 is built from its facts entry as a ``facts_manual.py`` entry is at
load time, defined with the card DSL as in a ``defs_*.py`` module, and played in a card
table of the test's own: the catalogue never holds it, so every other test sees the 754
cards without anything to undo.
"""
import pytest

from games.engine import EngineError, all_cards, card, cards_filter, deck_auto_tokens
from games.engine.cards import facts as generated
from games.engine.cards import facts_manual
from games.engine.cards.card_facts import CardFacts
from games.engine.cards.dsl import attack, wall
from games.engine.cards.dsl import card as define
from games.engine.cards.model import CARDS, merge_facts, real_cards, with_cards
from games.engine.cards.registry import new_cards

from .helpers import play_card

NEW = CardFacts(id=755, name="Ink golem", rarity="Common", bricks=0, gems=0, recruits=4,
                level=0, modes=0, keywords=("Unliving",), support_keywords=(),
                effect_classes=("attack", "wall_plus"), created="2026-11-24",
                modified="2026-11-24")


@pytest.fixture
def catalogue():
    """The catalogue with card 755 in it, as a table of this test's own."""
    rows = generated.CARDS
    with new_cards(NEW) as (ink_golem,):  # the facts entry
        define(755, attack(5), wall(2))  # the definition
    yield with_cards(CARDS, [ink_golem])
    assert generated.CARDS is rows and 755 not in {row[0] for row in rows}
    assert len(all_cards()) == 754 and all_cards()[-1].id == 754


@pytest.fixture
def ink_golem(catalogue):
    return catalogue[755]


def test_a_new_card_joins_the_catalogue(catalogue, ink_golem):
    assert (ink_golem.name, ink_golem.rarity, ink_golem.cost) == ("Ink golem", "Common",
                                                                  (0, 0, 4))
    assert ink_golem.implemented and ink_golem.text == "Attack 5. Wall +2."
    assert ink_golem.classes == {"attack", "wall_plus"} and ink_golem.kw == {"Unliving"}
    assert real_cards(catalogue)[-1] is ink_golem and ink_golem.sealed
    # deck filters and summon lists select it by its explicit facts
    assert ink_golem in cards_filter(effect="attack", cost="recruits", keyword="Unliving",
                                     cards=catalogue)
    assert deck_auto_tokens([755] * 3, catalogue)[0] == "Unliving"
    assert ink_golem not in cards_filter(effect="attack")  # the catalogue's own: untouched
    with pytest.raises(EngineError, match="no card with id 755"):
        card(755)


def test_a_new_card_plays(catalogue):
    me, enemy, record, _state = play_card(755, enemy={"wall": 3}, cards=catalogue)
    assert enemy["wall"] == 0 and enemy["tower"] == 28  # attack 5: wall 3, tower 2
    assert me["wall"] == 27 and me["recruits"] == 50 - 4 + 3
    assert record["card"] == 755


def test_the_new_card_is_gone_after_the_test():
    assert len(all_cards()) == 754
    assert not cards_filter(ids={755})


def test_hand_edited_facts_win_over_the_generated_ones():
    fixed = CardFacts(*generated.CARDS[0])._replace(name="Basic wall (fixed)",
                                                    effect_classes=("wall_plus", "tower_plus"))
    merged = merge_facts(generated.CARDS, [NEW, fixed])
    by_id = {f.id: f for f in merged}
    assert by_id[1] == fixed and by_id[755] == NEW
    assert [f.id for f in merged] == sorted({row[0] for row in generated.CARDS} | {755})


@pytest.mark.parametrize("change, problem", [
    ({"effect_classes": ("healing",)}, "effect_classes"),
    ({"keywords": ("Unliving", "Inky (3)")}, "unknown keywords"),
    ({"rarity": "Epic"}, "rarity"),
    ({"gems": -1}, "gems"),
    ({"created": "yesterday"}, "created"),
])
def test_hand_edited_facts_are_checked(change, problem):
    with pytest.raises(ValueError, match=problem):
        merge_facts((), [NEW._replace(**change)])
    with pytest.raises(TypeError):  # every fact is explicit, effect classes included
        CardFacts(id=755, name="Ink golem", rarity="Common", bricks=0, gems=0, recruits=4,
                  level=0, modes=0, keywords=(), support_keywords=(), created="2026-11-24",
                  modified="2026-11-24")


def test_every_card_has_explicit_facts_and_the_hand_edited_ones_are_loaded():
    assert all(len(row) == len(CardFacts._fields) for row in generated.CARDS)
    for f in facts_manual.CARDS:
        c = card(f.id)
        assert (c.name, c.cost, c.classes) == (f.name, (f.bricks, f.gems, f.recruits),
                                               frozenset(f.effect_classes))
