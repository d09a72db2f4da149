"""The Glicko-2 part of the rating service: both players once per game, never the AI."""
import pytest

from games.tasks import game_rate_task
from players.models import Player, RatingHistory
from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update
from tests.players.conftest import finished_state

pytestmark = pytest.mark.django_db


def fresh(player):
    return Player.objects.get(pk=player.pk)


def test_a_win_moves_both_ratings_from_their_values_before_the_game(alice, bob, finished_game):
    Player.objects.filter(pk=alice.pk).update(rating=1600, rating_deviation=80)
    game = finished_game(fresh(alice), bob, winner_seat=0, outcome="Destruction")
    assert game_rate_task(game.pk) is True
    a, b = fresh(alice), fresh(bob)
    expected_a = glicko2_update(Glicko2Rating(1600, 80, 0.06), [Glicko2Game(1500, 350, 1)])
    expected_b = glicko2_update(Glicko2Rating(1500, 350, 0.06), [Glicko2Game(1600, 80, 0)])
    assert a.rating == pytest.approx(expected_a.rating) and a.rating > 1600
    assert a.rating_deviation == pytest.approx(expected_a.deviation)
    assert b.rating == pytest.approx(expected_b.rating) and b.rating < 1500
    rows = {row.player_id: row for row in RatingHistory.objects.filter(game_id=game.pk)}
    assert rows[alice.pk].result == "win" and rows[bob.pk].result == "loss"
    assert rows[alice.pk].rating_before == 1600 and rows[bob.pk].opponent_name == "alice"


def test_rating_twice_changes_the_glicko_ratings_once(alice, bob, finished_game):
    game = finished_game(alice, bob)
    game_rate_task(game.pk)
    once = fresh(alice).rating
    assert game_rate_task(game.pk) is False
    assert fresh(alice).rating == once
    assert RatingHistory.objects.filter(game_id=game.pk).count() == 2


def test_a_draw_keeps_equal_ratings_equal(alice, bob, finished_game):
    state = finished_state(winner_seat=None, outcome="Draw", towers=(0, 0))
    game = finished_game(alice, bob, winner_seat=None, outcome="Draw", state=state)
    game_rate_task(game.pk)
    assert fresh(alice).rating == pytest.approx(1500) == fresh(bob).rating
    assert fresh(alice).rating_deviation < 350


def test_a_game_against_a_bot_is_rated_like_any_other(alice, bob, finished_game):
    Player.objects.filter(pk=bob.pk).update(is_bot=True)
    game = finished_game(alice, fresh(bob), winner_seat=1, outcome="Construction")
    game_rate_task(game.pk)
    assert fresh(bob).rating > 1500 > fresh(alice).rating


@pytest.mark.parametrize("fields", [
    {"is_ai": True, "is_friendly": True, "last_turn_seat": 0},  # a tutorial player's AI game
    {"is_ai": True, "is_friendly": True, "ai_challenge": "Myr"},
])
def test_games_against_the_ai_leave_the_glicko_rating_alone(alice, finished_game, fields):
    game = finished_game(alice, None, **fields)
    game_rate_task(game.pk)
    assert (fresh(alice).rating, fresh(alice).rating_deviation) == (1500, 350)
    assert not RatingHistory.objects.exists()


def test_friendly_and_aborted_games_leave_the_glicko_rating_alone(alice, bob, finished_game):
    game_rate_task(finished_game(alice, bob, is_friendly=True).pk)
    game_rate_task(finished_game(alice, bob, outcome="Abort", winner_seat=None).pk)
    assert fresh(alice).rating == 1500 and fresh(bob).rating == 1500
    assert not RatingHistory.objects.exists()
