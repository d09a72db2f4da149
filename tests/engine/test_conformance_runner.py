"""The conformance runner's strict mode: PHP's generator replayed, nothing masked. Built on
a request of our own (the recorded vectors are not needed)."""
import copy

from devtools import conformance as conf


def _side(hand):
    deck = {"common": list(range(1, 16)), "uncommon": list(range(16, 31)),
            "rare": list(range(31, 46))}
    return {"tower": 30, "wall": 25, "quarry": 3, "magic": 3, "dungeons": 3, "bricks": 15,
            "gems": 15, "recruits": 15, "hand": hand, "new_flags": [False] * 8,
            "revealed": [False] * 8, "tokens": {}, "token_changes": {}, "last_card": [0],
            "last_mode": [0], "last_action": ["play"], "changes": {}, "discarded": [[], []],
            "deck": deck}


def _line():
    req = {"id": "t1", "mode": "normal", "hidden": False, "round": 6, "seed": 12345,
           "player": _side([23] * 8), "opponent": _side([23] * 8),
           "action": {"type": "play", "position": 1, "mode": 0}}
    resp = conf.run_request(req, "mt")
    resp["rng_sensitive"] = ["player.hand.0"]
    return {"set": "test", "request": req, "response": resp}


def test_strict_mode_compares_what_the_masks_hide():
    line = _line()
    assert conf.check_line(line, "strict")[0] == []
    drawn = line["response"]["player"]["hand"][0]
    other = copy.deepcopy(line)
    other["response"]["player"]["hand"][0] = 16 if drawn != 16 else 17
    assert conf.check_line(other)[0] == []                 # masked: the default passes
    diffs = conf.check_line(other, "strict")[0]
    assert [p for p, _e, _a in diffs] == ["player.hand.0"]
