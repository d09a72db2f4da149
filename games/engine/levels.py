"""The computer opponent's levels: ``choose_action(state, seat, level=..., seed=...,
budget=...)`` (docs/ai.md).

* ``easy``: the standard AI that often settles for a lesser move (for newcomers).
* ``standard``: the standard AI of spec §14 (the AI of the original's challenges, with
  their weights, and the tutorial relief).
* ``hard`` / ``expert``: search over sampled hidden information (``search``).

Every level decides on ``seat_knowledge(state, seat)`` alone and draws every random choice
from a generator seeded by ``seed``: the opponent's unrevealed cards, his deck and the
game's generator cannot change the move (the tests check it).
"""
import time

from .ai import ai_choose_action
from .errors import EngineError
from .knowledge import seat_knowledge
from .legality import legal_actions
from .rng import Rng
from .search import SearchParams, search_action

LEVELS = ("easy", "standard", "hard", "expert")

# Default budgets: a simulation count (reproducible: same state and seed, same move) that
# fits the level's time on one core, and a time limit as a guard on a slow or busy machine.
DEFAULT_BUDGETS = {
    "easy": {},
    "standard": {},
    "hard": {"simulations": 120, "seconds": 0.25},
    "expert": {"simulations": 300, "seconds": 1.0},
}
# The opponent's first reply in a simulation: the standard AI's best play 75% of the time,
# its second 15%, its third 10% (a plausible opponent, not a copy of the standard AI).
_REPLIES = (0.75, 0.15, 0.10)
_SEARCH = {
    "hard": SearchParams(depth=6, plays=5, discards=1, replies=_REPLIES),
    "expert": SearchParams(depth=8, plays=8, discards=2, replies=_REPLIES),
}


# The tutorial's suggestion: a small search of two turns (the opponent's answer and the
# player's next move) after each of the standard AI's best moves.
SUGGESTION_SIMULATIONS = 24
SUGGESTION_SEARCH = SearchParams(depth=2)


def search_params(level):
    """The search knobs of a search level ("hard", "expert")."""
    return _SEARCH[level]


# Easy: how often it plays a random one of its useful plays instead of the best one.
EASY_SLIP = 0.4
_MASK64 = (1 << 64) - 1


def _mix(h, v):
    h = ((h ^ (v & _MASK64)) * 0x100000001B3) & _MASK64
    return h ^ (h >> 29)


def knowledge_seed(known, seat):
    """A seed derived from what ``seat`` knows (used when no seed is given): the same
    position gives the same seed, the hidden parts cannot change it."""
    h = 0xCBF29CE484222325
    for v in (seat, known.round, known.current, known.turns):
        h = _mix(h, v)
    for P in known.p:
        for v in P.a:
            h = _mix(h, v)
        for v in P.hand:
            h = _mix(h, v)
        for v in P.tok:
            h = _mix(h, v)
    return h


def _easy(known, seat, rng):
    if rng.random() < EASY_SLIP:
        moves = legal_actions(known, seat)
        return moves[rng.below(len(moves))]
    return ai_choose_action(known, seat, rng=rng)


def choose_action(state, seat, *, level="standard", seed=None, budget=None, seen=(),
                  relief_level=None):
    """The move (an ``Action``) of the computer playing ``seat`` at ``level`` (``LEVELS``):
    the one door to the computer's decisions, for every level, the AI challenges and the
    site's substitute moves.

    ``seed`` (an int) drives every random choice (default: derived from the position the
    seat sees; the site's standard level passes ``standard_ai_seed(state)``). ``budget``
    for the search levels: ``{"simulations": n}`` and/or ``{"seconds": s}`` (the first
    reached ends the search; default ``DEFAULT_BUDGETS``). ``seen``: ids of cards the
    opponent showed earlier in the game (sharpens the guess of his deck).
    ``relief_level``: the human's level for the tutorial relief (§14.2: the standard AI
    sometimes discards its best card against a player below level 10); only the standard
    level outside AI challenges grants it. In an AI challenge the standard level plays seat
    1 with the challenge's weights. When no play is worth making, a level discards
    (``ai.choose_discard``).
    """
    if level not in LEVELS:
        raise EngineError("bad_level", "unknown AI level %r" % (level,))
    known = seat_knowledge(state, seat)
    rng = Rng(knowledge_seed(known, seat) if seed is None else seed)
    if level == "standard":
        return ai_choose_action(known, seat, relief_level=relief_level, rng=rng)
    if level == "easy":
        return _easy(known, seat, rng)
    budget = DEFAULT_BUDGETS[level] if budget is None else budget
    seconds = budget.get("seconds")
    deadline = None if seconds is None else time.perf_counter() + seconds
    sims = budget.get("simulations", 10**9 if seconds is not None else
                      DEFAULT_BUDGETS[level]["simulations"])
    return search_action(known, seat, rng, simulations=sims, deadline=deadline,
                         params=_SEARCH[level], seen=seen)


def suggest_action(state, seat, *, seed):
    """The tutorial's play suggestion for ``seat`` (§14.4), on what that seat may see only:
    of the standard AI's best moves (its standard weights, whatever the game), the one a
    search of ``SUGGESTION_SIMULATIONS`` sampled worlds two turns deep prefers. The
    analysis marked 2.5 % of the standard AI's own choices as mistakes, 1.7 % of these
    (docs/ai.md). A few milliseconds, so every board that needs it works it out as it is
    drawn. ``seed`` drives every random choice, so the same board and seed give the same
    suggestion, and the game's own generator is neither read nor advanced."""
    known = seat_knowledge(state, seat)
    return search_action(known, seat, Rng(seed), simulations=SUGGESTION_SIMULATIONS,
                         params=SUGGESTION_SEARCH)
