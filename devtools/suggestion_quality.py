"""How often the post-game analysis calls the tutorial's suggestion a mistake (issue 44).

Tutorial games against the computer: seat 0 follows the suggestion on every turn
(``engine.suggest_action``), seat 1 is the computer at the standard level with the
tutorial's relief. Every suggested move is then judged as the analysis judges it
(``engine.judge_move`` at the analysis's budget, from what the mover knew, the cards the
opponent showed counted) and marked as the analysis marks (games.services.analysis: a loss
of at least MARK_THRESHOLD, among the MARKS_PER_SEAT worst of the game). Printed: the
share of suggestions marked, the share costing at least the threshold, the mean loss, and
what a suggestion took (ms). Deterministic for a seed.

    python -m devtools.suggestion_quality --games 100 --seed 1 [--simulations 200]
"""
import argparse
import statistics
import time

from devtools.django_ready import django_ready
from games import engine

MARK_THRESHOLD, MARKS_PER_SEAT = 0.10, 5  # overwritten from the analysis's own (main)


def _suggestion(state, seat, seed):
    return engine.suggest_action(state, seat, seed=seed)


def play_game(game_seed, policy, simulations, timings):
    """The losses of one game's suggested moves (the analysis's measure)."""
    rng = engine.Rng(game_seed)
    decks = [engine.STARTER_DECKS[rng.below(len(engine.STARTER_DECKS))] for _ in (0, 1)]
    state = engine.new_game(decks[0], decks[1], seed=game_seed, ai=True, friendly=True)
    shown, losses, turn = ([], []), [], 0
    while state.status == "in progress" and turn < 400:
        seat = state.current
        seed = (game_seed << 20) ^ turn ^ 0x5EED
        if seat == 0:
            started = time.perf_counter()
            action = policy(state, 0, seed)
            timings.append(time.perf_counter() - started)
            judged = engine.judge_move(state, 0, action, simulations=simulations,
                                       seed=seed ^ 0xA7A1, seen=shown[1])
            losses.append(max(0.0, judged.best_value - judged.played_value))
        else:
            action = engine.choose_action(state, 1, level="standard", seed=seed ^ 0xA1,
                                          relief_level=0)
        card = state.p[seat].hand[action.position - 1]
        state = (engine.play(state, seat, action.position, action.mode)
                 if action.kind == "play" else engine.discard(state, seat, action.position)).state
        if card:
            shown[seat].append(card)
        turn += 1
    return losses


def main(argv=None):
    global MARK_THRESHOLD, MARKS_PER_SEAT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=200,
                        help="the judging budget per move (the analysis's default)")
    args = parser.parse_args(argv)
    django_ready()
    from games import services

    MARK_THRESHOLD, MARKS_PER_SEAT = services.MARK_THRESHOLD, services.MARKS_PER_SEAT
    policy, timings, losses, marked = _suggestion, [], [], 0
    for game in range(args.games):
        game_losses = play_game(args.seed * 100003 + game, policy, args.simulations, timings)
        marked += min(MARKS_PER_SEAT, sum(1 for loss in game_losses if loss >= MARK_THRESHOLD))
        losses += game_losses
    costly = sum(1 for loss in losses if loss >= MARK_THRESHOLD)
    ms = sorted(t * 1000 for t in timings)
    print(f"{args.games} games, {len(losses)} suggested moves; marked by the "
          f"analysis {marked} ({100 * marked / len(losses):.2f} %); costing at least "
          f"{MARK_THRESHOLD:.0%}: {costly} ({100 * costly / len(losses):.2f} %); mean loss "
          f"{100 * statistics.mean(losses):.2f} %; a suggestion took p50 "
          f"{ms[len(ms) // 2]:.2f} ms, p90 {ms[int(len(ms) * .9)]:.2f} ms")


if __name__ == "__main__":
    main()
