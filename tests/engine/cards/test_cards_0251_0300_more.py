"""Cards 262-299 (the rest of 251-300): each test plays the card and checks the numbers.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import DECK, FILL, RARE, UNCOMMON, play_card, stock_tuple, stocked

RICH = stocked(100)
run = partial(play_card, rich=None, round=5)


def test_262_magical_forge():
    a, _b, _r, _s = run(262)
    assert a["wall"] == 32 and stock_tuple(a) == (17, 7, 12)


def test_263_saints_day_stock_without_production():
    a, _b, rec, _s = run(263)
    assert stock_tuple(a) == (19, 9, 14) and rec["production"] == [0, 0, 0]


def test_264_second_chance_draws_a_new_hand():
    hand = [264, RARE, UNCOMMON, 2, 3, 4, 5, 6]
    _a, _b, rec, st = run(264, hand=hand)
    A = st.p[0]
    assert A.new == [True] * 8 and rec["next_card"] == 0
    assert A.disc[0] == [RARE, UNCOMMON, 2, 3, 4, 5, 6]
    assert all(c in DECK[0] + DECK[1] + DECK[2] for c in A.hand)


def test_265_residence_of_gods_wins_by_resources():
    a, _b, rec, st = run(265, me=RICH)
    assert stock_tuple(a) == (134 + 3, 134 + 3, 134 + 3)
    assert st.status == "finished" and st.winner == 0 and st.outcome == "Resource"
    a, _b, _r, _s = run(265, me=RICH, long_mode=True)
    assert stock_tuple(a) == (203, 203, 203)


def test_268_reserve_forces_modes():
    _a, b, _r, _s = run(268, mode=1, me=RICH)
    assert (b["tower"], b["wall"]) == (21, 0)
    a, _b, _r, _s = run(268, mode=2, me=RICH)
    assert a["wall"] == 63


def test_273_merchant_modes():
    got = [stock_tuple(run(273, mode=m)[0]) for m in (1, 2, 3)]
    assert got == [(23, 7, 12), (17, 11, 12), (17, 7, 17)]


def test_276_border_fortress():
    a, _b, _r, _s = run(276, me=RICH)
    assert (a["tower"], a["wall"]) == (55, 75)


def test_278_guard_tower_modes():
    assert run(278, mode=1)[0]["wall"] == 33
    assert run(278, mode=2)[0]["tower"] == 35


def test_279_heavy_infantry_modes():
    assert run(279, mode=1)[1]["wall"] == 18
    assert run(279, mode=2)[0]["wall"] == 32


def test_280_avatar_takes_the_enemy_card_opposite_the_chosen_slot():
    en_hand = [FILL, FILL, 2, FILL, FILL, FILL, FILL, FILL]
    a, _b, _rec, st = run(280, mode=3, me={"gems": 16}, enemy={"hand": en_hand})
    A, B = st.p[0], st.p[1]
    assert A.hand[2] == 2 and A.new[2] and A.disc[0] == [FILL]
    assert B.hand[2] != 2 and B.new[2] and A.disc[1] == [2]
    assert a["gems"] == 3


def test_280_avatar_on_itself_discards_the_enemy_card_and_gives_gems():
    en_hand = [2, FILL, FILL, FILL, FILL, FILL, FILL, FILL]
    a, _b, _rec, st = run(280, mode=1, me={"gems": 16}, enemy={"hand": en_hand})
    assert st.p[1].hand[0] != 2 and st.p[0].disc == [[], [2]]
    assert a["gems"] == 16 + 3


def test_281_berserker_attack_shrinks_with_own_tower():
    # the term 5 x tower / max is rounded on its own, then subtracted from 13
    _a, b, _r, _s = run(281, me={"tower": 9})      # 13 - round(0.45) = 13
    assert b["wall"] == 12
    _a, b, _r, _s = run(281, me={"tower": 10})     # 13 - round(0.5) = 12
    assert b["wall"] == 13
    _a, b, _r, _s = run(281, me={"tower": 90})     # 13 - round(4.5) = 8
    assert b["wall"] == 17


def test_282_luxury_tax_by_relative_tower():
    a, b, _r, _s = run(282, me={"tower": 60, "bricks": 10, "gems": 11, "recruits": 0},
                       enemy={"tower": 25, "bricks": 10, "gems": 2, "recruits": 40})
    assert stock_tuple(a) == (4 + 3, 4 + 3, 0 + 3)      # lose 60 %: 6, 6.6 -> 7, 0
    assert stock_tuple(b) == (7, 1, 30)                 # lose 25 %: 2.5 -> 3, 0.5 -> 1, 10


def test_283_regulator_resets_towers_and_walls():
    a, b, _r, _s = run(283, me={"tower": 80, "wall": 3}, enemy={"tower": 10, "wall": 90})
    assert (a["tower"], a["wall"], b["tower"], b["wall"]) == (30, 25, 30, 25)
    a, b, _r, _s = run(283, long_mode=True)
    assert (a["tower"], a["wall"], b["tower"], b["wall"]) == (45, 38, 45, 38)


def test_285_all_elemental_attack_spends_the_stock():
    a, b, _r, _s = run(285, me={"bricks": 30, "gems": 28, "recruits": 22})
    assert stock_tuple(a) == (3, 3, 3)
    assert (b["tower"], b["wall"]) == (29, 0)    # attack 12 + 10 + 4 = 26


def test_286_sabotage_halves_the_enemy_tower():
    _a, b, _r, _s = run(286, me={"recruits": 25}, enemy={"tower": 49})
    assert b["tower"] == 24


def test_287_revolt_hand_of_recruit_attack_cards():
    a, _b, rec, st = run(287)
    assert a["recruits"] == 25 and rec["next_card"] == 0
    for c in (CARDS[x] for x in st.p[0].hand):
        assert c.rank < 2 and c.cost_class == "recruits" and not c.support
        assert "attack" in c.classes


def test_288_cursed_amulet_goes_to_the_enemy_hand():
    en_hand = [FILL, FILL, FILL, FILL, UNCOMMON, FILL, FILL, FILL]
    _a, b, _rec, st = run(288, mode=5, enemy={"hand": en_hand, "bricks": 0, "gems": 0,
                                           "recruits": 0}, hidden=True)
    assert st.p[1].hand[4] == 288 and st.p[1].new[4] and st.p[1].rev[4]
    assert sum(stock_tuple(b)) == 4 and min(stock_tuple(b)) >= 1   # empty piles are filled first
    assert st.p[0].disc[1] == [UNCOMMON]


def test_290_warlords_keep():
    a, _b, _r, _s = run(290, me={"bricks": 30})
    assert (a["tower"], a["wall"]) == (45, 55)


def test_292_sacred_forest_fixed_hand():
    _a, _b, rec, st = run(292, me={"recruits": 1})
    assert sorted(st.p[0].hand) == sorted((526, 687, 136, 190, 527, 653, 599, 655))
    assert rec["next_card"] == 0


def test_294_plan_of_salvation_bricks_wall_hand():
    a, _b, _r, st = run(294)
    assert a["bricks"] == 15 + 25 + 3
    for c in (CARDS[x] for x in st.p[0].hand):
        assert c.cost_class == "bricks" and "wall_plus" in c.classes and not c.support


def test_295_architectural_improvement_bricks_tower_hand():
    a, _b, _r, st = run(295, me={"bricks": 25})
    assert a["bricks"] == 40 + 3
    for c in (CARDS[x] for x in st.p[0].hand):
        assert c.cost_class == "bricks" and "tower_plus" in c.classes and not c.kw


def test_296_hidden_traps():
    assert run(296)[0]["wall"] == 39


def test_298_vampire_lord_places_a_minion():
    me = {"gems": 10, "recruits": 20, "magic": 5}
    a, b, rec, st = run(298, mode=4, me=me, hidden=True)
    assert (b["tower"], b["wall"]) == (30, 0) and a["magic"] == 4
    assert st.p[0].hand[3] == 28 and st.p[0].rev[3] and st.p[0].disc[0] == [FILL]
    assert st.p[0].hand[0] == 298 and rec["next_card"] == 0  # Durable


def test_298_vampire_lord_on_itself_becomes_the_minion():
    _a, _b, _rec, st = run(298, mode=1, me={"gems": 10, "recruits": 20})
    assert st.p[0].hand[0] == 28 and st.p[0].disc[0] == []


def test_299_angry_mob():
    a, b, _r, _s = run(299, me={"quarry": 5})
    assert b["wall"] == 14 and stock_tuple(a) == (13 + 5, 3 + 3, 8 + 3)
