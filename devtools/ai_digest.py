"""Digests of the computer's decisions, for "same moves before and after" checks of AI
refactorings:

    python -m devtools.ai_digest [--quick]
    cd <an older checkout> && PYTHONPATH=. python <this checkout>/devtools/ai_digest.py

A fixed set of positions (games of the standard AI from fixed seeds: starter decks in
normal, hidden-cards and long mode, and every AI challenge with the computer in seat 1) and,
per level, a SHA-1 of the actions chosen on them with fixed seeds (the search levels with
their default simulation count, no time limit, so the figure does not depend on the load).

Two doors are digested: the engine's (``engine.choose_action`` at every level, with a seed
and without) and the site's (``games.services.ai.ai_choose``: what the computer's move task
and the substitute move call, the tutorial relief and the challenges' weights included).
The site's door needs Django (settings only: no database query is made).
"""
import argparse
import hashlib
import sys

from devtools.django_ready import django_ready
from games import engine

# The human levels tried for the tutorial relief (None: no relief, 10+: none either).
RELIEF_LEVELS = (None, 0, 2, 5, 9, 12)


def _game_positions(state, every, seats, limit):
    """Positions of one standard-AI game (moves drawn with ``Rng(turn)``): every
    ``every``-th turn of a seat in ``seats``, at most ``limit``."""
    out = []
    turn = 0
    while state.status == "in progress" and len(out) < limit:
        seat = state.current
        if turn % every == 0 and seat in seats:
            out.append((state.clone(), seat))
        a = engine.ai_choose_action(state, seat, rng=engine.Rng(turn))
        state = (engine.play(state, seat, a.position, a.mode) if a.kind == "play"
                 else engine.discard(state, seat, a.position)).state
        turn += 1
    return out


def positions(count=100):
    """``count`` (state, seat) pairs from games of the standard AI with fixed seeds: 70%
    from starter-deck games (normal, hidden-cards and long mode), 20% from the AI
    challenges (the computer's seat 1), 10% with the mover's stock emptied (few or no
    plays: the discard path)."""
    decks = engine.STARTER_DECKS
    starter = count * 7 // 10
    challenge = count * 2 // 10
    out = []
    g = 0
    while len(out) < starter:
        state = engine.new_game(decks[g % len(decks)], decks[(g + 2) % len(decks)],
                                seed=500 + g, hidden=g % 2 == 1, long_mode=g % 5 == 4)
        out += _game_positions(state, 3, (0, 1), min(12, starter - len(out)))
        g += 1
    names = sorted(engine.AI_CHALLENGES)
    i = 0
    while len(out) < starter + challenge:
        state = engine.new_game(decks[i % len(decks)], None, seed=900 + i,
                                ai_challenge=names[i % len(names)])
        out += _game_positions(state, 2, (1,), min(3, starter + challenge - len(out)))
        i += 1
    k = 0
    while len(out) < count:
        state, seat = out[(7 * k) % starter]
        broke = state.clone()
        broke.p[seat].a[5:8] = [0, 0, 0]
        out.append((broke, seat))
        k += 1
    return out


def _digest(actions):
    h = hashlib.sha1()
    for a in actions:
        h.update(repr((a.kind, a.position, a.mode)).encode())
    return h.hexdigest()[:12]


def _site_door():
    django_ready()
    from games.services import ai_choose

    return ai_choose


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.ai_digest")
    ap.add_argument("--quick", action="store_true",
                    help="the search levels with 20 simulations (not the default counts)")
    ap.add_argument("--count", type=int, default=100)
    args = ap.parse_args(argv)
    pos = positions(args.count)
    challenges = sum(1 for s, _seat in pos if s.ai_challenge)
    print(f"{len(pos)} positions ({challenges} in AI challenges)")
    rows = []
    for level in ("easy", "standard"):
        rows.append((f"engine {level}, seed i",
                     [engine.choose_action(s, seat, level=level, seed=i)
                      for i, (s, seat) in enumerate(pos)]))
        rows.append((f"engine {level}, no seed",
                     [engine.choose_action(s, seat, level=level) for s, seat in pos]))
    for level in ("hard", "expert"):
        sims = 20 if args.quick else engine.AI_DEFAULT_BUDGETS[level]["simulations"]
        rows.append((f"engine {level}, seed i, {sims} sims",
                     [engine.choose_action(s, seat, level=level, seed=i,
                                           budget={"simulations": sims})
                      for i, (s, seat) in enumerate(pos)]))
    rows.append(("engine hard, no seed, 20 sims",
                 [engine.choose_action(s, seat, level="hard", budget={"simulations": 20})
                  for s, seat in pos]))
    ai_choose = _site_door()
    rows.append(("site standard (task: relief)",
                 [ai_choose(s, seat, level="standard",
                            relief_level=RELIEF_LEVELS[i % len(RELIEF_LEVELS)])
                  for i, (s, seat) in enumerate(pos)]))
    rows.append(("site standard (substitute)", [ai_choose(s, seat) for s, seat in pos]))
    rows.append(("site challenge AI (seat 1)",
                 [ai_choose(s, seat, level="standard", relief_level=3)
                  for s, seat in pos if s.ai_challenge]))
    rows.append(("site easy", [ai_choose(s, seat, level="easy", relief_level=3)
                               for s, seat in pos]))
    for name, actions in rows:
        discards = sum(1 for a in actions if a.kind == "discard")
        print(f"{name:36} {_digest(actions)}  ({len(actions)} moves, {discards} discards)")
    print("all", _digest([a for _n, acts in rows for a in acts]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
