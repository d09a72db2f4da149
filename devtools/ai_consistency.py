"""How noisy a computer level's choices are: the same positions decided with several
seeds (docs/ai.md):

    python -m devtools.ai_consistency [--level expert] [--sims 300] [--positions 60]
        [--seeds 3] [--hidden]

The positions come from games of the standard AI against itself on the starter decks
(``bench_ai.positions_for_levels`` with a fixed seed: the same positions every run), one
every third turn. Each is decided with
``--seeds`` different seeds; the figure is the share of pairs of those decisions that
chose the same move, averaged over the positions, with the CPU time a decision took.

A search level that agrees with itself half of the time picks among moves its budget
cannot tell apart: a change that makes the simulations less noisy shows here within a
minute, long before a match can tell its effect on the score (100 games measure a score
to within about 8 points). Less noise is not strength: synchronised playouts raised
Expert's agreement from 47% to 56% and scored 14 points lower over 47 deals, a difference
that chance alone can make (docs/ai.md), so a change is judged by a long match against
salted runs of the unchanged level; this only says whether it did what it meant to.
"""
import argparse
import random
import time

from devtools.bench_ai import positions_for_levels
from games.ai_ratings.matches import match_budget
from games.engine import choose_action


def positions(count, hidden=False):
    """``count`` (state, seat to move) of standard-AI games on the starter decks, the same
    every run (``bench_ai.positions_for_levels`` with a fixed seed)."""
    states = positions_for_levels(random.Random(12345), count, hidden)
    return [(st, st.current) for st in states]


def agreement(level, states, seeds, budget=None):
    """(mean share of agreeing pairs of decisions, CPU seconds a decision) of ``level``
    on ``states`` ((state, seat) pairs), each decided once per seed of ``seeds``."""
    shares = []
    t0 = time.process_time()
    for st, seat in states:
        keys = [choose_action(st, seat, level=level, seed=seed, budget=budget)
                for seed in seeds]
        pairs = [(i, j) for i in range(len(keys)) for j in range(i)]
        shares.append(sum(keys[i] == keys[j] for i, j in pairs) / len(pairs))
    decisions = len(states) * len(seeds)
    return sum(shares) / len(shares), (time.process_time() - t0) / decisions


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m devtools.ai_consistency")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--sims", type=int, help="simulations (default: the level's, no time limit)")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--hidden", action="store_true", help="hidden-cards mode")
    args = ap.parse_args(argv)
    if args.seeds < 2:
        ap.error("--seeds: at least 2 (agreement is between decisions)")
    budget = match_budget(args.level, args.sims)
    share, cpu = agreement(args.level, positions(args.positions, args.hidden),
                           range(args.seeds), budget)
    print("%s%s, %s mode: the same move in %.1f%% of pairs of decisions (%d positions, "
          "%d seeds), %.0f ms CPU a decision"
          % (args.level, " %d simulations" % args.sims if args.sims else "",
             "hidden-cards" if args.hidden else "normal", 100 * share, args.positions,
             args.seeds, 1000 * cpu))
    return share


if __name__ == "__main__":
    main()
