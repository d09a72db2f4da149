"""A fixed search workload, for before/after figures of engine changes:

    python -m devtools.bench_search
    cd <an older checkout> && PYTHONPATH=. python <this checkout>/devtools/bench_search.py

The Hard level with 60 simulations on 38 positions of five games of the standard AI
(starter decks, fixed seeds). Prints the CPU time per move and a digest of the moves
chosen: an engine change that only makes things faster keeps the digest (same decisions,
same random draws). Uses the engine's public API only, so it runs on older checkouts.
"""
import hashlib
import time

from games import engine


def main() -> int:
    positions = []
    for g in range(5):
        state = engine.new_game(engine.STARTER_DECKS[g % len(engine.STARTER_DECKS)],
                                engine.STARTER_DECKS[(g + 1) % len(engine.STARTER_DECKS)], seed=100 + g)
        for t in range(48):
            if state.status != "in progress":
                break
            seat = state.current
            if t % 6 == 0:
                positions.append((state, seat))
            a = engine.choose_action(state, seat, level="standard", seed=t)
            r = (engine.play(state, seat, a.position, a.mode) if a.kind == "play"
                 else engine.discard(state, seat, a.position))
            state = r.state
    digest = hashlib.sha1()
    t0 = time.process_time()
    for i, (s, seat) in enumerate(positions):
        a = engine.choose_action(s, seat, level="hard", seed=i, budget={"simulations": 60})
        digest.update(repr((a.kind, a.position, a.mode)).encode())
    cpu = time.process_time() - t0
    print(f"search: {len(positions)} Hard moves (60 simulations) in {cpu:.2f} s CPU, "
          f"{1000 * cpu / len(positions):.1f} ms a move, digest {digest.hexdigest()[:10]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
