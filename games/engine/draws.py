"""Draw procedures (spec §8): base draws, anti-flood, whole-hand draws.

Every single-card draw takes the target ``hand`` (list of 8 ids) and the
target ``slot`` (0-based) for the anti-flood rule, and appends
``("draw", id)`` to ``events`` for each accepted card.

Anti-flood (§8.2) accepts a candidate with probability 1/2^N, N = its copies in the
other slots of the target hand, with one acceptance call even when N is 0 (the
original's call order). It is written out in each draw: a draw is part of nearly every
turn.
"""


def type_random(rng, deck, hand, slot, events):
    """Type-random draw from a deck (65/29/6 %) with anti-flood."""
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
    if deck[0].count(cur) == len(deck[0]) and deck[1].count(cur) == len(deck[1]) \
            and deck[2].count(cur) == len(deck[2]):
        return cur  # degenerate deck: nothing different exists
    while True:
        r = rng.randint(1, 100)
        sec = deck[0] if r <= 65 else (deck[1] if r <= 94 else deck[2])
        cand = sec[rng.below(len(sec))]
        if cand == cur:
            continue
        # anti-flood: cand is not the card in the slot, so every copy counts
        n = hand.count(cand)
        if rng.randint(1, 1 << n if n > 0 else 1) == 1:
            events.append(("draw", cand))
            return cand


def from_list(rng, lst, hand, slot, events):
    """Uniform pick from a list with anti-flood; an empty list yields 0 (Empty)."""
    if not lst:
        return 0
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
