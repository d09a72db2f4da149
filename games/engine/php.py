"""PHP-compatible arithmetic (spec §0)."""
import math
from decimal import ROUND_HALF_UP, Decimal

_ONE = Decimal(1)


def php_round(x):
    """Round like PHP's round(): pre-round to 15 significant digits, then half away from zero."""
    if isinstance(x, int):
        return x
    if x == int(x):
        return int(x)
    if -1e6 < x < 1e6:
        f = math.floor(x)
        d = x - f  # exact: the fraction of x
        # away from a half, the pre-rounding (an error below 1e-9 here) cannot change the
        # side x rounds to, so the nearest integer is PHP's
        if not 0.4999999 < d < 0.5000001:
            return f + 1 if d > 0.5 else f
        if d == 0.5:  # an exact half (the pre-rounding keeps it): away from zero
            return f + 1 if x > 0 else f
    return _php_round_exact(x)


def _php_round_exact(x):
    return int(Decimal(format(x, ".15g")).quantize(_ONE, rounding=ROUND_HALF_UP))


def php_div_round(a, b):
    """php_round(a / b) for ints, exact for halves (a, b integers, b > 0)."""
    return php_round(a / b)


def php_floor(x):
    return math.floor(x)


def php_ceil(x):
    return math.ceil(x)
