"""Match two computer levels (docs/ai.md):

    python -m devtools.ai_match --a expert --b standard --n 400 [--hidden] [--seed S]
        [--jobs 2] [--sims-a N] [--sims-b N] [--time] [--start I] [--salt-a N]
        [--out FILE.json] [--pair OTHER.json]

Paired deals (games.ai_ratings.matches, which `manage.py ai_ratings` uses too): each deal (two starter decks, a game seed) is played twice, A holding the
first deck and seat, then B, so luck of the deal evens out. Each side is told the cards
its opponent played or discarded so far (``seen``: what a player sees happen). Normal mode (``--hidden``:
hidden cards). Each move is chosen with ``engine.choose_action`` and a seed derived from
``--seed``, the game and the turn. A search level gets its default simulation count without
its time limit (so a match is reproducible whatever the load): ``--sims-a`` / ``--sims-b``
set another count, ``--time`` gives both sides their default budgets, time limit included
(as on the site).

Prints the wins, draws and losses of A, its score (a draw counts half) with a 95%
confidence interval (over the deals: the two games of a deal are not independent), the
mean game length and, per side, the median time per move (wall clock and CPU time of the
deciding process).

Comparing two settings of a level (the way each idea for the search is measured): play the
same deals with both, each run with ``--out``, and give the second run ``--pair`` the
first's file. It prints the difference of A's score deal by deal on the deals both played,
with its 95% confidence interval: the luck of a deal is the same for both settings, so
the paired difference is far less noisy than two separate scores. ``--out`` writes each
deal's games as it ends; a run given a file of the same settings plays only the deals
missing from it (an interrupted run goes on). ``--start``: the first deal's number
(deals ``start`` to ``start + n/2 - 1``; a match over more deals extends a file).

The noise floor of such a comparison: ``--salt-a N`` replays the same deals, with the same
B, with other random numbers in A's decisions (N is mixed into each of A's seeds). A search
level's games change course with its random numbers, so a salted run of the same setting,
paired with the unsalted one, shows how large a difference chance alone makes (docs/ai.md:
up to 9 points over 200 deals).
"""
import argparse
import contextlib
import functools
import json
import math
import multiprocessing
import os
import statistics
import time

from games.ai_ratings.matches import match_budget, match_deal


def summarize(results, level_a, level_b, mode, elapsed):
    games = [g for pair in results for g in pair]
    n = len(games)
    wins = sum(1 for g in games if g[0] == 1)
    draws = sum(1 for g in games if g[0] == 0.5)
    losses = n - wins - draws
    score = sum(g[0] for g in games) / n
    deals = [(p[0][0] + p[1][0]) / 2 for p in results]
    sd = statistics.pstdev(deals) if len(deals) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(deals)) if deals else 0.0
    ta = [t for g in games for t in g[2]]
    tb = [t for g in games for t in g[3]]

    def med(ts, k):
        return statistics.median(t[k] for t in ts) if ts else float("nan")

    print("A=%s vs B=%s, %s mode, %d games (%d paired deals), %.0f s"
          % (level_a, level_b, mode, n, len(deals), elapsed))
    print("A: %d wins, %d draws, %d losses; score %.1f%% (95%% CI %.1f-%.1f%%)"
          % (wins, draws, losses, 100 * score, 100 * max(0, score - half),
             100 * min(1, score + half)))
    print("mean game length %.1f turns" % (sum(g[1] for g in games) / n))
    print("median time per move: A %.1f ms wall / %.1f ms CPU; B %.1f ms wall / %.1f ms CPU"
          % (med(ta, 0), med(ta, 1), med(tb, 0), med(tb, 1)))
    return wins, draws, losses, score, half


def paired(results, other, deals):
    """Prints and returns (mean, half-width of the 95% CI, deals) of A's score minus
    ``other``'s, deal by deal, on the deals (numbers) both hold; None when none."""
    common = [i for i in deals if i in other]
    if not common:
        print("paired: no deal in common")
        return None
    diffs = [(sum(g[0] for g in results[i]) - sum(g[0] for g in other[i])) / 2
             for i in common]
    mean = sum(diffs) / len(diffs)
    sd = statistics.pstdev(diffs) if len(diffs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(diffs))
    print("paired with the other run on %d deals: %+.1f points (95%% CI %+.1f to %+.1f)"
          % (len(common), 100 * mean, 100 * (mean - half), 100 * (mean + half)))
    return mean, half, len(common)


def read_records(path):
    """(settings, {deal number: its two games}) of an ``--out`` file."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data["settings"], {int(i): [tuple(g) for g in pair]
                              for i, pair in data["deals"].items()}


def write_records(path, settings, done):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"settings": settings,
                   "deals": {str(i): [list(g) for g in pair] for i, pair in sorted(done.items())}},
                  fh)
    os.replace(tmp, path)


def _deal(task, salt_a=0):
    return task[0], match_deal(task, salt_a=salt_a)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m devtools.ai_match")
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="standard")
    ap.add_argument("--n", type=int, default=400, help="games (rounded up to paired deals)")
    ap.add_argument("--hidden", action="store_true", help="hidden-cards mode")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="the first deal's number")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--sims-a", type=int, help="simulation budget of A (no time limit)")
    ap.add_argument("--sims-b", type=int, help="simulation budget of B (no time limit)")
    ap.add_argument("--time", action="store_true",
                    help="default budgets with their time limits (not reproducible)")
    ap.add_argument("--salt-a", type=int, default=0,
                    help="mixed into A's seeds: the same deals with other random numbers for A")
    ap.add_argument("--out", help="write each deal's games to this JSON file (resumes it)")
    ap.add_argument("--pair", help="an --out file of another run: the paired difference")
    args = ap.parse_args(argv)
    budget_a = match_budget(args.a, args.sims_a, args.time)
    budget_b = match_budget(args.b, args.sims_b, args.time)
    settings = {"a": args.a, "b": args.b, "seed": args.seed, "hidden": args.hidden,
                "budget_a": budget_a, "budget_b": budget_b}
    if args.salt_a:
        settings["salt_a"] = args.salt_a
    deals = list(range(args.start, args.start + (args.n + 1) // 2))
    done = {}
    if args.out and os.path.exists(args.out):
        had, records = read_records(args.out)
        if had != settings:
            ap.error("%s holds a run of other settings: %s" % (args.out, had))
        done = records
    tasks = [(i, args.seed, args.a, args.b, budget_a, budget_b, args.hidden)
             for i in deals if i not in done]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        deal = functools.partial(_deal, salt_a=args.salt_a)
        ended = pool.imap_unordered(deal, tasks, chunksize=1) if pool else map(deal, tasks)
        for i, pair in ended:
            done[i] = pair
            if args.out:
                write_records(args.out, settings, done)
    summarize([done[i] for i in deals], args.a, args.b,
              "hidden-cards" if args.hidden else "normal", time.perf_counter() - t0)
    if args.pair:
        paired(done, read_records(args.pair)[1], deals)


if __name__ == "__main__":
    main()
