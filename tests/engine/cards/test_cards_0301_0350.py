"""Cards 301-350: each test plays the card and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5). No token counters are assigned, so token keywords never trigger.
"""
from functools import partial

from games.engine import play
from games.engine.cards.model import CARDS
from tests.engine.helpers import (
    BEAST,
    FILL,
    HOLY,
    RARE,
    UNCOMMON,
    UNLIVING,
    attrs,
    make_state,
    play_card,
    player,
    stock_tuple,
    stocked,
)

RICH = stocked(100)
UNDEAD_C = 117  # common Undead
UNDEAD_U = 103  # uncommon Undead
BARBARIAN = 68  # uncommon Barbarian
SOLDIER = 95  # common Soldier
HORDE = 13  # common Horde
run = partial(play_card, rich=None, round=5)


def with_cards(card, n):
    return [FILL] + [card] * n + [FILL] * (7 - n)


def test_321_unholy_shrine_discards_five_undead_cards_picked_and_ordered_at_random():
    # the chosen slot (2) keeps its Undead card; of the six other Undead cards five go, in
    # a random order (the discard pile shows it) and the sixth is a random one
    undead = [28, 101, 103, 112, 113, 114]
    hand = [321, UNDEAD_C] + undead
    fillers = ((FILL,) * 15,) * 3
    survivors, orders = set(), set()
    for seed in range(12):
        a, _b, _r, st = play_card(321, 1, mode=2, hand=hand, me={"deck": fillers}, seed=seed)
        A = st.p[0]
        assert a["wall"] == 25 + 5 * 10 and A.hand[1] == UNDEAD_C
        left = [c for c in undead if c in A.hand]
        assert len(left) == 1 and sorted(A.disc[0] + left) == sorted(undead)
        survivors.add(left[0])
        orders.add(tuple(A.disc[0]))
    assert len(survivors) > 1
    assert len(orders) > 1 and any(list(o) != sorted(o, key=hand.index) for o in orders)


def test_303_titans_right_arm_counts_unliving():
    a, _b, _r, _s = run(303, hand=with_cards(UNLIVING, 2))
    assert (a["tower"], a["wall"]) == (33, 28)


def test_304_nightmare():
    _a, b, _r, _s = run(304, me=RICH)
    assert b["wall"] == 5


def test_306_obsidian_gargoyle():
    a, b, _r, _s = run(306, hand=with_cards(UNLIVING, 3))
    assert b["wall"] == 12 and a["quarry"] == 3
    a, _b, _r, _s = run(306, hand=with_cards(UNLIVING, 4))
    assert a["quarry"] == 4


def test_307_necromancy_amplifier_upgrades_undead():
    hand = [307, UNDEAD_C, UNDEAD_U, FILL, RARE, FILL, FILL, FILL]
    a, _b, _r, st = run(307, hand=hand, me=RICH)
    A = st.p[0]
    assert stock_tuple(a) == (100 - 9 + 2 + 3,) * 3
    assert CARDS[A.hand[1]].rank == 1 and "Undead" in CARDS[A.hand[1]].kw
    assert CARDS[A.hand[2]].rank == 2 and "Undead" in CARDS[A.hand[2]].kw
    assert A.hand[4] == RARE and A.disc[0] == [UNDEAD_C, UNDEAD_U]


def test_308_309_elementals_count_unliving_with_a_cap():
    a, _b, _r, _s = run(308, hand=with_cards(UNLIVING, 7), me={"bricks": 18})
    assert a["wall"] == 25 + 45
    a, _b, _r, _s = run(309, hand=with_cards(UNLIVING, 2), me={"bricks": 20})
    assert a["tower"] == 30 + 15


def test_311_titans_legs():
    a, _b, _r, _s = run(311, me=RICH)
    assert (a["tower"], a["wall"], a["gems"]) == (41, 41, 100 - 12 + 2 + 3)


def test_313_tartarus_gate_summons_a_non_common_titan():
    _a, _b, rec, _s = run(313, me=RICH)
    c = CARDS[rec["next_card"]]
    assert "Titan" in c.kw and c.rank >= 1


def test_314_crugg_per_barbarian():
    _a, b, _r, _s = run(314, hand=with_cards(BARBARIAN, 1), me=RICH,
                        enemy={"tower": 50, "wall": 40})
    assert (b["tower"], b["wall"]) == (38, 22)


def test_316_lich_discards_and_summons_the_same_rarity():
    en_hand = [FILL, FILL, UNCOMMON, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(316, mode=3, me=RICH, enemy={"hand": en_hand})
    assert st.p[0].disc[1] == [UNCOMMON] and st.p[1].new[2]
    c = CARDS[rec["next_card"]]
    assert "Undead" in c.kw and c.rank == 1


def test_317_heavy_cavalry():
    _a, b, _r, _s = run(317, me=RICH)
    assert b["wall"] == 3


def test_318_fallen_knight_moves_into_the_chosen_slot():
    _a, b, _rec, st = run(318, mode=4, me=RICH)
    assert b["wall"] == 15
    assert st.p[0].hand[3] == 318 and st.p[0].disc[0] == [FILL]


def test_319_fire_guardian_costs_gems_unless_chained():
    a, _b, _r, _s = run(319, me={"gems": 10})
    assert a["wall"] == 35 and a["gems"] == 10 - 2 - 4 + 3
    a, _b, _r, _s = run(319, me={"gems": 10, "hist": [(329, 0, "play")]})
    assert a["gems"] == 10 - 2 + 3
    a, _b, _r, _s = run(319, me={"gems": 10, "hist": [(329, 0, "discard")]})
    assert a["gems"] == 10 - 2 - 4 + 3


def test_323_beastmaster_plants_a_beast_then_counts_beasts():
    en_hand = [FILL, RARE, FILL, FILL, FILL, FILL, FILL, FILL]
    _a, b, rec, st = run(323, me=RICH, enemy={"hand": en_hand, "wall": 0})
    new = CARDS[st.p[1].hand[1]]
    assert "Beast" in new.kw and new.rank == 0 and st.p[0].disc[1] == [RARE]
    assert b["tower"] == 30 - 10 and rec["next_card"] == 0  # 2 Beasts in game; Durable


def test_324_wolf_raiders_modes():
    hand = [324, BEAST, HORDE, FILL, FILL, FILL, FILL, FILL]
    a, _b, _r, _s = run(324, mode=1, hand=hand, me=RICH)
    assert a["recruits"] == 100 - 12 + 12 + 3        # N = 2 + 2
    _a, b, _r, _s = run(324, mode=2, hand=hand, me=RICH)
    assert b["wall"] == 13


def test_325_cleansing_converts_common_keyword_cards():
    en_hand = [FILL, BEAST, UNCOMMON, HOLY, BEAST, FILL, FILL, FILL]
    _a, _b, _r, st = run(325, hand=[325, HOLY] + [FILL] * 6, me=RICH, enemy={"hand": en_hand})
    B = st.p[1]
    assert all("Holy" in CARDS[B.hand[i]].kw and CARDS[B.hand[i]].rank == 0 for i in (1, 4))
    assert B.hand[0] == FILL and B.hand[2] == UNCOMMON and B.hand[3] == HOLY


def test_326_guardian_angel():
    a, b, _r, _s = run(326, hand=with_cards(SOLDIER, 2), me=RICH)
    assert b["wall"] == 19 and a["wall"] == 37      # N = 2 Soldiers + this Holy card


def test_327_temple_of_light_plants_a_holy_card():
    a, _b, rec, st = run(327, mode=3)
    assert a["tower"] == 34 and "Holy" in CARDS[st.p[0].hand[2]].kw
    assert rec["next_card"] == -1 and st.p[0].disc[0] == [FILL]


def test_327_temple_of_light_on_itself_keeps_the_holy_card():
    _a, _b, rec, st = run(327, mode=1)
    assert "Holy" in CARDS[st.p[0].hand[0]].kw and rec["next_card"] == 0


def test_329_conjurer():
    a, _b, rec, st = run(329, mode=5)
    assert (a["gems"], a["wall"]) == (10, 28) and rec["production"] == [0, 0, 0]
    assert st.p[0].hand[4] == 329


def test_330_emissary_gains_per_undead_in_its_own_graveyard():
    A = player(hand=[330] + [FILL] * 7, bricks=16, gems=0, recruits=12)
    A.disc = [[UNDEAD_C, FILL], [UNDEAD_U]]
    B = player(hand=[FILL] * 8)
    r = play(make_state(A, B), 0, 1, 0)
    a, b = attrs(r.state.p[0]), attrs(r.state.p[1])
    assert a["tower"] == 46 and b["wall"] == 11
    # pile 0 only (cards discarded from the own hand): 1 random resource + production
    assert sum(stock_tuple(a)) == 1 + 9


def test_331_benediction_by_holy_cards_in_each_hand():
    a, b, _r, _s = run(331, hand=with_cards(HOLY, 5), enemy={"hand": [HOLY] + [FILL] * 7})
    assert stock_tuple(a) == (15 + 4 + 3, 5 - 1 + 4 + 3, 10 + 4 + 3)
    assert stock_tuple(b) == (16, 6, 11)


def test_333_death_wave():
    hand = with_cards(UNDEAD_C, 3)
    _a, b, _r, _s = run(333, hand=hand, me={"gems": 7}, enemy={"hand": [HOLY] + [FILL] * 7})
    assert b["wall"] == 17
    _a, b, _r, _s = run(333, hand=hand, me={"gems": 7}, enemy={"hand": [HOLY] * 5 + [FILL] * 3})
    assert b["wall"] == 25


def test_334_tarkhan_after_a_barbarian():
    _a, b, _r, _s = run(334)
    assert b["wall"] == 18
    _a, b, _r, _s = run(334, me={"hist": [(BARBARIAN, 0, "play")]})
    assert b["wall"] == 11


def test_339_prince_of_thieves_takes_the_difference():
    me = {"bricks": 10, "gems": 30, "recruits": 10}
    a, b, _r, _s = run(339, me=me, enemy={"bricks": 50, "gems": 20, "recruits": 3})
    assert stock_tuple(a) == (10 + 15 + 3, 30 + 5 + 3, 0 + 5 + 3)
    assert stock_tuple(b) == (35, 15, 0)
    a, b, _r, _s = run(339, me={**me, "new": [True] + [False] * 7}, enemy={"bricks": 50})
    assert stock_tuple(a) == (13, 33, 3) and b["bricks"] == 50


def test_340_fanatic():
    a, b, rec, _s = run(340)
    assert b["wall"] == 19 and rec["production"] == [1, 1, 2] and a["recruits"] == 8


def test_341_zealot():
    a, b, _r, _s = run(341, hand=with_cards(HOLY, 1), me=RICH)
    assert b["wall"] == 25 - 10 - 9                  # N = Holy x2 (this card twice) + Holy


def test_342_heresy_creates_fanatics():
    hand = [342, FILL, FILL, FILL, FILL, RARE, 281, FILL]
    _a, _b, _r, st = run(342, hand=hand)
    A = st.p[0]
    assert sum(1 for c in A.hand if c == 340) == 3
    assert A.hand[5] == RARE and A.hand[6] == 281 and A.disc[0] == [FILL] * 3


def test_343_death_before_dishonor():
    hand = [343, SOLDIER, BARBARIAN, RARE, FILL, SOLDIER, FILL, FILL]
    a, _b, _r, st = run(343, hand=hand)
    assert a["wall"] == 25 + 24
    assert sorted(st.p[0].disc[0]) == sorted([SOLDIER, BARBARIAN, SOLDIER])


def test_345_devastator():
    _a, b, _r, _s = run(345, hand=with_cards(BARBARIAN, 2), me=RICH,
                        enemy={"tower": 50, "wall": 40})
    assert (b["tower"], b["wall"]) == (20, 0)        # 3 Barbarians: wall -30, then attack 40


def test_346_overpower_trades_gems_for_recruits():
    a, _b, rec, _s = run(346, me={"gems": 20})
    c = CARDS[rec["next_card"]]
    n = min(c.recruits, 10)
    assert "Frenzy" in c.kw and a["gems"] == 20 - n + 3 and a["recruits"] == 10 + n + 3


def test_347_call_of_the_wilds_upgrades_beasts():
    hand = [347, BEAST, FILL, 69, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(347, hand=hand)
    A = st.p[0]
    assert CARDS[A.hand[1]].rank == 1 and "Beast" in CARDS[A.hand[1]].kw
    assert A.hand[3] == 69 and rec["production"] == [0, 0, 0]
