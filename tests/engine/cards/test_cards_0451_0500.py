"""Cards 451-500: each test plays the card once and checks the numbers it changes.

``run`` is ``play_card`` (tests/engine/helpers.py): tower 30, wall 25, facilities 3/3/3;
the acting player starts with RICH = 60 of each resource here (enemy: bricks 15, gems 5,
recruits 10); ``net`` takes those 60, the cost and the production back out. Production (+3
of each resource) follows every play, for the acting player only. Filler cards are Caravan
(common, zero cost, no keywords). Round 6, so Aria stays quiet.
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import DECK, FILL, net_gain, play_card, stock_tuple

RICH = 60
run = partial(play_card, rich=RICH)
net = partial(net_gain, start=RICH)


def test_451_siege_preparations():
    a, b, _r, _s = run(451)
    assert net(a, 451) == (0, 0, 9) and b["wall"] == 33


def test_452_invaders_moves_into_the_chosen_slot():
    hand = [452, 2, FILL, FILL, FILL, FILL, FILL, FILL]
    _a, b, rec, st = run(452, hand=hand, mode=2)
    assert b["wall"] == 22
    assert st.p[0].hand[1] == 452 and st.p[0].disc[0] == [2]
    assert rec["next_card"] == -1  # the played slot is refilled normally


def test_452_invaders_own_slot_keeps_it():
    _a, _b, rec, st = run(452, mode=1)
    assert st.p[0].hand[0] == 452 and rec["next_card"] == 0


def test_453_ancient_sage_production_by_alliance_and_nature():
    # 453 is Nature; 483 Mentor is Alliance; 454 Dryad is Nature: N = 1 + 2 + 1 = 4
    hand = [453, 483, 483, 454, FILL, FILL, FILL, FILL]
    _a, _b, rec, _s = run(453, hand=hand)
    assert rec["production"] == [4, 4, 4]
    hand = [453] + [454] * 7  # 8 Nature cards: capped at 5
    _a, _b, rec, _s = run(453, hand=hand)
    assert rec["production"] == [5, 5, 5]


def test_455_imp_takes_twice_the_enemy_magic():
    a, b, _r, _s = run(455, enemy={"magic": 4, "gems": 20})
    assert net(a, 455)[1] == 4 and b["gems"] == 12
    assert a["tower"] == 28  # Demonic: a gems-only common costs 2 tower


def test_457_chaos_wizard_discards_a_common_card():
    hand = [457, 17, 40, FILL, 17, 17, 17, 17]  # 17 rare, 40 uncommon, one common filler
    _a, b, rec, st = run(457, hand=hand)
    assert b["wall"] == 20
    A = st.p[0]
    assert A.disc[0] == [FILL] and A.new[3]
    assert A.hand[0] == 457 and rec["next_card"] == 0  # Durable


def test_458_dark_warrior_attacks_the_smallest_enemy_resource():
    _a, b, _r, _s = run(458, enemy={"bricks": 9, "gems": 30, "recruits": 20})
    assert b["wall"] == 16
    _a, b, _r, _s = run(458, enemy={"bricks": 40, "gems": 30, "recruits": 20})
    assert b["wall"] == 13  # at most 12


def test_459_dark_flame_discards_common_zero_cost_cards_of_both_players():
    hand = [459, 17, FILL, FILL, 40, FILL, FILL, FILL]
    en_hand = [FILL, 17, FILL, 40, FILL, FILL, FILL, FILL]
    _a, _b, _r, st = run(459, hand=hand, enemy_hand=en_hand)
    A, B = st.p
    assert A.disc[0] == [FILL] * 5 and A.disc[1] == [FILL] * 6
    assert A.hand[1] == 17 and A.hand[4] == 40 and B.hand[1] == 17 and B.hand[3] == 40
    drawn = [A.hand[i] for i in (2, 3, 5, 6, 7)] + [B.hand[i] for i in (0, 2, 4, 5, 6, 7)]
    assert all(c not in DECK[2] for c in drawn)  # never a rare replacement


def test_460_work_in_progress():
    a, _b, rec, st = run(460)
    assert a["tower"] == 33 and rec["next_card"] == 0 and st.p[0].hand[0] == 460


# ---------------------------------------------------------------- 461-470
def test_461_avenging_angel_attacks_the_missing_tower():
    _a, b, _r, _s = run(461, me={"tower": 60})
    assert (b["wall"], b["tower"]) == (0, 15)  # 100 - 60 = 40


def test_463_fire_elemental():
    _a, b, rec, _s = run(463)
    assert (b["wall"], b["tower"]) == (8, 30) and rec["production"] == [1, 2, 1]


def test_464_chimera():
    _a, b, _r, _s = run(464, enemy={"tower": 60})
    assert (b["wall"], b["tower"]) == (0, 25)  # 60-20, 25-20, then attack 20 (5 absorbed)


def test_465_merchant_ship():
    a, _b, rec, _s = run(465, me={"quarry": 2, "bricks": 60, "gems": 70, "recruits": 80})
    assert a["quarry"] == 3
    assert rec["production"] == [3, 1, 1]


def test_466_oasis_lower_wall_gains():
    a, b, _r, _s = run(466, me={"wall": 10})
    assert net(a, 466) == (6, 6, 6) and stock_tuple(b) == (15, 5, 10)
    a, b, _r, _s = run(466)  # tie: both gain
    assert net(a, 466) == (6, 6, 6) and stock_tuple(b) == (21, 11, 16)


def test_467_wind_witch_turns_the_chosen_enemy_card_into_wind():
    _a, b, rec, st = run(467, mode=4, hidden=True)
    assert (b["wall"], b["tower"]) == (7, 30) and rec["production"] == [1, 3, 1]
    B = st.p[1]
    assert B.hand[3] == 247 and B.rev[3] and B.new[3]
    assert st.current == 0  # Swift


def test_468_strive_for_height():
    a, _b, _r, _s = run(468, me={"wall": 31})
    assert a["wall"] == 45
    a, _b, _r, _s = run(468, me={"wall": 30})
    assert a["wall"] == 30


def test_469_soul_sacrifice_modes():
    a, _b, _r, _s = run(469, mode=1)
    assert a["tower"] == 25 and net(a, 469) == (4, 4, 4)
    a, _b, _r, _s = run(469, mode=2)
    assert a["tower"] == 20 and net(a, 469) == (8, 8, 8)


def test_470_dark_templar_discards_cheap_cards_of_both_players():
    hand = [470, 17, FILL, FILL, FILL, 17, 17, 17]  # 17 Earthquake costs 10+
    en_hand = [FILL, FILL, FILL, 17, 17, 17, 17, 17]
    a, _b, _r, st = run(470, hand=hand, enemy_hand=en_hand)
    assert net(a, 470) == (3, 3, 3)  # 3 + 3 cards discarded: half of 6
    assert len(st.p[0].disc[0]) == 3 and len(st.p[0].disc[1]) == 3


# ---------------------------------------------------------------- 471-480
def test_471_mysterious_egg():
    a, _b, rec, _s = run(471)
    assert net(a, 471) == (2, 2, 2) and rec["next_card"] in (25, 202, 195, 32, 679, 517)


def test_472_pirate_bay_turns_three_cards_into_brigands():
    a, b, _r, st = run(472)
    assert a["wall"] == 35 and stock_tuple(b) == (12, 2, 7)
    changed = [c for c in st.p[0].hand[1:] if c != FILL]
    assert len(changed) == 3
    assert all("Brigand" in CARDS[c].kw and CARDS[c].rank >= 1 for c in changed)


def test_473_knight_templar_stops_at_15():
    _a, b, _r, _s = run(473, enemy={"tower": 20, "wall": 10})
    assert (b["wall"], b["tower"]) == (0, 15)
    _a, b, _r, _s = run(473, enemy={"tower": 10, "wall": 10})
    assert (b["wall"], b["tower"]) == (0, 10)  # already below 15: not lowered
    _a, b, _r, _s = run(473, enemy={"tower": 80, "wall": 10})
    assert (b["wall"], b["tower"]) == (0, 42)


def test_474_market_week_replaces_the_hand():
    _a, _b, rec, st = run(474)
    assert sorted(st.p[0].hand) == sorted((273, 23, 129, 465, 432, 388, 456, 389))
    assert rec["next_card"] == 0


def test_475_wishing_lagoon_modes():
    for mode, cid in ((1, 87), (2, 118), (3, 89)):
        _a, _b, rec, st = run(475, mode=mode)
        assert rec["next_card"] == cid and st.p[0].hand[0] == cid


def test_476_doppelganger():
    en_hand = [40, FILL, FILL, FILL, FILL, FILL, FILL, FILL]
    # own slot, not new: copies the enemy card opposite (face up in hidden mode)
    _a, _b, rec, st = run(476, mode=1, enemy_hand=en_hand, hidden=True)
    assert rec["next_card"] == 40 and st.p[0].hand[0] == 40 and st.p[0].rev[0]
    # own slot, new: it just stays
    _a, _b, rec, st = run(476, mode=1, enemy_hand=en_hand, me={"new": [True] + [False] * 7})
    assert rec["next_card"] == 0 and st.p[0].hand[0] == 476
    # another slot: it moves there
    _a, _b, _rec, st = run(476, mode=3, enemy_hand=en_hand)
    assert st.p[0].hand[2] == 476 and st.p[0].disc[0] == [FILL]


def test_478_renewal_marks_the_chosen_card_new():
    a, _b, _r, st = run(478, mode=3)
    assert net(a, 478) == (0, 2, 0)
    assert st.p[0].new[2] and not any(st.p[0].new[i] for i in (1, 3, 4, 5, 6, 7))


def test_479_mirror_golem_by_the_opposite_card():
    _a, b, _r, _s = run(479, enemy_hand=[17] + [FILL] * 7)
    assert b["wall"] == 4  # 5 + 16 (rare)
    _a, b, _r, _s = run(479, enemy_hand=[40] + [FILL] * 7)
    assert b["wall"] == 11  # 5 + 9 (uncommon)
    _a, b, _r, _s = run(479)
    assert b["wall"] == 18  # 5 + 2 (common)


def test_480_ambush():
    # own slot, not new: the enemy card opposite is discarded
    _a, _b, rec, st = run(480, mode=1)
    assert st.p[1].hand[0] != FILL and st.p[1].new[0] and st.p[0].disc[1] == [FILL]
    assert rec["next_card"] == -1
    # another slot: it moves there
    _a, _b, _rec, st = run(480, mode=5)
    assert st.p[0].hand[4] == 480 and st.p[1].hand == [FILL] * 8


# ---------------------------------------------------------------- 481-490
def test_481_ghost_rider():
    a, b, _r, _s = run(481)  # enemy wall 25 > 20: gems +3; Charge: 1 random resource
    assert b["wall"] == 18 and sum(net(a, 481)) == 4 and net(a, 481)[1] >= 3
    a, b, _r, _s = run(481, enemy={"wall": 7})
    assert net(a, 481) == (0, 0, 0) and (b["wall"], b["tower"]) == (0, 29)  # Charge: tower -1


def test_483_mentor():
    a, b, _r, _s = run(483)
    assert a["magic"] == 4 and b["magic"] == 4


def test_484_treant_sapling_negative_wall_absorbs_nothing():
    _a, b, _r, _s = run(484, enemy={"wall": 3})
    assert (b["wall"], b["tower"]) == (0, 25)


def test_485_undead_cavalry():
    _a, b, _r, _s = run(485, enemy={"wall": 0, "tower": 60})
    assert b["tower"] == 15  # attack 29, then Charge (16) on the wall-less enemy


def test_486_magic_sanctuary():
    a, b, _r, _s = run(486)  # enemy has fewer gems
    assert net(a, 486) == (0, 2, 0) and b["gems"] == 11
    a, b, _r, _s = run(486, me={"gems": 5})  # tie: both get 6 and 2
    assert a["gems"] == 5 + 8 + 3 and b["gems"] == 13


def test_487_moon_shrine():
    hand = [487, FILL, FILL, 17, FILL, FILL, FILL, FILL]
    a, b, _r, _s = run(487, hand=hand)
    assert net(a, 487) == (5, 5, 5)  # 6 zero-cost, 1 other (this card not counted)
    assert stock_tuple(b) == (23, 13, 18)
    a, b, _r, _s = run(487, hand=[487] + [17] * 7, enemy_hand=[17] * 8)
    assert net(a, 487) == (-7, -7, -7) and stock_tuple(b) == (7, 0, 2)


def test_488_gate_guardian():
    a, b, _r, _s = run(488)
    assert a["wall"] == 41 and (b["wall"], b["tower"]) == (1, 30)


def test_489_imp_cache():
    a, _b, _r, _s = run(489, me={"bricks": 60, "gems": 50, "recruits": 40})
    assert a["wall"] == 29
    assert (a["bricks"], a["gems"], a["recruits"]) == (60 - 2 - 3 + 3, 53, 47)


def test_490_magic_portal():
    hand = [490, 2, FILL, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(490, hand=hand, mode=2)
    A = st.p[0]
    assert A.hand[0] == 2 and not A.new[0]
    assert A.hand[1] in DECK[1] and A.new[1]
    assert rec["next_card"] == 0 and A.disc == [[], []]


# ---------------------------------------------------------------- 491-500
def test_492_lighthouse():
    a, _b, _r, _s = run(492, me={"tower": 40})
    assert a["tower"] == 52  # without hidden cards the opposite card counts as face up
    a, _b, _r, st = run(492, me={"tower": 40}, hidden=True)
    assert a["tower"] == 46 and st.p[1].rev[0]
    a, _b, _r, _s = run(492, me={"tower": 40}, hidden=True, enemy={"rev": [True] + [False] * 7})
    assert a["tower"] == 52


def test_493_oracle():
    a, _b, _r, _s = run(493)
    assert net(a, 493)[1] == 4
    a, _b, _r, _s = run(493, hidden=True, enemy={"rev": [False, True, True] + [False] * 5})
    assert net(a, 493)[1] == 2


def test_494_scepter_of_evolution():
    _a, _b, rec, st = run(494)
    h = st.p[0].hand
    assert [sum(1 for c in h if c in sec) for sec in DECK] == [4, 3, 1]
    assert rec["next_card"] == 0


def test_495_globe_of_myr():
    _a, _b, _r, st = run(495, mode=3)
    assert "Swift" in CARDS[st.p[0].hand[2]].kw and st.p[0].disc[0] == [FILL]


def test_497_elemental_storm():
    _a, _b, _r, st = run(497, pos=1, hidden=True)
    B = st.p[1]
    assert B.hand[:3] == [247, 247, FILL] and B.rev[:3] == [True, True, False]
    assert st.p[0].disc[1] == [FILL, FILL]
    _a, _b, _r, st = run(497, pos=5)
    assert st.p[1].hand == [FILL] * 3 + [247] * 3 + [FILL] * 2


def test_498_thief_hideout():
    a, b, _r, _s = run(498)
    assert (a["tower"], a["wall"]) == (40, 40) and stock_tuple(b) == (12, 2, 7)


def test_499_citadel_of_myr():
    a, _b, _r, _s = run(499, me={"tower": 45})
    assert a["tower"] == 90


def test_500_forest_dragon_counts_nature_in_both_hands():
    hand = [500, 454, FILL, FILL, FILL, FILL, FILL, FILL]
    en_hand = [454, 454] + [FILL] * 6
    _a, b, _r, _s = run(500, hand=hand, enemy_hand=en_hand, enemy={"tower": 60})
    assert (b["wall"], b["tower"]) == (0, 42)  # 15 + 7 x 4 = 43


def test_490_magic_portal_on_its_own_slot_puts_an_uncommon_card_there():
    _a, _b, rec, st = run(490, mode=1)
    assert st.p[0].hand[0] in DECK[1] and rec["next_card"] == 0


def test_495_globe_of_myr_on_its_own_slot():
    _a, _b, rec, st = run(495, mode=1)
    assert "Swift" in CARDS[st.p[0].hand[0]].kw and rec["next_card"] == 0
