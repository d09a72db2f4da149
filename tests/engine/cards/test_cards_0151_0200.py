"""Cards 151-200: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card

run = partial(play_card, rich=None, round=5)


def test_151_trebuchet_hits_the_tower_and_stays():
    _a, b, _rec, st = run(151, me={"recruits": 9})
    assert (b["tower"], b["wall"]) == (24, 25)
    assert st.p[0].hand[0] == 151


def test_154_dwarven_fortification():
    a, _b, rec, _st = run(154, me={"bricks": 32})
    assert a["wall"] == 65
    c = CARDS[rec["next_card"]]
    assert "Runic" in c.kw and c.rarity in ("Uncommon", "Rare") and c.id != 154


def test_156_magic_barrier_converts_bricks_and_gems():
    a, _b, _rec, _st = run(156, me={"bricks": 25, "gems": 12})
    assert (a["tower"], a["wall"]) == (40, 27)
    assert (a["bricks"], a["gems"]) == (3, 3)  # production only


def test_160_gnome_thief_steals_what_is_there():
    a, b, _rec, _st = run(160, enemy={"gems": 1})
    assert (b["gems"], b["recruits"]) == (0, 9)
    assert (a["gems"], a["recruits"]) == (5 + 1 + 3, 10 - 3 + 1 + 3)


def test_161_damnation():
    _a, b, _rec, _st = run(161, me={"gems": 60})
    assert (b["tower"], b["wall"]) == (10, 5)
    assert (b["quarry"], b["magic"], b["dungeons"]) == (1, 1, 1)
    assert (b["bricks"], b["gems"], b["recruits"]) == (0, 0, 0)


def test_162_163_164_facilities():
    a, _b, _r, _s = run(162, me={"gems": 6, "recruits": 6})
    assert a["magic"] == 4 and a["gems"] == 4
    a, _b, _r, _s = run(163, me={"gems": 5})
    assert a["quarry"] == 4 and a["bricks"] == 15 - 5 + 4
    a, _b, _r, _s = run(164, me={"recruits": 6})
    assert a["dungeons"] == 4 and a["recruits"] == 4


def test_167_dragon_squadron_ends_the_game():
    _a, b, rec, _st = run(167, me={"recruits": 70})
    assert b["tower"] == 0 and rec["status"] == "finished"


def test_169_valhalla():
    a, _b, _rec, _st = run(169, me={"tower": 50})
    assert (a["tower"], a["wall"]) == (30, 95)


def test_169_valhalla_keeps_the_tower_at_one():
    a, _b, _rec, _st = run(169, me={"tower": 15})
    assert a["tower"] == 1


def test_174_time_warp():
    a, _b, rec, _st = run(174, me={"gems": 11})
    assert rec["production"] == [2, 2, 2] and rec["extra_turn"]
    assert a["bricks"] == 21


def test_175_176_holy_buildings():
    a, _b, _r, _s = run(175, me={"bricks": 27})
    assert a["tower"] == 43 and (a["bricks"], a["gems"], a["recruits"]) == (10, 15, 20)
    a, _b, _r, _s = run(176)
    assert a["tower"] == 33 and (a["bricks"], a["gems"], a["recruits"]) == (14, 9, 14)


def test_181_genie():
    a, b, _rec, _st = run(181, me={"gems": 30}, enemy={"gems": 3, "tower": 50})
    assert (b["wall"], b["tower"]) == (0, 40)
    assert (b["bricks"], b["gems"], b["recruits"]) == (10, 0, 5)
    assert (a["bricks"], a["gems"], a["recruits"]) == (23, 6, 8)


def test_189_foundry_triples_recruits():
    a, _b, rec, _st = run(189)
    assert a["tower"] == 35 and rec["production"] == [1, 1, 3]
    assert a["recruits"] == 19


def test_191_192_towers():
    a, _b, _r, _s = run(191, me={"bricks": 16})
    assert a["tower"] == 50
    a, _b, _r, _s = run(192, me={"bricks": 40})
    assert (a["tower"], a["wall"]) == (75, 50)


def test_197_pit_fiend():
    _a, b, _rec, _st = run(197, me={"gems": 12, "recruits": 13})
    assert b["wall"] == 5 and b["quarry"] == 2


def test_199_duplication_doubles_stock():
    a, _b, rec, _st = run(199, me={"gems": 40})
    assert (a["bricks"], a["gems"], a["recruits"]) == (33, 13, 23)
    assert rec["extra_turn"]


def test_152_micramix_swaps_the_hands():
    mine = [1, 2, 3, 152, 5, 6, 7, 8]
    theirs = [101, 102, 103, 104, 105, 106, 107, 108]
    _a, _b, rec, st = run(152, pos=4, hand=mine, me={"gems": 1}, enemy={"hand": theirs})
    assert rec["next_card"] == 0  # the hand is already complete
    assert sorted(st.p[0].hand) == theirs
    got = sorted(st.p[1].hand)
    for c in (1, 2, 3, 5, 6, 7, 8):
        assert c in got
    assert 152 not in got  # the played card's place was refilled from the deck first
    assert all(st.p[0].new) and all(st.p[1].new)


def test_153_acolyte_both_branches():
    _a, b, _r, _s = run(153, me={"gems": 12, "recruits": 5}, enemy={"gems": 5})
    assert b["wall"] == 15
    a, b, _r, _s = run(153, me={"gems": 7, "recruits": 5}, enemy={"gems": 5})
    assert b["wall"] == 25 and a["gems"] == 5 + 7 + 3


def test_155_citadel_157_volcano():
    a, _b, _r, _s = run(155, me={"bricks": 20})
    assert (a["tower"], a["wall"]) == (48, 31)
    _a, b, _r, _s = run(157, me={"gems": 32})
    assert (b["tower"], b["wall"], b["bricks"], b["gems"], b["recruits"]) == (15, 10, 0, 0, 0)


def test_158_flood():
    _a, b, _r, _s = run(158, me={"gems": 20}, enemy={"bricks": 30, "wall": 40})
    assert (b["wall"], b["bricks"]) == (25, 0)
    _a, b, _r, _s = run(158, me={"gems": 20}, enemy={"bricks": 50, "wall": 40})
    assert (b["wall"], b["bricks"]) == (40, 5)


def test_159_scepter_summons_from_my_rare_slots():
    deck = (tuple(range(1, 16)), tuple(range(16, 31)), (121, 126, 127) * 5)
    _a, _b, rec, _s = run(159, me={"gems": 15, "deck": deck})
    assert rec["next_card"] in (121, 126, 127)


def test_165_preparations_both_branches():
    a, _b, _r, _s = run(165, me={"bricks": 6, "recruits": 6}, enemy={"dungeons": 4})
    assert a["dungeons"] == 4
    a, _b, _r, _s = run(165, me={"bricks": 6, "recruits": 6})
    assert a["dungeons"] == 3 and a["recruits"] == 0 + 11 + 3


def test_166_royal_dragoons_count_charge_cards():
    _a, b, _r, _s = run(166, hand=[FILL, 7] + [FILL] * 6, me={"recruits": 40},
                        enemy={"wall": 100})
    assert (b["wall"], b["tower"]) == (100 - 41, 30)


def test_168_mirror_strike_copies_the_enemy_last_card():
    _a, _b, rec, st = run(168, me={"gems": 8}, enemy={"hist": [(126, 0, "play")]}, hidden=True)
    assert rec["next_card"] == 126 and st.p[0].hand[0] == 126 and st.p[0].rev[0]


def test_168_mirror_strike_without_enemy_card_draws_normally():
    _a, _b, rec, _s = run(168, me={"gems": 8})
    assert rec["next_card"] == -1


def test_170_miracle():
    holy = [FILL, 175, 175] + [FILL] * 5
    a, b, _r, _s = run(170, hand=holy, me={"gems": 1})
    assert (a["bricks"], b["bricks"]) == (15 + 8 + 3, 15 + 2)
    a, b, _r, _s = run(170, me={"gems": 1}, enemy={"hand": [175, 175] + [FILL] * 6})
    assert (a["bricks"], b["bricks"]) == (15 + 2 + 3, 15 + 8)
    a, b, _r, _s = run(170, me={"gems": 1}, enemy={"hand": [175] + [FILL] * 7})
    assert (a["bricks"], b["bricks"]) == (15 + 10 + 3, 15 + 10)  # tie: both gain 8 + 2


def test_171_master_of_the_past_restores_losses_only():
    ch = [-5, 7, -1, 0, 0, -4, 3, 0]
    a, _b, _r, _s = run(171, me={"changes": ch})
    assert (a["tower"], a["wall"], a["quarry"]) == (35, 25, 4)
    assert (a["bricks"], a["gems"]) == (15 + 4 + 4, 5 + 3)


def test_172_knight_of_time():
    _a, b, rec, _s = run(172, me={"gems": 9, "recruits": 9})
    assert b["wall"] == 11 and rec["extra_turn"]


def test_173_lord_of_time_clears_mage_counter():
    _a, b, _r, st = run(173, me={"gems": 23, "recruits": 12, "tokens": [("Mage", 50)]})
    assert b["wall"] == 5 and st.p[0].tok[0] == 0


def test_177_prayer():
    a, _b, rec, _s = run(177, hand=[FILL, 175, 175] + [FILL] * 5, me={"gems": 1})
    assert a["bricks"] + a["gems"] + a["recruits"] == (15 + 0 + 10) + 2 + 9
    assert "Holy" in CARDS[rec["next_card"]].kw


def test_178_army_of_darkness():
    a, b, _r, _s = run(178, hand=[FILL, 110, 110] + [FILL] * 5,
                       me={"gems": 13, "recruits": 12}, enemy={"wall": 30})
    assert b["wall"] == 30 - 24  # 12 recruits x round(3 / 2)
    assert a["recruits"] == 3


def test_179_redesign():
    a, b, _r, _s = run(179, enemy={"wall": 8})
    assert (a["tower"], a["wall"]) == (30 + 13, 12)
    assert (b["tower"], b["wall"]) == (34, 4)


def test_180_mercenaries():
    a, b, rec, _s = run(180, me={"quarry": 1})
    assert rec["production"] == [0, 0, 0] and b["wall"] == 25 - 18 and a["bricks"] == 15
    _a, b, _r, _s = run(180)
    assert b["wall"] == 25 - 9


def test_182_efreet_attacks_with_what_the_enemy_lost():
    _a, b, _r, _s = run(182, me={"gems": 35, "recruits": 15})
    assert (b["bricks"], b["gems"], b["recruits"]) == (0, 0, 0)
    assert (b["wall"], b["tower"]) == (0, 30 - (15 + 5 + 10 - 25))


def test_183_magic_lamp():
    _a, _b, rec, _s = run(183, me={"new": [True] + [False] * 7})
    assert rec["next_card"] in (181, 182)
    a, _b, rec, _s = run(183)
    assert rec["next_card"] == -1
    assert a["bricks"] + a["gems"] + a["recruits"] == (15 + 5 + 10) - 15 + 16 + 9


def test_184_lost_city():
    a, _b, rec, _s = run(184, me={"bricks": 10})
    assert a["tower"] == 35 and (a["bricks"], a["gems"]) == (7, 7)
    assert rec["next_card"] in (181, 520, 182, 159)


def test_185_187_facility_catch_up():
    a, _b, _r, _s = run(185, me={"gems": 6, "recruits": 6}, enemy={"magic": 4})
    assert a["magic"] == 4
    a, _b, _r, _s = run(185, me={"gems": 6, "recruits": 6})
    assert a["magic"] == 3 and a["gems"] == 11 + 3
    a, _b, _r, _s = run(187, enemy={"quarry": 4})
    assert a["quarry"] == 4
    a, _b, _r, _s = run(187)
    assert a["quarry"] == 3 and a["bricks"] == 15 - 5 + 11 + 3


def test_186_188_190_193():
    _a, b, _r, _s = run(186, me={"gems": 14, "recruits": 7}, enemy={"wall": 50})
    assert b["wall"] == 10
    a, b, _r, _s = run(188)
    assert a["wall"] == 30 and b["recruits"] == 9
    a, b, rec, _s = run(190, me={"recruits": 11})
    assert b["wall"] == 14 and rec["production"] == [1, 2, 1]
    a, b, _r, _s = run(193, me={"recruits": 18})
    assert (b["wall"], a["wall"], a["recruits"]) == (15, 35, 0 + 4 + 3)


def test_194_draft_with_soldier_counter():
    a, _b, rec, _s = run(194, me={"tokens": [("Soldier", 0)]})
    c = CARDS[rec["next_card"]]
    assert "Soldier" in c.kw
    assert a["recruits"] == 10 - 1 + min(c.recruits, 6) + 3


def test_194_draft_without_soldier_counter():
    a, _b, rec, _s = run(194)
    assert "Soldier" in CARDS[rec["next_card"]].kw and a["recruits"] == 12


def test_195_fairy_dragon_takes_enemy_dragons():
    _a, _b, rec, st = run(195, pos=1, me={"gems": 15},
                          enemy={"hand": [FILL, FILL, 126] + [FILL] * 5})
    assert st.p[0].hand[2] == 126 and st.p[1].hand[2] != 126
    assert rec["next_card"] == 131  # two Dragons in hand: the Dragon keyword's egg
    assert rec["extra_turn"] and rec["production"] == [0, 0, 0]


def test_195_fairy_dragon_puts_the_dragon_opposite_into_its_own_slot_revealed():
    # hidden cards: the Dragon opposite the played card takes the played card's place like
    # any moved Dragon (new, revealed), and no card is drawn over it; a lone Dragon in
    # hand, so the Dragon keyword summons no egg
    dragonling = 440
    for seed in (1, 2, 3):
        _a, _b, rec, st = run(195, pos=4, me={"gems": 15}, hidden=True, seed=seed,
                              enemy={"hand": [FILL] * 3 + [dragonling] + [FILL] * 4})
        A = st.p[0]
        assert A.hand[3] == dragonling and A.new[3] and A.rev[3]
        assert rec["next_card"] == 0
        assert not any(A.rev[i] for i in range(8) if i != 3)
        assert A.disc[0] == [] and A.disc[1] == [dragonling]


def test_195_fairy_dragon_refills_the_enemy_with_another_card():
    # the enemy's refill is a discard's draw: never the Dragon he lost, even from a deck
    # made of that Dragon but for one rare slot
    dragonling, other = 440, 64
    deck = ((dragonling,) * 15, (dragonling,) * 15, (dragonling,) * 14 + (other,))
    for seed in (1, 2, 3):
        _a, _b, _r, st = run(195, pos=1, me={"gems": 15}, seed=seed,
                             enemy={"hand": [FILL] * 5 + [dragonling] + [FILL] * 2,
                                    "deck": deck})
        assert st.p[0].hand[5] == dragonling and st.p[1].hand[5] == other


def test_195_fairy_dragon_without_enemy_dragons():
    a, _b, _r, _s = run(195, me={"gems": 15})
    assert (a["bricks"], a["gems"], a["recruits"]) == (21, 6, 16)


def test_196_monastery():
    a, _b, rec, _s = run(196, me={"bricks": 10})
    c = CARDS[rec["next_card"]]
    assert a["tower"] == 42 and "Holy" in c.kw and c.rarity != "Common"


def test_198_demolition_troop():
    _a, b, _r, _s = run(198, me={"gems": 19, "recruits": 19})
    assert b["wall"] == 0 and (b["quarry"], b["magic"], b["dungeons"]) == (2, 2, 2)
    _a, b, _r, _s = run(198, me={"gems": 19, "recruits": 19}, enemy={"wall": 100})
    assert b["wall"] == 40 and b["quarry"] == 3


def test_200_inspiration():
    a, b, _r, _s = run(200)
    assert (a["tower"], b["tower"]) == (50, 60)
