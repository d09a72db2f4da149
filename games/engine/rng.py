"""Seedable, injectable random number generator with a tiny, JSON-friendly state.

The engine does not try to reproduce PHP's Mersenne Twister bit for bit (the
conformance runner masks every random-sensitive path); only the
distributions of the original matter. A 64-bit splitmix generator keeps the
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

    def choice(self, seq):
        return seq[(self._next() * len(seq)) >> 64]

    def shuffle(self, lst):
        """In-place Fisher-Yates from the last index down (like PHP shuffle)."""
        for i in range(len(lst) - 1, 0, -1):
            j = (self._next() * (i + 1)) >> 64
            lst[i], lst[j] = lst[j], lst[i]

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


class PhpMt:
    """PHP 8 ``mt_rand``/``shuffle`` (MT19937, range by rejection) with the Rng interface.

    Used by the conformance runner so that draws follow the original call for
    call where our call order matches (spec §8.2). Not used in normal play.
    """

    __slots__ = ("r", "seed")

    def __init__(self, seed):
        self.seed = seed & 0xFFFFFFFF
        self.r = None  # generator state is built on the first call (most cost is here)

    def _init(self):
        import random
        prev = self.seed
        mt = [prev]
        append = mt.append
        for i in range(1, 624):
            prev = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
            append(prev)
        r = random.Random(0)
        r.setstate((3, tuple(mt) + (624,), None))
        self.r = r
        return r

    def _range(self, umax):
        gen = (self.r or self._init()).getrandbits
        result = gen(32)
        if umax == 0xFFFFFFFF:
            return result
        umax += 1
        if umax & (umax - 1) == 0:
            return result & (umax - 1)
        limit = 0xFFFFFFFF - (0xFFFFFFFF % umax) - 1
        while result > limit:
            result = gen(32)
        return result % umax

    def randint(self, a, b):
        return a + self._range(b - a)

    def below(self, n):
        return self._range(n - 1)

    def choice(self, seq):
        return seq[self._range(len(seq) - 1)]

    def shuffle(self, lst):
        for i in range(len(lst) - 1, 0, -1):
            j = self._range(i)
            if j != i:
                lst[i], lst[j] = lst[j], lst[i]

    def random(self):
        return (self.r or self._init()).getrandbits(32) / 4294967296.0
