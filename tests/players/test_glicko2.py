"""The Glicko-2 module against the worked example of Glickman's paper."""
import pytest

from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update


def test_the_papers_worked_example():
    player = Glicko2Rating(1500, 200, 0.06)
    games = [Glicko2Game(1400, 30, 1), Glicko2Game(1550, 100, 0), Glicko2Game(1700, 300, 0)]
    after = glicko2_update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_and_a_loss_lowers_the_rating_and_both_shrink_the_deviation():
    fresh = Glicko2Rating()
    won = glicko2_update(fresh, [Glicko2Game(1500, 350, 1)])
    lost = glicko2_update(fresh, [Glicko2Game(1500, 350, 0)])
    drawn = glicko2_update(fresh, [Glicko2Game(1500, 350, 0.5)])
    assert won.rating > 1500 > lost.rating
    assert drawn.rating == pytest.approx(1500)
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert max(won.deviation, lost.deviation, drawn.deviation) < 350


def test_a_period_without_games_only_widens_the_deviation():
    after = glicko2_update(Glicko2Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation > 100
