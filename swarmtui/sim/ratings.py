"""Elo ratings from any set of two-player games: a maximum-likelihood Bradley-Terry fit.

Each game between players ``a`` and ``b`` gives ``a`` a score ``s`` (1 win, 1/2 draw, 0 loss).
The model (Bradley & Terry 1952 on the Elo scale) says ``a`` scores

    E(a, b) = 1 / (1 + 10^((R_b - R_a) / 400))

on average. The ratings ``R`` maximise the log-likelihood ``Σ s·ln E + (1 - s)·ln(1 - E)`` over
all games at once (a draw counts as half a win and half a loss, as in Elo), with one player,
the ``anchor`` (``random`` by default), held at 0. Newton's method on the concave likelihood
converges in a few steps.

**Intervals.** The 95% interval of each rating is ``R ± 1.96·σ`` with ``σ²`` the diagonal of
the inverse Fisher information (the likelihood's negative Hessian with the anchor removed): the
usual asymptotic interval of a maximum-likelihood estimate, relative to the anchor.

**Prior.** A player who won (or lost) every game has no finite maximum-likelihood rating. As
BayesElo does, ``prior_draws`` virtual draws are added between every pair of players that met
(default 1: a tiny pull towards equality that keeps every rating finite and vanishes as games
accumulate); ``prior_draws=0`` is the pure fit, refused with a clear error when it diverges.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from swarmtui.core.safe_text import safe_text

ELO_SCALE = 400.0
"""Rating points per factor of 10 in the odds (Elo's convention)."""
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Game:
    """One game's result for rating: ``score`` is ``first``'s (1, 0.5 or 0)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Rating:
    """One player's fitted rating, its 95% interval and its record."""

    player: str
    elo: float
    low: float
    high: float
    games: int
    score: float  # points scored (wins + draws/2)


@dataclass(frozen=True)
class PairRecord:
    """What ``first`` did against ``second``: wins, draws, losses."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``first``'s points per game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


class RatingError(ValueError):
    """The games cannot be rated (one clear sentence for the user)."""


def expected_score(elo_a: float, elo_b: float) -> float:
    """Elo's expected score of ``a`` against ``b``."""
    return 1.0 / (1.0 + 10.0 ** ((elo_b - elo_a) / ELO_SCALE))


def fit_ratings(games: Iterable[Game], anchor: str = "random", prior_draws: float = 1.0,
                max_iterations: int = 100) -> list[Rating]:
    """Maximum-likelihood Elo ratings with 95% intervals, best first (module docstring). Games of
    a player against itself (the same agent in two seats) are left out: they carry no information
    about its rating, and a file of only such games is a ``RatingError``."""
    games = [g for g in games if g.first != g.second]  # a player against itself says nothing of its rating
    if not games:
        raise RatingError("no games between two different players to rate")
    players = sorted({g.first for g in games} | {g.second for g in games})
    if anchor not in players:
        raise RatingError(f"the anchor {anchor!r} played no game (players: {', '.join(players)})")
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    # Aggregate: for each ordered pair, games and points (a pair's order does not matter here).
    played = np.zeros((n, n))
    points = np.zeros((n, n))
    for g in games:
        if not 0.0 <= g.score <= 1.0:
            raise RatingError(f"a score must be between 0 and 1, not {g.score}")
        i, j = index[g.first], index[g.second]
        played[i, j] += 1
        played[j, i] += 1
        points[i, j] += g.score
        points[j, i] += 1.0 - g.score
    if prior_draws > 0:
        met = played > 0
        played = played + prior_draws * met
        points = points + 0.5 * prior_draws * met
    _check_connected(played, players, anchor)
    free = [i for i in range(n) if players[i] != anchor]
    k = math.log(10.0) / ELO_SCALE
    r = np.zeros(n)
    for _ in range(max_iterations):
        p = 1.0 / (1.0 + np.exp(-k * (r[:, None] - r[None, :])))
        gradient = k * (points - played * p).sum(axis=1)
        weights = k * k * played * p * (1.0 - p)
        hessian = np.diag(weights.sum(axis=1)) - weights  # the negative Hessian (information)
        h = hessian[np.ix_(free, free)]
        diverged = RatingError("the ratings diverge: a player won or lost every game it played against "
                               "the others (use prior_draws > 0)")
        try:
            step = np.linalg.solve(h, gradient[free])
        except np.linalg.LinAlgError:
            raise diverged from None
        r[free] += step
        if not np.all(np.isfinite(r)) or np.max(np.abs(r)) > 10_000:
            raise diverged
        if np.max(np.abs(step)) < 1e-9:
            break
    p = 1.0 / (1.0 + np.exp(-k * (r[:, None] - r[None, :])))
    weights = k * k * played * p * (1.0 - p)
    information = (np.diag(weights.sum(axis=1)) - weights)[np.ix_(free, free)]
    covariance = np.linalg.inv(information)
    sigma = np.zeros(n)
    sigma[free] = np.sqrt(np.maximum(np.diag(covariance), 0.0))
    record_games = {p: 0 for p in players}
    record_points = {p: 0.0 for p in players}
    for g in games:
        record_games[g.first] += 1
        record_games[g.second] += 1
        record_points[g.first] += g.score
        record_points[g.second] += 1.0 - g.score
    ratings = [Rating(p, float(r[i]), float(r[i] - Z95 * sigma[i]), float(r[i] + Z95 * sigma[i]),
                      record_games[p], record_points[p]) for i, p in enumerate(players)]
    return sorted(ratings, key=lambda x: -x.elo)


def _check_connected(played: np.ndarray, players: Sequence[str], anchor: str) -> None:
    """Every player must be linked to the anchor by games, or its rating means nothing."""
    seen = {players.index(anchor)}
    todo = list(seen)
    while todo:
        i = todo.pop()
        for j in np.nonzero(played[i])[0]:
            if int(j) not in seen:
                seen.add(int(j))
                todo.append(int(j))
    cut = [players[i] for i in range(len(players)) if i not in seen]
    if cut:
        raise RatingError(f"{', '.join(cut)} never met the anchor {anchor!r} or anyone who did")


def pair_records(games: Iterable[Game]) -> list[PairRecord]:
    """Wins, draws and losses of every pair of two different players that met, each pair once
    (names in sorted order)."""
    table: dict[tuple[str, str], list[int]] = {}
    for g in games:
        if g.first == g.second:
            continue
        a, b, s = (g.first, g.second, g.score) if g.first <= g.second else (g.second, g.first, 1.0 - g.score)
        row = table.setdefault((a, b), [0, 0, 0])
        row[0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
    return [PairRecord(a, b, *row) for (a, b), row in sorted(table.items())]


def format_ratings(ratings: Sequence[Rating]) -> str:
    """The ratings as a Markdown table (rank, player, Elo, 95% interval, games, score %)."""
    lines = ["| # | player | Elo | 95% interval | games | score |", "|---|---|---:|---|---:|---:|"]
    for rank, r in enumerate(ratings, 1):
        interval = "anchor" if r.low == r.high == r.elo else f"{r.low:+.0f} .. {r.high:+.0f}"
        share = 100.0 * r.score / r.games if r.games else 0.0
        player = safe_text(r.player).plain
        lines.append(f"| {rank} | {player} | {r.elo:+.0f} | {interval} | {r.games} | {share:.0f}% |")
    return "\n".join(lines)


def format_pairs(records: Sequence[PairRecord]) -> str:
    """The pairwise table as Markdown: each pair's W-D-L from the first player's side."""
    lines = ["| player | opponent | won | drawn | lost | score |", "|---|---|---:|---:|---:|---:|"]
    for p in records:
        first, second = safe_text(p.first).plain, safe_text(p.second).plain
        lines.append(f"| {first} | {second} | {p.wins} | {p.draws} | {p.losses} | {100 * p.score:.0f}% |")
    return "\n".join(lines)
