"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", Boston University, 2013/2022).

Every player has a rating ``r``, a rating deviation ``RD`` (one standard deviation of ``r``) and
a volatility ``sigma`` (how erratically they perform). Games are gathered into *rating
periods* and treated as played simultaneously; at the end of a period each player's three
numbers are updated from that period's games, every opponent taken at their rating at the
start of the period. The steps below are Glickman's, numbered as in his paper:

1. defaults for an unrated player: ``r = 1500``, ``RD = 350``, ``sigma = 0.06``; the system
   constant ``tau`` (0.3 to 1.2; 0.5 here) bounds how fast the volatility moves;
2. to the Glicko-2 scale: ``mu = (r - 1500) / 173.7178``, ``phi = RD / 173.7178``;
3. the estimated variance ``v = [sum g(phi_j)^2 E_j (1 - E_j)]^-1`` with
   ``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)`` and ``E_j = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))``;
4. the estimated improvement ``Delta = v sum g(phi_j) (s_j - E_j)``;
5. the new volatility ``sigma'`` from ``f(x) = e^x (Delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v +
   e^x)^2) - (x - a) / tau^2`` with ``a = ln sigma^2``, solved by the Illinois algorithm to the
   tolerance ``epsilon = 0.000001``;
6. the pre-period deviation ``phi* = sqrt(phi^2 + sigma'^2)``;
7. ``phi' = 1 / sqrt(1 / phi*^2 + 1 / v)``, ``mu' = mu + phi'^2 sum g(phi_j) (s_j - E_j)``;
8. back: ``r' = 173.7178 mu' + 1500``, ``RD' = 173.7178 phi'``.

A player who played no game in a period keeps ``r`` and ``sigma`` while ``phi`` grows to
``sqrt(phi^2 + sigma^2)`` (end of step 6). ``173.7178`` is ``400 / ln 10``: the Elo scale of
``sim.ratings`` (which fits Elo ratings to a whole batch of games at once, the right tool for
agents' round robins; Glicko-2 follows people game by game, with an uncertainty that grows while
they are away). The paper's worked example (a 1500/200 player beating a 1400/30 player and
losing to 1550/100 and 1700/300 players) comes out as the paper prints it: ``mu' = -0.2069``
(so ``r' = 1464.06`` as the paper converts the rounded ``mu'``; 1464.0507 unrounded),
``RD' = 151.52``, ``sigma' = 0.05999`` (``tests/test_glicko2.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 400.0 / math.log(10.0)
"""Glickman's 173.7178: rating points per unit of the Glicko-2 scale (step 2)."""
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
"""The system constant tau (step 1): smaller keeps volatilities from changing much."""
EPSILON = 0.000001
"""The convergence tolerance of step 5's Illinois iteration."""
MAX_ITERATIONS = 200
"""Step 5 converges in a handful of iterations; this bounds it whatever the numbers."""


@dataclass(frozen=True)
class Glicko:
    """A player's rating, rating deviation and volatility (on the familiar 1500 scale)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def low(self) -> float:
        """The bottom of the 95% interval, ``r - 2 RD`` as Glickman reports it."""
        return self.rating - 2.0 * self.deviation

    @property
    def high(self) -> float:
        return self.rating + 2.0 * self.deviation


@dataclass(frozen=True)
class Result:
    """One game of the period as the rated player saw it: the opponent before the period, and
    the score (1 a win, 0.5 a draw, 0 a loss)."""

    opponent: Glicko
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def idle(player: Glicko, periods: int = 1, *, ceiling: float = DEFAULT_DEVIATION) -> Glicko:
    """``player`` after ``periods`` rating periods without a game: ``phi`` grows by ``sigma^2``
    per period (step 6 with no games), never past ``ceiling`` (an unrated player's RD)."""
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility ** 2) * SCALE
    return Glicko(player.rating, min(grown, ceiling), player.volatility)


def update(player: Glicko, results: Sequence[Result], *, tau: float = TAU,
           ceiling: float = DEFAULT_DEVIATION) -> Glicko:
    """``player`` at the end of a rating period in which it played ``results`` (steps 2-8);
    with no results, ``idle`` for one period."""
    if not results:
        return idle(player, 1, ceiling=ceiling)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    impacts = []
    for result in results:
        if not 0.0 <= result.score <= 1.0:
            raise ValueError(f"a score is 0, 0.5 or 1, not {result.score}")
        mu_j = (result.opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = result.opponent.deviation / SCALE
        impacts.append((_g(phi_j), _expected(mu, mu_j, phi_j), result.score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in impacts)
    gain = sum(g * (s - e) for g, e, s in impacts)
    delta = v * gain
    sigma = _volatility(phi, player.volatility, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Glicko(SCALE * mu_new + DEFAULT_RATING, min(SCALE * phi_new, ceiling), sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of ``f`` by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
