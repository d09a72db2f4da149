"""Cards 751-754: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0601_0650.py (default players, Caravan fillers, round 6).
"""
from functools import partial

from tests.engine.helpers import DECK, FILL, play_card, stock_tuple, stocked

run = partial(play_card, rich=None)
rich = partial(stocked, 60)


def test_751_steins_gate_evokes_the_matching_uncommon_deck_slot():
    _a, _b, rec, st = run(751, pos=1, mode=4)
    assert st.p[0].hand[3] == DECK[1][3] and st.p[0].new[3]
    assert st.p[0].disc[0] == [FILL]
    assert st.p[0].hand[0] == 751 and rec["next_card"] == 0  # Durable


def test_751_steins_gate_own_slot_does_nothing():
    _a, _b, _r, st = run(751, pos=2, mode=2)
    assert st.p[0].hand == [FILL, 751] + [FILL] * 6


def test_752_crimson_general_modes():
    for mode, cid in ((1, 72), (2, 11), (3, 374)):
        a, b, rec, st = run(752, mode=mode, me=rich(), hidden=True)
        assert b["wall"] == 1 and a["tower"] == 46
        assert rec["next_card"] == cid and st.p[0].rev[0]


def test_753_paper_master_can_pay():
    _a, b, rec, _s = run(753, me=rich(), enemy={"wall": 20, "tower": 80})
    assert rec["next_card"] == 754
    assert b["wall"] == 0 and b["tower"] == 40


def test_753_paper_master_cannot_pay():
    a, b, _r, _s = run(753, enemy={"wall": 20, "tower": 80})  # 5 gems < 12
    assert b["wall"] == 10 and b["tower"] == 80  # wall 20 + 50, then attack 60
    assert stock_tuple(a) == (3 + 3, 0 + 3, 0 + 3)


def test_754_paper_golem():
    a, b, _r, _s = run(754, hand=[754, 247] + [FILL] * 6)
    assert b["wall"] == 10 and a["wall"] == 40 and a["bricks"] == 15 + 6


def test_754_paper_golem_alone_against_aqua():
    a, b, _r, _s = run(754, enemy={"hand": [521] + [FILL] * 7})
    assert b["wall"] == 25 and a["wall"] == 25
