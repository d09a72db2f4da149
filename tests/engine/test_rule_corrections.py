"""Rules where the original engine differs from (or goes beyond) the written spec.

Each test is named after one rule of docs/rules-corrections.md and checks it on a card
(or several) that the rule touches. The states are built by hand: these tests stand
without the recorded conformance vectors.
"""
import pytest

from games.engine import play
from games.engine.cards.model import CARDS
from games.engine.hand import highest_rarity_slot, lowest_rarity_slot, order_by_rarity
from tests.engine.helpers import (
    BURNING,
    DECK,
    FILL,
    attrs,
    make_state,
    play_card,
    player,
    stock_tuple,
)

MAGE = 82       # Wizard: common Mage
SOLDIER = 7     # Knight: common Soldier (an attack card)
DRAGON = 440    # Dragonling: common Dragon
RARE = 64       # Enlightenment: rare, no keywords


def _placed(hand_before, hand_after, cid):
    return [i for i, (x, y) in enumerate(zip(hand_before, hand_after)) if x != y and y == cid]


# ------------------------------------------------------------ named cards are revealed
@pytest.mark.parametrize("cid, enemy_hand, placed", [
    (150, [FILL] * 8, 97),                                   # Conscript army: Conscripts
    (415, [FILL] * 8, 415),                                  # Goblin intruder: itself
    (722, [MAGE, FILL, SOLDIER, FILL, MAGE, FILL, FILL, FILL], 248),  # Balrog: Searing fire
    (669, [FILL, RARE, FILL, FILL, FILL, FILL, FILL, FILL], 274),     # Steelbeard
])
def test_card_put_into_opponents_hand_in_hidden_mode_is_revealed(cid, enemy_hand, placed):
    for seed in (1, 2, 3):
        _a, _b, _r, st = play_card(cid, 3, enemy_hand=enemy_hand, hidden=True, seed=seed)
        B = st.p[1]
        slots = _placed(enemy_hand, B.hand, placed)
        assert slots, "the effect put no %d into the enemy hand" % placed
        assert all(B.rev[i] for i in slots)
        assert not any(B.rev[i] for i in range(8) if i not in slots)


def test_named_card_put_into_own_hand_in_hidden_mode_is_revealed():
    # Heresy: up to 3 own commons become Fanatics
    hand = [FILL] * 8
    _a, _b, _r, st = play_card(342, 1, hand=hand, hidden=True)
    A = st.p[0]
    slots = [i for i in range(1, 8) if A.hand[i] == 340]
    assert len(slots) == 3 and all(A.rev[i] for i in slots)
    # Fairy dragon: the enemy's Dragons move into the same places of the own hand
    enemy_hand = [FILL, DRAGON, FILL, FILL, FILL, DRAGON, FILL, FILL]
    _a, _b, _r, st = play_card(195, 1, enemy_hand=enemy_hand, hidden=True)
    A = st.p[0]
    assert A.hand[1] == A.hand[5] == DRAGON and A.rev[1] and A.rev[5]


def test_copies_of_the_last_card_count_as_named_cards():
    # Flaming mirage after a Burning card: up to two copies of it, revealed
    hand = [FILL] * 8
    _a, _b, _r, st = play_card(335, 1, hand=hand, hidden=True,
                               me={"hist": [(BURNING, 0, "play")]})
    A = st.p[0]
    slots = [i for i in range(1, 8) if A.hand[i] == BURNING]
    assert len(slots) == 2 and all(A.rev[i] for i in slots)


def test_named_cards_are_not_revealed_outside_hidden_mode():
    _a, _b, _r, st = play_card(150, 3, hidden=False)
    assert 97 in st.p[1].hand and not any(st.p[1].rev)


def test_flare_blitz_searing_fire_stays_unrevealed():
    # the one named card the original places face down (Wildfire gem, Flare blitz)
    _a, _b, _r, st = play_card(360, 1, hidden=True)
    for P in st.p:
        slots = [i for i in range(8) if P.hand[i] == 248]
        assert slots and not any(P.rev[i] for i in slots)


def test_random_draw_into_the_opponents_hand_stays_unrevealed():
    # Intrigue: a random common card of the own deck replaces the chosen enemy card
    _a, _b, _r, st = play_card(270, 1, mode=4, hidden=True)
    assert st.p[1].hand[3] in DECK[0] and not st.p[1].rev[3]


# ------------------------------------------------------------------ the last card
def test_plain_last_card_counts_a_discarded_card():
    # Reuse the rubble after discarding Sphinx (Unliving, 16 bricks): tower +5, wall +8
    a, _b, _r, _s = play_card(349, 1, me={"hist": [(373, 0, "discard"), ]})
    assert (a["tower"], a["wall"]) == (30 + 5, 25 + 8)
    # Flaming mirage after discarding a Burning card still copies it
    _a, _b, _r, st = play_card(335, 1, me={"hist": [(BURNING, 0, "discard")]})
    assert st.p[0].hand[1:].count(BURNING) == 2


def test_last_card_played_needs_a_play():
    # Thunderbird after discarding a gems card takes the "else" branch: gems +9
    a, b, _r, _s = play_card(657, 1, me={"hist": [(693, 0, "discard")]})
    assert a["gems"] == 50 - 6 + 9 + 3 and stock_tuple(b) == (15 + 0, 5, 10)
    a, b, _r, _s = play_card(657, 1, me={"hist": [(693, 0, "play")]})
    assert a["gems"] == 50 - 6 + 3 and stock_tuple(b) == (12, 2, 7)


def test_temptress_counts_a_discarded_last_card():
    _a, b, _r, _s = play_card(721, 1, me={"hist": [(232, 0, "discard")]})  # a rare
    assert stock_tuple(b) == (5, 0, 0)


def test_evoke_last_card_or_ice_queen_without_a_last_card():
    # Archmage, mode 1, before the first action (last card 0): Ice queen comes instead
    _a, _b, rec, st = play_card(108, 2, mode=1)
    assert rec["next_card"] == 425 and st.p[0].hand[1] == 425
    _a, _b, rec, _st = play_card(108, 2, mode=1, me={"hist": [(FILL, 0, "discard")]})
    assert rec["next_card"] == FILL


# ------------------------------------------------------------- ties by rarity
class _RecordingRng:
    """Stand-in generator: records the lists it shuffles and reverses them."""

    def __init__(self):
        self.shuffled = []

    def shuffle(self, lst):
        self.shuffled.append(list(lst))
        lst.reverse()


def test_rarity_ties_shuffle_each_rarity_on_its_own_commons_first():
    hand = [RARE, FILL, 40, FILL, RARE, 40, FILL, 0]   # rare, common, uncommon ...
    rng = _RecordingRng()
    order = order_by_rarity(rng, hand, [0, 1, 2, 3, 4, 5, 6])
    assert rng.shuffled == [[1, 3, 6], [2, 5], [0, 4]]
    assert order == [6, 3, 1, 5, 2, 4, 0]
    assert highest_rarity_slot(_RecordingRng(), hand, [0, 1, 2, 3, 4, 5, 6]) == 0
    assert lowest_rarity_slot(_RecordingRng(), hand, [0, 1, 2, 3, 4, 5, 6]) == 6
    assert highest_rarity_slot(_RecordingRng(), hand, []) is None


def test_highest_rarity_card_is_a_uniform_pick_among_the_tied_ones():
    # Steelbeard: Hidden treasure replaces one of the two rares, never the uncommon
    enemy_hand = [FILL, RARE, 40, FILL, FILL, RARE, FILL, FILL]
    hit = set()
    for seed in range(1, 40):
        _a, _b, _r, st = play_card(669, 1, enemy_hand=enemy_hand, seed=seed)
        hit.update(_placed(enemy_hand, st.p[1].hand, 274))
    assert hit == {1, 5}


def test_illusion_can_replace_a_copy_of_the_played_card():
    # Chain: the previous card was a different, non-common Illusion card (Sorrow, 40).
    # Magical defense (582, common Illusion) is played from slot 1; its copy in slot 2 is
    # the only common among the other cards, so Illusion replaces it (with a rare of the
    # enemy deck, here always Stronghold, 21).
    hand = [582, 582, RARE, RARE, RARE, RARE, RARE, RARE]
    me = player(hand=hand, gems=50, hist=[(40, 0, "play")])
    enemy = player(deck=(DECK[0], DECK[1], tuple([21] * 15)))
    for seed in range(1, 10):
        after = play(make_state(me, enemy, seed=seed), 0, 1).state.p[0].hand
        assert after[1] == 21 and after[2:] == [RARE] * 6


# ------------------------------------------------- "his opponent gains" on a tie
def test_tie_of_his_opponent_gains_cards_gives_both_players_both():
    # Miracle: most Holy cards +8, his opponent +2; one Holy card each (Miracle counts)
    a, b, _r, _s = play_card(170, 1, rich=None, me={"gems": 1},
                             enemy_hand=[175] + [FILL] * 7)
    assert (a["bricks"], b["bricks"]) == (15 + 10 + 3, 15 + 10)
    # Magic sanctuary: fewest gems +6, his opponent +2 (5 gems each after paying)
    a, b, _r, _s = play_card(486, 1, rich=None, me={"gems": 5 + CARDS[486].gems})
    assert (a["gems"], b["gems"]) == (5 + 8 + 3, 5 + 8)
    # Fair trade: lowest stock +15, his opponent facilities +1
    a, b, _r, _s = play_card(432, 1, rich=None)
    assert stock_tuple(a) == (15 + 15 + 4, 5 + 15 + 4, 10 + 15 + 4)
    assert (a["quarry"], b["quarry"], stock_tuple(b)) == (4, 4, (30, 20, 25))
    # no tie: the winner gets his gain only, the other player the opponent's gain only
    a, b, _r, _s = play_card(170, 1, rich=None, me={"gems": 1})
    assert (a["bricks"], b["bricks"]) == (15 + 8 + 3, 15 + 2)


# ------------------------------------------------------------------ hand counts
def test_count_by_cost_or_effect_leaves_out_the_played_card():
    # Prairie: one random resource per other non-attack card (5 Caravans; 2 Knights attack)
    hand = [667, SOLDIER, SOLDIER] + [FILL] * 5
    a, _b, _r, _s = play_card(667, 1, hand=hand, rich=None)
    assert sum(stock_tuple(a)) == 30 - CARDS[667].total_cost + 5 + 9
    # Moon shrine: +1 per zero-cost card, -1 per other card, Moon shrine itself left out
    a, _b, _r, _s = play_card(487, 1, rich=None, me={"gems": 10})
    assert stock_tuple(a) == (15 + 7 + 3, 10 - CARDS[487].gems + 7 + 3, 10 + 7 + 3)


def test_count_by_keyword_or_rarity_includes_the_played_card():
    # Working together: tower +1 per common card in hand, itself included
    a, _b, _r, _s = play_card(587, 1)
    assert a["tower"] == 30 + 8


# ---------------------------------------------------------------- formulas
def test_fractional_term_is_rounded_before_it_is_combined():
    # Berserker: attack 13 - round(5 x tower / max tower)
    for tower, power in ((9, 13), (10, 12), (50, 10), (30, 11), (90, 8)):
        _a, b, _r, _s = play_card(281, 1, me={"tower": tower})
        assert b["wall"] == 25 - power, tower


def test_graveyard_is_the_pile_of_cards_discarded_from_the_own_hand():
    undead = [c.id for c in CARDS if c and "Undead" in c.kw][:2]
    A = player(hand=[330] + [FILL] * 7, bricks=16, gems=0, recruits=12)
    A.disc = [[undead[0], FILL], [undead[1], undead[1]]]
    r = play(make_state(A, player(hand=[FILL] * 8)), 0, 1, 0)
    a = attrs(r.state.p[0])
    assert sum(stock_tuple(a)) == 1 + 9   # 1 random resource (pile 0) + production
