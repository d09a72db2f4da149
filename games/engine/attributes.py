"""Attribute primitives (spec §9). ``a`` is a PlayerState.a list."""
from math import ceil

from .constants import BRICKS, GEMS, RECRUITS, TOWER, WALL

_RES = (BRICKS, GEMS, RECRUITS)


def attack(a, power):
    """Standard attack (§9.1): the wall absorbs first; a wall <= 0 absorbs nothing."""
    if power <= 0:
        return
    wall = a[WALL]
    if wall > 0:
        rest = power - wall
        a[WALL] = wall - power if wall > power else 0
        if rest > 0:
            a[TOWER] -= rest
    else:
        a[TOWER] -= power


def pick_extreme(rng, a, idxs, highest):
    """Index of the highest/lowest of ``idxs`` in ``a``, uniform among ties."""
    vals = [a[i] for i in idxs]
    target = max(vals) if highest else min(vals)
    cands = [i for i in idxs if a[i] == target]
    # one random call even without a tie (the original's call order)
    return cands[rng.below(len(cands))]


def add_extreme(rng, a, idxs, amount, highest):
    """§9.3: add to the highest/lowest; amount 0 does nothing (no random pick)."""
    if amount == 0:
        return None
    i = pick_extreme(rng, a, idxs, highest)
    a[i] += amount
    return i


def random_gain(rng, a, n):
    """§9.4: n times +1 to a random resource, empty piles first, else inverse-proportional."""
    for _ in range(n):
        zero = [i for i in _RES if a[i] <= 0]
        if zero:
            # one random call even for a single empty pile (the original's call order)
            i = zero[rng.below(len(zero))]
        else:
            total = a[BRICKS] + a[GEMS] + a[RECRUITS]
            w = [ceil(1000 * total / a[i]) for i in _RES]
            r = rng.below(w[0] + w[1] + w[2])
            i = BRICKS if r < w[0] else (GEMS if r < w[0] + w[1] else RECRUITS)
        a[i] += 1


def random_loss(rng, a, n):
    """§9.5: n times -1 from a resource chosen proportionally to its amount."""
    for _ in range(n):
        w = [a[i] if a[i] > 0 else 0 for i in _RES]
        s = w[0] + w[1] + w[2]
        if s <= 0:
            return
        r = rng.below(s)
        i = BRICKS if r < w[0] else (GEMS if r < w[0] + w[1] else RECRUITS)
        a[i] -= 1


def steal(src, dst, idx, amount):
    """§9.6 fixed steal: moves max(0, min(amount, source amount)); returns the amount moved."""
    moved = min(amount, src[idx])
    if moved <= 0:
        return 0
    src[idx] -= moved
    dst[idx] += moved
    return moved


def steal_random(rng, src, dst, n):
    """§9.6 random steal: n times move 1 of a resource picked proportionally to the source."""
    moved = 0
    for _ in range(n):
        w = [src[i] if src[i] > 0 else 0 for i in _RES]
        s = w[0] + w[1] + w[2]
        if s <= 0:
            break
        r = rng.below(s)
        i = BRICKS if r < w[0] else (GEMS if r < w[0] + w[1] else RECRUITS)
        src[i] -= 1
        dst[i] += 1
        moved += 1
    return moved
