"""Rules where the original engine differs from (or goes beyond) the written spec.

Each test is named after one rule of docs/rules-corrections.md and checks it on a card
(or several) that the rule touches. The states are built by hand: these tests stand
without the recorded conformance vectors.
"""
from types import SimpleNamespace

import pytest

from games.engine import play
from games.engine.cards.model import CARDS
from games.engine.hand import highest_rarity_slot, lowest_rarity_slot, order_by_rarity
from tests.engine.helpers import (
    BURNING,
    DECK,
    FILL,
    UNLIVING,
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
EARTHQUAKE = 17     # rare, 28 gems
SORROW = 40         # uncommon, 12 gems
QUICK = 216     # Salvation: Quick, so the next play continues the round


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


def _turn(rng):
    """The part of a turn context the rarity picks read: the generator and the cards."""
    return SimpleNamespace(rng=rng, cards=CARDS)


def test_rarity_ties_shuffle_each_rarity_on_its_own_commons_first():
    hand = [RARE, FILL, 40, FILL, RARE, 40, FILL, 0]   # rare, common, uncommon ...
    rng = _RecordingRng()
    order = order_by_rarity(_turn(rng), hand, [0, 1, 2, 3, 4, 5, 6])
    assert rng.shuffled == [[1, 3, 6], [2, 5], [0, 4]]
    assert order == [6, 3, 1, 5, 2, 4, 0]
    assert highest_rarity_slot(_turn(_RecordingRng()), hand, [0, 1, 2, 3, 4, 5, 6]) == 0
    assert lowest_rarity_slot(_turn(_RecordingRng()), hand, [0, 1, 2, 3, 4, 5, 6]) == 6
    assert highest_rarity_slot(_turn(_RecordingRng()), hand, []) is None


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


def test_graveyard_holds_the_cards_the_enemy_discarded_from_the_own_hand():
    # Emissary of the afterlife: an Undead card in the enemy's pile 1 (discarded by his
    # effects from our hand during his last round) is in our graveyard
    undead = next(c.id for c in CARDS if c and "Undead" in c.kw)
    A = player(hand=[330] + [FILL] * 7, bricks=16, gems=0, recruits=12)
    B = player(hand=[FILL] * 8)
    B.disc = [[undead, undead], [undead, FILL]]     # his pile 0 is his own graveyard
    r = play(make_state(A, B), 0, 1, 0)
    a = attrs(r.state.p[0])
    assert sum(stock_tuple(a)) == 1 + 9   # 1 random resource (his pile 1) + production


# ------------------------------------------------------------ moves and refills


def test_magic_portal_moves_the_new_flag_with_the_card():
    # inside a Quick chain the new flags of the round stand; the card moved into the
    # portal's place takes its own flag along, the summoned card is new
    for new, expected in (([False, False, True] + [False] * 5, True),
                          ([True, False, False] + [False] * 5, False)):
        A = player(hand=[490, FILL, RARE] + [FILL] * 5, gems=10, new=new,
                   hist=[(QUICK, 0, "play")])
        st = play(make_state(A, player(hand=[FILL] * 8)), 0, 1, 3).state
        P = st.p[0]
        assert P.hand[0] == RARE
        assert P.new[0] is expected
        assert P.new[2] is True


def test_whirlwind_refill_is_never_rare():
    # Whirlwind (Quick) replaces itself before shuffling the hand: a Quick card's refill
    deck = ((FILL,) * 15, (FILL,) * 15, (RARE,) * 15)
    for seed in range(60):
        A = player(hand=[601] + [FILL] * 7, deck=deck)
        st = play(make_state(A, player(hand=[FILL] * 8), seed=seed, round=6), 0, 1, 0).state
        assert RARE not in st.p[0].hand, seed


def test_halfling_rogue_copies_another_halfling_rogue():
    hand = [449, FILL, FILL, 449] + [FILL] * 4
    _a, _b, rec, st = play_card(449, 1, mode=4, hand=hand)
    assert rec["next_card"] == 449 and st.p[0].hand[0] == 449
    assert play_card(449, 1, mode=1, hand=hand)[2]["next_card"] == -1   # its own slot


def test_fairy_dragon_places_a_dragon_in_the_played_slot_and_refills_with_another_card():
    # the Dragon opposite lands in the played slot placed, not summoned: revealed, no draw;
    # the enemy refills from his deck with a card other than the Dragon he lost
    deck = ((DRAGON,) * 15, (DRAGON,) * 15, (DRAGON,) * 14 + (RARE,))
    _a, _b, rec, st = play_card(195, 2, hidden=True, enemy_hand=[FILL, DRAGON] + [FILL] * 6,
                                enemy={"deck": deck})
    assert st.p[0].hand[1] == DRAGON and st.p[0].rev[1] and rec["next_card"] == 0
    assert st.p[1].hand[1] == RARE


# ------------------------------------------------------------ random picks
def test_altruism_judges_both_extremes_before_changing():
    # the enemy has the highest facilities (4): he loses 1; his lowest (4) is not the
    # lowest of both players (3), so he gains nothing even after his loss made it 3
    A = player(hand=[748] + [FILL] * 7, quarry=3, magic=3, dungeons=3)
    B = player(hand=[FILL] * 8, quarry=4, magic=4, dungeons=4)
    for seed in range(10):
        st = play(make_state(A.clone(), B.clone(), seed=seed), 0, 1, 0).state
        assert sum(st.p[1].a[2:5]) == 12 - 1, seed
        assert sum(st.p[0].a[2:5]) == 9 + 1, seed


def test_moon_priestess_gives_two_different_cards():
    enemy_hand = [FILL, EARTHQUAKE, SORROW, FILL, FILL, FILL, FILL, FILL]   # 0, 28, 12
    moon = {487, 583, 486}
    for seed in range(30):
        _a, _b, _r, st = play_card(433, 1, enemy_hand=enemy_hand, seed=seed)
        B = st.p[1]
        placed = [B.hand[i] for i in range(8) if B.hand[i] in moon]
        assert len(placed) == 2 and placed[0] != placed[1], (seed, B.hand)
        assert B.hand[1] in moon    # the most expensive card


def test_gleaners_never_count_one_facility_twice():
    # all three enemy facilities equal: the highest and the lowest are two different ones
    for seed in range(30):
        a, _b, _r, _s = play_card(421, 1, enemy={"quarry": 2, "magic": 2, "dungeons": 2},
                                  me={"quarry": 1, "magic": 1, "dungeons": 1}, seed=seed)
        gains = sorted(x - (50 - 1 + 1) for x in stock_tuple(a))   # cost 1, production 1
        assert gains == [0, 2, 2], (seed, gains)


def test_elementalist_discards_six_unliving_cards_picked_at_random():
    # the enemy holds 8 Unliving cards: 6 of them go, which 6 is random
    kept = set()
    for seed in range(20):
        _a, _b, _r, st = play_card(419, 1, enemy_hand=[UNLIVING] * 8,
                                   enemy={"deck": ((FILL,) * 15, (FILL,) * 15, (FILL,) * 15)},
                                   seed=seed)
        B = st.p[1]
        survivors = [i for i in range(8) if B.hand[i] == UNLIVING]
        assert len(survivors) == 2
        kept.update(survivors)
    assert len(kept) > 2


def test_unholy_shrine_discards_in_a_random_order():
    # two Undead cards besides the chosen one: both go, the pile shows either order
    mummy, ghoul = 117, 112
    hand = [321, FILL, mummy, FILL, ghoul, FILL, FILL, FILL]
    piles = set()
    for seed in range(12):
        _a, _b, _r, st = play_card(321, 1, mode=2, hand=hand, seed=seed,
                                   me={"deck": ((FILL,) * 15,) * 3})
        piles.add(tuple(st.p[0].disc[0]))
    assert piles == {(mummy, ghoul), (ghoul, mummy)}


class _FixedIndexRng:
    """A generator that always picks index ``k`` (accepts every anti-flood check)."""

    def __init__(self, k):
        self.k = k

    def below(self, n):
        return min(self.k, n - 1)

    def randint(self, a, b):
        return a

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, lst):
        pass

    def random(self):
        return 0.0


def test_lists_of_several_rarities_go_rarity_by_rarity_in_the_order_given():
    from games.engine import cards_filter
    undead = cards_filter(keyword="Undead", rarity=("Uncommon", "Rare"))
    ranks = [c.rank for c in undead]
    assert ranks == sorted(ranks) and ranks[0] == 1 and ranks[-1] == 2
    assert [c.rank for c in cards_filter(keyword="Mage", rarity=("Uncommon", "Common"))] \
        == sorted((c.rank for c in cards_filter(keyword="Mage", rarity=("Uncommon", "Common"))),
                  reverse=True)
    # Crypt picks by index: the third card of its list is the third uncommon Undead card
    third = [c.id for c in undead if c.rank == 1][2]
    st = make_state(player(hand=[203] + [FILL] * 7, bricks=20), player(hand=[FILL] * 8))
    st.rng = _FixedIndexRng(2)
    assert play(st, 0, 1, 0).state.p[0].hand[0] == third


def test_book_of_life_lists_beasts_then_nature_cards():
    from games.engine import cards_filter
    beasts = [c.id for c in cards_filter(keyword="Beast", rarity=("Uncommon", "Common"))]
    # not new: a non-rare Beast or Nature card; index 0 is the first uncommon Beast
    st = make_state(player(hand=[539] + [FILL] * 7), player(hand=[FILL] * 8))
    st.rng = _FixedIndexRng(0)
    assert play(st, 0, 1, 0).state.p[0].hand[0] == beasts[0]
    assert CARDS[beasts[0]].rank == 1


def test_baku_picks_any_card_of_the_enemys_deck():
    # index 20 of the enemy's 45 deck cards is his 6th uncommon; a type-random draw with
    # the same numbers would have taken a common (its first number is 1)
    deck = (tuple(range(1, 16)), tuple(range(16, 31)), tuple(range(31, 46)))
    st = make_state(player(hand=[650] + [FILL] * 7, gems=10),
                    player(hand=[FILL] * 8, deck=deck))
    st.rng = _FixedIndexRng(20)
    assert play(st, 0, 1, 0).state.p[0].hand[0] == deck[1][5]



class _CallLogRng(_FixedIndexRng):
    """``_FixedIndexRng(0)`` that logs the ranges asked for."""

    def __init__(self):
        super().__init__(0)
        self.calls = []

    def below(self, n):
        self.calls.append(("below", n))
        return super().below(n)

    def randint(self, a, b):
        self.calls.append(("randint", a, b))
        return a


def test_demonic_makes_its_random_call_for_a_single_cost_kind():
    # Blood sacrifice costs recruits only: the penalty is wall -3 either way, but the
    # original still draws the kind (one call) before the refill draws
    st = make_state(player(hand=[43] + [FILL] * 7), player(hand=[FILL] * 8))
    rng = st.rng = _CallLogRng()
    r = play(st, 0, 1, 0)
    assert r.state.p[0].a[1] == 25 - 3
    assert rng.calls[0] == ("below", 1)


def test_pick_among_the_most_expensive_cards_draws_even_for_one():
    # Samurai: the one keyword card of the enemy's hand goes; the original still draws
    # its index (one call) before his refill draws
    st = make_state(player(hand=[51] + [FILL] * 7),
                    player(hand=[FILL, FILL, UNLIVING] + [FILL] * 5))
    rng = st.rng = _CallLogRng()
    r = play(st, 0, 1, 0)
    assert UNLIVING not in r.state.p[1].hand
    assert rng.calls[0] == ("below", 1)


def test_far_sight_draws_its_counter_even_for_one():
    # Great Wall of China (rare, Far sight) opposite a gems card: the lowest counter gets
    # +90; with one counter the original still draws it (one call) before the refill
    st = make_state(player(hand=[4] + [FILL] * 7, bricks=40, tokens=[("Mage", 5)]),
                    player(hand=[SORROW] + [FILL] * 7))
    rng = st.rng = _CallLogRng()
    r = play(st, 0, 1, 0)
    assert r.state.p[0].tok[0] == 5 + 90
    assert rng.calls[0] == ("below", 1)
