"""Starter-deck cards above 300 (362, 454, 506, 542, 663): numbers each card changes.

Same conventions as test_cards_0101_0150.py (``run``: default players, Caravan fillers,
round 5).
"""
from functools import partial

from tests.engine.helpers import play_card

run = partial(play_card, rich=None, round=5)


def test_362_petrified_minotaur():
    a, b, _r, _s = run(362)
    assert a["wall"] == 30 and b["wall"] == 25 - 5 - 5 and b["tower"] == 30


def test_454_dryad():
    _a, b, _r, _s = run(454)
    assert b["wall"] == 19 and b["tower"] == 30


def test_506_water_dragon():
    a, b, _r, _s = run(506, me={"gems": 30})
    assert (b["wall"], b["tower"]) == (0, 15)
    assert (a["bricks"], a["gems"], a["recruits"]) == (28, 13, 23)


def test_542_seth_modes():
    me = {"gems": 15, "recruits": 15}
    _a, b, _r, _s = run(542, mode=1, me=me)
    assert (b["tower"], b["wall"]) == (10, 25)
    _a, b, _r, _s = run(542, mode=2, me=me)
    assert (b["tower"], b["wall"]) == (30, 0)
    _a, b, _r, _s = run(542, mode=3, me=me)
    assert (b["bricks"], b["gems"], b["recruits"]) == (0, 0, 0)
    _a, b, _r, _s = run(542, mode=3, me=me, enemy={"bricks": 40})
    assert b["bricks"] == 25


def test_663_mountain_unicorn():
    a, b, _r, _s = run(663, me={"bricks": 12, "gems": 12, "recruits": 12})
    assert b["wall"] == 5 and a["wall"] == 45 and a["quarry"] == 4
    assert a["bricks"] == 4  # production with the new quarry
