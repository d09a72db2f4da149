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
    # Two stages, half the budget each. The best of a dozen moves' averages is too high by
    # the luck of its worlds (the winner's curse: with 200 simulations, about 18 worlds a
    # move, moves as good as each other left one of them 5-10 points behind "the best"), so
    # the move found best in the first worlds is then compared with the move played on
    # fresh worlds, the two alone: the cost is measured where nothing was chosen.
    first = max(1, simulations // 2 // len(moves))
    values, position = _values(known, seat, moves, first, prior, params, evaluator, rng)
    # On a tie the move played is not called a mistake.
    best = max(range(len(moves)), key=lambda i: (values[i], moves[i] == played, -i))
    played_index = moves.index(played)
    if best == played_index:
        return MoveJudgement(win=position, best=played, best_value=values[best],
                             played_value=values[best])
    second = max(1, (simulations - first * len(moves)) // 2)
    pair = [moves[best], played]
    (best_value, played_value), later = _values(known, seat, pair, second, prior, params,
                                                evaluator, rng)
    win = (position * first + later * second) / (first + second)
    if played_value >= best_value:  # on fresh worlds the move played did as well
        return MoveJudgement(win=win, best=played, best_value=played_value,
                             played_value=played_value)
    return MoveJudgement(win=win, best=moves[best], best_value=best_value,
                         played_value=played_value)


def _values(known, seat, moves, worlds, prior, params, evaluator, rng):
    """(each move's mean value, the position's mean value) over ``worlds`` sampled worlds,
    every move tried in the same worlds with the same playout generator (common random
    numbers: the comparison is fair even with few worlds)."""
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
    return [total / worlds for total in totals], position / worlds
