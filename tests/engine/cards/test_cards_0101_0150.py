"""Cards 101-150: each test plays the card once and checks the numbers it changes.

``run`` is ``play_card`` (tests/engine/helpers.py) with the default players: tower 30, wall
25, facilities 3/3/3, bricks 15, gems 5, recruits 10; round 5. Production (+3 of each
resource) follows every play, for the acting player only. Filler cards are Caravan (common,
no keywords, zero cost: no Far sight bonus when opposite).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card

run = partial(play_card, rich=None, round=5)


def test_108_archmage_mode1_evokes_last_card():
    a, _b, rec, st = run(108, pos=3, mode=1, me={"gems": 20, "hist": [(140, 0, "play")]})
    assert a["tower"] == 50
    assert a["gems"] == 20 - 16 + 3
    assert rec["next_card"] == 140 and st.p[0].hand[2] == 140


def test_108_archmage_mode2_summons_ice_queen():
    a, _b, rec, st = run(108, mode=2, me={"gems": 20, "hist": [(140, 0, "play")]})
    assert a["tower"] == 50
    assert st.p[0].hand[0] == 425


def test_109_red_mage_attack_and_enemy_stock():
    a, b, rec, _st = run(109, me={"gems": 14})
    assert (b["wall"], b["tower"]) == (17, 30)
    assert (b["bricks"], b["gems"], b["recruits"]) == (12, 2, 7)
    assert rec["extra_turn"]  # Swift


def test_110_dark_knight():
    _a, b, _rec, _st = run(110, me={"gems": 15, "recruits": 15})
    assert (b["wall"], b["tower"], b["recruits"]) == (0, 20, 0)


def test_113_skeleton_warriors_low_wall_grows():
    a, b, _rec, _st = run(113, me={"wall": 11})
    assert a["wall"] == 15 and b["wall"] == 18


def test_113_skeleton_warriors_wall_12_unchanged():
    a, b, _rec, _st = run(113, me={"wall": 12})
    assert a["wall"] == 12 and b["wall"] == 18


def test_115_angel_of_destruction_empties_both_stocks():
    a, b, _rec, _st = run(115, me={"gems": 20, "recruits": 20})
    assert (b["wall"], b["tower"]) == (0, 25)
    assert (b["bricks"], b["gems"], b["recruits"]) == (0, 0, 0)
    assert (a["bricks"], a["gems"], a["recruits"]) == (3, 3, 3)  # production only


def test_119_haste_doubles_production():
    a, _b, rec, _st = run(119, me={"gems": 10})
    assert rec["production"] == [2, 2, 2]
    assert (a["bricks"], a["gems"], a["recruits"]) == (21, 4 + 6, 16)


def test_121_luna():
    a, b, _rec, _st = run(121, me={"gems": 25})
    assert (b["wall"], b["tower"]) == (0, 25)
    assert a["magic"] == 4 and a["gems"] == 4


def test_122_elven_scout():
    a, b, _rec, _st = run(122)
    assert b["wall"] == 22 and a["gems"] == 5 + 1 + 3


def test_123_magic_fountain():
    a, _b, rec, _st = run(123, me={"gems": 5})
    assert a["tower"] == 37 and rec["production"] == [2, 2, 2]
    assert a["bricks"] == 15 - 5 + 6


def test_124_cannoneer_attacks_with_the_wall_it_loses():
    a, b, _rec, _st = run(124, me={"wall": 30, "gems": 7})
    assert a["wall"] == 0
    assert (b["wall"], b["tower"]) == (0, 25)


def test_124_cannoneer_loses_at_most_70():
    a, b, _rec, _st = run(124, me={"wall": 100, "gems": 7}, enemy={"tower": 90})
    assert a["wall"] == 30
    assert (b["wall"], b["tower"]) == (0, 45)


def test_124_cannoneer_without_wall_does_nothing():
    a, b, _rec, _st = run(124, me={"wall": 0, "gems": 7})
    assert a["wall"] == 0 and (b["wall"], b["tower"]) == (25, 30)


def test_126_127_128_dragons():
    _a, b, _r, _s = run(126, me={"recruits": 25}, enemy={"tower": 60})
    assert (b["wall"], b["tower"]) == (0, 45)
    _a, b, _r, _s = run(127, me={"recruits": 43}, enemy={"tower": 80, "recruits": 20})
    assert (b["wall"], b["tower"], b["recruits"]) == (0, 45, 5)
    _a, b, _r, _s = run(128, me={"gems": 10, "recruits": 25}, enemy={"tower": 80, "gems": 12})
    assert (b["wall"], b["tower"], b["gems"]) == (0, 60, 2)


def test_131_dragon_egg_summons_a_dragon():
    _a, _b, rec, _st = run(131, me={"gems": 13})
    assert "Dragon" in CARDS[rec["next_card"]].kw


def test_131_dragon_egg_rare_dragon_with_a_dragon_in_hand():
    _a, _b, rec, _st = run(131, hand=[FILL, 126] + [FILL] * 6, me={"gems": 13})
    c = CARDS[rec["next_card"]]
    assert "Dragon" in c.kw and c.rarity == "Rare"


def test_136_elven_enchantress():
    _a, b, rec, _st = run(136, me={"gems": 10})
    assert b["wall"] == 16 and rec["production"] == [2, 2, 2]


def test_138_devil_enemy_side():
    _a, b, _rec, _st = run(138, me={"gems": 28, "recruits": 30}, enemy={"tower": 80})
    assert (b["wall"], b["tower"]) == (0, 55)
    assert (b["bricks"], b["gems"], b["recruits"]) == (0, 0, 0)


def test_140_poacher():
    _a, b, _rec, _st = run(140)
    assert b["wall"] == 22 and (b["bricks"], b["gems"], b["recruits"]) == (13, 3, 8)


def test_141_tower_of_babylon_stays():
    a, _b, _rec, st = run(141, pos=4)
    assert a["tower"] == 40 and st.p[0].hand[3] == 141


def test_146_ancient_ruins():
    a, _b, _rec, _st = run(146)
    assert (a["bricks"], a["gems"], a["recruits"]) == (15 + 5 + 3, 5 + 2 + 3, 10 + 1 + 3)


def test_148_two_towers_both_walls():
    a, b, _rec, _st = run(148)
    assert a["wall"] == 75 and b["wall"] == 75


def test_149_double_wall():
    a, _b, _rec, _st = run(149)
    assert a["wall"] == 35


def test_101_crypt_sentry_counts_undead():
    a, _b, _r, _s = run(101, hand=[FILL, 112, 113] + [FILL] * 5, me={"bricks": 16})
    assert (a["bricks"], a["gems"], a["recruits"]) == (16 - 6 + 3 + 3, 5 + 3 + 3, 10 - 4 + 3 + 3)


def test_101_crypt_sentry_at_most_6():
    a, _b, _r, _s = run(101, hand=[FILL] + [113] * 7, me={"bricks": 16})
    assert a["gems"] == 5 + 6 + 3


def test_102_honor_guard():
    a, _b, _r, _s = run(102, me={"recruits": 20})
    assert a["tower"] == 40 and a["recruits"] == 20 - 20 + 20 + 3


def test_103_vampire_countess_with_seven_undead():
    a, _b, _r, _s = run(103, hand=[FILL] + [112] * 7)
    assert a["magic"] == 4
    assert (a["bricks"], a["gems"]) == (15 + 8 + 3, 5 - 3 + 8 + 4)


def test_103_vampire_countess_alone():
    a, _b, _r, _s = run(103)
    assert a["magic"] == 3 and a["bricks"] == 15 + 1 + 3


def test_104_moat_bonus_unless_last_card_was_moat():
    a, _b, _r, st = run(104, me={"hist": [(140, 0, "play")]})
    assert a["wall"] == 45 and st.p[0].hand[0] == 104  # Durable
    a, _b, _r, _s = run(104, me={"hist": [(104, 0, "play")]})
    assert a["wall"] == 40


def test_105_rejuvenation_brings_back_the_last_card_face_up():
    _a, _b, rec, st = run(105, pos=2, me={"gems": 8, "hist": [(140, 0, "play")]}, hidden=True)
    assert rec["next_card"] == 140 and st.p[0].hand[1] == 140 and st.p[0].rev[1]


def test_106_troll_and_107_alchemy_stay_in_hand():
    _a, b, _r, st = run(106, me={"recruits": 6})
    assert b["wall"] == 20 and st.p[0].hand[0] == 106
    a, _b, _r, st = run(107)
    assert (a["bricks"], a["recruits"]) == (20, 15) and st.p[0].hand[0] == 107


def test_111_112_114_simple_attackers():
    a, b, _r, _s = run(111)
    assert b["wall"] == 18 and a["gems"] == 10
    _a, b, _r, _s = run(112, me={"recruits": 5})
    assert b["wall"] == 15
    a, b, _r, _s = run(114)
    assert b["wall"] == 20 and a["wall"] == 27


def test_116_telekinesis_bypasses_the_wall():
    a, b, _r, _s = run(116, me={"gems": 9})
    assert a["tower"] == 35 and (b["tower"], b["wall"]) == (25, 25)


def test_117_mummy_costs_gems_with_few_undead():
    a, _b, _r, _s = run(117)
    assert a["tower"] == 34 and a["gems"] == 5 - 3 + 3
    a, _b, _r, _s = run(117, hand=[FILL, 112, 112, 112] + [FILL] * 4)
    assert a["gems"] == 5 + 3


def test_118_gateway():
    a, _b, _r, _s = run(118, me={"gems": 60})
    assert (a["quarry"], a["magic"], a["dungeons"], a["wall"]) == (6, 6, 6, 50)
    assert a["bricks"] == 15 + 6


def test_120_stalker_steals_gems():
    a, b, _r, _s = run(120, me={"gems": 11, "recruits": 5}, enemy={"gems": 4})
    assert b["wall"] == 14 and b["gems"] == 0 and a["gems"] == 0 + 4 + 3


def test_125_archangel():
    a, _b, _r, _s = run(125, me={"gems": 40})
    assert (a["tower"], a["wall"]) == (45, 40)
    assert (a["bricks"], a["gems"], a["recruits"]) == (33, 18, 28)


def test_129_wealth_for_both():
    a, b, _r, _s = run(129)
    assert (a["bricks"], b["bricks"]) == (26, 23) and (a["gems"], b["gems"]) == (16, 13)


def test_130_sea_monster_gains_destroyed_wall_up_to_20():
    a, b, _r, _s = run(130, me={"recruits": 30}, enemy={"wall": 40})
    assert (b["wall"], b["tower"]) == (10, 30)
    # 30 wall destroyed, capped at 20; Charge (8) adds 4 random resources (the wall stands)
    assert a["bricks"] + a["gems"] + a["recruits"] == 18 + 8 + (20 + 3) + 4
    a, b, _r, _s = run(130, me={"recruits": 30}, enemy={"wall": 12})
    assert (b["wall"], b["tower"]) == (0, 30 - 18 - 8)  # Charge hits the tower
    assert a["recruits"] == 12 + 3


def test_130_sea_monster_no_wall_no_recruits():
    a, b, _r, _s = run(130, me={"recruits": 30}, enemy={"wall": 0, "tower": 50})
    assert b["tower"] == 50 - 30 - 8  # Charge (8) hits the tower directly without a wall
    assert a["recruits"] == 3


def test_132_tubular_bells():
    a, _b, _r, _s = run(132, me={"bricks": 20, "gems": 20, "recruits": 20})
    assert (a["quarry"], a["magic"], a["dungeons"]) == (4, 4, 4)
    assert (a["bricks"], a["gems"], a["recruits"]) == (20 - 15 + 4,) * 3
    a, _b, _r, _s = run(132, enemy={"quarry": 5})
    assert a["bricks"] == 15 + 4 and a["quarry"] == 4


def test_133_banshee():
    _a, b, _r, _s = run(133, hand=[FILL, 112, 112] + [FILL] * 5,
                        me={"gems": 10, "recruits": 10})
    assert b["wall"] == 25 - 16


def test_134_centaur_trainer():
    a, _b, rec, _s = run(134, me={"gems": 13, "recruits": 17})
    assert a["dungeons"] == 5
    c = CARDS[rec["next_card"]]
    assert "Beast" in c.kw and c.rarity == "Rare"


def test_135_stone_atronarch_both_branches():
    a, b, _r, _s = run(135, me={"bricks": 20}, enemy={"bricks": 10})
    assert b["wall"] == 15 and a["bricks"] == 18 + 3
    a, b, _r, _s = run(135, me={"bricks": 12}, enemy={"bricks": 10})  # 10 after the cost
    assert b["wall"] == 25 and a["bricks"] == 10 + 8 + 3


def test_137_seraphim():
    a, b, _r, _s = run(137, me={"recruits": 17})
    assert b["wall"] == 15 and a["tower"] == 40


def test_139_avenger_both_branches():
    _a, b, _r, _s = run(139, me={"recruits": 20})
    assert b["wall"] == 15
    a, b, _r, _s = run(139, me={"recruits": 12})
    assert b["wall"] == 25 and a["recruits"] == 10 + 7 + 3


def test_142_basilisk_helps_both():
    a, b, _r, _s = run(142)
    assert (a["wall"], a["quarry"]) == (35, 4)
    assert (b["wall"], b["quarry"]) == (15, 4)


def test_143_clay_valley():
    a, _b, rec, _s = run(143, me={"gems": 11, "recruits": 11})
    assert rec["production"] == [15, 1, 1] and a["bricks"] == 15 + 45


def test_144_necromancer_gains_the_cost_of_the_summoned_card():
    a, b, rec, _s = run(144, me={"gems": 19, "recruits": 13})
    assert b["wall"] == 5
    c = CARDS[rec["next_card"]]
    assert "Undead" in c.kw and c.rarity == "Rare"
    assert a["bricks"] == 15 + min(c.bricks, 13) + 3
    assert a["gems"] == 0 + min(c.gems, 13) + 3
    assert a["recruits"] == 0 + min(c.recruits, 13) + 3


def test_145_necromancy_rarity_by_undead_count():
    for extra, rarity in ((3, "Common"), (4, "Uncommon"), (7, "Rare")):
        hand = [FILL] + [112] * extra + [FILL] * (7 - extra)
        _a, _b, rec, _s = run(145, hand=hand)
        c = CARDS[rec["next_card"]]
        assert "Undead" in c.kw and c.rarity == rarity


def test_147_werewolf_visible_card_builds_wall():
    a, b, _r, _s = run(147, me={"recruits": 8})
    assert a["wall"] == 37 and b["wall"] == 25


def test_147_werewolf_hidden_card_is_attacked():
    a, b, _r, _s = run(147, me={"recruits": 8}, hidden=True)
    assert a["wall"] == 25 and b["wall"] == 13
    a, b, _r, _s = run(147, me={"recruits": 8}, enemy={"rev": [True] + [False] * 7}, hidden=True)
    assert a["wall"] == 37 and b["wall"] == 25


def test_150_conscript_army():
    a, b, _r, st = run(150, pos=3, enemy={"hand": [FILL] * 8})
    assert b["wall"] == 13 and a["bricks"] == 15 - 5 + 3
    hand = st.p[1].hand
    assert hand[2] == 97 and hand.count(97) == 3
