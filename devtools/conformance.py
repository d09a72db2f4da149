"""Conformance runner: replay recorded turns of the original engine and compare.

    python -m devtools.conformance FILE... [--card N] [--set NAME] [--emit OUT]
                                          [--update-ratchet] [--quiet]
                                          [--rng auto|mt|own|strict] [--max-paths N]

See /work/shared/conformance/README.md for the line format. The vectors are
read at run time and never copied into the repository. The runner uses the
engine's public API only (``games.engine``); PHP's mt_rand is replayed by
injecting ``PhpMt`` as the state's generator.
Without FILE, every ``*.jsonl.gz`` of the conformance folder is read. The summary
gives the lines and cards matching per file, then the total.
"""
import argparse
import gc
import glob
import gzip
import json
import operator
import os
import sys
import time
from itertools import compress
from operator import ne

import orjson

from games.engine import (
    ATTRS,
    EngineError,
    GameState,
    PlayerState,
    all_cards,
    card,
    discard,
    play,
    rng_state_for_seed,
)

from .php_mt import PhpMt

RATCHET = os.path.join(os.path.dirname(__file__), "conformance_ratchet.txt")
ERROR_TEXT = {
    "insufficient_resources": "Insufficient resources!",
    "bad_mode": "Bad mode!",
    "rare_in_challenge": "Rare cards cannot be played in an AI challenge!",
    "bad_position": "Invalid card position!",
}


def default_dir():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.normpath(os.path.join(repo, "..", "shared", "conformance"))


def default_files(directory=None):
    """Every recording in the conformance folder (``*.jsonl.gz``): a new one is read the
    day it appears."""
    return sorted(glob.glob(os.path.join(directory or default_dir(), "*.jsonl.gz")))


def iter_lines(paths, set_name=None):
    """The recorded lines of ``paths`` one at a time; each gets ``"file"``: the base name it
    came from. orjson reads the 260 MB of the recordings in 3 s (json: 5 s), and a line
    replayed as it is read is freed: the 56,000 lines kept at once took 20 s to read, most of
    it the garbage collector going over them again and again."""
    for path in paths:
        name = os.path.basename(path)
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as f:
            for line in f:
                if not line.strip():
                    continue
                d = orjson.loads(line)
                if set_name and d.get("set") != set_name:
                    continue
                d["file"] = name
                yield d


def read_lines(paths, set_name=None):
    """The recorded lines of ``paths`` (``iter_lines``) in a list."""
    return list(iter_lines(paths, set_name))


def line_card(line):
    r = line["request"]
    return r["player"]["hand"][r["action"]["position"] - 1]


_ATTR_GET = operator.itemgetter(*ATTRS)  # one C call instead of 8 dict lookups
_NO_FLAGS = [False] * 8
_NO_HIST = [(0, 0, "play")]
_INT = frozenset((int,))
_BOOL = frozenset((bool,))


def _conv(exact, conv, values):
    """``list(map(conv, values))``, without calling ``conv`` when every value
    already has the exact type (as JSON gives them): the calls are most of the
    cost of turning a request into a state."""
    values = list(values)
    return values if exact.issuperset(map(type, values)) else list(map(conv, values))


def _player_from(d):
    toks = d.get("tokens") or {}
    names = list(toks)[:3]
    pad = [None] * (3 - len(names))
    zeros = [0] * (3 - len(names))
    tch = d.get("token_changes") or {}
    ch = d.get("changes") or {}
    try:
        changes = _conv(_INT, int, _ATTR_GET(ch))
    except KeyError:  # partial changes: missing attributes count as 0
        changes = [int(ch.get(k, 0)) for k in ATTRS]
    deck = d["deck"]
    disc = d["discarded"]
    return PlayerState.of(
        _conv(_INT, int, _ATTR_GET(d)),
        list(d["hand"]),
        _conv(_BOOL, bool, d["new_flags"]),
        _conv(_BOOL, bool, d.get("revealed", _NO_FLAGS)),
        (tuple(deck["common"]), tuple(deck["uncommon"]), tuple(deck["rare"])),
        names + pad,
        [int(toks[n]) for n in names] + zeros,
        [int(tch.get(n, 0)) for n in names] + zeros,
        list(zip(d["last_card"], d["last_mode"], d["last_action"])) or _NO_HIST[:],
        changes,
        [list(disc[0]), list(disc[1])],
    )


def state_from_request(req, rng="mt"):
    """Build a GameState from a request; the acting player sits at seat 0.

    rng "mt" replays PHP's mt_rand from the request seed (spec §8.2 call order);
    "own" uses the engine's own generator seeded from it.
    """
    p = _player_from(req["player"])
    o = _player_from(req["opponent"])
    rsc = req.get("round_start_changes")
    if rsc is not None:
        rsc = [[int((rsc.get("player") or {}).get(k, 0)) for k in ATTRS],
               [int((rsc.get("opponent") or {}).get(k, 0)) for k in ATTRS]]
    ai_name = req.get("ai_name") or ""
    seed = req.get("seed", 0)
    return GameState(
        [p, o], req["round"], 0, req["mode"] == "long", bool(req["hidden"]), bool(ai_name),
        bool(ai_name), ai_name, "in progress", None, "Pending", rsc,
        PhpMt(seed) if rng == "mt" else rng_state_for_seed(seed), seed)


def _player_out(P):
    names = [n for n in P.tok_names if n]
    return {
        **dict(zip(ATTRS, P.a)),
        "hand": P.hand[:], "new_flags": P.new[:], "revealed": P.rev[:],
        "tokens": {n: P.tok[i] for i, n in enumerate(P.tok_names) if n},
        "token_changes": {n: P.tok_ch[i] for i, n in enumerate(P.tok_names) if n},
        "last_card": [h[0] for h in P.hist], "last_mode": [h[1] for h in P.hist],
        "last_action": [h[2] for h in P.hist],
        "changes": dict(zip(ATTRS, P.changes)),
        "discarded": [P.disc[0][:], P.disc[1][:]],
        "_names": names,
    }


def _run(req, rng):
    """Build the request's state and run its action: (state, status, engine_error)."""
    st = state_from_request(req, rng)
    act = req["action"]
    try:
        if act["type"] == "play":
            st = play(st, 0, act["position"], act.get("mode", 0)).state
        else:
            st = discard(st, 0, act["position"]).state
    except EngineError as e:
        if e.code == "card_unimplemented":
            return st, "unimplemented", None
        return st, "rejected", ERROR_TEXT.get(e.code, e.message)
    return st, "ok", None


def _top_values(st, status, err):
    """Our values of the compared top-level fields, in _TOP order."""
    winner = None
    if st.status == "finished":
        winner = "" if st.winner is None else ("player" if st.winner == 0 else "opponent")
    return (status, err, "player" if st.current == 0 else "opponent",
            status == "ok" and st.current == 0, st.round, st.status, winner, st.outcome)


def _top(st, status, err):
    """The compared top-level fields of our response."""
    return dict(zip(_TOP, _top_values(st, status, err)))


def _response(st, status, err):
    resp = _top(st, status, err)
    p = _player_out(st.p[0])
    o = _player_out(st.p[1])
    del p["_names"], o["_names"]
    resp["player"] = p
    resp["opponent"] = o
    return resp


def run_request(req, rng="mt"):
    """Run one request; returns our response dict (the compared fields)."""
    return _response(*_run(req, rng))


_TOP = ("status", "engine_error", "next", "extra_turn", "round", "state", "winner", "outcome")
_PFIELDS = ATTRS + ("hand", "new_flags", "revealed", "tokens", "token_changes", "changes",
                    "discarded", "last_card", "last_mode", "last_action")


def _flatten(prefix, v, out):
    if isinstance(v, dict):
        for k, x in v.items():
            _flatten(prefix + "." + str(k), x, out)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            _flatten(prefix + "." + str(i), x, out)
        if not v:
            out[prefix] = "[]"
    else:
        out[prefix] = v


# element types _flatten treats as leaves (anything else takes the general path)
_LEAF_TYPES = frozenset((int, bool, str, float, type(None)))


def _flat_list(v):
    return type(v) is list and _LEAF_TYPES.issuperset(map(type, v))


def _field_diffs(prefix, ef, af, masked, diffs):
    """Append the differing leaf paths of one field (ef != af) outside ``masked``."""
    if ef and _flat_list(ef) and _flat_list(af) and len(ef) == len(af):
        # the common case (a hand slot drawn at random): the same paths as
        # _flatten would give, sorted the same way (as strings)
        idx = list(compress(range(len(ef)), map(ne, ef, af)))
        if len(ef) > 10:
            idx.sort(key=str)
        for i in idx:
            path = prefix + "." + str(i)
            if path not in masked:
                diffs.append((path, ef[i], af[i]))
        return
    fe, fa = {}, {}
    _flatten(prefix, ef, fe)
    _flatten(prefix, af, fa)
    if fe == fa:
        return
    for path in sorted(set(fe) | set(fa)):
        if path in masked:
            continue
        ve, va = fe.get(path, "<missing>"), fa.get(path, "<missing>")
        if ve != va:
            diffs.append((path, ve, va))


def _top_diffs(expected, actual, masked, diffs):
    for k in _TOP:
        e, a = expected.get(k), actual.get(k)
        if k == "state" and e is None:
            continue
        if k not in masked and e != a:
            diffs.append((k, e, a))


def compare(expected, actual, masked):
    """List of (path, expected, actual) differences outside ``masked``."""
    diffs = []
    _top_diffs(expected, actual, masked, diffs)
    for side in ("player", "opponent"):
        E = expected.get(side) or {}
        A = actual.get(side) or {}
        for f in _PFIELDS:
            if f in E and E[f] != A.get(f):
                _field_diffs(side + "." + f, E[f], A.get(f), masked, diffs)
    return diffs


_PFIELDS_GET = operator.itemgetter(*_PFIELDS)
_ABSENT = object()


def _side_values(P):
    """Our values of all _PFIELDS, in order, as _player_out would put them in the response."""
    names = P.tok_names
    hist = P.hist
    cards, modes, actions = map(list, zip(*hist)) if hist else ([], [], [])
    return (*P.a, P.hand, P.new, P.rev,
            dict(compress(zip(names, P.tok), names)),  # named counters only
            dict(compress(zip(names, P.tok_ch), names)),
            dict(zip(ATTRS, P.changes)), P.disc, cards, modes, actions)


_NO_MASK = frozenset()


def _state_diffs(expected, st, status, err, masked=None):
    """``compare(expected, _response(st, status, err), masked)`` without building
    the response. Whole groups of fields are compared as tuples first, and
    only the differing fields are examined one by one (compress/map keep
    those scans out of the interpreter loop). ``masked`` defaults to the line's
    ``rng_sensitive`` paths."""
    if masked is None:
        masked = frozenset(expected.get("rng_sensitive") or ())
    diffs = []
    top = _top_values(st, status, err)
    if tuple(map(expected.get, _TOP)) != top:
        _top_diffs(expected, dict(zip(_TOP, top)), masked, diffs)
    for side, P in (("player", st.p[0]), ("opponent", st.p[1])):
        E = expected.get(side) or {}
        ours = _side_values(P)
        try:
            theirs = _PFIELDS_GET(E)
        except KeyError:  # a field is not recorded: compare only those that are
            theirs = tuple(E.get(f, _ABSENT) for f in _PFIELDS)
        if theirs == ours:
            continue
        for i in compress(range(len(_PFIELDS)), map(ne, theirs, ours)):
            if theirs[i] is not _ABSENT:
                _field_diffs(side + "." + _PFIELDS[i], theirs[i], ours[i], masked, diffs)
    return diffs


def check_line(line, rng="auto", response=True):
    """(diffs, response) for one line.

    rng "auto" (default) runs the turn with the engine's own generator and,
    only if that mismatches, replays it with PHP's mt_rand seeded like the
    original: a line matches when all non-random fields agree, or when the
    original's own random sequence reproduces it exactly. "mt" / "own" force one.
    "strict" replays PHP's mt_rand and masks nothing: a line then matches only when
    our random calls are the original's, call for call (it finds call orders that
    the masks hide; not every line can pass it, e.g. the upstream scenarios).
    With ``response=False`` the response dict is not built (None is returned).
    """
    exp = line["response"]
    req = line["request"]
    if rng == "strict":
        st, status, err = _run(req, "mt")
        diffs = ([("status", exp.get("status"), "unimplemented")]
                 if status == "unimplemented" else _state_diffs(exp, st, status, err, _NO_MASK))
        return diffs, _response(st, status, err) if response else None
    st, status, err = _run(req, "own" if rng == "auto" else rng)
    if status == "unimplemented":
        return ([("status", exp.get("status"), "unimplemented")],
                _response(st, status, err) if response else None)
    diffs = _state_diffs(exp, st, status, err)
    if diffs and rng == "auto":
        st2, status2, err2 = _run(req, "mt")
        diffs2 = _state_diffs(exp, st2, status2, err2)
        if not diffs2 or len(diffs2) < len(diffs):
            return diffs2, _response(st2, status2, err2) if response else None
    return diffs, _response(st, status, err) if response else None


def evaluate(lines, rng="auto", response=True):
    """Run all lines; returns (results, per_card) where results[i] = (card, diffs, response).

    ``response=False`` skips building the response dicts (then None).
    """
    results = []
    for line in lines:
        diffs, resp = check_line(line, rng, response)
        results.append((line_card(line), diffs, resp))
    per_card = {}
    for cid, diffs, _ in results:
        ok, n, first = per_card.get(cid, (0, 0, None))
        if diffs and first is None:
            first = diffs
        per_card[cid] = (ok + (not diffs), n + 1, first)
    return results, per_card


def fully_matching(per_card):
    return sorted(c for c, (ok, n, _f) in per_card.items() if n and ok == n and c)


def per_file_summary(lines, results):
    """One line per recording: its matching lines and the cards of it that fully match."""
    files = {}  # name -> {card: [lines matching, lines]}
    for line, (cid, diffs, _r) in zip(lines, results):
        counts = files.setdefault(line.get("file", "?"), {}).setdefault(cid, [0, 0])
        counts[0] += not diffs
        counts[1] += 1
    out = []
    for name, cards in sorted(files.items()):
        ok = sum(c[0] for c in cards.values())
        n = sum(c[1] for c in cards.values())
        full = sum(1 for cid, c in cards.items() if cid and c[0] == c[1])
        out.append("%s: %d/%d lines match, %d/%d cards fully match"
                   % (name, ok, n, full, sum(1 for cid in cards if cid)))
    return out


def read_ratchet(path=RATCHET):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return sorted(int(x) for x in f.read().split() if x.strip())


def write_ratchet(ids, path=RATCHET):
    with open(path, "w") as f:
        f.write("".join("%d\n" % i for i in sorted(set(ids))))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m devtools.conformance")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--card", type=int, action="append")
    ap.add_argument("--set", dest="set_name")
    ap.add_argument("--emit")
    ap.add_argument("--update-ratchet", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="summary only")
    ap.add_argument("--max-paths", type=int, default=8)
    ap.add_argument("--rng", choices=("auto", "mt", "own", "strict"), default="auto",
                    help="generator: own, PHP mt_rand replay, or own then mt on mismatch; "
                         "strict: mt_rand replay compared without the rng_sensitive masks")
    args = ap.parse_args(argv)
    files = args.files or default_files()
    lines = read_lines(files, args.set_name)
    if args.card:
        want = set(args.card)
        lines = [ln for ln in lines if line_card(ln) in want]
    gc.freeze()  # the parsed vectors are long-lived: keep them out of GC passes
    t0 = time.perf_counter()
    results, per_card = evaluate(lines, args.rng, response=bool(args.emit))
    dt = time.perf_counter() - t0
    if args.emit:
        with open(args.emit, "w") as f:
            for line, (_c, _d, resp) in zip(lines, results):
                out = dict(resp)
                out["id"] = line["request"].get("id")
                f.write(json.dumps(out) + "\n")
    if not args.quiet:
        for cid in sorted(per_card):
            ok, n, first = per_card[cid]
            try:
                c = card(cid)
            except EngineError:
                c = None
            name = c.name if c else "?"
            implemented = c is not None and c.implemented
            if ok == n:
                print("card %4d %-28s %d/%d ok" % (cid, name, ok, n))
            else:
                print("card %4d %-28s %d/%d%s" % (cid, name, ok, n,
                                                   "" if implemented else " (unimplemented)"))
                if implemented:
                    for path, e, a in first[:args.max_paths]:
                        print("      %s: expected %r, got %r" % (path, e, a))
    matched = sum(1 for _c, d, _r in results if not d)
    full = fully_matching(per_card)
    if args.update_ratchet:
        old = read_ratchet()
        seen = set(per_card)
        regressed = [c for c in old if c in seen and c not in full]
        if regressed:
            print("ratchet: REGRESSED (kept listed, fix them): %s"
                  % " ".join(map(str, regressed)), file=sys.stderr)
        new = sorted(set(old) | set(full))
        write_ratchet(new)
        print("ratchet: %d cards listed (%d added)" % (len(new), len(set(new) - set(old))),
              file=sys.stderr)
    print("time: %.2fs, %.0f turns/s" % (dt, len(lines) / dt if dt else 0), file=sys.stderr)
    for summary in per_file_summary(lines, results):
        print("  " + summary)
    print("conformance: %d/%d lines match, %d/%d cards fully match"
          % (matched, len(lines), len(full), len(all_cards())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
