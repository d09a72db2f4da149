"""The mining command on a small set: with a fixed seed it finds puzzles that hold, checked
here again in worlds of our own; finished games of the site are mined once, with their
source kept for the replay link."""
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games import engine
from games import services as gs
from games.models import Game
from games.puzzles import mining, solver
from games.puzzles.models import MinedGame, Puzzle
from tests.puzzles.factories import KNIGHT_SLOT, crafted_state
from tests.security.conftest import start_game

pytestmark = pytest.mark.django_db


def _mine(*args) -> str:
    out = StringIO()
    call_command("mine_puzzles", *args, stdout=out)
    return out.getvalue()


def _check_puzzle(puzzle: Puzzle):
    """The puzzle holds: its solution does its work in the real game and in 24 worlds the
    mover cannot tell from it (another seed than the miner's), every other move fails in
    the real game, and each legal move has its line."""
    state = engine.state_from_json(puzzle.state)
    seat = puzzle.seat
    assert state.status == "in progress" and state.current == seat
    found = solver.Found(puzzle.kind, puzzle.turns, puzzle.solution)
    for world in [state, *engine.sample_worlds(state, seat, 24, seed=424242)]:
        assert all(solver.holds_in(world, seat, found, key) for key in puzzle.solution)
    legal = {solver.action_key(a) for a in engine.legal_actions(state, seat)}
    assert set(puzzle.lines) == legal and set(puzzle.solution) <= legal
    for key in legal - set(puzzle.solution):
        assert not solver.holds_in(state, seat, found, key), key
    right = puzzle.lines[puzzle.solution[0]]["steps"]
    if puzzle.kind == Puzzle.Kind.WIN:
        assert right[-1]["ended"] == "won"
    else:
        assert all(step["ended"] != "lost" for step in right)


def test_a_small_self_play_run_with_a_seed_finds_puzzles_that_hold():
    out = _mine("3", "--self-play", "--seed", "1", "--worlds", "12")
    puzzles = list(Puzzle.objects.order_by("pk"))
    assert len(puzzles) == 3
    assert "3 puzzles in" in out and "positions examined" in out and "a minute" in out
    for puzzle in puzzles:
        _check_puzzle(puzzle)
        assert puzzle.origin == Puzzle.Origin.SELF_PLAY and puzzle.source_game is None
        # the source replays to the position
        state, _decks, _levels = mining.self_play_game(puzzle.source["seed"])
        for key in puzzle.source["moves"]:
            state = solver.after(state, state.current, solver.parse_key(key))
        assert engine.state_to_json(state) == puzzle.state
    fingerprints = [p.fingerprint for p in puzzles]
    Puzzle.objects.all().delete()
    _mine("3", "--self-play", "--seed", "1", "--worlds", "12")
    assert [p.fingerprint for p in Puzzle.objects.order_by("pk")] == fingerprints


def _finished_game_from(state, alice, bob) -> Game:
    """A game between alice and bob that starts at ``state``; its mover discards the
    Knight (missing the win) and then gives up."""
    game = start_game(alice, bob)
    data = engine.state_to_json(state)
    Game.objects.filter(pk=game.pk).update(state=data, initial_state=data,
                                           current_seat=state.current)
    game.refresh_from_db()
    mover, other = (alice, bob) if state.current == 0 else (bob, alice)
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                         position=KNIGHT_SLOT)
    gs.game_surrender(game_id=game.pk, player=mover)
    gs.game_surrender_answer(game_id=game.pk, player=other, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_finished_games_are_mined_once_and_keep_their_source(alice, bob):
    game = _finished_game_from(crafted_state(), alice, bob)
    out = _mine("1", "--from-games", "--worlds", "12")
    puzzle = Puzzle.objects.get()
    assert "1 finished games" in out
    assert puzzle.origin == Puzzle.Origin.GAME and puzzle.source_game == game
    assert puzzle.source_turn == 0 and puzzle.solution == [f"play:{KNIGHT_SLOT}:0"]
    _check_puzzle(puzzle)
    assert MinedGame.objects.get(game=game).found == 1
    again = _mine("1", "--from-games", "--worlds", "12")
    assert "0 puzzles" in again and "0 finished games" in again
    assert Puzzle.objects.count() == 1


@pytest.mark.parametrize("args", [("0",), ("2", "--worlds", "0")])
def test_the_command_refuses_nonsense(args):
    with pytest.raises(CommandError):
        _mine(*args)
