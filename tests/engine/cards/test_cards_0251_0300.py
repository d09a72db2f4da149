"""Cards 251-300: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import DECK, FILL, RARE, UNCOMMON, play_card, stock_tuple

run = partial(play_card, rich=None, round=5)


def test_251_tribute_discards_three_non_rare_cards_each():
    hand = [251, RARE, FILL, FILL, RARE, FILL, FILL, FILL]
    en_hand = [FILL, RARE, RARE, FILL, FILL, RARE, RARE, RARE]
    _a, _b, _rec, st = run(251, hand=hand, enemy={"hand": en_hand})
    A, B = st.p[0], st.p[1]
    assert A.hand[1] == RARE and A.hand[4] == RARE and not A.new[1] and not A.new[4]
    assert sum(A.new[i] for i in (2, 3, 5, 6, 7)) == 3
    assert A.disc[0] == [FILL] * 3
    assert B.disc == [[], []] and A.disc[1] == [FILL] * 3  # "up to" three: B had three
    assert all(B.hand[i] == RARE for i in (1, 2, 5, 6, 7))
    assert B.new == [True, False, False, True, True, False, False, False]
    drawn = [A.hand[i] for i in range(1, 8) if A.new[i]] + [B.hand[i] for i in (0, 3, 4)]
    assert all(c not in DECK[2] for c in drawn)  # replacements never come from the rares


def test_252_black_market_swaps_non_rare_cards():
    hand = [252, FILL, 2, FILL, FILL, FILL, FILL, FILL]
    en_hand = [FILL, FILL, UNCOMMON, FILL, FILL, FILL, FILL, FILL]
    a, _b, rec, st = run(252, hand=hand, mode=3, enemy={"hand": en_hand})
    assert st.p[0].hand[2] == UNCOMMON and st.p[1].hand[2] == 2
    assert st.p[0].new[2] and st.p[1].new[2]
    assert rec["production"] == [0, 0, 0] and stock_tuple(a) == (15, 5, 10)


def test_252_black_market_leaves_rare_cards_and_itself():
    hand = [252, FILL, RARE, FILL, FILL, FILL, FILL, FILL]
    _a, _b, _rec, st = run(252, hand=hand, mode=3)
    assert st.p[0].hand[2] == RARE and st.p[1].hand[2] == FILL
    _a, _b, _rec, st = run(252, hand=hand, mode=1)
    assert st.p[1].hand[0] == FILL


def test_253_necropolis_undead_hand():
    a, _b, rec, st = run(253, me={"bricks": 30})
    assert a["tower"] == 40 and a["gems"] == 5 + 10 + 3
    hand = [CARDS[c] for c in st.p[0].hand]
    assert all("Undead" in c.kw for c in hand)
    assert sorted(c.rank for c in hand) == [0, 0, 0, 0, 1, 1, 1, 2]
    assert rec["next_card"] == 0


def test_254_lava_spectre():
    a, b, _r, _s = run(254, me={"gems": 13})
    assert b["wall"] == 15 and a["magic"] == 3
    a, _b, _r, _s = run(254, hand=[FILL, 250, 250, 250] + [FILL] * 4, me={"gems": 13})
    assert a["magic"] == 4


def test_255_evolution_new_card_only_hits_the_enemy():
    a, _b, rec, st = run(255, me={"gems": 1, "new": [True] + [False] * 7})
    assert st.p[1].new == [True] * 8
    assert all(c not in DECK[2] for c in st.p[1].hand)
    assert st.p[0].hand[1:] == [FILL] * 7 and rec["next_card"] == -1
    assert rec["extra_turn"] and a["gems"] == 0  # Quick: no production


def test_255_evolution_old_card_replaces_both_hands():
    _a, _b, rec, st = run(255, me={"gems": 1})
    assert st.p[0].new == [True] * 8 and st.p[1].new == [True] * 8
    assert all(c not in DECK[2] for c in st.p[0].hand + st.p[1].hand)
    assert rec["next_card"] == 0


def test_256_bronze_golem():
    _a, b, _r, _s = run(256)
    assert b["wall"] == 19


def test_257_will_o_wisp_counts_non_common_enemy_cards():
    en_hand = [FILL, UNCOMMON, UNCOMMON, RARE, FILL, FILL, FILL, FILL]
    _a, b, _r, _s = run(257, enemy={"hand": en_hand}, round=6)
    assert b["wall"] == 22


def test_258_giant_bear():
    a, b, _r, _s = run(258)
    assert b["wall"] == 21 and a["recruits"] == 12


def test_259_dire_wolves():
    a, b, rec, _s = run(259)
    assert b["wall"] == 16 and rec["production"] == [1, 1, 2] and a["recruits"] == 7


def test_260_burglar():
    a, b, _r, _s = run(260)
    assert b["wall"] == 23 and stock_tuple(b) == (13, 3, 8)
    assert stock_tuple(a) == (20, 10, 7)


# ---------------------------------------------------- starter cards 261-300
def test_261_absorption():
    a, b, _r, _s = run(261)
    assert b["recruits"] == 6 and a["recruits"] == 17


def test_266_defense_improvement_modes():
    a, _b, _r, _s = run(266, mode=1)
    assert (a["tower"], a["wall"]) == (30, 45)
    a, _b, _r, _s = run(266, mode=2)
    assert (a["tower"], a["wall"]) == (40, 25)


def test_267_university_modes():
    me = {"gems": 6}
    facilities = [(a["quarry"], a["magic"], a["dungeons"])
                  for a in (run(267, mode=m, me=me)[0] for m in (1, 2, 3))]
    assert facilities == [(4, 3, 3), (3, 4, 3), (3, 3, 4)]


def test_269_militia_discards_chosen_card():
    a, _b, _rec, st = run(269, mode=4)
    assert a["wall"] == 26
    assert st.p[0].new[3] and st.p[0].disc[0] == [FILL]


def test_269_militia_choosing_itself_discards_nothing():
    _a, _b, _rec, st = run(269, pos=2, mode=2)
    assert st.p[0].disc[0] == [] and st.p[0].new == [False, True] + [False] * 6


def test_270_intrigue_gives_the_enemy_one_of_your_commons():
    deck = ((7,) * 15, DECK[1], DECK[2])
    _a, _b, _rec, st = run(270, mode=2, me={"gems": 6, "recruits": 6, "deck": deck})
    assert st.p[1].hand[1] == 7 and st.p[1].new[1]
    assert st.p[0].disc[1] == [FILL]


def test_271_stone_archer():
    a, b, _r, _s = run(271)
    assert b["tower"] == 28 and stock_tuple(a) == (15 - 3 + 1 + 3, 9, 14)


def test_275_clay_pit():
    a, _b, rec, _s = run(275)
    assert rec["production"] == [2, 1, 1] and a["bricks"] == 21


def test_277_kingsguard():
    a, _b, _r, _s = run(277, me={"recruits": 30})
    assert a["tower"] == 65


def test_289_barons_keep():
    a, _b, _r, _s = run(289)
    assert (a["tower"], a["wall"]) == (33, 32)


def test_291_army_of_the_king():
    a, _b, rec, st = run(291, me={"recruits": 20})
    assert a["recruits"] == 38
    hand = [CARDS[c] for c in st.p[0].hand]
    assert all("Soldier" in c.kw for c in hand)
    assert sorted(c.rank for c in hand) == [0, 0, 0, 1, 1, 1, 1, 1]
    assert rec["next_card"] == 0


def test_293_plague_thrower():
    a, b, rec, _s = run(293, me={"recruits": 13})
    assert b["tower"] == 18 and stock_tuple(b) == (14, 4, 9)
    assert rec["production"] == [1, 1, 0] and a["recruits"] == 0
    assert rec["next_card"] == 0  # Durable


def test_300_tremors():
    _a, b, _r, _s = run(300)
    assert (b["tower"], b["wall"], b["bricks"]) == (29, 23, 11)
