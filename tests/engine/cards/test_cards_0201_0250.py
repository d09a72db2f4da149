"""Cards 201-250: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card, stock_tuple

run = partial(play_card, rich=None, round=5)


def test_201_ballistae_with_another_siege_card():
    a, b, _r, _s = run(201, hand=[FILL, 246] + [FILL] * 6, me={"recruits": 15})
    assert a["wall"] == 55 and b["tower"] == 20


def test_201_ballistae_alone():
    a, b, _r, _s = run(201, me={"recruits": 15})
    assert a["wall"] == 55 and b["tower"] == 30


def test_202_roc_attack_and_steal_bricks():
    a, b, _r, _s = run(202, me={"recruits": 15}, round=6)
    assert (b["wall"], b["tower"]) == (8, 30)
    assert b["bricks"] == 10 and a["bricks"] == 15 + 5 + 3


def test_203_crypt_summons_noncommon_undead():
    a, _b, rec, st = run(203, me={"bricks": 17, "tokens": (("Undead", 40),)})
    c = CARDS[rec["next_card"]]
    assert "Undead" in c.kw and c.rank >= 1
    assert st.p[0].hand[0] == c.id
    assert stock_tuple(a) == (3, 8, 13)  # no refund below 51 tokens


def test_203_crypt_refunds_cost_with_many_undead_tokens():
    a, _b, rec, _st = run(203, me={"bricks": 17, "tokens": (("Undead", 60),)})
    c = CARDS[rec["next_card"]]
    assert stock_tuple(a) == (min(c.bricks, 10) + 3, 5 + min(c.gems, 10) + 3,
                        10 + min(c.recruits, 10) + 3)


def test_204_air_elemental():
    _a, b, _r, _s = run(204, me={"gems": 10}, round=6)
    assert b["tower"] == 21 and b["wall"] == 25


def test_205_danai_present():
    _a, b, rec, st = run(205)
    assert stock_tuple(b) == (25, 15, 20)
    assert all(CARDS[c].cost_class == "zero" and CARDS[c].rank < 2 for c in st.p[1].hand)
    assert st.p[1].new == [True] * 8
    assert rec["next_card"] == -1


def test_206_drought_hits_both_stocks():
    a, b, _r, _s = run(206)
    assert stock_tuple(a) == (10, 3, 5)  # gems clamped to 0 before production
    assert stock_tuple(b) == (7, 0, 2)


def test_207_shapeshifter_copies_chosen_enemy_card():
    en_hand = [FILL, FILL, 40, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(207, pos=5, mode=3, me={"gems": 7}, enemy={"hand": en_hand},
                          hidden=True)
    assert rec["next_card"] == 40 and st.p[0].hand[4] == 40
    assert st.p[0].rev[4]
    assert st.p[1].hand == en_hand


def test_208_overseer():
    a, _b, _r, _s = run(208)
    assert a["wall"] == 55 and a["quarry"] == 2 and a["bricks"] == 17


def test_209_overlord_modes():
    a, _b, _r, _s = run(209, mode=1)
    assert a["wall"] == 95 and (a["quarry"], a["dungeons"]) == (2, 3)
    a, _b, _r, _s = run(209, mode=2)
    assert a["wall"] == 95 and (a["quarry"], a["dungeons"]) == (3, 2)


def test_210_rescue_and_resistance_when_ahead():
    a, b, _r, _s = run(210, me={"tower": 40})
    assert (a["tower"], b["tower"]) == (30, 20)


def test_210_rescue_and_resistance_when_not_ahead():
    a, b, _r, _s = run(210)
    assert (a["tower"], b["tower"]) == (40, 40)


def test_211_hectic_offensive_big_wall_gap():
    _a, b, _r, _s = run(211, enemy={"wall": 40})
    assert b["wall"] == 15


def test_211_hectic_offensive_small_wall_gap():
    _a, b, _r, _s = run(211, enemy={"wall": 35})
    assert b["wall"] == 20


def test_212_rogue_takes_chosen_slot():
    _a, b, rec, st = run(212, pos=1, mode=5)
    assert b["wall"] == 23 and b["recruits"] == 9  # only the player produces
    assert st.p[0].hand[4] == 212 and not st.p[0].new[4]
    assert st.p[0].disc[0] == [FILL]
    assert rec["next_card"] == -1


def test_212_rogue_choosing_itself_stays():
    _a, _b, rec, st = run(212, pos=4, mode=4)
    assert rec["next_card"] == 0 and st.p[0].hand[3] == 212


def test_213_kidnapping():
    a, b, _r, _s = run(213, me={"gems": 6}, enemy={"quarry": 4})
    assert a["quarry"] == 4 and b["quarry"] == 3
    a, b, _r, _s = run(213, me={"gems": 6})
    assert a["quarry"] == 4 and b["quarry"] == 3


def test_214_elder_shrine():
    a, b, _r, _s = run(214, me={"recruits": 8}, enemy={"magic": 5})
    assert a["magic"] == 4 and b["magic"] == 4
    a, b, _r, _s = run(214, me={"recruits": 8})
    assert b["magic"] == 3


def test_215_harpist():
    a, b, _r, _s = run(215, me={"gems": 8}, enemy={"dungeons": 4})
    assert a["dungeons"] == 4 and b["dungeons"] == 3
    a, b, _r, _s = run(215, me={"gems": 8})
    assert b["dungeons"] == 3


def test_216_salvation_low_tower():
    a, _b, rec, _s = run(216, me={"tower": 10})
    assert a["tower"] == 25
    assert rec["extra_turn"] and a["bricks"] == 15  # Quick: no production


def test_216_salvation_high_tower():
    a, _b, _r, _s = run(216, me={"tower": 15})
    assert a["tower"] == 18


def test_217_auxilia_keeps_only_the_chosen_card():
    a, _b, rec, st = run(217, pos=1, mode=3)
    assert a["wall"] == 27 and stock_tuple(a) == (15, 5, 9)
    assert rec["production"] == [0, 0, 0]
    assert st.p[0].hand[2] == FILL and not st.p[0].new[2]
    assert [st.p[0].new[i] for i in (1, 3, 4, 5, 6, 7)] == [True] * 6
    assert len(st.p[0].disc[0]) == 6


def test_218_mana_burn_rounds_half_of_n():
    _a, b, _r, _s = run(218, me={"gems": 20}, enemy={"gems": 25})
    assert (b["tower"], b["wall"], b["gems"]) == (17, 0, 0)


def test_218_mana_burn_caps_n_at_30():
    _a, b, _r, _s = run(218, me={"gems": 20}, enemy={"gems": 40})
    assert (b["tower"], b["wall"], b["gems"]) == (15, 0, 10)


def test_219_rock_biter_modes():
    _a, b, _r, _s = run(219, mode=1, me={"bricks": 12, "recruits": 8})
    assert b["wall"] == 9
    a, b, _r, _s = run(219, mode=2, me={"bricks": 12, "recruits": 8})
    assert (a["wall"], b["wall"]) == (38, 12)


def test_220_enforcer_modes():
    a, b, _r, _s = run(220, mode=1, me={"recruits": 15})
    assert (b["wall"], b["tower"]) == (0, 29)
    assert stock_tuple(a) == (16, 6, 3)
    a, _b, _r, _s = run(220, mode=2, me={"recruits": 15})
    assert (a["tower"], a["wall"]) == (25, 20)


def test_221_implosion():
    _a, b, _r, _s = run(221, me={"gems": 35, "recruits": 25}, enemy={"tower": 100, "wall": 50})
    assert (b["tower"], b["wall"]) == (100 - 36, 50 - 36)


def test_222_water_elemental_more_facilities():
    _a, b, _r, _s = run(222, me={"quarry": 5, "bricks": 30, "gems": 19})
    assert (b["wall"], b["tower"]) == (0, 20)  # wall gone, attack 40 - 30


def test_222_water_elemental_equal_facilities():
    _a, b, _r, _s = run(222, me={"bricks": 30, "gems": 19})
    assert (b["wall"], b["tower"]) == (15, 30)


def test_223_phoenix_counts_burning_in_both_hands():
    en_hand = [FILL, FILL, FILL, 250] + [FILL] * 4
    _a, b, _r, _s = run(223, hand=[FILL, 250] + [FILL] * 6, me={"gems": 31, "recruits": 22},
                        enemy={"hand": en_hand})
    assert (b["wall"], b["tower"]) == (0, 25)


def test_224_tidal_wave_lower_wall_suffers():
    a, b, _r, _s = run(224, me={"wall": 10, "gems": 17})
    assert (a["quarry"], a["dungeons"]) == (2, 2)
    assert (b["quarry"], b["dungeons"]) == (3, 3)
    a, b, _r, _s = run(224, enemy={"wall": 10}, me={"gems": 17})
    assert (a["quarry"], b["quarry"], b["dungeons"]) == (3, 2, 2)


def test_224_tidal_wave_tie_hits_both():
    a, b, _r, _s = run(224, me={"gems": 17})
    assert (a["quarry"], a["dungeons"], b["quarry"], b["dungeons"]) == (2, 2, 2, 2)


def test_225_cultists():
    a, b, _r, _s = run(225, me={"dungeons": 2})
    assert (a["dungeons"], b["dungeons"]) == (2, 1)
    a, b, _r, _s = run(225, me={"dungeons": 6})
    assert (a["dungeons"], b["dungeons"]) == (4, 3)


def test_226_soul_cleaver():
    a, b, _r, _s = run(226, me={"magic": 2, "gems": 10})
    assert (a["magic"], b["magic"]) == (2, 1)
    a, b, _r, _s = run(226, me={"magic": 3, "gems": 10})
    assert (a["magic"], b["magic"]) == (4, 3)


def test_227_earth_elemental():
    a, b, _r, _s = run(227, me={"quarry": 1})
    assert (a["quarry"], b["quarry"]) == (1, 1)
    a, b, _r, _s = run(227, me={"quarry": 7})
    assert (a["quarry"], b["quarry"]) == (4, 3)


def test_228_ancient_castle():
    a, _b, _r, _s = run(228, me={"bricks": 46})
    assert a["tower"] == 65 and stock_tuple(a) == (13, 18, 23)


def test_229_apocalyptic_rain_rounds_and_empties_bricks():
    a, b, _r, _s = run(229, me={"bricks": 7, "magic": 5, "gems": 34})
    assert b["wall"] == 25 - 12  # 35 / 3 = 11.67 -> 12
    assert a["bricks"] == 3


def test_230_locust_swarm():
    _a, b, _r, _s = run(230, me={"recruits": 16}, enemy={"wall": 4, "tower": 50})
    assert (b["wall"], b["tower"]) == (0, 19)
    _a, b, _r, _s = run(230, me={"recruits": 16}, enemy={"wall": 5})
    assert (b["wall"], b["tower"]) == (0, 24)


def test_231_blind_guardian():
    a, _b, _r, _s = run(231)
    assert a["tower"] == 42


def test_232_governour():
    a, b, rec, _s = run(232, me={"recruits": 20})
    assert b["wall"] == 5 and (a["tower"], a["wall"]) == (40, 35)
    assert rec["production"] == [2, 2, 2] and a["bricks"] == 21


def test_233_234_235_academies_stay_in_hand():
    a, _b, rec, st = run(233, me={"gems": 15})
    assert a["tower"] == 45 and a["magic"] == 4 and a["gems"] == 4
    assert rec["next_card"] == 0 and st.p[0].hand[0] == 233
    a, _b, _r, _s = run(234, me={"recruits": 15})
    assert a["tower"] == 45 and a["dungeons"] == 4
    a, _b, _r, _s = run(235, me={"bricks": 30})
    assert a["tower"] == 45 and a["quarry"] == 4


def test_236_centaur_tribe_modes():
    a, b, _r, _s = run(236, mode=1)
    assert b["wall"] == 13 and (a["tower"], a["wall"]) == (28, 25)
    a, b, _r, _s = run(236, mode=2)
    assert b["wall"] == 13 and (a["tower"], a["wall"]) == (30, 21)


def test_237_238_small_buildings():
    a, _b, _r, _s = run(237)
    assert a["tower"] == 33 and a["recruits"] == 14
    a, _b, _r, _s = run(238)
    assert a["wall"] == 33


def test_239_golden_dragon():
    _a, b, _r, _s = run(239, me={"gems": 35, "recruits": 35}, enemy={"tower": 100})
    assert (b["wall"], b["tower"]) == (0, 15)


def test_240_orc_grunt():
    _a, b, _r, _s = run(240)
    assert b["wall"] == 17


def test_241_242_storms_on_the_enemy_stock():
    _a, b, _r, _s = run(241, me={"gems": 32}, round=6)
    assert stock_tuple(b) == (0, 0, 0)
    _a, b, _r, _s = run(242, me={"gems": 37}, enemy={"bricks": 80})
    assert stock_tuple(b) == (0, 0, 0)


def test_243_thieves_with_honor():
    _a, b, _r, _s = run(243)
    assert b["tower"] == 24 and stock_tuple(b) == (17, 7, 12)


def test_244_assassins():
    _a, b, _r, _s = run(244)
    assert b["tower"] == 25 and stock_tuple(b) == (13, 3, 8)


def test_245_sabotage_tunnel():
    _a, b, _r, _s = run(245, me={"bricks": 35})
    assert b["tower"] == 10 and stock_tuple(b) == (5, 5, 0)


def test_246_siege_golem():
    _a, b, rec, _s = run(246, me={"bricks": 24})
    assert (b["tower"], b["wall"]) == (20, 15) and rec["next_card"] == 0


def test_247_wind():
    _a, b, _r, _s = run(247, round=6)
    assert b["wall"] == 24 and stock_tuple(b) == (14, 4, 9)


def test_249_wall_shift():
    a, b, _r, _s = run(249, me={"gems": 10, "wall": 10}, enemy={"wall": 40})
    assert (a["wall"], b["wall"]) == (40, 10)


def test_250_dragon_whelp():
    _a, b, _r, _s = run(250)
    assert b["wall"] == 20
