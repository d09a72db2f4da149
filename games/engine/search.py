"""Search over sampled hidden information: the Hard and Expert computer levels.

The searcher sees only ``known`` (``knowledge.seat_knowledge``). Each simulation samples a
world consistent with it (``knowledge.sample_world``: the opponent's deck from a prior over
plausible decks given the cards he has shown, his unknown hand cards from that deck, a
fresh generator state), plays one candidate move in it, lets both seats continue with the
standard AI's choices for ``depth`` turns, and judges the position reached with the learned
evaluation (``evaluation``). Candidates share each world (common random numbers: the same
opponent deck, hand and generator seed), which makes their comparison far less noisy than
the spread of the outcomes.

The budget is split by sequential halving: in each round the surviving candidates get the
same number of worlds and the better half goes on, so most simulations go to the moves
that matter. The move with the best mean value is played.
"""
import time

from .ai import STANDARD_WEIGHTS, ai_choose_action, choose_discard, score_moves
from .evaluation import default_evaluator
from .knowledge import DeckPrior, sample_world, shown_cards
from .legality import Action
from .rng import Rng
from .turn import run_turn

_WIN = 99999  # the standard AI's score of a winning move


class SearchParams:
    """Knobs of one level: ``depth`` turns played after the candidate move before the
    position is judged, ``plays`` the greedy's best plays kept as candidates, ``discards``
    the discards kept (the greedy's choice first), ``replies``: the chances that the
    opponent's first reply is the standard AI's best, second, third... play (the
    opponent model: a player much like the standard AI, not always its first choice)."""

    __slots__ = ("depth", "plays", "discards", "replies")

    def __init__(self, depth=8, plays=8, discards=2, replies=(1.0,)):
        self.depth = depth
        self.plays = plays
        self.discards = discards
        self.replies = replies


def apply_action(st, seat, action):
    """Play ``action`` (a legal move of ``seat``) on ``st`` in place."""
    run_turn(st, seat, action.position - 1, action.mode, action.kind == "play")


def candidates(known, seat, params, rng):
    """The moves worth searching, best guesses first: the standard AI's best-scored plays
    (a winning play alone, when there is one) and a few discards."""
    scored = score_moves(known, seat, STANDARD_WEIGHTS, rng)
    scored.sort(key=lambda t: -t[0])
    if scored and scored[0][0] >= _WIN:
        return [Action("play", scored[0][1], scored[0][2])]
    out = [Action("play", p, m) for s, p, m in scored[:params.plays]]
    first = choose_discard(known, seat, rng)
    out.append(first)
    hand = known.p[seat].hand
    a = known.p[seat].a
    cards = known.cards
    seen = {hand[first.position - 1]}

    def missing(i):
        c = cards[hand[i]]
        return (max(0, c.bricks - a[5]) + max(0, c.gems - a[6])
                + max(0, c.recruits - a[7]))

    for i in sorted(range(8), key=lambda i: (-missing(i), cards[hand[i]].rank)):
        if len(out) >= len(scored[:params.plays]) + params.discards:
            break
        if hand[i] not in seen:
            seen.add(hand[i])
            out.append(Action("discard", i + 1, 0))
    return out


def opponent_reply(st, mover, replies, rng):
    """The opponent model's move: the standard AI's k-th best play with chance
    ``replies[k]`` (its discard when no play scores above zero)."""
    r = rng.random()
    k = 0
    while k < len(replies) - 1 and r >= replies[k]:
        r -= replies[k]
        k += 1
    if k == 0:
        return ai_choose_action(st, mover, weights=STANDARD_WEIGHTS, rng=rng)
    good = [t for t in score_moves(st, mover, STANDARD_WEIGHTS, rng) if t[0] > 0]
    if not good:
        return choose_discard(st, mover, rng)
    good.sort(key=lambda t: -t[0])
    _s, position, mode = good[min(k, len(good) - 1)]
    return Action("play", position, mode)


def simulate(world, seat, action, params, rng, evaluator):
    """Value for ``seat`` of playing ``action`` in ``world`` (a sampled complete game,
    consumed) followed by ``params.depth`` turns of the standard AI on both sides (the
    opponent's first reply by ``opponent_reply``)."""
    st = world
    apply_action(st, seat, action)
    replied = len(params.replies) < 2
    for _ in range(params.depth):
        if st.status != "in progress":
            break
        mover = st.current
        if mover != seat and not replied:
            replied = True
            move = opponent_reply(st, mover, params.replies, rng)
        else:
            move = ai_choose_action(st, mover, weights=STANDARD_WEIGHTS, rng=rng)
        apply_action(st, mover, move)
    return evaluator.value(st, seat)


def search_action(known, seat, rng, *, simulations, deadline=None, params=None, seen=(),
                  evaluator=None):
    """The move of ``seat`` chosen by sampled-world search on ``known`` (a
    ``seat_knowledge`` copy). ``simulations``: the number of (world, move) playouts;
    ``deadline``: a ``time.perf_counter()`` value after which the search stops early;
    ``seen``: further cards the opponent showed earlier in the game (ids)."""
    params = params or SearchParams()
    evaluator = evaluator or default_evaluator()
    moves = candidates(known, seat, params, rng)
    if len(moves) == 1:
        return moves[0]
    prior = DeckPrior(shown_cards(known, seat) + list(seen), known.cards)
    total = [0.0] * len(moves)
    count = [0] * len(moves)
    alive = list(range(len(moves)))
    phases = max(1, (len(moves) - 1).bit_length())
    used = 0
    for phase in range(phases):
        per = max(1, (simulations - used) // ((phases - phase) * len(alive)))
        for _ in range(per):
            world = sample_world(known, seat, prior, rng)
            world.friendly = True  # no award counters to keep in a simulation
            seed = rng.randint(0, (1 << 63) - 1)
            for i in alive:
                if used >= simulations:
                    break
                # (turns replace the players and never change them: a copy of the
                # game-wide fields keeps the world as it is for the next move)
                total[i] += simulate(world.copy_shell(), seat, moves[i], params, Rng(seed),
                                     evaluator)
                count[i] += 1
                used += 1
            if used >= simulations or (deadline is not None
                                       and time.perf_counter() > deadline):
                break
        if used >= simulations or (deadline is not None and time.perf_counter() > deadline):
            break
        if len(alive) > 1:
            alive.sort(key=lambda i: -total[i] / count[i])
            alive = alive[:(len(alive) + 1) // 2]
    best = max(alive, key=lambda i: (total[i] / count[i] if count[i] else -1.0, -i))
    return moves[best]
