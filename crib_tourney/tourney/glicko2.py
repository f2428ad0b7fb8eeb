"""The Glicko-2 rating system, as pure functions.

Source: Mark E. Glickman, "Example of the Glicko-2 system", Boston University,
November 30, 2013 (glicko.net/glicko/glicko2.pdf); its steps are numbered below
as there. Every player has a rating r, a rating deviation RD (how uncertain r is)
and a volatility sigma (how erratic the player is). The games of a rating period
count as played at once, each against the opponent's rating at the start of the
period. The system constant tau restrains how fast the volatility moves (0.3 to
1.2 are reasonable; 0.5 here by default).

One addition, not in the paper: a game may carry an ``advantage`` in rating
points for the player (first deal in cribbage is worth about +38 Elo), added to
the difference of ratings in the expected score, as chess ratings add White's edge.

Glickman's worked example (a 1500/200/0.06 player beats a 1400/30, loses to a
1550/100 and to a 1700/300 in one period), computed without rounding any step
(the paper, which rounds its steps, prints 1464.06; its volatility 0.05999 is
0.0599960 cut to five places):

>>> new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> f"{new.rating:.2f} {new.rd:.2f} {new.volatility:.7f}"
'1464.05 151.52 0.0599960'

A period without games only widens the deviation:

>>> f"{update(Rating(1500, 200, 0.06), []).rd:.2f}"
'200.27'
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple, Sequence

SCALE = 173.7178  # Glicko-2's scale: mu = (r - 1500) / SCALE (step 2)
BASE = 1500.0
UNRATED_RD = 350.0  # an unrated player's RD, and the most any RD grows to
UNRATED_VOLATILITY = 0.06
TAU = 0.5
EPSILON = 0.000001  # the convergence tolerance of step 5


class Rating(NamedTuple):
    """A player's rating on the usual scale (an unrated player by default)."""

    rating: float = BASE
    rd: float = UNRATED_RD
    volatility: float = UNRATED_VOLATILITY


def g(phi: float) -> float:
    """Step 3: how much an opponent's uncertainty discounts a game."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def win_probability(a: Rating, b: Rating, advantage: float = 0.0) -> float:
    """The chance that ``a`` beats ``b``, both uncertainties counted (Glickman's
    predictive formula, with the deviations combined), ``advantage`` rating
    points on a's side.

    >>> round(win_probability(Rating(1700, 50), Rating(1500, 50)), 3)
    0.755
    >>> round(win_probability(Rating(1500, 0.0001), Rating(1500, 0.0001), 38), 3)
    0.554
    """
    phi = math.hypot(a.rd, b.rd) / SCALE
    return 1.0 / (1.0 + math.exp(-g(phi) * (a.rating - b.rating + advantage) / SCALE))


def update(player: Rating, games: Iterable[tuple[Rating, float] | tuple[Rating, float, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games``: (opponent's
    rating at the period's start, score 1 / 0.5 / 0[, advantage in rating points])."""
    opponents = [(((o.rating - BASE) / SCALE), g(o.rd / SCALE), float(s), (rest[0] if rest else 0.0) / SCALE)
                 for o, s, *rest in games]
    mu, phi, sigma = step(((player.rating - BASE) / SCALE), player.rd / SCALE, player.volatility, opponents, tau)
    return Rating(BASE + SCALE * mu, SCALE * phi, sigma)


def step(mu: float, phi: float, sigma: float, opponents: Sequence[tuple[float, float, float, float]],
         tau: float = TAU) -> tuple[float, float, float]:
    """One period on Glicko-2's own scale (steps 3 to 8): ``opponents`` are
    (mu_j, g(phi_j), score, advantage on this scale). The rebuild calls this
    directly with g(phi_j) worked out once per opponent and period."""
    if not opponents:  # step 6 alone: the deviation grows by the volatility
        return mu, math.sqrt(phi * phi + sigma * sigma), sigma
    information = 0.0  # 1 / v
    improvement = 0.0  # sum of g (s - E): delta / v
    for mu_j, g_j, score, advantage in opponents:
        expected = 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j + advantage)))  # step 3: E
        information += g_j * g_j * expected * (1.0 - expected)
        improvement += g_j * (score - expected)
    v = 1.0 / information  # step 3
    delta = v * improvement  # step 4
    sigma = _volatility(phi, sigma, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma * sigma)  # step 6
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    return mu + phi * phi * improvement, phi, sigma


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi
    tau2 = tau * tau
    exp = math.exp
    pv = p2 + v
    gap = d2 - pv

    def f(x: float) -> float:
        ex = exp(x)
        room = pv + ex
        return ex * (gap - ex) / (2.0 * room * room) - (x - a) / tau2

    big_a = a
    if gap > 0:
        big_b = math.log(gap)
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
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(phi: float, sigma: float, periods: int, cap: float = UNRATED_RD / SCALE) -> float:
    """The deviation after ``periods`` rating periods without a game (step 6 each
    time, the volatility unchanged), never grown above ``cap`` (an unrated player's).

    >>> round(SCALE * idle(200 / SCALE, 0.06, 1), 2)
    200.27
    """
    return min(math.sqrt(phi * phi + periods * sigma * sigma), max(cap, phi))
