"""The sequential probability ratio test of paired games: the pentanomial model.

Two players A and B play **pairs** of games: the same opening twice, with the colours swapped.
A pair scores A 0, 1/2, 1, 3/2 or 2 points (LL, LD, WL or DD, WD, WW), recorded as the five
counts of the *pentanomial* (as fishtest, OpenBench and fastchess record paired games: a pair's
two games share their opening, so the pair, not the game, is the independent trial and the
opening's bias cancels). A pair's score per game is ``a_i = i/4`` for count ``i``.

**The test** is the generalised SPRT (GSPRT) of Michel Van den Bergh as fishtest implements it
(``fishtest/stats/LLRcalc.py``; fastchess's ``sprt.cpp`` is the same): for each hypothesis the
maximum-likelihood distribution of the five outcomes with that hypothesis's expected score
(*logistic* model) or normalised t-value (*normalised* model) is found, and the log-likelihood
ratio of the observed pairs under the two is

    LLR = N · Σ_i p̂_i · (ln p1_i − ln p0_i)

(N pairs, p̂ the observed frequencies; a zero count is replaced by 1e-3, fishtest's
``regularize``). The MLE with expectation ``s`` is ``p_i = p̂_i / (1 + θ (a_i − s))`` with θ the
root of ``Σ p̂_i (a_i − s) / (1 + θ (a_i − s)) = 0`` (Van den Bergh, *Comments on Normalized
Elo*, Proposition 1.1, eqs. 1.2-1.3); the t-value MLE iterates the same with ``φ_i = a_i − 1/2
− t·σ·(1 + ((a_i − μ)/σ)²)/2`` (ibid. section 4.1, eq. 4.9). Wald's bounds (Wald 1945) are
``ln(β / (1 − α))`` and ``ln((1 − β) / α)``: ±2.944 for α = β = 0.05. The test stops at the first
pair whose LLR leaves the band: above, H1 (A is at least ``elo1`` stronger) is accepted, below,
H0 (at most ``elo0``).

**Elo.** The *logistic* Elo of a score ``s`` is ``−400 · log10(1/s − 1)`` (the Elo of the
ratings, ``sim.ratings``: 60% is +70 Elo, 75% +191); ``elo0``/``elo1`` are turned into expected
scores by its inverse. The *normalised* Elo (fishtest's default) is ``(s − 1/2) / (√2 · σ_pair)
· 800 / ln 10``, with σ_pair the standard deviation of a pair's score per game: it measures how
many standard deviations apart the players are, so it depends on the draw rate. swarmtui's
default is logistic, because its claims are scores ("at least 60% against ..."); ``--model
normalized`` gives fishtest's. The estimate printed beside the LLR is the pairs' mean score
with a 95% normal interval ``s ± 1.96 · σ_pair / √N`` converted to Elo (fastchess's
``EloPentanomial``); after a sequential stop the estimate is somewhat biased towards the bound
it crossed (fishtest corrects for that; this does not).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from swarmtui.core.params import ParamError

PAIR_OUTCOMES = ("LL", "LD", "WL+DD", "WD", "WW")
"""The pentanomial's five counts, by A's points in the pair (0, 1/2, 1, 3/2, 2)."""
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score per game, for each count."""
MODELS = ("logistic", "normalized")
NELO_PER_T = 800 / math.log(10)
"""Normalised Elo per unit of t-value: 347.43558552260146 (fishtest's ``nelo_divided_by_nt``)."""
REGULARIZER = 1e-3
"""What an empty count becomes, so the MLE exists (fishtest's and fastchess's ``regularize``)."""
SCORE_EPSILON = 1e-3
"""Scores are kept within [ε, 1 − ε] when turned into Elo: ±1200 Elo at most (fishtest's ``elo``)."""
Z95 = 1.959963984540054


def logistic_elo(score: float) -> float:
    """The logistic Elo difference of an expected score (``score`` clipped to [ε, 1 − ε])."""
    score = min(max(score, SCORE_EPSILON), 1.0 - SCORE_EPSILON)
    return -400.0 * math.log10(1.0 / score - 1.0)


def logistic_score(elo: float) -> float:
    """The expected score of a logistic Elo difference: ``1 / (1 + 10^(−elo/400))``."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def pair_points(first: float, second: float) -> int:
    """The pentanomial count a pair adds to: A's points in the pair's two games (each 0, 1/2 or
    1) doubled, 0..4."""
    total = 2.0 * (first + second)
    if total not in (0.0, 1.0, 2.0, 3.0, 4.0):
        raise ValueError(f"a game scores 0, 0.5 or 1 (got {first} and {second})")
    return int(total)


def _stats(values: Sequence[float], probs: Sequence[float]) -> tuple[float, float]:
    mean = sum(p * a for a, p in zip(values, probs, strict=True))
    return mean, sum(p * (a - mean) ** 2 for a, p in zip(values, probs, strict=True))


def _secular(shifts: Sequence[float], probs: Sequence[float]) -> float:
    """The root θ of ``Σ p_i x_i / (1 + θ x_i) = 0`` between ``−1/max x`` and ``−1/min x``, where
    the sum falls from +∞ to −∞ (bisection to the float's precision: five terms)."""
    if not (min(shifts) < 0.0 < max(shifts)):
        raise ValueError("the hypothesis lies outside the outcomes' range")
    low, high = -1.0 / max(shifts), -1.0 / min(shifts)
    theta = 0.5 * (low + high)  # strictly inside, as every point evaluated (the ends divide by zero)
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        theta = middle
        total = sum(p * x / (1.0 + middle * x) for x, p in zip(shifts, probs, strict=True))
        if total > 0.0:
            low = middle
        else:
            high = middle
    return theta


def mle_expected(probs: Sequence[float], score: float) -> list[float]:
    """The distribution nearest (maximum likelihood) to ``probs`` whose expected pair score is
    ``score`` (Van den Bergh, Proposition 1.1)."""
    shifts = [a - score for a in PAIR_SCORES]
    theta = _secular(shifts, probs)
    return [p / (1.0 + theta * x) for x, p in zip(shifts, probs, strict=True)]


def mle_t_value(probs: Sequence[float], t: float, reference: float = 0.5, iterations: int = 100) -> list[float]:
    """The maximum-likelihood distribution with ``(μ − reference) / σ = t`` (ibid. section 4.1):
    fixed-point iterations from the uniform distribution until it moves less than 1e-12."""
    current = [1.0 / len(probs)] * len(probs)
    for _ in range(iterations):
        mu, variance = _stats(PAIR_SCORES, current)
        sigma = math.sqrt(variance)
        phi = [a - reference - t * sigma * (1.0 + ((a - mu) / sigma) ** 2) / 2.0 for a in PAIR_SCORES]
        theta = _secular(phi, probs)
        following = [p / (1.0 + theta * f) for f, p in zip(phi, probs, strict=True)]
        moved = max(abs(a - b) for a, b in zip(following, current, strict=True))
        current = following
        if moved < 1e-12:
            break
    return current


@dataclass(frozen=True)
class Estimate:
    """A's Elo over B with its 95% interval, and the mean score per game it comes from."""

    elo: float
    low: float
    high: float
    score: float


@dataclass(frozen=True)
class Sprt:
    """The test: H0 "A is ``elo0`` stronger than B" against H1 "``elo1``", with error rates
    ``alpha`` (accepting H1 when H0 holds) and ``beta``, in the ``model``'s Elo."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise ParamError(f"the SPRT model is {' or '.join(MODELS)}, not {self.model!r}")
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1)) or self.elo0 >= self.elo1:
            raise ParamError(f"--elo0 must be below --elo1 (got {self.elo0:g} and {self.elo1:g})")
        if max(abs(self.elo0), abs(self.elo1)) > 1000:
            raise ParamError("--elo0 and --elo1 are Elo differences between -1000 and 1000")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise ParamError(f"--{name} is an error rate above 0 and below 0.5 (got {value:g})")

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds on the LLR: ``(ln(β/(1−α)), ln((1−β)/α))``."""
        return math.log(self.beta / (1.0 - self.alpha)), math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 against H0 after the pairs ``counts`` (module docstring)."""
        if len(counts) != len(PAIR_SCORES) or any(c < 0 for c in counts):
            raise ValueError("a pentanomial is five counts, none negative")
        if not sum(counts):
            return 0.0
        regular = [float(c) if c else REGULARIZER for c in counts]
        total = sum(regular)
        probs = [c / total for c in regular]
        if self.model == "logistic":
            p0, p1 = (mle_expected(probs, logistic_score(elo)) for elo in (self.elo0, self.elo1))
        else:  # the pair's t-value is √2 times the game's (fishtest's LLR_normalized)
            p0, p1 = (mle_t_value(probs, math.sqrt(2.0) * elo / NELO_PER_T) for elo in (self.elo0, self.elo1))
        return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1, strict=True))

    def decision(self, llr: float) -> str | None:
        """``"H1"`` once the LLR reaches the upper bound, ``"H0"`` at the lower, else None."""
        lower, upper = self.bounds
        return "H1" if llr >= upper else "H0" if llr <= lower else None

    def estimate(self, counts: Sequence[int]) -> Estimate | None:
        """A's Elo over B from the pairs so far, with its 95% interval (None before any pair)."""
        pairs = sum(counts)
        if not pairs:
            return None
        score, variance = _stats(PAIR_SCORES, [c / pairs for c in counts])
        spread = Z95 * math.sqrt(variance / pairs)
        low, high = score - spread, score + spread
        if self.model == "logistic":
            return Estimate(logistic_elo(score), logistic_elo(low), logistic_elo(high), score)
        if variance <= 0.0:  # every pair scored alike: the normalised Elo is unbounded
            sign = math.copysign(math.inf, score - 0.5) if score != 0.5 else 0.0
            return Estimate(sign, sign, sign, score)
        scale = NELO_PER_T / math.sqrt(2.0 * variance)
        return Estimate((score - 0.5) * scale, (low - 0.5) * scale, (high - 0.5) * scale, score)

    def describe(self) -> str:
        """``"elo0 0, elo1 10 (logistic Elo), alpha 0.05, beta 0.05"``."""
        return (f"elo0 {self.elo0:g}, elo1 {self.elo1:g} ({self.model} Elo), "
                f"alpha {self.alpha:g}, beta {self.beta:g}")
