"""Fit the computer's position evaluation from engine self-play (docs/ai.md).

    python -m devtools.train_eval --games 100000 --seed 1 [--jobs 2] [--hidden 32]
        [--data FILE.npz] [--out games/engine/eval_weights.json]

1. Plays ``--games`` games of the standard AI against itself (a small share of random
   plays keeps the positions varied), with the seed fixed: decks are mostly the starter
   decks, some random decks (any card), a quarter in long mode.
2. Takes up to ``--positions`` positions of each game (stored as ints, so ``--data`` stays
   valid when the features change), each seen from both seats
   (``engine.ai_evaluation.features``), labelled 1 when that seat won, 0 when it lost,
   0.5 for a draw.
3. Fits a network with one hidden layer of ``--hidden`` units (0: logistic regression) with
   numpy on 90% of the games and reports log-loss and accuracy on the other 10% (whole
   games held out), then writes the weights as JSON (``--out``), the figures included.

``--data`` caches the generated positions (written when missing, read when present), so
a refit does not replay the games.
"""
import argparse
import json
import multiprocessing
import os
import time

import numpy as np

from games.engine import (
    STARTER_DECKS,
    GameState,
    PlayerState,
    Rng,
    ai_choose_action,
    ai_evaluation,
    discard,
    legal_actions,
    new_game,
    play,
)

from .bench import random_deck

RANDOM_MOVE = 0.08  # share of moves played at random (both seats)


def _deck(rng):
    if rng.random() < 0.8:
        return STARTER_DECKS[rng.below(len(STARTER_DECKS))]
    return random_deck(rng)


# A position is stored as ints (both players' attributes, hands and token counters, the
# seat to move, round, long mode) so the features can change without replaying the games.
POSITION_WIDTH = 2 * (8 + 8 + 3) + 3


def position_row(st):
    row = []
    for P in st.p:
        row += P.a
        row += P.hand
        row += P.tok
    row += (st.current, st.round, int(st.long_mode))
    return row


def position_state(row):
    """A GameState holding what ``features`` reads of a stored position."""
    row = [int(v) for v in row]
    players = []
    for i in (0, 19):
        players.append(PlayerState(a=row[i:i + 8], hand=row[i + 8:i + 16],
                                   tok=row[i + 16:i + 19]))
    return GameState(players, current=row[38], round=row[39], long_mode=bool(row[40]))


def play_game(seed, positions):
    """One self-play game; returns (position rows, labels for seat 0) of up to
    ``positions`` of its positions."""
    rng = Rng(seed)
    st = new_game(_deck(rng), _deck(rng), seed=seed, long_mode=rng.random() < 0.25)
    states = []
    while st.status == "in progress":
        seat = st.current
        states.append(st)
        if rng.random() < RANDOM_MOVE:
            moves = legal_actions(st, seat)
            action = moves[rng.below(len(moves))]
        else:
            action = ai_choose_action(st, seat, rng=rng)
        st = (play(st, seat, action.position, action.mode) if action.kind == "play"
              else discard(st, seat, action.position)).state
    y0 = 0.5 if st.winner is None else float(st.winner == 0)
    if len(states) > positions:
        picked = []
        pool = list(range(len(states)))
        for _ in range(positions):
            picked.append(pool.pop(rng.below(len(pool))))
        states = [states[i] for i in sorted(picked)]
    return [position_row(s) for s in states], [y0] * len(states)


def _work(args):
    seeds, positions = args
    rows, labels, games = [], [], []
    for seed in seeds:
        r, y = play_game(seed, positions)
        rows += r
        labels += y
        games += [seed] * len(y)
    return (np.asarray(rows, np.int32).reshape(-1, POSITION_WIDTH),
            np.asarray(labels, np.float32), np.asarray(games, np.int64))


def generate(n_games, seed, positions, jobs):
    base = Rng(seed)
    seeds = [base.randint(0, (1 << 62) - 1) for _ in range(n_games)]
    chunks = [(seeds[i:i + 500], positions) for i in range(0, n_games, 500)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_work, chunks)
    else:
        parts = [_work(c) for c in chunks]
    rows = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    g = np.concatenate([p[2] for p in parts])
    return rows, y, g


def featurize(rows, y, g):
    """Features of every stored position from both seats, with their labels and games."""
    x = []
    for row in rows:
        st = position_state(row)
        x.append(ai_evaluation.features(st, 0))
        x.append(ai_evaluation.features(st, 1))
    y2 = np.empty(2 * len(y), np.float64)
    y2[0::2] = y
    y2[1::2] = 1 - y
    return np.asarray(x, np.float64), y2, np.repeat(g, 2)


def _logloss(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _accuracy(p, y):
    decided = y != 0.5
    return float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))


def fit(x, y, hidden, seed, epochs=12, batch=2048, lr=2e-3, l2=1e-5):
    """Adam on the cross-entropy; returns (mean, scale, W1, b1, w2, b2) as numpy arrays."""
    rs = np.random.RandomState(seed & 0xFFFFFFFF)
    mean = x.mean(0)
    scale = x.std(0) + 1e-6
    xs = (x - mean) / scale
    n, d = xs.shape
    h = hidden
    params = {}
    if h:
        params["W1"] = rs.randn(h, d).astype(np.float64) * np.sqrt(2 / d)
        params["b1"] = np.zeros(h)
        params["w2"] = rs.randn(h) * np.sqrt(1 / h)
    else:
        params["w2"] = np.zeros(d)
    params["b2"] = np.zeros(1)
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(val) for k, val in params.items()}
    t = 0
    for epoch in range(epochs):
        rate = lr * (0.5 ** (epoch // 4))
        order = rs.permutation(n)
        for i in range(0, n, batch):
            idx = order[i:i + batch]
            xb = xs[idx]
            yb = y[idx]
            grads = {}
            if h:
                z1 = xb @ params["W1"].T + params["b1"]
                a1 = np.maximum(z1, 0)
                z = a1 @ params["w2"] + params["b2"][0]
            else:
                z = xb @ params["w2"] + params["b2"][0]
            p = 1 / (1 + np.exp(-z))
            dz = (p - yb) / len(idx)
            grads["b2"] = np.array([dz.sum()])
            if h:
                grads["w2"] = a1.T @ dz + l2 * params["w2"]
                da1 = np.outer(dz, params["w2"]) * (z1 > 0)
                grads["W1"] = da1.T @ xb + l2 * params["W1"]
                grads["b1"] = da1.sum(0)
            else:
                grads["w2"] = xb.T @ dz + l2 * params["w2"]
            t += 1
            for k, g in grads.items():
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9 ** t)
                vh = v[k] / (1 - 0.999 ** t)
                params[k] -= rate * mh / (np.sqrt(vh) + 1e-8)
    return mean, scale, params


def predict(model, x):
    mean, scale, params = model
    xs = (x - mean) / scale
    if "W1" in params:
        z = np.maximum(xs @ params["W1"].T + params["b1"], 0) @ params["w2"] + params["b2"][0]
    else:
        z = xs @ params["w2"] + params["b2"][0]
    return 1 / (1 + np.exp(-z))


def weights_json(model, meta):
    mean, scale, params = model
    out = {
        "names": list(ai_evaluation.FEATURE_NAMES),
        "mean": [round(float(a), 6) for a in mean],
        "scale": [round(float(a), 6) for a in scale],
        "hidden": [[round(float(a), 6) for a in row] for row in params["W1"]]
        if "W1" in params else [],
        "hidden_bias": [round(float(a), 6) for a in params["b1"]] if "W1" in params else [],
        "out": [round(float(a), 6) for a in params["w2"]],
        "out_bias": round(float(params["b2"][0]), 6),
        "meta": meta,
    }
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m devtools.train_eval")
    ap.add_argument("--games", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=12, help="positions taken per game")
    ap.add_argument("--hidden", type=int, default=32, help="hidden units (0: logistic)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--data", help="cache of the generated positions (.npz)")
    ap.add_argument("--out", default=ai_evaluation.WEIGHTS_FILE)
    args = ap.parse_args(argv)

    t0 = time.time()
    if args.data and os.path.exists(args.data):
        d = np.load(args.data)
        rows, y, g = d["rows"], d["y"], d["g"]
        print("read %d positions from %s" % (len(y), args.data))
    else:
        rows, y, g = generate(args.games, args.seed, args.positions, max(1, args.jobs))
        print("self-play: %d games, %d positions in %.0f s"
              % (args.games, len(y), time.time() - t0))
        if args.data:
            np.savez_compressed(args.data, rows=rows, y=y, g=g)
    x, y, g = featurize(rows, y, g)
    # hold out 10% of the games (whole games, so no position of a test game is trained on)
    test = (g % 10) == 0
    model = fit(x[~test], y[~test], args.hidden, args.seed, epochs=args.epochs)
    p = predict(model, x[test])
    yt = y[test]
    base = np.full_like(yt, yt.mean())
    figures = {
        "games": int(len(np.unique(g))),
        "positions_train": int((~test).sum()),
        "positions_test": int(test.sum()),
        "hidden_units": args.hidden,
        "test_log_loss": round(_logloss(p, yt), 4),
        "test_accuracy": round(_accuracy(p, yt), 4),
        "test_log_loss_constant": round(_logloss(base, yt), 4),
        "command": "python -m devtools.train_eval --games %d --seed %d --positions %d "
                   "--hidden %d --epochs %d" % (args.games, args.seed, args.positions,
                                                args.hidden, args.epochs),
    }
    print(json.dumps(figures, indent=1))
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(weights_json(model, figures), fh, separators=(",", ":"))
        fh.write("\n")
    print("wrote %s (%.0f s in all)" % (args.out, time.time() - t0))


if __name__ == "__main__":
    main()
