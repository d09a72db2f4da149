"""Post-game analysis: how much of the mover's win probability one move cost, judged by
the strongest computer level from what the mover knew when he moved.

``judge_move(state, seat, played)`` looks at the position before ``played`` as the expert
level's search does (``seat_knowledge``: the opponent's unrevealed cards, his deck and the
game's generator are unknown to it): the moves the search would consider plus the move
played are each tried in the same sampled worlds (common random numbers, so the
comparison is fair even with few worlds), followed by the search's playout and the learned
evaluation. The best of them is the move the computer would have played; the played
move's value against it says what the move cost. The mover's win probability in the
position is the learned evaluation's, averaged over the same worlds (before anybody moves:
it counts that the mover is on turn, which the values after a move cannot).
"""
from collections import namedtuple

from .evaluation import default_evaluator
from .knowledge import DeckPrior, sample_world, seat_knowledge, shown_cards
from .levels import knowledge_seed, search_params
from .rng import Rng
from .search import candidates, simulate

ANALYSIS_LEVEL = "expert"
# Enough worlds to rank a dozen moves in about a tenth of a second on one core.
ANALYSIS_SIMULATIONS = 200

MoveJudgement = namedtuple("MoveJudgement", "win best best_value played_value")
MoveJudgement.__doc__ = """``win``: the mover's win probability before the move;
``best``: the move the search prefers (an ``Action``); ``best_value`` and ``played_value``:
the mover's win probability after the best and after the played move."""


def judge_move(state, seat, played, *, simulations=ANALYSIS_SIMULATIONS, seed=None, seen=()):
    """Judge ``played`` (an ``Action`` of ``seat``, legal in ``state``) as the expert level
    would, on ``seat_knowledge(state, seat)`` only. ``seed`` drives every random choice
    (default: derived from what the seat sees); ``seen``: cards the opponent showed earlier
    in the game. Returns a ``MoveJudgement``; ``state`` is not touched."""
    known = seat_knowledge(state, seat)
    rng = Rng(knowledge_seed(known, seat) if seed is None else seed)
    params = search_params(ANALYSIS_LEVEL)
    moves = candidates(known, seat, params, rng)
    if played not in moves:
        moves.append(played)
    evaluator = default_evaluator()
    prior = DeckPrior(shown_cards(known, seat) + list(seen), known.cards)
    worlds = max(1, simulations // len(moves))
    totals = [0.0] * len(moves)
    position = 0.0
    for _ in range(worlds):
        world = sample_world(known, seat, prior, rng)
        world.friendly = True  # no award counters to keep in a simulation
        position += evaluator.value(world, seat)
        world_seed = rng.randint(0, (1 << 63) - 1)
        for i, move in enumerate(moves):
            # (turns replace the players, never change them: the world stays as it is)
            totals[i] += simulate(world.copy_shell(), seat, move, params, Rng(world_seed),
                                  evaluator)
    values = [total / worlds for total in totals]
    # On a tie the move played is not called a mistake.
    best = max(range(len(moves)), key=lambda i: (values[i], moves[i] == played, -i))
    played_value = values[moves.index(played)]
    return MoveJudgement(win=position / worlds, best=moves[best], best_value=values[best],
                         played_value=played_value)
