"""Cards 1-50: each test plays the card once and checks the numbers it changes.

Defaults (``run`` is ``play_card`` in tests/engine/helpers.py): both players tower 30,
wall 25, facilities 3/3/3; the actor holds 50 of each resource, the enemy 15/5/10.
Production (+3 of each resource) follows every play unless the card is Quick. Filler cards
are Caravan (no keywords, zero cost: no Far sight bonus when opposite, no
Skirmisher/Banish/Horde targets). Round 6 keeps Aria quiet. Keyword side effects that are
random (Charge against a standing wall) are checked as stock totals only.
"""
from functools import partial

from tests.engine.helpers import FILL, card_ids, play_card, resource_left, stock_total, stocked

RICH = stocked(50)
run = partial(play_card, rich=50, round=6)


def test_1_basic_wall_from_nothing_and_otherwise():
    a, _b, _r, _s = run(1, me={"wall": 0})
    assert a["wall"] == 10
    a, _b, _r, _s = run(1, me={"wall": 5})
    assert a["wall"] == 8


def test_2_foundations_bonus_after_tower_damage():
    a, _b, _r, _s = run(2, me={"changes": [-4, 0, 0, 0, 0, 0, 0, 0]})
    assert a["tower"] == 37
    a, _b, _r, _s = run(2, me={"changes": [4, 0, 0, 0, 0, 0, 0, 0]})
    assert a["tower"] == 32


def test_3_lightning_strike():
    _a, b, _r, _s = run(3)
    assert (b["quarry"], b["magic"], b["dungeons"]) == (2, 3, 3)


def test_4_great_wall_half_the_maximum():
    a, _b, _r, _s = run(4)
    assert a["wall"] == 25 + 75
    a, _b, _r, _s = run(4, long_mode=True)
    assert a["wall"] == 25 + 113  # 225 / 2 = 112.5 rounds up


def test_5_curse_facilities_and_demonic_penalty():
    a, b, _r, _s = run(5)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (4, 4, 4)
    assert (b["quarry"], b["magic"], b["dungeons"]) == (2, 2, 2)
    assert a["tower"] == 27  # Demonic (uncommon, gems): tower -3


def test_6_red_dragon_attack_then_wall_damage():
    _a, b, _r, _s = run(6, enemy={"tower": 60, "wall": 60})
    assert (b["tower"], b["wall"]) == (60, 10)


def test_7_knight():
    a, b, _r, _s = run(7)
    assert (b["tower"], b["wall"]) == (30, 18)
    assert stock_total(a) == 150 - 5 + 9 + 2  # Charge (3): 2 random resources


def test_8_soulstealer_steals_gems():
    a, b, _r, _s = run(8, enemy={"gems": 10})
    assert b["gems"] == 3 and a["gems"] == 50 + 7 + 3
    a, b, _r, _s = run(8, enemy={"gems": 4})
    assert b["gems"] == 0 and a["gems"] == 50 + 4 + 3


def test_9_stonehenge_summons_rare_mage():
    a, _b, rec, st = run(9, pos=2)
    assert a["wall"] == 40 and a["magic"] == 5
    assert rec["next_card"] in card_ids(rarity="Rare", keyword="Mage")
    assert st.p[0].hand[1] == rec["next_card"]


def test_10_iron_golem_modes():
    a, b, _r, _s = run(10, mode=1)
    assert b["wall"] == 4 and a["bricks"] == resource_left(10, "bricks") + 8
    assert a["recruits"] == resource_left(10, "recruits")
    a, b, _r, _s = run(10, mode=2)
    assert b["wall"] == 4 and a["recruits"] == resource_left(10, "recruits") + 6
    assert a["bricks"] == resource_left(10, "bricks")


def test_11_meditation_mage_bonus():
    a, _b, _r, _s = run(11)
    assert a["gems"] == resource_left(11, "gems") + 17
    a, _b, _r, _s = run(11, me={"hist": [(53, 0, "play")]})
    assert a["gems"] == resource_left(11, "gems") + 22


def test_12_blacksmith():
    a, _b, _r, _s = run(12)
    assert a["dungeons"] == 4


def test_13_goblin_flanker_steals_when_opposite_costs_no_recruits():
    a, b, _r, _s = run(13)
    assert b["wall"] == 22
    assert stock_total(b) == 30 - 3 and stock_total(a) == 150 - 1 + 9 + 3
    a, b, _r, _s = run(13, enemy_hand=[7] + [FILL] * 7)  # Knight costs recruits
    assert stock_total(b) == 30 and stock_total(a) == 150 - 1 + 9


def test_14_immolation():
    _a, b, _r, _s = run(14)
    assert b["magic"] == 2


def test_15_plague_hits_both_highest_facilities():
    a, b, _r, _s = run(15, me={"quarry": 5}, enemy={"dungeons": 6})
    assert (a["quarry"], a["magic"], a["dungeons"]) == (4, 3, 3)
    assert (b["quarry"], b["magic"], b["dungeons"]) == (3, 3, 5)


def test_16_mage_guild():
    a, _b, rec, _s = run(16)
    assert a["tower"] == 33
    assert (a["bricks"], a["gems"], a["recruits"]) == (50 - 5 + 4, 50 - 2 + 4, 54)
    assert rec["next_card"] in card_ids(keyword="Mage")


def test_17_earthquake_halves_tower_and_wall_at_least_10():
    _a, b, _r, _s = run(17, enemy={"tower": 97, "wall": 71})
    assert (b["tower"], b["wall"]) == (48, 35)  # 48.5 and 35.5 round up
    _a, b, _r, _s = run(17, enemy={"tower": 14, "wall": 6})
    assert (b["tower"], b["wall"]) == (4, 0)


def test_18_19_scout_tower_and_fortification():
    a, _b, _r, _s = run(18)
    assert a["tower"] == 35
    a, _b, _r, _s = run(19)
    assert a["wall"] == 50


def test_20_duelist_discards_most_expensive_non_rare_recruits_card():
    enemy = [FILL, 7, 36, 74, FILL, 13, FILL, FILL]  # Knight 5, Light cavalry 15, rare 14
    a, _b, _r, st = run(20, enemy_hand=enemy)
    assert a["recruits"] == resource_left(20, "recruits") + 10
    B = st.p[1]
    assert B.hand[2] != 36 and B.new[2]
    assert [B.hand[i] for i in (0, 1, 3, 4, 5, 6, 7)] == [FILL, 7, 74, FILL, 13, FILL, FILL]
    assert st.p[0].disc[1] == [36]


def test_20_duelist_without_target():
    _a, _b, _r, st = run(20, enemy_hand=[FILL, 74] + [FILL] * 6)
    assert st.p[1].hand == [FILL, 74] + [FILL] * 6 and st.p[0].disc[1] == []


def test_21_22_stronghold_and_sculptor():
    a, _b, _r, _s = run(21)
    assert a["tower"] == 60
    a, _b, _r, _s = run(22)
    assert a["quarry"] == 4


def test_23_caravan_extra_after_resource_loss():
    a, _b, _r, _s = run(23)
    assert (a["bricks"], a["gems"], a["recruits"]) == (54, 54, 54)
    a, _b, _r, _s = run(23, me={"changes": [0, 0, 0, 0, 0, 0, -2, 1]})
    assert (a["bricks"], a["gems"], a["recruits"]) == (55, 55, 55)


def test_24_minotaur_tower_bonus_below_30():
    a, b, _r, _s = run(24, me={"tower": 29})
    assert a["tower"] == 33 and b["wall"] == 20
    a, _b, _r, _s = run(24)
    assert a["tower"] == 30


def test_25_griffin():
    _a, b, _r, _s = run(25)
    assert b["wall"] == 11


def test_26_thief_attack_and_steal_stock():
    a, b, _r, _s = run(26)
    assert b["wall"] == 24 and (b["bricks"], b["gems"], b["recruits"]) == (14, 4, 9)
    assert (a["bricks"], a["gems"], a["recruits"]) == (54, 54, 54 - 3)


def test_27_fairy_counts_holy_cards_quick():
    a, _b, rec, _s = run(27, hand=[FILL, 44] + [FILL] * 6)
    assert (a["bricks"], a["gems"], a["recruits"]) == (52, 50 - 6 + 2, 52)
    assert rec["extra_turn"] and rec["production"] == [0, 0, 0]


def test_28_vampire_magic_loss_unless_4_undead():
    a, b, _r, _s = run(28)
    assert b["wall"] == 0 and b["tower"] == 26
    assert (a["gems"] == resource_left(28, "gems", prod=2) - 7  # magic 2 produces 2
            and a["magic"] == 2)
    a, _b, _r, _s = run(28, hand=[FILL, 28, 28, 28] + [FILL] * 4)
    assert a["magic"] == 3


def test_29_night_raid():
    _a, b, _r, _s = run(29)
    assert b["dungeons"] == 2


def test_30_magic_maelstrom_modes():
    a, _b, _r, _s = run(30, mode=1)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (2, 5, 3)
    assert a["gems"] == 50 - 1 + 30 + 5
    a, _b, _r, _s = run(30, mode=2)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (3, 5, 2)


def test_31_risen_angel_counts_enemy_holy_cards():
    a, b, _r, _s = run(31, enemy_hand=[27, 27] + [FILL] * 6, enemy={"wall": 0, "tower": 40})
    assert b["tower"] == 40 - 24 and a["gems"] == resource_left(31, "gems") + 2
    a, b, _r, _s = run(31, enemy={"wall": 0, "tower": 40})
    assert b["tower"] == 40 - 22 and a["gems"] == resource_left(31, "gems")


def test_32_crimson_hawk():
    _a, b, _r, _s = run(32)
    assert b["wall"] == 9


def test_33_beast_farm_summons_rare_beast():
    a, _b, rec, _s = run(33)
    assert a["wall"] == 38 and rec["next_card"] in card_ids(rarity="Rare", keyword="Beast")


def test_34_book_of_magic():
    a, _b, _r, _s = run(34)
    assert a["magic"] == 4


def test_35_magical_tower_gems_when_opposite_costs_gems():
    a, _b, _r, _s = run(35, enemy_hand=[3] + [FILL] * 7)
    assert a["tower"] == 45 and a["gems"] == 50 + 10 + 3
    a, _b, _r, _s = run(35)
    assert a["tower"] == 45 and a["gems"] == 53


def test_36_light_cavalry():
    a, b, _r, _s = run(36)
    assert b["wall"] == 9 and stock_total(a) == 150 - 15 + 9 + 5  # Charge (9): 5 random


def test_37_mystic_strike():
    _a, b, _r, _s = run(37, enemy={"gems": 20})
    assert b["gems"] == 8


def test_38_master_thief_steals_per_brigand():
    a, b, _r, _s = run(38, hand=[FILL, 26, 26] + [FILL] * 5, enemy={"recruits": 2})
    assert (b["bricks"], b["gems"], b["recruits"]) == (12, 2, 0)
    assert (a["bricks"], a["gems"], a["recruits"]) == (56, 56, 50 - 15 + 2 + 3)


def test_39_reinforced_wall():
    a, _b, _r, _s = run(39)
    assert (a["tower"], a["wall"]) == (32, 28)


def test_40_sorrow():
    _a, b, _r, _s = run(40, enemy={"recruits": 30})
    assert b["recruits"] == 10


def test_41_stone_golem_modes():
    a, b, _r, _s = run(41, mode=1)
    assert a["wall"] == 33 and b["wall"] == 25
    a, b, _r, _s = run(41, mode=2)
    assert a["wall"] == 25 and b["wall"] == 16


def test_42_lady_ellena_summons_far_sight():
    _a, b, rec, _s = run(42)
    assert b["wall"] == 23 and rec["next_card"] in card_ids(keyword="Far sight")


def test_43_blood_sacrifice():
    a, _b, _r, _s = run(43)
    assert a["magic"] == 2 and a["gems"] == 50 + 25 + 2
    assert a["wall"] == 22  # Demonic (uncommon, recruits): wall -3


def test_44_angel_three_per_holy_card():
    a, _b, rec, _s = run(44, hand=[FILL, 27, 27] + [FILL] * 5)
    assert (a["bricks"], a["gems"], a["recruits"]) == (50 + 9 + 3, 50 - 8 + 9 + 3, 62)
    assert rec["extra_turn"]


def test_45_marauder():
    _a, b, _r, _s = run(45)
    assert (b["tower"], b["wall"]) == (29, 21)


def test_46_ogre():
    a, b, _r, _s = run(46)
    assert (b["tower"], b["wall"]) == (30, 17)
    assert stock_total(a) == 150 - 8 + 9 + 4  # Charge (7): 4 random


def test_47_city_walls():
    a, _b, _r, _s = run(47)
    assert a["wall"] == 60 and a["bricks"] == 50 - 20 + 5 + 3


def test_48_school_of_restoration():
    a, _b, rec, _s = run(48)
    assert a["tower"] == 34 and a["recruits"] == 54
    assert rec["next_card"] in card_ids(keyword="Restoration")


def test_49_50_mage_bonus_resources():
    a, _b, _r, _s = run(49)
    assert a["bricks"] == 63
    a, _b, _r, _s = run(49, me={"hist": [(82, 0, "play")]})
    assert a["bricks"] == 68
    a, _b, _r, _s = run(50, me={"hist": [(82, 0, "play")]})
    assert a["recruits"] == 68
    a, _b, _r, _s = run(50, me={"hist": [(82, 0, "discard")]})
    assert a["recruits"] == 63
