"""Answering puzzles: right and wrong, Glicko-2 ratings of both sides, streaks, the one
rated answer, refused moves, and the day's puzzle."""
import datetime

import pytest
from django.utils import timezone

from games.puzzles import services
from games.puzzles.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzlePlayer
from games.services.errors import GameError
from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update
from tests.puzzles.factories import RIGHT, WRONG, make_puzzle

pytestmark = pytest.mark.django_db


def test_the_right_answer_is_right_and_both_ratings_move(alice):
    puzzle = make_puzzle()
    before = Glicko2Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
    attempt = services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **RIGHT)
    assert attempt.correct and attempt.answer == "play:3:0"
    me = PuzzlePlayer.objects.get(player=alice)
    expected = glicko2_update(Glicko2Rating(), [Glicko2Game(before.rating, before.deviation, 1)])
    assert me.rating == pytest.approx(expected.rating) and me.rating > 1500
    assert me.deviation == pytest.approx(expected.deviation)
    puzzle.refresh_from_db()
    expected_puzzle = glicko2_update(before, [Glicko2Game(1500, 350, 0)])
    assert puzzle.rating == pytest.approx(expected_puzzle.rating)
    assert puzzle.rating < before.rating
    assert (puzzle.attempts, puzzle.solved) == (1, 1)
    assert (me.streak, me.best_streak, me.solved, me.failed) == (1, 1, 1, 0)


def test_a_wrong_answer_is_wrong_lowers_the_rating_and_ends_the_streak(alice):
    first, second, third = make_puzzle(seed=3), make_puzzle(seed=4), make_puzzle(seed=5)
    services.puzzle_answer(puzzle_id=first.pk, player=alice, **RIGHT)
    services.puzzle_answer(puzzle_id=second.pk, player=alice, **RIGHT)
    me = PuzzlePlayer.objects.get(player=alice)
    assert (me.streak, me.best_streak) == (2, 2)
    rating = me.rating
    attempt = services.puzzle_answer(puzzle_id=third.pk, player=alice, **WRONG)
    assert not attempt.correct
    me.refresh_from_db()
    assert me.rating < rating
    assert (me.streak, me.best_streak, me.solved, me.failed) == (0, 2, 2, 1)
    third.refresh_from_db()
    assert (third.attempts, third.solved) == (1, 0)


def test_discarding_the_winning_card_is_wrong(alice):
    puzzle = make_puzzle()
    attempt = services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, kind="discard",
                                     position=3)
    assert not attempt.correct and attempt.answer == "discard:3:0"


def test_only_the_first_answer_counts(alice):
    puzzle = make_puzzle()
    first = services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **WRONG)
    again = services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **RIGHT)
    assert again.pk == first.pk and not again.correct
    assert PuzzleAttempt.objects.filter(player=alice).count() == 1
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1


@pytest.mark.parametrize("move", [
    {"kind": "play", "position": 9}, {"kind": "play", "position": "x"},
    {"kind": "play", "position": 3, "mode": 2}, {"kind": "fly", "position": 3},
])
def test_a_move_the_position_does_not_allow_is_refused_and_not_recorded(alice, move):
    puzzle = make_puzzle()
    with pytest.raises(GameError) as refused:
        services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **move)
    assert refused.value.code == "bad_move"
    assert not PuzzleAttempt.objects.exists()
    assert PuzzlePlayer.objects.get(player=alice).rating == 1500


def test_an_unknown_puzzle_is_gone(alice):
    with pytest.raises(GameError) as refused:
        services.puzzle_answer(puzzle_id=999999, player=alice, **RIGHT)
    assert refused.value.code == "gone"


def test_the_day_s_puzzle_is_chosen_once_and_changes_with_the_day():
    assert services.daily_puzzle() is None
    first, second = make_puzzle(seed=3), make_puzzle(seed=4)
    today = timezone.localdate()
    assert services.daily_puzzle(today) == first
    assert services.daily_puzzle(today) == first
    tomorrow = today + datetime.timedelta(days=1)
    assert services.daily_puzzle(tomorrow) == second
    # every puzzle has been a daily one: the one used longest ago comes back
    assert services.daily_puzzle(tomorrow + datetime.timedelta(days=1)) == first
    assert DailyPuzzle.objects.count() == 3


def test_the_daily_streak_counts_days_in_a_row(alice, monkeypatch):
    puzzles = [make_puzzle(seed=s) for s in (3, 4, 5, 6)]
    day = timezone.localdate()

    def answer_on(offset, puzzle, move):
        when = day + datetime.timedelta(days=offset)
        monkeypatch.setattr(timezone, "localdate", lambda: when)
        assert services.daily_puzzle() == puzzle
        attempt = services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **move)
        assert attempt.daily
        return PuzzlePlayer.objects.get(player=alice).daily_streak

    assert answer_on(0, puzzles[0], RIGHT) == 1
    assert answer_on(1, puzzles[1], RIGHT) == 2
    assert answer_on(2, puzzles[2], WRONG) == 0
    assert answer_on(4, puzzles[3], RIGHT) == 1


def test_a_puzzle_that_is_not_the_day_s_leaves_the_daily_streak(alice):
    daily = make_puzzle(seed=3)
    other = make_puzzle(seed=4)
    assert services.daily_puzzle() == daily
    attempt = services.puzzle_answer(puzzle_id=other.pk, player=alice, **RIGHT)
    assert not attempt.daily
    assert PuzzlePlayer.objects.get(player=alice).daily_streak == 0


def test_the_same_position_is_saved_once():
    make_puzzle(seed=3)
    from games.puzzles import solver
    from tests.puzzles.factories import crafted_state

    state = crafted_state(seed=3)
    found = solver.candidate(state)
    assert services.puzzle_save(found, state, origin=Puzzle.Origin.SELF_PLAY,
                                line_seed=1) is None
    assert Puzzle.objects.count() == 1
