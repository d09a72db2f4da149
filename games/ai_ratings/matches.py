"""Games between two computer levels on paired deals: each deal (two starter decks and a
game seed) is played twice, A holding the first deck and seat, then B, so that the luck of
the deal evens out. Each side is told the cards its opponent played or discarded (what a
player sees happen). Deterministic for a seed when the budgets are simulation counts.

``salt_a`` (tools): mixed into the seed of each of A's decisions only, so that the same
deals and the same B are played again with other random numbers in A's choices: the spread
of such replays is the noise floor of a comparison between two settings of A.
"""
import time

from games.engine import (
    AI_DEFAULT_BUDGETS,
    STARTER_DECKS,
    Rng,
    choose_action,
    discard,
    new_game,
    play,
)


def match_game(deck_a, deck_b, game_seed, level_a, level_b, budget_a, budget_b, a_first,
               hidden, move_seed, salt_a=0):
    """One game, A holding seat 0 when ``a_first``; returns (A's score, turns, A's times,
    B's times), a score 1 win, 0.5 draw, 0 loss, times as (wall, CPU) pairs in ms."""
    seat_a = 0 if a_first else 1
    decks = (deck_a, deck_b) if a_first else (deck_b, deck_a)
    state = new_game(decks[0], decks[1], seed=game_seed, hidden=hidden)
    times = ([], [])
    seed_rng = Rng(move_seed)
    turns = 0
    shown = ([], [])  # per seat: the cards that seat played or discarded (both players see them)
    while state.status == "in progress":
        seat = state.current
        side = 0 if seat == seat_a else 1
        level, budget = (level_a, budget_a) if side == 0 else (level_b, budget_b)
        wall, cpu = time.perf_counter(), time.process_time()
        seed = seed_rng.randint(0, (1 << 62) - 1)
        if side == 0:
            seed ^= salt_a
        action = choose_action(state, seat, level=level, seed=seed, budget=budget,
                               seen=shown[1 - seat])
        times[side].append(((time.perf_counter() - wall) * 1000,
                            (time.process_time() - cpu) * 1000))
        shown[seat].append(state.p[seat].hand[action.position - 1])
        state = (play(state, seat, action.position, action.mode) if action.kind == "play"
                 else discard(state, seat, action.position)).state
        turns += 1
    score = 0.5 if state.winner is None else float(state.winner == seat_a)
    return score, turns, times[0], times[1]


def match_deal(args, salt_a=0):
    """Both games of deal ``i``: (first, second), each as ``match_game`` returns it.
    ``args``: (i, seed, level_a, level_b, budget_a, budget_b, hidden), one tuple so that a
    process pool can map it; ``salt_a``: see the module's docstring."""
    i, seed, level_a, level_b, budget_a, budget_b, hidden = args
    rng = Rng(seed * 1000003 + i)
    x = STARTER_DECKS[rng.below(len(STARTER_DECKS))]
    y = STARTER_DECKS[rng.below(len(STARTER_DECKS))]
    game_seed = rng.randint(0, (1 << 62) - 1)
    first = match_game(x, y, game_seed, level_a, level_b, budget_a, budget_b, True, hidden,
                       rng.randint(0, (1 << 62) - 1), salt_a)
    # the same deal with the seats swapped: B holds deck x and seat 0
    second = match_game(y, x, game_seed, level_a, level_b, budget_a, budget_b, False, hidden,
                        rng.randint(0, (1 << 62) - 1), salt_a)
    return first, second


def match_budget(level, simulations=None, timed=False):
    """A level's budget in a match: ``simulations`` if given; the default budget with its
    time limit when ``timed`` (as on the site, not reproducible); else the default
    simulation count alone (reproducible whatever the load)."""
    if simulations is not None:
        return {"simulations": simulations}
    if timed:
        return None
    default = AI_DEFAULT_BUDGETS.get(level, {})
    return {"simulations": default["simulations"]} if "simulations" in default else None
