"""AI move benchmark (`make bench`, ``python -m devtools.bench_ai``): the median time of one
standard computer move must stay ≤ 50 ms, of a Hard move ≤ 250 ms, of an Expert move ≤ 1 s
(one core; docs/ai.md).

Plays games between two computer players from the starter decks and times each move
the way the AI task makes it (``engine.choose_action`` at the standard level with the
site's seed, then the move), over many positions. The search levels are timed on
positions of such games with their default simulation count and no time limit (so the
figure is the work of a move, not the guard), in CPU time. Imports the engine only (no
Django).
"""
import random
import statistics
import sys
import time

from games import engine

TARGET_MEDIAN_MS = 50.0
# The search levels' targets (median per move, one core).
LEVEL_TARGETS_MS = {"hard": 250.0, "expert": 1000.0}


def main(moves: int = 600, seed: int = 7, positions: int = 60) -> int:
    rng = random.Random(seed)
    timings = []
    while len(timings) < moves:
        d1, d2 = rng.sample(range(len(engine.STARTER_DECKS)), 2) if len(
            engine.STARTER_DECKS) > 1 else (0, 0)
        state = engine.new_game(engine.STARTER_DECKS[d1], engine.STARTER_DECKS[d2],
                                seed=rng.getrandbits(62), hidden=rng.random() < 0.5)
        while state.status == "in progress" and len(timings) < moves:
            seat = state.current
            start = time.perf_counter()
            state = _move(state, seat, engine.choose_action(
                state, seat, level="standard", seed=engine.standard_ai_seed(state)))
            timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    median = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"AI move: {len(timings)} moves, median {median:.2f} ms, p95 {p95:.2f} ms, "
          f"max {timings[-1]:.2f} ms (target: median ≤ {TARGET_MEDIAN_MS:.0f} ms)")
    failed = median > TARGET_MEDIAN_MS
    level_positions = positions_for_levels(rng, positions)
    for level, target in LEVEL_TARGETS_MS.items():
        budget = {"simulations": engine.AI_DEFAULT_BUDGETS[level]["simulations"]}
        times = []
        for i, state in enumerate(level_positions):
            start = time.process_time()
            engine.choose_action(state, state.current, level=level, seed=i, budget=budget)
            times.append((time.process_time() - start) * 1000)
        times.sort()
        level_median = statistics.median(times)
        print(f"{level} move: {len(times)} positions, {budget['simulations']} simulations, "
              f"median {level_median:.0f} ms CPU, p90 {times[int(len(times) * 0.9)]:.0f} ms "
              f"(target: median ≤ {target:.0f} ms)")
        failed = failed or level_median > target
    return 1 if failed else 0


def _move(state, seat, action):
    """The state after ``action`` (as the AI task executes it)."""
    return (engine.play(state, seat, action.position, action.mode) if action.kind == "play"
            else engine.discard(state, seat, action.position)).state


def positions_for_levels(rng, count, hidden=None):
    """``count`` positions of standard-AI games (starter decks, half in hidden-cards mode;
    ``hidden`` True or False: all in that mode), every third move of a game, so openings,
    middle games and endings all come up."""
    positions = []
    while len(positions) < count:
        d1, d2 = (rng.randrange(len(engine.STARTER_DECKS)) for _ in range(2))
        state = engine.new_game(engine.STARTER_DECKS[d1], engine.STARTER_DECKS[d2],
                                seed=rng.getrandbits(62),
                                hidden=rng.random() < 0.5 if hidden is None else hidden)
        turn = 0
        while state.status == "in progress" and len(positions) < count:
            seat = state.current
            if turn % 3 == 0:
                positions.append(state.clone())
            state = _move(state, seat,
                          engine.choose_action(state, seat, level="standard", seed=turn))
            turn += 1
    return positions


if __name__ == "__main__":
    sys.exit(main())
