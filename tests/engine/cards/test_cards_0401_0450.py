"""Cards 401-450: each test plays the card and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5). No token counters are assigned, so token keywords never trigger.
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import (
    BEAST,
    BURNING,
    DECK,
    FILL,
    HOLY,
    RARE,
    UNCOMMON,
    facility_tuple,
    play_card,
    stock_tuple,
    stocked,
)

RICH = stocked(100)
MAGE = 357  # Warlock (Mage, Undead)
run = partial(play_card, rich=None, round=5)


def test_401_invocation_by_fifths():
    a, b, _r, _s = run(401, me={"bricks": 12, "gems": 13})
    assert (a["tower"], a["wall"]) == (32, 27)       # 12 / 5 = 2.4 -> 2
    assert stock_tuple(b) == (12, 2, 7)                    # 13 / 5 = 2.6 -> 3


def test_403_dark_legion_horde_hand():
    a, _b, rec, st = run(403, me={"recruits": 40})
    assert a["recruits"] == 80 + 3 and rec["next_card"] == 0
    assert all("Horde" in CARDS[c].kw and c != 403 for c in st.p[0].hand)


def test_404_thor_summons_chain_lightning():
    _a, b, rec, _s = run(404, me=RICH, enemy={"tower": 50})
    assert (b["tower"], b["wall"]) == (35, 5) and rec["next_card"] == 374


def test_405_mountain_sentry_restores_the_wall():
    me = {"changes": [0, -30, 0, 0, 0, 0, 0, 0]}
    a, _b, rec, _s = run(405, me=me)
    assert a["wall"] == 25 + 20 + 5                  # the card: at most 20; Runic: 5 more
    assert rec["production"] == [0, 0, 0] and rec["next_card"] == 0


def test_406_war_elephant():
    _a, b, rec, _s = run(406, me={"recruits": 38}, enemy={"tower": 50})
    assert (b["tower"], b["wall"]) == (40, 0) and rec["production"] == [1, 1, 2]


def test_415_goblin_intruder_takes_the_best_non_rare_card():
    en_hand = [FILL, RARE, FILL, UNCOMMON, FILL, FILL, FILL, FILL]
    _a, _b, _r, st = run(415, enemy={"hand": en_hand})
    assert st.p[1].hand[3] == 415 and st.p[1].hand[1] == RARE and st.p[0].disc[1] == [UNCOMMON]


def test_421_gleaners_read_the_enemy_facilities():
    a, _b, _r, _s = run(421, enemy={"quarry": 2, "magic": 6, "dungeons": 4})
    assert stock_tuple(a) == (15 - 1 + 2 + 3, 5 - 1 + 6 + 3, 10 - 1 + 3)


def test_422_death_prophet():
    _a, _b, rec, _s = run(422)
    assert rec["production"] == [0, 0, 0] and rec["next_card"] in (15, 80, 422)


def test_424_corsairs_steal_a_round_of_production():
    a, b, rec, _s = run(424, me=RICH, enemy={"quarry": 2, "magic": 4, "dungeons": 20})
    assert b["wall"] == 14 and stock_tuple(b) == (13, 1, 0)
    assert stock_tuple(a) == (100 + 2 + 3, 96 + 4 + 3, 87 + 10 + 3)
    assert "Brigand" in CARDS[rec["next_card"]].kw


def test_426_arthoria_moves_into_the_chosen_slot():
    _a, b, _rec, st = run(426, mode=5, me=RICH)
    assert b["wall"] == 0 and b["tower"] == 25 and st.p[0].hand[4] == 426


def test_427_darkforge():
    a, _b, rec, _s = run(427, me=RICH)
    assert a["tower"] == 37 and rec["production"] == [1, 1, 10]
    assert a["recruits"] == 100 + 30


def test_428_spectral_dragon():
    a, b, _r, _s = run(428, me=RICH)
    assert b["tower"] == 0 and a["gems"] == 100 - 40 + 20 + 3


def test_429_valley_rewards_the_most_alliance_legend_mage():
    hand = [429, MAGE, 393] + [FILL] * 5             # Druid: Alliance and Mage
    a, b, _r, _s = run(429, hand=hand, me={"gems": 6, "magic": 1})
    assert facility_tuple(a) == (3, 2, 3) and facility_tuple(b) == (3, 3, 3)
    a, b, _r, _s = run(429, me={"gems": 6, "magic": 1})   # 0 : 0 -> both
    assert facility_tuple(a) == (3, 2, 3) and sum(facility_tuple(b)) == 10


def test_430_messenger_summons_an_uncommon_card_from_outside_the_deck():
    _a, _b, rec, _s = run(430)
    c = CARDS[rec["next_card"]]
    assert c.rarity == "Uncommon" and c.id not in DECK[0] + DECK[1] + DECK[2]


def test_431_divine_intervention():
    a, b, _r, _s = run(431, hand=[431, HOLY] + [FILL] * 6, me={"gems": 10})
    assert (a["tower"], a["wall"]) == (39, 42) and (b["tower"], b["wall"]) == (30, 25)
    a, b, _r, _s = run(431, me={"gems": 10}, enemy={"hand": [HOLY] + [FILL] * 7})
    assert (a["tower"], b["tower"], b["wall"]) == (30, 39, 42)


def test_432_fair_trade():
    a, b, _r, _s = run(432, enemy={"bricks": 50})
    assert stock_tuple(a) == (15 + 15 + 3, 5 + 15 + 3, 10 + 15 + 3)
    assert facility_tuple(b) == (4, 4, 4) and facility_tuple(a) == (3, 3, 3)


def test_433_moon_priestess_hits_the_cheapest_and_the_dearest_card():
    en_hand = [FILL, 61, 7, 7, 7, 7, 7, 7]           # Caravan 0, Armageddon ... cost
    _a, _b, _r, st = run(433, me={"gems": 1}, enemy={"hand": en_hand})
    B = st.p[1]
    assert B.hand[0] in (487, 583, 486) and B.hand[1] in (487, 583, 486)
    assert B.hand[2:] == [7] * 6 and sorted(st.p[0].disc[1]) == sorted([FILL, 61])


def test_435_alastor():
    a, _b, _r, _s = run(435, me={"gems": 25})
    assert a["gems"] == 50 + 4 and a["magic"] == 4


def test_439_revenge_of_the_fallen():
    a, b, _r, _s = run(439, hand=[439, 423] + [FILL] * 6, me={"gems": 9},
                       enemy={"quarry": 5})
    assert facility_tuple(b) == (4, 3, 3) and facility_tuple(a) == (3, 3, 3)


def test_440_dragonling():
    a, _b, rec, _s = run(440)
    assert rec["production"] == [1, 2, 1] and a["gems"] == 5 + 6


def test_442_dark_forest():
    hand = [442, BEAST, BEAST, RARE] + [FILL] * 4
    a, _b, _r, _s = run(442, hand=hand, me=RICH)
    assert a["wall"] == 49 and a["gems"] == 90 + 2 + 3 and a["recruits"] == 91 + 2 + 3


def test_444_firewall():
    _a, b, _r, _s = run(444, hand=[444, BURNING] + [FILL] * 6, me={"gems": 30})
    assert b["wall"] == 15


def test_445_poltergeist():
    _a, b, _r, _s = run(445, enemy={"gems": 2})
    assert stock_tuple(b) == (15, 0, 10)


def test_446_treant():
    _a, b, _r, _s = run(446, me={"recruits": 25}, enemy={"wall": 30})
    assert b["wall"] == 0 and b["tower"] == 20


def test_447_imperial_army():
    _a, b, _r, _s = run(447, me={"recruits": 45}, enemy={"tower": 100, "wall": 60})
    assert (b["tower"], b["wall"]) == (100, 15)


def test_448_giant_clears_common_cards():
    hand = [448, FILL, RARE, UNCOMMON] + [FILL] * 4
    en_hand = [FILL, RARE] + [FILL] * 6
    a, b, _r, st = run(448, hand=hand, me={"recruits": 25}, enemy={"hand": en_hand})
    assert b["wall"] == 0 and b["tower"] == 20
    A, B = st.p[0], st.p[1]
    assert A.hand[2] == RARE and A.hand[3] == UNCOMMON and A.disc[0] == [FILL] * 5
    assert B.hand[1] == RARE and A.disc[1] == [FILL] * 7
    assert all(B.hand[i] not in DECK[2] for i in (0, 2, 3, 4, 5, 6, 7))


def test_449_halfling_rogue_copies_a_zero_cost_card():
    hand = [449, FILL, RARE, 449] + [FILL] * 4
    _a, _b, rec, _s = run(449, mode=2, hand=hand)
    assert rec["next_card"] == FILL
    assert run(449, mode=3, hand=hand)[2]["next_card"] == -1     # Earthquake costs
    # "can't summon self" means its own slot: another Halfling rogue is copied
    # (docs/rules-corrections.md, "Halfling rogue copies another Halfling rogue")
    assert run(449, mode=1, hand=hand)[2]["next_card"] == -1     # its own slot
    assert run(449, mode=4, hand=hand)[2]["next_card"] == 449    # another copy


def test_450_white_shrine():
    a, _b, _r, _s = run(450, me={"bricks": 14, "gems": 11, "quarry": 2, "magic": 5})
    assert a["tower"] == 40 and facility_tuple(a) == (3, 6, 3)
