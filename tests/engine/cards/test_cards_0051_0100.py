"""Cards 51-100: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0001_0050.py: both players tower 30, wall 25, facilities
3/3/3; the actor holds 50 of each resource, the enemy 15/5/10; production +3 of each
resource after the play (none after a Quick card); Caravan fillers; round 6.
"""
from functools import partial

from tests.engine.helpers import (
    FILL,
    card_ids,
    play_card,
    resource_left,
    stock_total,
    stock_tuple,
    stocked,
)

RICH = stocked(50)
run = partial(play_card, rich=50, round=6)


def test_51_samurai_discards_most_expensive_keyword_card():
    enemy = [FILL, 7, 652, 383, 239, 13, FILL, FILL]  # 652 is Durable, 383 has no keyword
    _a, _b, _r, st = run(51, enemy_hand=enemy)
    B = st.p[1]
    assert B.hand[4] != 239 and B.new[4]
    assert [B.hand[i] for i in (0, 1, 2, 3, 5)] == [FILL, 7, 652, 383, 13]
    assert st.p[0].disc[1] == [239]


def test_51_samurai_ignores_keywordless_and_durable_cards():
    enemy = [FILL, 383, 652] + [FILL] * 5
    _a, _b, _r, st = run(51, enemy_hand=enemy)
    assert st.p[1].hand == enemy and st.p[0].disc[1] == []


def test_52_pirates():
    _a, b, _r, _s = run(52)
    assert b["wall"] == 16 and stock_tuple(b) == (12, 2, 7)


def test_53_sorceress_attack_grows_with_magic():
    _a, b, rec, _s = run(53, me={"magic": 5})
    assert b["wall"] == 25 - 11 and rec["extra_turn"]


def test_54_battering_ram():
    _a, b, _r, _s = run(54)
    assert (b["tower"], b["wall"]) == (30, 15)


def test_55_school_of_nature():
    a, _b, rec, _s = run(55)
    assert a["tower"] == 35 and stock_tuple(a) == (50 - 6 + 4, 50 - 3 + 4, 54)
    assert rec["next_card"] in card_ids(keyword="Nature")


def test_56_57_parapet_and_gate():
    a, _b, _r, _s = run(56)
    assert a["tower"] == 42
    a, _b, _r, _s = run(57)
    assert a["wall"] == 32


def test_58_academy_of_destruction_summons_non_common():
    a, _b, rec, _s = run(58)
    assert a["tower"] == 36 and a["recruits"] == 55
    assert rec["next_card"] in card_ids(rarity=("Uncommon", "Rare"), keyword="Destruction")


def test_59_flame_spitter():
    _a, b, _r, _s = run(59)
    assert (b["tower"], b["wall"]) == (21, 25)


def test_60_dwarven_warriors():
    a, b, _r, _s = run(60)
    assert b["wall"] == 21 and a["bricks"] == 56


def test_61_ether_dragon():
    _a, b, _r, _s = run(61, enemy={"tower": 60})
    assert (b["tower"], b["wall"]) == (35, 0)


def test_62_catapult():
    _a, b, _r, _s = run(62)
    assert (b["tower"], b["wall"]) == (16, 25)


def test_63_dark_ritual():
    a, b, _r, _s = run(63)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (2, 2, 2)
    assert b["tower"] == 6
    assert a["tower"] == 26  # Demonic (rare, gems): tower -4


def test_64_enlightenment_helps_both():
    a, b, _r, _s = run(64)
    assert a["tower"] == 55 and b["tower"] == 55
    assert (a["quarry"], b["quarry"], a["dungeons"], b["dungeons"]) == (4, 4, 4, 4)


def test_65_academy_of_illusion():
    a, _b, rec, _s = run(65)
    assert a["tower"] == 37 and a["recruits"] == 56
    assert rec["next_card"] in card_ids(rarity=("Uncommon", "Rare"), keyword="Illusion")


def test_66_67_manticore_and_magical_palace():
    _a, b, _r, _s = run(66)
    assert b["wall"] == 7
    a, _b, _r, _s = run(67)
    assert a["tower"] == 70


def test_68_gladiator():
    a, b, rec, _s = run(68)
    assert b["wall"] == 22 and a["recruits"] == 50 - 1 + 2 + 3
    assert rec["next_card"] in card_ids(rarity=("Uncommon", "Rare"), keyword="Barbarian")


def test_69_beast_mistress_replaces_neighbours():
    a, b, rec, st = run(69, pos=4)
    beasts = card_ids(keyword="Beast") & card_ids(keyword="Frenzy")
    hand = st.p[0].hand
    assert hand[2] in beasts and hand[4] in beasts and 69 not in (hand[2], hand[4])
    assert st.p[0].disc[0] == [FILL, FILL]
    assert rec["production"] == [1, 1, 2] and a["recruits"] == 50 - 1 + 6
    assert b["wall"] == 24  # the new neighbours are Frenzy cards: attack round(3 x 1 / 3)


def test_69_beast_mistress_at_the_edge():
    _a, _b, _r, st = run(69, pos=1)
    assert st.p[0].hand[1] != FILL and st.p[0].hand[2:] == [FILL] * 6


def test_70_71_72():
    a, _b, _r, _s = run(70)
    assert a["tower"] == 50 and a["magic"] == 5
    a, b, _r, _s = run(71)
    assert a["wall"] == 30 and b["wall"] == 22
    a, _b, _r, _s = run(72)
    assert a["tower"] == 40


def test_73_giant_spider():
    a, b, _r, _s = run(73)
    assert a["wall"] == 30 and b["wall"] == 15 and b["bricks"] == 10


def test_74_75_highlander_and_white_crocodile():
    _a, b, _r, _s = run(74)
    assert (b["tower"], b["wall"]) == (30, 0)
    _a, b, _r, _s = run(75)
    assert b["wall"] == 10


def test_76_ninja_moves_into_chosen_slot():
    a, b, rec, st = run(76, pos=1, mode=3)
    hand = st.p[0].hand
    assert hand[2] == 76 and not st.p[0].new[2] and st.p[0].disc[0] == [FILL]
    assert b["tower"] == 27 and rec["production"] == [0, 0, 0] and stock_tuple(a) == (50, 50, 50)


def test_76_ninja_choosing_its_own_slot_stays():
    _a, b, rec, st = run(76, pos=2, mode=2)
    assert st.p[0].hand[1] == 76 and rec["next_card"] == 0 and b["tower"] == 27


def test_77_amazon_tribe_recruits_per_barbarian_max_4():
    a, b, _r, _s = run(77, hand=[FILL, 45] + [FILL] * 6)
    assert b["wall"] == 19 and a["recruits"] == resource_left(77, "recruits") + 2
    a, _b, _r, _s = run(77, hand=[FILL, 45, 45, 45, 45, 45, FILL, FILL])
    assert a["recruits"] == resource_left(77, "recruits") + 4


def test_78_unicorn():
    a, b, _r, _s = run(78)
    assert b["wall"] == 20
    assert stock_total(a) == 150 - 5 + 3 + 9 + 1  # Charge (2): 1 random resource


def test_79_erosion():
    _a, b, _r, _s = run(79)
    assert b["bricks"] == 5


def test_80_catastrophe_attacks_both_players():
    # me: facilities 9 -> 36, stock 50 + 25 + 50 = 125 -> 48; enemy: 36 + 4 x 3 = 48
    a, b, _r, _s = run(80, me={"tower": 100, "wall": 50}, enemy={"tower": 60, "wall": 20})
    assert (a["tower"], a["wall"]) == (66, 0)
    assert (b["tower"], b["wall"]) == (32, 0)


def test_81_new_era():
    a, b, _r, _s = run(81)
    assert stock_tuple(a) == (5, 5, 5)  # stock 0, then production from 5/5/5 facilities
    assert stock_tuple(b) == (0, 0, 0) and (b["quarry"], b["magic"], b["dungeons"]) == (5, 5, 5)


def test_82_wizard_attacks_with_magic():
    _a, b, _r, _s = run(82, me={"magic": 7})
    assert b["wall"] == 18


def test_83_valkyrie():
    a, b, _r, _s = run(83)
    assert b["wall"] == 10 and a["dungeons"] == 4 and b["dungeons"] == 4


def test_84_85_86_attacks_with_gem_loss():
    _a, b, _r, _s = run(84, enemy={"gems": 20})
    assert b["wall"] == 17 and b["gems"] == 12
    _a, b, _r, _s = run(85, enemy={"gems": 20})
    assert b["wall"] == 15 and b["gems"] == 12
    _a, b, _r, _s = run(86, enemy={"gems": 30, "tower": 60})
    assert (b["tower"], b["wall"], b["gems"]) == (45, 0, 10)


def test_87_pyramids_raise_low_wall_to_40():
    a, _b, _r, _s = run(87, me={"bricks": 60})
    assert (a["tower"], a["wall"]) == (90, 40)
    a, _b, _r, _s = run(87, me={"bricks": 60, "wall": 55})
    assert a["wall"] == 55


def test_88_undead_host():
    _a, b, _r, _s = run(88, hand=[FILL, 28] + [FILL] * 6, enemy={"tower": 80, "wall": 10})
    assert (b["tower"], b["wall"]) == (80 - 39, 0)  # 35 + 7 x 2 = 49


def test_89_orc_regiment_bonus_near_zero_cost_card():
    enemy = [7] * 8
    _a, b, _r, _s = run(89, pos=4, enemy_hand=enemy, me={"recruits": 60},
                        enemy={"tower": 100, "wall": 10})
    assert b["tower"] == 30
    enemy[4] = FILL
    _a, b, _r, _s = run(89, pos=4, enemy_hand=enemy, me={"recruits": 60},
                        enemy={"tower": 100, "wall": 10})
    assert b["tower"] == 10


def test_90_paladin():
    a, b, _r, _s = run(90)
    assert b["wall"] == 15 and a["gems"] == 59


def test_91_corrosion():
    _a, b, _r, _s = run(91)
    assert b["recruits"] == 4


def test_92_dragon_golem_modes():
    _a, b, _r, _s = run(92, mode=1, enemy={"tower": 100, "wall": 25})
    assert (b["tower"], b["wall"]) == (70 - 16, 0)  # Charge (16) on the broken wall
    a, _b, _r, _s = run(92, mode=2)
    assert a["wall"] == 90


def test_93_clay_golem_modes():
    _a, b, _r, _s = run(93, mode=1)
    assert b["wall"] == 0 and b["tower"] == 30
    a, _b, _r, _s = run(93, mode=2)
    assert a["wall"] == 57
    _a, b, _r, _s = run(93, mode=3, enemy={"wall": 50})
    assert b["wall"] == 15


def test_94_stone_gargoyle_modes():
    _a, b, _r, _s = run(94, mode=1)
    assert b["wall"] == 13
    _a, b, _r, _s = run(94, mode=2)
    assert (b["tower"], b["wall"]) == (23, 25)


def test_95_archer():
    _a, b, _r, _s = run(95)
    assert b["tower"] == 27


def test_96_pegasus_quick():
    a, _b, rec, _s = run(96)
    assert stock_tuple(a) == (50, 52, 50) and rec["extra_turn"]


def test_97_conscript_summons_after_zero_cost_card():
    _a, b, rec, _s = run(97, me={"hist": [(FILL, 0, "play")]})
    assert b["wall"] == 24
    assert rec["next_card"] in card_ids(rarity=("Uncommon", "Rare"), cost="zero")
    _a, _b, rec, _s = run(97, me={"hist": [(7, 0, "play")]})
    assert rec["next_card"] == -1


def test_98_murderer():
    _a, b, _r, _s = run(98)
    assert b["wall"] == 15 and b["magic"] == 2


def test_99_magic_rift():
    a, b, _r, _s = run(99, enemy={"gems": 30})
    assert (a["dungeons"], a["magic"], b["dungeons"], b["magic"]) == (4, 4, 4, 4)
    assert a["gems"] == 50 - 12 + 25 + 4 and b["gems"] == 5


def test_100_wonder():
    a, b, _r, _s = run(100)
    assert a["quarry"] == 8 and b["quarry"] == 8 and a["bricks"] == 58
