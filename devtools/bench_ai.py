"""AI move benchmark (`make bench`, ``python -m devtools.bench_ai``): the median time of one
computer move must stay ≤ 50 ms.

Plays games between two computer players from the starter decks and times each move
the way the AI task makes it (choose, then execute), over many positions.
"""
import os
import random
import statistics
import sys
import time

TARGET_MEDIAN_MS = 50.0


def main(moves: int = 600, seed: int = 7) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")
    import django

    django.setup()
    from games import engine
    from games.services.ai import ai_choose, ai_execute

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
            action = ai_choose(state, seat)
            state = ai_execute(state, seat, action).state
            timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    median = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"AI move: {len(timings)} moves, median {median:.2f} ms, p95 {p95:.2f} ms, "
          f"max {timings[-1]:.2f} ms (target: median ≤ {TARGET_MEDIAN_MS:.0f} ms)")
    return 0 if median <= TARGET_MEDIAN_MS else 1


if __name__ == "__main__":
    sys.exit(main())
