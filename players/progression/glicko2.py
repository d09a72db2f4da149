"""The Glicko-2 rating system, as published by Mark Glickman ("Example of the Glicko-2
system", steps 1 to 8): pure Python, no Django.

Why our own module: the `glicko2` package on PyPI computes the volatility's function
f(x) with the player's rating where the paper has the rating deviation, so its volatility
(and with it the new deviation) differs from the published algorithm.

Each rated game is one rating period for both of its players: ``glicko2_update`` takes a
player's rating before the game and the games of the period (usually one), each as the
opponent's rating and deviation before the game and the score (1 win, 0.5 draw, 0 loss).
"""
import math
from dataclasses import dataclass

# The scale factor between the Glicko (1500-centred) and the Glicko-2 scale (step 2).
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
# The system constant tau: how much the volatility may change; the paper suggests 0.3..1.2.
TAU = 0.5
# The convergence tolerance of the volatility iteration (step 5).
EPSILON = 0.000001


@dataclass(frozen=True)
class Glicko2Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Glicko2Game:
    """One game of the period from the rated player's side."""

    opponent_rating: float
    opponent_deviation: float
    score: float  # 1 win, 0.5 draw, 0 loss


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def glicko2_update(player: Glicko2Rating, games: list[Glicko2Game], *,
                   tau: float = TAU) -> Glicko2Rating:
    """The player's rating after one rating period with ``games`` (steps 2 to 8)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:  # step 6 only: the deviation grows, rating and volatility stay
        return Glicko2Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    opponents = [((g.opponent_rating - DEFAULT_RATING) / SCALE, g.opponent_deviation / SCALE,
                  g.score) for g in games]
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += _g(phi_j) ** 2 * expected * (1 - expected)
        improvement += _g(phi_j) * (score - expected)
    v = 1 / v_inverse
    delta = v * improvement
    new_sigma = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Glicko2Rating(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)
