"""A learned judgement of a position: the chance that a seat wins from here.

``features(state, seat)`` describes the position from ``seat``'s side (its attributes and
the opponent's, distances to the victory conditions, what the hands hold, tokens, round,
who moves); ``win_probability(state, seat)`` feeds them through a small network fitted on
engine self-play (``python -m devtools.train_eval``, docs/ai.md). The weights are a JSON
file next to this module, read once with the standard library.

A search calls it on sampled worlds (``knowledge.sample_world``), never on the real game.
"""
import json
import math
import os
from operator import mul

from .cards.model import CARDS
from .constants import LONG, NORMAL

WEIGHTS_FILE = os.path.join(os.path.dirname(__file__), "eval_weights.json")

_SIDE = ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits",
         "stock", "tower_to_build", "tower_plus_wall", "hand_playable", "hand_cost",
         "hand_rares", "hand_playagain", "hand_attack", "hand_tower", "hand_wall",
         "token_max")
FEATURE_NAMES = (tuple("my_" + n for n in _SIDE) + tuple("his_" + n for n in _SIDE)
                 + ("to_move", "round", "long_mode"))

def _card_info(c):
    """(bricks, gems, recruits, total, rare, playagain, attack, tower, wall) of CardDef ``c``."""
    cl = c.classes
    return (c.bricks, c.gems, c.recruits, c.total_cost, c.rank == 2, c.playagain,
            "attack" in cl, "tower_plus" in cl, "wall_plus" in cl)


# card id -> _card_info of the base catalogue's card (the base catalogue never changes; a
# game holding proposed cards has a table of its own, whose cards are read each time)
_BASE_INFO = {}


def _base_info(cid):
    info = _BASE_INFO[cid] = _card_info(CARDS[cid])
    return info


def _side(P, lim, out, cards):
    a = P.a
    mt = lim.max_tower
    stock = a[5] + a[6] + a[7]
    out += (a[0] / mt, a[1] / lim.max_wall, a[2] / 10, a[3] / 10, a[4] / 10, a[5] / 100,
            a[6] / 100, a[7] / 100, stock / lim.res_victory, (mt - a[0]) / mt,
            (a[0] + a[1]) / mt)
    b, g, r = a[5], a[6], a[7]
    playable = cost = rares = again = attack = tower = wall = 0
    base = cards is CARDS
    for cid in P.hand:
        cb, cg, cr, tc, rare, pa, at, tw, wl = ((_BASE_INFO.get(cid) or _base_info(cid)) if base
                                                else _card_info(cards[cid]))
        if cb <= b and cg <= g and cr <= r:
            playable += 1
        cost += tc
        rares += rare
        again += pa
        attack += at
        tower += tw
        wall += wl
    out += (playable / 8, cost / 160, rares / 8, again / 8, attack / 8, tower / 8, wall / 8,
            max(P.tok) / 100)


def features(st, seat):
    """The position seen from ``seat`` as a list of floats (``FEATURE_NAMES`` order)."""
    lim = LONG if st.long_mode else NORMAL
    out = []
    cards = st.cards
    _side(st.p[seat], lim, out, cards)
    _side(st.p[1 - seat], lim, out, cards)
    out += (1.0 if st.current == seat else 0.0, st.round / 100, 1.0 if st.long_mode else 0.0)
    return out


class Evaluator:
    """``value(st, seat)``: the chance ``seat`` wins, from a one-hidden-layer network.

    ``weights`` is the dict of the JSON file: feature ``names``, ``mean`` and ``scale`` of
    the inputs, ``hidden`` (rows of input weights) and ``hidden_bias``, ``out`` and
    ``out_bias`` (no hidden layer when ``hidden`` is empty: logistic regression).
    """

    def __init__(self, weights):
        if tuple(weights["names"]) != FEATURE_NAMES:
            raise ValueError("the weights were fitted on other features")
        mean, scale = weights["mean"], weights["scale"]
        # fold the input normalisation into the first layer
        rows = weights["hidden"] or [weights["out"]]
        biases = weights["hidden_bias"] or [weights["out_bias"]]
        self.rows = []
        self.biases = []
        for row, bias in zip(rows, biases):
            w = [x / s for x, s in zip(row, scale)]
            self.rows.append(w)
            self.biases.append(bias - sum(map(mul, w, mean)))
        self.linear = not weights["hidden"]
        self.out = weights["out"]
        self.out_bias = weights["out_bias"]

    def logit(self, f):
        if self.linear:
            return sum(map(mul, self.rows[0], f)) + self.biases[0]
        z = self.out_bias
        for w, b, o in zip(self.rows, self.biases, self.out):
            h = sum(map(mul, w, f)) + b
            if h > 0:
                z += o * h
        return z

    def value(self, st, seat):
        """Chance (0..1) that ``seat`` wins from ``st`` (1/0 for a finished game)."""
        if st.status != "in progress":
            if st.winner is None:
                return 0.5
            return 1.0 if st.winner == seat else 0.0
        z = self.logit(features(st, seat))
        if z < -30:
            return 0.0
        if z > 30:
            return 1.0
        return 1 / (1 + math.exp(-z))


_DEFAULT = None


def default_evaluator():
    """The evaluator of the committed weights file (read once)."""
    global _DEFAULT
    if _DEFAULT is None:
        with open(WEIGHTS_FILE, encoding="utf-8") as fh:
            _DEFAULT = Evaluator(json.load(fh))
    return _DEFAULT


def win_probability(st, seat):
    """Chance (0..1) that ``seat`` wins from ``st``, by the committed evaluator."""
    return default_evaluator().value(st, seat)
