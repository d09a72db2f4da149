"""Every card listed in devtools/conformance_ratchet.txt must keep matching the original,
on every recording of the conformance folder (a new ``*.jsonl.gz`` is covered the day it
appears)."""
import pytest

from devtools import conformance as conf

FILES = conf.default_files()

pytestmark = pytest.mark.skipif(not FILES, reason="shared conformance vectors not available")


def test_ratcheted_cards_still_match():
    listed = set(conf.read_ratchet())
    assert listed, "ratchet file is empty"
    # Each line replayed as it is read; the responses are not built (the diffs decide).
    lines = (ln for ln in conf.iter_lines(FILES) if conf.line_card(ln) in listed)
    _results, per_card = conf.evaluate(lines, response=False)
    bad = {}
    for cid in sorted(listed):
        ok, n, first = per_card.get(cid, (0, 0, None))
        if n == 0 or ok != n:
            bad[cid] = (ok, n, (first or [])[:3])
    assert not bad, "ratcheted cards stopped matching: %r" % (bad,)
