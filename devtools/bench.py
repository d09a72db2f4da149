"""Speed benchmark: ``python -m devtools.bench [--turns N] [--repeat R] [--conformance FILE]``.

1. Self-play with random legal moves (``legal_actions``) over all implemented cards
   (one core).
2. Conformance-runner throughput on random.jsonl.gz (turns/s; the file is
   parsed once, outside the timed region): the runner's own work (building each
   request's state, comparing the result) included.
3. The engine alone on the same recorded turns: each request's state is built
   once, outside the timed region, and only ``play``/``discard`` are timed (the
   engine's own generator), against the original PHP engine's figure on these
   turns (``ORIGINAL_TURNS_PER_S``, engine time only).

Each benchmark runs ``--repeat`` times (same seed, so the same games) and
reports the median. Both wall-clock time (``perf_counter``) and the CPU time
of this process (``process_time``) are measured: on a machine shared with
other jobs the wall figure mostly measures the load, the CPU figure the code.
"""
import argparse
import gc
import os
import statistics
import time

from games.engine import (
    Deck,
    EngineError,
    Rng,
    all_cards,
    discard,
    legal_actions,
    new_game,
    play,
)

from .conformance import default_dir, evaluate, read_lines, state_from_request

# The original PHP engine on the recorded turns of random.jsonl.gz, engine time only
# (issue 29; PHP is not installed here, so the figure is quoted, not measured).
ORIGINAL_TURNS_PER_S = 3253

_POOLS = None


def random_deck(rng):
    """A random legal-looking deck (implemented, non-Forbidden cards of each rarity) drawn
    with ``rng`` (an engine ``Rng``)."""
    global _POOLS
    if _POOLS is None:
        _POOLS = []
        for rank in (0, 1, 2):
            pool = [c.id for c in all_cards()
                    if c.implemented and c.rank == rank and not c.forbidden]
            if len(pool) < 15:
                pool = pool * (15 // max(1, len(pool)) + 1) if pool else [1] * 15
            _POOLS.append(pool)
    secs = []
    for pool in _POOLS:
        secs.append(tuple(pool[rng.below(len(pool))] for _ in range(15)))
    return Deck(secs[0], secs[1], secs[2], ("Alliance", "Mage", "Burning"))


def self_play(n_turns, seed=1):
    """Play random games until ``n_turns`` turns; returns (turns, games, wall s, CPU s)."""
    rng = Rng(seed)
    turns = games = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while turns < n_turns:
        st = new_game(random_deck(rng), random_deck(rng), seed=rng.randint(0, 1 << 30),
                      long_mode=bool(games % 2), hidden=bool(games % 3 == 0))
        while st.status == "in progress" and turns < n_turns:
            seat = st.current
            moves = legal_actions(st, seat)
            kind, pos, mode = moves[rng.below(len(moves))]
            st = (play(st, seat, pos, mode) if kind == "play" else discard(st, seat, pos)).state
            turns += 1
        games += st.status != "in progress"
    return turns, games, time.perf_counter() - t0, time.process_time() - c0


def load_runner_lines(path):
    """Parse the vectors once (not timed) and keep them out of later GC passes."""
    lines = read_lines([path])
    gc.freeze()
    return lines


def runner(lines):
    """Check every line once, like the runner's CLI; returns (turns, wall s, CPU s)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    evaluate(lines, response=False)
    return len(lines), time.perf_counter() - t0, time.process_time() - c0


def engine_turns(lines):
    """The recorded turns as (state, is_play, position, mode), each request's state built
    once with the engine's own generator (not timed: the engine never changes its input)."""
    turns = []
    for line in lines:
        req = line["request"]
        act = req["action"]
        turns.append((state_from_request(req, "own"), act["type"] == "play",
                      act["position"], act.get("mode", 0)))
    return turns


def engine_only(turns):
    """Run every recorded turn once through ``play``/``discard`` (refused ones raise, as
    in the original); returns (turns, wall s, CPU s)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    for st, is_play, position, mode in turns:
        try:
            if is_play:
                play(st, 0, position, mode)
            else:
                discard(st, 0, position)
        except EngineError:
            pass
    return len(turns), time.perf_counter() - t0, time.process_time() - c0


def _rates(n, runs, i):
    """Median, min and max of n / runs[k][i] over the repetitions."""
    rates = [n / r[i] if r[i] else float("inf") for r in runs]
    return statistics.median(rates), min(rates), max(rates)


def _fmt(label, n, runs, i, unit="turns/s"):
    med, lo, hi = _rates(n, runs, i)
    return "%s %.0f %s (min %.0f, max %.0f)" % (label, med, unit, lo, hi)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m devtools.bench")
    ap.add_argument("--turns", type=int, default=50000, help="self-play turns per repetition")
    ap.add_argument("--repeat", type=int, default=5, help="repetitions (the median is reported)")
    ap.add_argument("--conformance", default=os.path.join(default_dir(), "random.jsonl.gz"))
    args = ap.parse_args(argv)
    reps = max(1, args.repeat)
    n_impl = sum(1 for c in all_cards() if c.implemented)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print("load average %.2f on %d CPUs; %d repetitions, medians (wall = perf_counter, "
          "CPU = process_time)" % (load, os.cpu_count() or 0, reps))

    self_play(min(2000, args.turns))  # warm-up: caches, lazily built card data
    runs = [self_play(args.turns) for _ in range(reps)]
    turns, games = runs[0][0], runs[0][1]
    print("self-play (%d implemented cards): %d turns, %d games per repetition"
          % (n_impl, turns, games))
    print("  " + _fmt("wall:", turns, runs, 2) + ", %.1f games/s" % _rates(games, runs, 2)[0])
    print("  " + _fmt("CPU: ", turns, runs, 3) + ", %.1f games/s" % _rates(games, runs, 3)[0])

    if not os.path.exists(args.conformance):
        print("conformance runner: %s not found, skipped" % args.conformance)
        return
    lines = load_runner_lines(args.conformance)
    runner(lines[:300])  # warm-up
    runs = [runner(lines) for _ in range(reps)]
    n = runs[0][0]
    print("conformance runner on %s: %d turns per repetition (parsing excluded)"
          % (os.path.basename(args.conformance), n))
    print("  " + _fmt("wall:", n, runs, 1))
    print("  " + _fmt("CPU: ", n, runs, 2))

    turns = engine_turns(lines)
    engine_only(turns[:300])  # warm-up
    runs = [engine_only(turns) for _ in range(reps)]
    print("engine alone on the same %d recorded turns (play/discard only; the original PHP "
          "engine: %d turns/s)" % (len(turns), ORIGINAL_TURNS_PER_S))
    for label, i in (("wall:", 1), ("CPU: ", 2)):
        print("  " + _fmt(label, len(turns), runs, i)
              + ", %.1fx the original" % (_rates(len(turns), runs, i)[0] / ORIGINAL_TURNS_PER_S))


if __name__ == "__main__":
    main()
