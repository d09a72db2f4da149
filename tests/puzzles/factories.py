"""Puzzles for tests: a crafted position with one winning card, proven and saved as the
miner would save it (no mining run needed)."""
from games import engine
from games.puzzles import services, solver
from games.puzzles.models import Puzzle

# The mover's hand: walls and towers, and one Knight (card 7, an attack) in slot 3.
HAND = [1, 2, 7, 18, 57, 238, 39, 200]
KNIGHT_SLOT = 3
RIGHT = {"kind": "play", "position": KNIGHT_SLOT, "mode": 0}
WRONG = {"kind": "play", "position": 1, "mode": 0}  # Basic wall: the opponent lives on


def crafted_state(*, hidden=False, seed=3, hand=HAND):
    """The mover (the seat on turn) holds ``hand``; the opponent's tower is 1 and his
    wall 0, so any attack wins at once and nothing else does."""
    state = engine.new_game(engine.STARTER_DECKS[0], engine.STARTER_DECKS[1], seed=seed,
                            hidden=hidden)
    seat = state.current
    for index, card in enumerate(hand):
        state = engine.sandbox_put_card(state, seat, index + 1, card)
    state = engine.sandbox_set_attribute(state, 1 - seat, "tower", 1)
    state = engine.sandbox_set_attribute(state, 1 - seat, "wall", 0)
    for resource in ("bricks", "gems", "recruits"):
        state = engine.sandbox_set_attribute(state, seat, resource, 10)
    return state


def make_puzzle(*, hidden=False, seed=3, rating=None, source_game=None) -> Puzzle:
    state = crafted_state(hidden=hidden, seed=seed)
    found = solver.candidate(state)
    assert found is not None and solver.verify(state, found, worlds=8, seed=seed)
    origin = Puzzle.Origin.GAME if source_game else Puzzle.Origin.SELF_PLAY
    puzzle = services.puzzle_save(found, state, origin=origin, line_seed=seed,
                                  source_game=source_game,
                                  source={} if source_game else {"seed": seed, "decks": ["a", "b"]})
    assert puzzle is not None
    if rating is not None:
        Puzzle.objects.filter(pk=puzzle.pk).update(rating=rating)
        puzzle.refresh_from_db()
    return puzzle
