"""Cards 351-400: each test plays the card and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5). No token counters are assigned, so token keywords never trigger.
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import (
    BEAST,
    BURNING,
    FILL,
    HOLY,
    RARE,
    UNCOMMON,
    UNLIVING,
    play_card,
    stock_tuple,
    stocked,
)

RICH = stocked(100)
run = partial(play_card, rich=None, round=5)


def test_353_glacial_temple_modes():
    a, _b, _r, _s = run(353, mode=1)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (4, 2, 3)
    a, _b, _r, _s = run(353, mode=2)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (3, 2, 4)


def test_355_witcher_discards_keyword_cards_and_hurts_their_owners():
    hand = [355, HOLY, FILL, BEAST, FILL, FILL, FILL, FILL]
    en_hand = [HOLY, UNCOMMON, RARE, FILL, FILL, FILL, FILL, FILL]
    a, b, _r, st = run(355, hand=hand, enemy={"hand": en_hand}, me=RICH)
    assert a["wall"] == 25 - 14 and b["wall"] == 25 - 21
    assert sorted(st.p[0].disc[0]) == sorted([HOLY, BEAST])
    assert sorted(st.p[0].disc[1]) == sorted([HOLY, UNCOMMON, RARE])


def test_356_abyssal_viper_moves_itself():
    _a, _b, _r, st = run(356, mode=4)
    assert st.p[0].hand[3] == 356 and st.p[0].disc[0] == [FILL]


def test_356_abyssal_viper_on_itself_gains_the_opposite_recruit_cost():
    en_hand = [340] + [FILL] * 7                    # Fanatic: 8 recruits
    a, _b, rec, _s = run(356, mode=1, enemy={"hand": en_hand})
    assert a["recruits"] == 10 - 1 + 8 + 3 and rec["next_card"] == -1


def test_357_warlock_modes():
    a, _b, _r, _s = run(357, mode=1, me=RICH)
    assert (a["tower"], a["wall"], a["gems"]) == (32, 27, 100 - 6 + 6 + 3)
    a, _b, _r, _s = run(357, mode=2, me=RICH)
    assert a["recruits"] == 100 - 6 + 6 + 3


def test_358_sandworm():
    _a, b, _r, _s = run(358, me=RICH)
    assert (b["tower"], b["wall"]) == (14, 5)


def test_360_wildfire_gem():
    a, _b, _r, _s = run(360)
    assert a["gems"] == 5 - 1 + 3 + 3


def test_365_infiltrator_modes():
    _a, b, _r, _s = run(365, mode=1)
    assert b["tower"] == 25
    a, b, _r, _s = run(365, mode=2)
    assert a["recruits"] == 10 - 6 + 4 + 3 and b["recruits"] == 4


def test_369_keeper_of_souls_counts_both_hands():
    hand = [369, BURNING, FILL, FILL, FILL, FILL, FILL, FILL]
    en_hand = [BEAST] + [FILL] * 7
    a, b, _r, _s = run(369, hand=hand, enemy={"hand": en_hand, "wall": 40}, me=RICH)
    assert b["wall"] == 40 - 21 and a["recruits"] == 100 - 10 + 4 + 3   # N = 2 + 1 + 1


def test_375_stilshrine_of_miriam():
    a, _b, rec, _s = run(375, me=RICH)
    assert (a["tower"], a["wall"]) == (37, 36) and rec["production"] == [3, 3, 3]
    assert stock_tuple(a) == (100 - 13 + 9, 100 - 12 + 9, 100 + 9)


def test_377_mountain_king_restores_tower_and_wall():
    me = {**RICH, "changes": [-5, -4, 0, 0, 0, 0, 0, 0]}
    a, b, rec, _s = run(377, me=me)
    assert b["wall"] == 1 and rec["next_card"] == 0
    assert (a["tower"], a["wall"]) == (30 + 5 + 5, 25 + 4 + 4)   # Runic adds as much again


def test_379_castle_beyond_looking_glass():
    a, _b, _r, _s = run(379, me=RICH)
    assert (a["tower"], a["wall"]) == (50, 75) and a["gems"] == 100 - 20 + 5 + 3


def test_380_white_lotus_averages_everything():
    a, b, _r, _s = run(380, me={"tower": 60, "wall": 0, "quarry": 6, "bricks": 20},
                       enemy={"tower": 11, "wall": 40, "quarry": 1, "bricks": 1})
    assert (a["tower"], a["wall"], a["quarry"]) == (36, 20, 4)
    assert (b["tower"], b["wall"], b["quarry"], b["bricks"]) == (36, 20, 4, 11)
    assert a["bricks"] == 11 + 4


def test_380_white_lotus_does_nothing_when_new():
    a, b, _r, _s = run(380, me={"tower": 60, "new": [True] + [False] * 7}, enemy={"tower": 10})
    assert (a["tower"], b["tower"]) == (60, 10)


def test_383_mountain_of_faith_fixed_hand():
    _a, _b, rec, st = run(383, me=RICH)
    assert sorted(st.p[0].hand) == sorted((503, 27, 85, 90, 175, 473, 137, 44))
    assert rec["next_card"] == 0


def test_384_last_order_modes():
    assert [run(384, mode=m)[2]["next_card"] for m in (1, 2, 3)] == [227, 226, 225]


def test_385_sharpshooters_modes():
    _a, b, _r, _s = run(385, mode=1, me={"recruits": 13})
    assert b["recruits"] == 0
    _a, b, _r, _s = run(385, mode=2, me={"recruits": 13})
    assert b["tower"] == 20


def test_386_sheath_your_swords_pacifies_both_hands():
    warriors = [7, 340]                              # recruit-cost attack cards
    hand = [386, 7, RARE, FILL, FILL, FILL, FILL, FILL]
    en_hand = [340, 7, 239, FILL, FILL, FILL, FILL, FILL]   # 239 is rare
    _a, _b, _r, st = run(386, hand=hand, enemy={"hand": en_hand})
    peaceful = (263, 273, 23, 660)
    assert st.p[0].hand[1] in peaceful and st.p[0].hand[2] == RARE
    assert st.p[1].hand[0] in peaceful and st.p[1].hand[1] in peaceful
    assert st.p[1].hand[2] == 239
    assert all(CARDS[w].cost_class == "recruits" for w in warriors)


def test_389_iron_bank_adds_a_quarter():
    a, _b, rec, _s = run(389, me={"bricks": 20, "gems": 6, "recruits": 200})
    assert stock_tuple(a) == (10 + 3 + 3, 6 + 2 + 3, 196 + 25 + 3)
    assert rec["next_card"] == 0


def test_390_anomaly_sphere_undoes_the_enemy_gains():
    en = {"tower": 40, "wall": 5, "quarry": 4, "gems": 12,
          "changes": [10, -3, 1, 0, 0, 0, 7, 0]}
    _a, b, _r, _s = run(390, me={"gems": 10}, enemy=en)
    assert (b["tower"], b["wall"], b["quarry"], b["gems"]) == (30, 5, 3, 5)


def test_391_road_to_valhalla():
    a, _b, _r, _s = run(391)
    assert (a["tower"], a["wall"]) == (20, 45)


def test_392_road_to_tartarus_places_the_gate():
    _a, _b, rec, st = run(392, mode=3, hidden=True)
    assert st.p[0].hand[2] == 313 and st.p[0].rev[2] and rec["next_card"] == -1
    _a, _b, rec, st = run(392, mode=1)
    assert st.p[0].hand[0] == 313 and rec["next_card"] == 0


def test_393_druid_modes():
    _a, b, rec, _s = run(393, mode=1, me=RICH)
    assert b["wall"] == 20 and "Nature" in CARDS[rec["next_card"]].kw
    _a, _b, rec, _s = run(393, mode=2, me=RICH)
    assert "Restoration" in CARDS[rec["next_card"]].kw


def test_394_ranger_plants_an_alliance_card():
    a, b, rec, st = run(394, mode=2, me=RICH)
    assert b["wall"] == 18 and rec["production"] == [1, 1, 2]
    assert "Alliance" in CARDS[st.p[0].hand[1]].kw


def test_396_crystal_golem():
    a, _b, _r, _s = run(396, hand=[396, HOLY, UNLIVING] + [FILL] * 5, me=RICH)
    assert a["wall"] == 25 + 8                       # N = 2 (this card) + 1 + 1
    assert sum(stock_tuple(a)) == 300 - 15 + 4 + 9


def test_397_rainbow_dragon_counts_distinct_keywords():
    hand = [397, HOLY, HOLY, BEAST, FILL, FILL, FILL, FILL]
    a, b, _r, _s = run(397, hand=hand, me=RICH, enemy={"wall": 24})
    assert b["wall"] == 0 and b["tower"] == 30 - 8   # 4 keywords: Dragon, Legend, Holy, Beast
    assert a["bricks"] == 100 + 8 + 3


def test_399_wizards_cottage():
    a, _b, _r, st = run(399, mode=5)
    c = CARDS[st.p[0].hand[4]]
    assert (a["tower"], a["wall"]) == (32, 28) and "Mage" in c.kw and c.rank < 2


def test_400_mask_of_the_phantasm_copies_a_card():
    hand = [400, FILL, RARE] + [FILL] * 5
    _a, _b, rec, st = run(400, mode=3, hand=hand, me={"gems": 8})
    assert rec["next_card"] == RARE and st.p[0].hand[0] == RARE and st.p[0].hand[2] == RARE
    _a, _b, rec, _s = run(400, mode=1, hand=hand, me={"gems": 8})
    assert rec["next_card"] == -1
