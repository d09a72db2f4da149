"""Seedable, injectable random number generator with a tiny, JSON-friendly state.

The engine does not try to reproduce PHP's Mersenne Twister bit for bit (the
conformance runner replays it with its own generator, ``devtools/php_mt.py``,
injected through ``GameState.rng``); only the distributions of the original
matter. A 64-bit splitmix generator keeps the
state a single integer, which makes cloning a game state cheap.
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed=0):
        self.s = seed & _MASK

    def _next(self):
        s = (self.s + _GOLDEN) & _MASK
        self.s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randint(self, a, b):
        """Uniform integer in a..b inclusive (like mt_rand(a, b))."""
        s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        self.s = s
        if a == b:
            # a one-value range (the anti-flood check of a card without copies,
            # most draws): the result is ``a`` whatever the output; the state
            # still advances, so skip the mixing
            return a
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return a + (((z ^ (z >> 31)) * (b - a + 1)) >> 64)

    def below(self, n):
        """Uniform integer in 0..n-1."""
        s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        self.s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) * n) >> 64

    # (choice, shuffle and random write the steps of ``_next`` out: a method call costs
    # more than the step)
    def choice(self, seq):
        s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        self.s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return seq[((z ^ (z >> 31)) * len(seq)) >> 64]

    def shuffle(self, lst):
        """In-place Fisher-Yates from the last index down (like PHP shuffle)."""
        s = self.s
        for i in range(len(lst) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            lst[i], lst[j] = lst[j], lst[i]
        self.s = s

    def random(self):
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getstate(self):
        return self.s

    def setstate(self, s):
        self.s = s


def seed_to_state(seed):
    """Mix a user seed (any int or str) into an initial generator state."""
    if isinstance(seed, str):
        h = 1469598103934665603
        for ch in seed.encode("utf-8"):
            h = ((h ^ ch) * 1099511628211) & _MASK
        seed = h
    r = Rng(seed)
    r._next()
    return r.s
