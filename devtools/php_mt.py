"""PHP 8's mt_rand replayed, for the conformance runner (never used by the site)."""
import random


class PhpMt:
    """PHP 8 ``mt_rand``/``shuffle`` (MT19937, range by rejection) with the Rng interface.

    Used by the conformance runner so that draws follow the original call for
    call where our call order matches (spec §8.2): it is injected as the game
    state's generator (``GameState.rng``, see docs/engine-api.md). Never used in play.
    """

    __slots__ = ("r", "seed")

    def __init__(self, seed):
        self.seed = seed & 0xFFFFFFFF
        self.r = None  # generator state is built on the first call (most cost is here)

    def _init(self):
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
