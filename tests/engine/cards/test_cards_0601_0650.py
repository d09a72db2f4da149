"""Cards 601-650: each test plays the card once and checks the numbers it changes.

``run`` is ``play_card`` (tests/engine/helpers.py) with the default players: tower 30, wall
25, facilities 3/3/3, bricks 15, gems 5, recruits 10, deck = ids 1-45; ``rich()`` gives the
actor 60 of each resource instead. Production (+3 of each resource) follows every play.
Filler cards are Caravan (common, no keywords, zero cost). Round 6 (no Aria).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card, stock_tuple, stocked

run = partial(play_card, rich=None)
rich = partial(stocked, 60)


def test_601_whirlwind_shuffles_hand_without_itself():
    hand = [FILL, 601, 1, 2, 3, 4, 5, 6]
    a, b, rec, st = run(601, pos=2, hand=hand)
    assert b["wall"] == 22 and stock_tuple(b) == (14, 4, 9)
    assert stock_tuple(a) == (15, 5, 10)  # Quick: no production
    assert rec["next_card"] == 0
    h = st.p[0].hand
    assert 601 not in h
    for x in (FILL, 1, 2, 3, 4, 5, 6):
        assert x in h


def test_602_northern_mountains():
    a, b, rec, _s = run(602)
    assert a["wall"] == 35 and b["wall"] == 35
    assert "Barbarian" in CARDS[rec["next_card"]].kw


def test_603_wolf_mistress_replaces_chosen_card_with_frenzy():
    _a, b, rec, st = run(603, pos=1, mode=5)
    assert b["wall"] == 17
    assert "Frenzy" in CARDS[st.p[0].hand[4]].kw and st.p[0].new[4]
    assert rec["next_card"] == -1


def test_603_wolf_mistress_choosing_itself_keeps_the_new_card():
    _a, _b, rec, st = run(603, pos=4, mode=4)
    assert rec["next_card"] == 0 and "Frenzy" in CARDS[st.p[0].hand[3]].kw


def test_604_byakko_attacks_by_dungeon_lead():
    a, b, rec, _s = run(604, me={"recruits": 20})
    assert a["dungeons"] == 4 and b["wall"] == 15  # (4 - 3) x 10
    assert a["recruits"] == 0  # recruits production x0
    assert rec["next_card"] == 0  # Durable


def test_604_byakko_no_attack_when_behind():
    _a, b, _r, _s = run(604, me={"recruits": 20}, enemy={"dungeons": 6})
    assert (b["tower"], b["wall"]) == (30, 25)


def test_605_reinforcements_gains_half_the_recruits_cost():
    a, _b, _r, st = run(605, pos=1, mode=3)
    c = CARDS[st.p[0].hand[2]]
    assert c.cost_class == "recruits" and "attack" in c.classes and not c.support
    assert a["recruits"] == 10 - 1 + min((c.recruits + 1) // 2, 6) + 3


def test_606_poison_frog():
    a, b, _r, _s = run(606)
    assert b["wall"] == 23 and b["recruits"] == 9
    assert stock_tuple(a) == (15, 3, 7)  # Quick: no production


def test_607_fire_fox_counts_burning_and_beasts():
    a, _b, _r, _s = run(607, hand=[FILL, 335, 356, 356] + [FILL] * 4,
                        enemy={"hand": [336] * 8})
    # Burning in both hands: 607 + 335 + 8 enemy = 10 -> 7; Beasts in hand: 607 + 2 = 3
    assert a["gems"] == 5 - 3 + 7 + 3 and a["recruits"] == 10 - 3 + 3 + 3


def test_608_purifying_fire_discards_cards_not_from_the_deck():
    # deck holds ids 1-45: FILL (23) stays, 650 and 601 (not in the deck) are discarded,
    # rare 100 (not in the deck either) stays
    hand = [608, 23, 650, 601, 100, 23, 23, 23]
    _a, _b, _r, st = run(608, hand=hand, me={"gems": 2},
                         enemy={"hand": [23, 700, 23, 23, 23, 23, 23, 23]})
    h = st.p[0].hand
    assert h[1] == 23 and h[2] != 650 and h[3] != 601 and h[4] == 100
    assert all(CARDS[x].rank < 2 for x in h[2:4])
    assert st.p[1].hand[1] != 700 and CARDS[st.p[1].hand[1]].rank < 2
    assert sorted(st.p[0].disc[1]) == [700]


def test_609_warhound():
    a, _b, _r, _s = run(609)
    assert a["wall"] == 31


def test_610_succubus_steals_a_non_rare_card():
    en_hand = [FILL, FILL, 40, FILL, FILL, FILL, FILL, FILL]
    _a, b, rec, st = run(610, mode=3, me=rich(), enemy={"hand": en_hand})
    assert b["wall"] == 9
    assert rec["next_card"] == 40 and st.p[0].hand[0] == 40
    assert st.p[1].hand[2] != 40


def test_610_succubus_leaves_rare_cards():
    en_hand = [FILL, FILL, 30, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(610, mode=3, me=rich(), enemy={"hand": en_hand})
    assert st.p[1].hand[2] == 30 and rec["next_card"] == -1


def test_611_infinite_weapon_works():
    a, _b, rec, _s = run(611)
    assert stock_tuple(a) == (14, 4, 29) and rec["next_card"] == 0


def test_612_corrupted_woods():
    hand = [612, 484, 484, 101] + [FILL] * 4  # Nature: 612 + 2, Undead: 612 + 1
    a, b, _r, _s = run(612, hand=hand, me=rich())
    assert a["wall"] == 25 + 15 and b["wall"] == 25 - 10
    assert stock_tuple(a) == (60 - 8 + 5 + 3,) * 3


def test_613_atlantis_fixed_hand():
    _a, _b, rec, st = run(613, me={"gems": 12})
    assert sorted(st.p[0].hand) == sorted([521, 553, 550, 560, 507, 505, 530, 506])
    assert rec["next_card"] == 0


def test_614_crystal_cavern_late_game():
    a, _b, _r, _s = run(614, me=rich(), round=36)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (5, 5, 5)
    a, _b, _r, _s = run(614, me=rich(), round=35)
    assert (a["quarry"], a["magic"], a["dungeons"]) == (4, 4, 4)


def test_615_ancient_dragon_modes():
    a, b, _r, _s = run(615, mode=1, me=rich())
    assert b["tower"] == 10 and a["magic"] == 4
    a, b, _r, _s = run(615, mode=2, me=rich())
    assert b["tower"] == 10 and a["dungeons"] == 4


def test_616_genbu_stops_at_tower_10():
    a, b, _r, _s = run(616, me=rich(quarry=8), enemy={"quarry": 2})
    assert b["wall"] == 0 and b["tower"] == 10  # 80 damage would go much lower
    assert a["tower"] == 50


def test_616_genbu_low_tower_is_not_raised():
    _a, b, _r, _s = run(616, me=rich(), enemy={"tower": 5, "wall": 0})
    assert b["tower"] == 5


def test_617_dwarven_forge():
    a, _b, _r, _s = run(617, me=rich(magic=1))
    assert (a["tower"], a["wall"], a["magic"]) == (34, 31, 3)


def test_618_dwarven_guard_extra_damage():
    _a, b, _r, _s = run(618, me=rich())
    assert b["wall"] == 0 and b["tower"] == 30
    _a, b, _r, _s = run(618, me=rich(), enemy={"hand": [60] + [FILL] * 7})
    assert b["wall"] == 12


def test_619_dwarven_wall():
    a, _b, _r, _s = run(619, me={"quarry": 5})
    assert a["wall"] == 25 + 11


def test_620_wish_new_starting_hand():
    _a, _b, rec, st = run(620, me={"gems": 6})
    assert rec["next_card"] == 0
    assert all(1 <= c <= 30 for c in st.p[0].hand)  # common and uncommon deck slots only


def test_621_warpriest():
    _a, b, _r, _s = run(621, me=rich(magic=4, dungeons=2))
    assert b["wall"] == 25 - 18


def test_622_dragon_nest():
    a, _b, rec, _s = run(622, me=rich())
    assert (a["magic"], a["dungeons"]) == (4, 4)
    c = CARDS[rec["next_card"]]
    assert "Dragon" in c.kw and c.rarity == "Rare"


def test_623_reunion_of_the_tribes():
    a, b, rec, st = run(623)
    assert a["recruits"] == 10 - 1 + 45 + 3 and b["wall"] == 145
    assert sorted(st.p[0].hand) == sorted([45, 334, 281, 68, 344, 345, 337, 535])
    assert rec["next_card"] == 0


def test_624_dwarven_dome():
    a, _b, _r, _s = run(624, me=rich())
    assert a["tower"] == 37


def test_625_shifting_mass_copies_the_most_expensive_card():
    _a, _b, rec, _s = run(625, hand=[FILL, 61, 625] + [FILL] * 5, pos=3,
                          me=rich(), enemy={"hand": [FILL] * 7 + [625]})
    assert rec["next_card"] == 61


def test_626_petrify_same_rarity_unliving():
    a, _b, _r, st = run(626, mode=2, hand=[FILL, 30] + [FILL] * 6)
    c = CARDS[st.p[0].hand[1]]
    assert a["tower"] == 33 and "Unliving" in c.kw and c.rarity == "Rare"


def test_626_petrify_keeps_unliving_cards():
    _a, _b, _r, st = run(626, mode=2, hand=[FILL, 135] + [FILL] * 6)
    assert st.p[0].hand[1] == 135


def test_627_shadow_wolf_discards_highest_rarity_discarding_card():
    en_hand = [FILL, 20, FILL, 51, FILL, FILL, FILL, FILL]  # 51: uncommon discarding card
    _a, b, _r, st = run(627, me=rich(), enemy={"hand": en_hand})
    assert b["wall"] == 21
    assert st.p[1].hand[3] != 51 and st.p[1].hand[1] == 20
    assert st.p[0].disc[1] == [51]


def test_628_pet_dragon_modes():
    a, b, _r, _s = run(628, mode=1, me=rich())
    assert b["wall"] == 20 and a["gems"] == 60 - 5 + 6
    a, _b, _r, _s = run(628, mode=2, me=rich())
    assert a["recruits"] == 60 - 5 + 6


def test_629_elven_apprentice_evokes_a_facility_card():
    for mode, cid in ((1, 22), (2, 34), (3, 12)):
        _a, _b, rec, _s = run(629, mode=mode, me=rich())
        assert rec["next_card"] == cid


def test_630_goblin_tower():
    a, _b, _r, _s = run(630)
    assert a["tower"] == 37 and stock_tuple(a) == (15, 5, 10)


def test_631_dwarven_castle_sets():
    a, _b, _r, _s = run(631, mode=1, me={"tower": 50})
    assert a["tower"] == 21
    a, _b, _r, _s = run(631, mode=2)
    assert a["wall"] == 21


def test_632_priestess_of_light_modes():
    for mode in (1, 2, 3):
        a, _b, _r, _s = run(632, mode=mode, me=rich())
        got = stock_tuple(a)
        want = [58 + 3, 58 + 3, 58 + 3]
        want[mode - 1] = 58 + 9
        assert got == tuple(want)


def test_633_scylla():
    _a, b, _r, _s = run(633, me=rich(), enemy={"tower": 50, "wall": 20})
    assert b["wall"] == 0 and b["tower"] == 50 - 19


def test_634_suzaku_three_highest_facilities():
    _a, b, _r, _s = run(634, me=rich(gems=90, recruits=90, magic=5),
                        enemy={"quarry": 4, "wall": 100, "tower": 50})
    assert b["wall"] == 0 and b["tower"] == 50 - (10 * (5 + 4 + 3) - 100)


def test_635_hydra_neighbours_become_hydras():
    _a, b, rec, st = run(635, pos=4, me=rich(), enemy={"hand": [635] + [FILL] * 7})
    assert st.p[0].hand[2] == 635 and st.p[0].hand[4] == 635
    assert b["wall"] == 5  # 4 Hydras x 5
    assert rec["next_card"] == 131  # Dragon keyword: Dragon egg


def test_636_mirror_elemental():
    a, _b, _r, st = run(636, mode=6, me=rich())
    assert a["wall"] == 40 and st.p[0].hand[5] == 479


def test_637_bahamut():
    _a, b, _r, _s = run(637, me=rich(recruits=80), enemy={"tower": 100, "wall": 150})
    assert b["wall"] == 0 and b["tower"] == 100 - (150 - 70)


def test_638_standstill():
    a, b, _r, _s = run(638)
    assert (a["tower"], a["wall"], b["tower"], b["wall"]) == (34, 33, 34, 33)


def test_639_goblin_heap():
    a, _b, _r, _s = run(639)
    assert a["wall"] == 35 and stock_tuple(a) == (15, 8, 10)


def test_640_gorgon():
    a, b, _r, _s = run(640)
    assert (a["bricks"], a["recruits"]) == (23, 8) and (b["bricks"], b["recruits"]) == (20, 5)


def test_641_samurai_princess_discards_rares():
    en_hand = [30, FILL, 64, FILL, FILL, FILL, FILL, FILL]
    _a, _b, _r, st = run(641, enemy={"hand": en_hand})
    h = st.p[1].hand
    assert CARDS[h[0]].rank < 2 and CARDS[h[2]].rank < 2 and h[1] == FILL
    assert sorted(st.p[0].disc[1]) == [30, 64]


def test_642_to_644_facility_tomes():
    for cid, fac, new in ((642, "magic", 34), (643, "quarry", 22), (644, "dungeons", 12)):
        a, _b, rec, st = run(cid, mode=3, hidden=True)
        assert a[fac] == 4 and st.p[0].hand[2] == new and st.p[0].rev[2]
        assert rec["next_card"] == -1
        _a, _b, rec, st = run(cid, pos=2, mode=2)
        assert st.p[0].hand[1] == new and rec["next_card"] == 0


def test_645_ancient_power():
    a, b, _r, _s = run(645, hand=[FILL, 30, 127] + [FILL] * 5,
                       enemy={"hand": [440] + [FILL] * 7})
    assert stock_tuple(a) == (15 + 3 + 3, 5 + 3 + 3, 10 + 3 + 3)  # rare 30, rare Dragon 127
    assert stock_tuple(b) == (16, 6, 11)


def test_646_northern_archer():
    _a, b, _r, _s = run(646, hand=[FILL, 68, 337] + [FILL] * 5)
    assert (b["tower"], b["wall"]) == (27, 28)


def test_647_dwarven_craftsman():
    a, _b, _r, _s = run(647, me=rich(changes=[-3, 0, 0, 0, 0, 0, 0, 0]))
    assert a["tower"] == 32 and a["wall"] == 33


def test_648_water_ritual():
    _a, _b, rec, _s = run(648, me=rich())
    assert rec["next_card"] == 530


def test_649_zeus():
    _a, b, _r, _s = run(649, me=rich(), enemy={"tower": 80, "wall": 3})
    assert (b["tower"], b["wall"]) == (10, 10)


def test_650_baku_summons_from_enemy_deck():
    deck = ((600,) * 15, (600,) * 15, (600,) * 15)
    _a, b, rec, _s = run(650, me={"gems": 6}, enemy={"deck": deck})
    assert b["wall"] == 19 and rec["next_card"] == 600
