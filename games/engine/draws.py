"""Draw procedures (spec §8): base draws, anti-flood, whole-hand draws.

Every single-card draw takes the target ``hand`` (list of 8 ids) and the
target ``slot`` (0-based) for the anti-flood rule, and appends
``("draw", id)`` to ``events`` for each accepted card.

Anti-flood (§8.2) accepts a candidate with probability 1/2^N, N = its copies in the
other slots of the target hand, with one acceptance call even when N is 0 (the
original's call order). It is written out in each draw: a draw is part of nearly every
turn.

Each draw is written twice, for speed: with the engine's own generator (``Rng``, the
games' case) its splitmix64 steps are written out in the draw (three method calls a
draw cost more than the draw itself); any other generator (one a tool injects, such as
the conformance runner's replay of PHP's mt_rand) is called through its methods
(``_any_*``). Both give the same cards and leave the generator in the same state:
``tests/engine/test_draws.py`` plays random games both ways and compares them.
The written-out steps are ``Rng.randint``/``Rng.below`` exactly: a step adds the golden
gamma to the state and mixes it (``_C1``, ``_C2``); ``below(n)`` is the mix times ``n``,
shifted down 64 bits; ``randint(1, b)`` is one more; ``randint(1, 1)`` only moves the
state on (no mix).
"""
from .rng import Rng

_G = 0x9E3779B97F4A7C15  # (rng.py's constants)
_M = 0xFFFFFFFFFFFFFFFF
_C1 = 0xBF58476D1CE4E5B9
_C2 = 0x94D049BB133111EB


def type_random(rng, deck, hand, slot, events):
    """Type-random draw from a deck (65/29/6 %) with anti-flood."""
    if type(rng) is not Rng:
        return _any_type_random(rng, deck, hand, slot, events)
    s = rng.s
    while True:
        # r = randint(1, 100): common up to 65, uncommon up to 94, else rare
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        r = ((z ^ (z >> 31)) * 100) >> 64  # r + 1 is the randint
        sec = deck[0] if r < 65 else (deck[1] if r < 94 else deck[2])
        # cand = sec[below(len(sec))]
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        cand = sec[((z ^ (z >> 31)) * len(sec)) >> 64]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        # anti-flood: randint(1, 2^n) == 1
        s = (s + _G) & _M
        if n > 0:
            z = ((s ^ (s >> 30)) * _C1) & _M
            z = ((z ^ (z >> 27)) * _C2) & _M
            if ((z ^ (z >> 31)) << n) >> 64:
                continue
        rng.s = s
        events.append(("draw", cand))
        return cand


def _any_type_random(rng, deck, hand, slot, events):
    while True:
        r = rng.randint(1, 100)
        sec = deck[0] if r <= 65 else (deck[1] if r <= 94 else deck[2])
        cand = sec[rng.below(len(sec))]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        if rng.randint(1, 1 << n if n > 0 else 1) == 1:
            events.append(("draw", cand))
            return cand


def no_rare(rng, deck, hand, slot, events):
    """No-rare draw (65/94 common, 29/94 uncommon) with anti-flood."""
    if type(rng) is not Rng:
        return _any_no_rare(rng, deck, hand, slot, events)
    s = rng.s
    while True:
        # r = randint(1, 94): common up to 65
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        sec = deck[0] if ((z ^ (z >> 31)) * 94) >> 64 < 65 else deck[1]
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        cand = sec[((z ^ (z >> 31)) * len(sec)) >> 64]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        s = (s + _G) & _M
        if n > 0:
            z = ((s ^ (s >> 30)) * _C1) & _M
            z = ((z ^ (z >> 27)) * _C2) & _M
            if ((z ^ (z >> 31)) << n) >> 64:
                continue
        rng.s = s
        events.append(("draw", cand))
        return cand


def _any_no_rare(rng, deck, hand, slot, events):
    while True:
        r = rng.randint(1, 94)
        sec = deck[0] if r <= 65 else deck[1]
        cand = sec[rng.below(len(sec))]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        if rng.randint(1, 1 << n if n > 0 else 1) == 1:
            events.append(("draw", cand))
            return cand


def different(rng, deck, hand, slot, events):
    """Type-random draw that never yields the id currently in the target slot."""
    cur = hand[slot]
    d0, d1, d2 = deck
    # (a section's first card other than ``cur`` settles it at once: the usual case)
    if ((not d0 or d0[0] == cur) and d0.count(cur) == len(d0)
            and d1.count(cur) == len(d1) and d2.count(cur) == len(d2)):
        return cur  # degenerate deck: nothing different exists
    if type(rng) is not Rng:
        return _any_different(rng, deck, hand, cur, events)
    s = rng.s
    while True:
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        r = ((z ^ (z >> 31)) * 100) >> 64
        sec = d0 if r < 65 else (d1 if r < 94 else d2)
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        cand = sec[((z ^ (z >> 31)) * len(sec)) >> 64]
        if cand == cur:
            continue
        # anti-flood: cand is not the card in the slot, so every copy counts
        n = hand.count(cand)
        s = (s + _G) & _M
        if n > 0:
            z = ((s ^ (s >> 30)) * _C1) & _M
            z = ((z ^ (z >> 27)) * _C2) & _M
            if ((z ^ (z >> 31)) << n) >> 64:
                continue
        rng.s = s
        events.append(("draw", cand))
        return cand


def _any_different(rng, deck, hand, cur, events):
    while True:
        r = rng.randint(1, 100)
        sec = deck[0] if r <= 65 else (deck[1] if r <= 94 else deck[2])
        cand = sec[rng.below(len(sec))]
        if cand == cur:
            continue
        n = hand.count(cand)
        if rng.randint(1, 1 << n if n > 0 else 1) == 1:
            events.append(("draw", cand))
            return cand


def from_list(rng, lst, hand, slot, events):
    """Uniform pick from a list with anti-flood; an empty list yields 0 (Empty)."""
    if not lst:
        return 0
    if type(rng) is not Rng:
        return _any_from_list(rng, lst, hand, slot, events)
    s = rng.s
    k = len(lst)
    while True:
        s = (s + _G) & _M
        z = ((s ^ (s >> 30)) * _C1) & _M
        z = ((z ^ (z >> 27)) * _C2) & _M
        cand = lst[((z ^ (z >> 31)) * k) >> 64]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        s = (s + _G) & _M
        if n > 0:
            z = ((s ^ (s >> 30)) * _C1) & _M
            z = ((z ^ (z >> 27)) * _C2) & _M
            if ((z ^ (z >> 31)) << n) >> 64:
                continue
        rng.s = s
        events.append(("draw", cand))
        return cand


def _any_from_list(rng, lst, hand, slot, events):
    while True:
        cand = lst[rng.below(len(lst))]
        n = hand.count(cand)
        if hand[slot] == cand:
            n -= 1
        if rng.randint(1, 1 << n if n > 0 else 1) == 1:
            events.append(("draw", cand))
            return cand


def hand_type_random(rng, deck, events):
    """Whole new hand (§8.4): slots filled in order, anti-flood against the slots so far."""
    h = [0] * 8
    for i in range(8):
        h[i] = type_random(rng, deck, h, i, events)
    return h


def hand_no_rare(rng, deck, events):
    h = [0] * 8
    for i in range(8):
        h[i] = no_rare(rng, deck, h, i, events)
    return h


def hand_from_list(rng, lst, events):
    h = [0] * 8
    for i in range(8):
        h[i] = from_list(rng, lst, h, i, events)
    return h


def starting_hand(rng, deck, events):
    """Starting hand (§8.5): 6 from the Common slots, 2 from the Uncommon slots, shuffled."""
    h = [0] * 8
    for i in range(6):
        h[i] = from_list(rng, deck[0], h, i, events)
    for i in range(6, 8):
        h[i] = from_list(rng, deck[1], h, i, events)
    rng.shuffle(h)
    return h
