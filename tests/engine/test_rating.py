"""Rating rules (rules-engine.md §16, the manual's rating page), pure functions."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import rating_rules as r


# ---- phase 1: the outcome table and the manual's first examples
@pytest.mark.parametrize("result,outcome,exp", [
    ("win", "Resource", 115), ("win", "Construction", 110), ("win", "Destruction", 105),
    ("win", "Abandon", 100), ("win", "Surrender", 95), ("win", "Timeout", 60),
    ("draw", "Draw", 50), ("loss", "Timeout", 40), ("loss", "Destruction", 15),
    ("loss", "Construction", 10), ("loss", "Resource", 5), ("loss", "Surrender", 0),
    ("loss", "Abandon", 0),
])
def test_game_rating_table(result, outcome, exp):
    assert r.php_round(r.BASE_EXP * r.game_rating(result, outcome)) == exp


# ---- phase 2: the manual's worked example (player levels 7 and 1)
def test_opponent_rating_worked_example_winner():
    assert r.opponent_rating(7, 1) == pytest.approx(0.7)
    assert r.php_round(105 * r.opponent_rating(7, 1)) == 74  # 73.5 rounds half up


def test_opponent_rating_worked_example_loser():
    # The manual writes 10 × 1.6 = 24; with the 15 EXP of a destruction loss it is 24.
    assert r.opponent_rating(1, 7) == pytest.approx(1.6)
    assert r.php_round(15 * r.opponent_rating(1, 7)) == 24


@pytest.mark.parametrize("level,opponent,multiplier", [
    (5, 5, 1.0), (0, 10, 2.0), (0, 30, 2.0), (20, 0, 0.5), (11, 10, 0.95), (10, 11, 1.1),
])
def test_opponent_rating_limits(level, opponent, multiplier):
    assert r.opponent_rating(level, opponent) == pytest.approx(multiplier)


# ---- phase 3: victory rating tables; normal game: T1 33, T2 67, S1 133, S2 267
def test_victory_rating_bounds_normal_and_long():
    assert r._third_bounds(100) == (33, 67)
    assert r._third_bounds(400) == (133, 267)
    assert r._third_bounds(150) == (50, 100)
    assert r._third_bounds(600) == (200, 400)


def vr(won, own_tower, own_stock, opp_tower, opp_stock):
    return r.victory_rating(won=won, own_tower=own_tower, own_stock=own_stock,
                            opponent_tower=opp_tower, opponent_stock=opp_stock,
                            max_tower=100, res_victory=400)


def test_winner_needs_all_three_major_for_major():
    assert vr(True, 68, 0, 32, 132) == r.MAJOR
    # one minor drags the average down: (3 + 3 + 2) / 3 floors to minor
    assert vr(True, 67, 0, 32, 132) == r.MINOR
    assert vr(True, 10, 0, 90, 300) == r.TACTICAL


def test_winner_bounds_are_inclusive():
    # opponent stock exactly S1 → minor; tower exactly T2 (own) → minor
    assert vr(True, 100, 0, 0, 133) == r.MINOR
    assert vr(True, 100, 0, 0, 267) == r.MINOR
    assert vr(True, 100, 0, 0, 268) == r.MINOR  # (1 + 3 + 3) / 3 floors to 2


def test_loser_average_rounds_up():
    # manual example: one major and two minors → major on a loss
    assert vr(False, 50, 300, 50, 0) == r.MAJOR  # stock major, towers minor, minor
    assert vr(False, 10, 10, 90, 0) == r.TACTICAL
    assert vr(False, 10, 10, 50, 0) == r.MINOR  # 1 + 1 + 2 → ceil(4/3) = 2


# ---- the whole computation
def test_rate_exp_combines_phases_with_rounding():
    side = r.rate_exp(result="win", outcome="Destruction", level=7, opponent_level=1,
                      own_tower=90, own_stock=0, opponent_tower=0, opponent_stock=10,
                      max_tower=100, res_victory=400, awards=("saboteur", "builder"))
    assert (side.game_exp, side.opponent_exp, side.victory, side.exp) == (105, 74, 3, 130)
    assert side.gold == 1 + 8  # 74 × 1.75 = 129.5 → 130 (half away from zero)


def test_surrendering_loser_gets_nothing():
    side = r.rate_exp(result="loss", outcome="Surrender", level=0, opponent_level=10,
                      own_tower=99, own_stock=300, opponent_tower=1, opponent_stock=0,
                      max_tower=100, res_victory=400)
    assert side.exp == 0


# ---- levels
def test_level_requirements_from_the_spec():
    assert [r.exp_required(n) for n in (0, 1, 5, 9, 10)] == [500, 550, 950, 1150, 1500]


def test_several_levels_in_one_go():
    assert r.levels_after(0, 500 + 550 + 7) == (2, 7, 2)
    assert r.levels_after(3, 10) == (3, 10, 0)


@given(level=st.integers(0, 200))
def test_requirement_matches_formula_and_grows(level):
    expected = 500 + 50 * level + 200 * (level // 5) + 100 * (level // 10) ** 2
    assert r.exp_required(level) == expected
    assert r.exp_required(level + 1) > r.exp_required(level)


@given(level=st.integers(0, 60), exp=st.integers(0, 200_000))
def test_levels_after_leaves_less_than_the_next_requirement(level, exp):
    new_level, left, gained = r.levels_after(level, exp)
    assert new_level == level + gained
    assert 0 <= left < r.exp_required(new_level)
    spent = sum(r.exp_required(n) for n in range(level, new_level))
    assert spent + left == exp


@given(level=st.integers(0, 60), opponent=st.integers(0, 60))
def test_opponent_multiplier_stays_in_range(level, opponent):
    assert 0.5 - 1e-9 <= r.opponent_rating(level, opponent) <= 2.0 + 1e-9
