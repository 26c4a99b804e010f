"""ABCA, the Artificial Bee Colony Algorithm that flies mazes (Polap et al., section II-B, Algorithm 2).

Our reading of each printed equation (the PDF's typesetting is damaged):

- Meadow: one value per field, all zeta at the start except the two exits at 3 zeta
  (Alg. 2, line 3; "the exits are marked threefold value of zeta"). The meadow is the wall
  value thresholded by eq. 11, so with zeta >= kappa the meadow starts as solid rock.
  The paper leaves zeta and kappa blank; we take zeta = 0.6 ("the minimum value to create a
  wall", Alg. 2 line 2) and kappa = 0.55: the field next to an exit (d = 1) settles where
  Gamma = 0.5, at 0.5, so kappa must exceed 0.5 or the exits could never open; a field flown
  over twice (0.6 -> 0.55 -> 0.5) is open.
- Eq. 7, the fitness: ``Gamma(x_i, zeta) = zeta * ||x_r - x_i||`` where x_r is the exit
  nearest to bee i and zeta is the meadow value where the bee is (Theta is a function of it).
- Eq. 6, the update Theta, applied to each field a bee flew over: ``zeta + 0.1`` if
  Gamma < 0.5, ``zeta - 0.05`` if Gamma > 0.5, unchanged at exactly 0.5 (the paper gives no
  third case). A field far from the exits is flown down (carved) until ``zeta * d < 0.5``;
  fields near the exits are rebuilt; values are clipped to [0, 1]. All bees read the meadow as
  it was at the start of the iteration (a synchronous update; one bee's visits do not see
  another's in the same iteration).
- "The algorithm returns an array that is a map on which the bees moved": a bee changes every
  field of its flight, not only where it lands. Eq. 9 moves one coordinate, so each flight is
  a horizontal or vertical run of fields: the corridors.
- Eq. 8, the onlookers' choice: ``p(x_i) = Gamma(x_i, 1) / sum_j Gamma(x_j, 1)``, the share of
  bee i's distance to its nearest exit, over the m best bees.
- Lines 8-10: bees are sorted by "the value of location", the meadow value at their field,
  highest first (the exits, at 3 zeta, are the best: they are the nectar); the m best stay
  (m = 10% of n in section III); every other bee is replaced by a best bee drawn by eq. 8.
- Eqs. 9-10: ``x_i <- x_i + alpha_k (x_ij - x_kj)``, j a random coordinate, alpha_k uniform in
  <-1, 1>, k a random source among the m best bees and the two exits (line 11: "move the bees
  toward nectar source (exits)"), other than the bee's own place. Positions are real numbers
  (the bees are "points in space"), kept inside the frame; the field is the rounded position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.params import check_range
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, check_size, default_doors
from swarmtui.mazes.swarm import SwarmParams, run_swarm


BEE_MAX_FIELDS = 250_000
"""The bee builder's size bound (500x500 fields): it has not been made to scale as the ants have
(its iterations grow with the field and each costs O(width * height))."""


@dataclass(frozen=True)
class BeeParams(SwarmParams):
    """ABCA's constants (Algorithm 2, line 2, and eqs. 6-10) with the paper's values."""

    kappa: float = field(default=0.55, metadata={"help": "kappa: wall where the meadow >= kappa (eq. 11; not given)"})
    m_share: float = field(default=0.1, metadata={"help": "m = m_share * n best bees (III: m = 10% n)"})
    zeta: float = field(default=0.6, metadata={"help": "zeta: the meadow's first value; exits 3 zeta (Alg. 2)"})
    exit_factor: float = field(default=3.0, metadata={"help": "exits start at exit_factor * zeta (II-B: threefold)"})
    rise: float = field(default=0.1, metadata={"help": "Theta's step up when Gamma < pivot (eq. 6: 0.1)"})
    fall: float = field(default=0.05, metadata={"help": "Theta's step down when Gamma > pivot (eq. 6: 0.05)"})
    pivot: float = field(default=0.5, metadata={"help": "Theta compares Gamma with this (eq. 6: 0.5)"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("m_share", self.m_share, 0.0, 1.0)
        check_range("zeta", self.zeta, 0.0, 1.0)
        check_range("exit_factor", self.exit_factor, 0.0, 100.0)
        check_range("rise", self.rise, 0.0, 1.0)
        check_range("fall", self.fall, 0.0, 1.0)
        check_range("pivot", self.pivot, 0.0, 1000.0)

    @property
    def m(self) -> int:
        """Number of best bees kept each iteration (at least one)."""
        return max(1, round(self.m_share * self.n))


def exit_distance(height: int, width: int, doors: tuple[Cell, Cell]) -> np.ndarray:
    """``||x_r - x||`` to the nearest exit for every field (eq. 7 with zeta = 1)."""
    rows, cols = np.mgrid[0:height, 0:width]
    return np.min([np.hypot(rows - r, cols - c) for r, c in doors], axis=0)


class BeeColony:
    """n bees on a meadow (Algorithm 2, lines 6-11 per ``iterate``)."""

    def __init__(self, height: int, width: int, params: BeeParams, rng: np.random.Generator,
                 doors: tuple[Cell, Cell]) -> None:
        self.params, self.rng = params, rng
        self.height, self.width = height, width
        self.meadow = np.full((height, width), params.zeta)
        for door in doors:
            self.meadow[door] = min(1.0, params.exit_factor * params.zeta)
        self.distance = exit_distance(height, width, doors)
        self.nectar = np.array(doors, dtype=float)
        n = params.n
        self.pos = np.column_stack([rng.uniform(1, height - 2, n), rng.uniform(1, width - 2, n)])
        self.flown = self.fields(self.pos)  # the fields flown over since the last update

    def positions(self) -> np.ndarray:
        return self.pos

    def wall_field(self) -> np.ndarray:
        return self.meadow

    def fields(self, pos: np.ndarray) -> np.ndarray:
        """Flat field index of each (real) position."""
        rows = np.clip(np.rint(pos[:, 0]).astype(np.int64), 1, self.height - 2)
        cols = np.clip(np.rint(pos[:, 1]).astype(np.int64), 1, self.width - 2)
        return rows * self.width + cols

    def iterate(self, iteration: int, emit: FrameSink | None) -> None:
        p, rng = self.params, self.rng
        self.update_meadow()
        where = self.fields(self.pos)
        value = self.meadow.ravel()[where]
        order = np.argsort(-value, kind="stable")  # line 8: by the value of the location, best first
        best, onlookers = order[: p.m], order[p.m:]
        share = self.distance.ravel()[where[best]]  # eq. 8: Gamma(x_i, 1)
        share = share / share.sum() if share.sum() > 0 else np.full(best.size, 1.0 / best.size)
        chosen = best[rng.choice(best.size, size=onlookers.size, p=share)]  # line 10
        pos = self.pos.copy()
        pos[onlookers] = self.pos[chosen]
        source_of = np.arange(p.n)
        source_of[onlookers] = chosen
        self.pos, self.flown = self.fly(pos, best, source_of)
        if emit is not None:
            emit(MazeFrame("bee", "move", iteration, self.pos.copy(), self.meadow.copy(), None))

    def update_meadow(self) -> None:
        """Eqs. 6-7 on every field flown over (synchronous: Gamma read before any change)."""
        p = self.params
        flat = self.meadow.ravel()
        gamma = flat[self.flown] * self.distance.ravel()[self.flown]  # eq. 7
        gamma = np.round(gamma, 9)  # 0.6 - 0.05 - 0.05 is 0.5, not 0.49999999999999994
        delta = np.where(gamma < p.pivot, p.rise, np.where(gamma > p.pivot, -p.fall, 0.0))  # eq. 6
        np.add.at(flat, self.flown, delta)
        np.clip(flat, 0.0, 1.0, out=flat)

    def fly(self, pos: np.ndarray, best: np.ndarray, source_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Eqs. 9-10 for every bee; returns the new positions and the fields of all flights."""
        p, rng = self.params, self.rng
        n = p.n
        sources = np.concatenate([pos[best], self.nectar])
        k = rng.integers(sources.shape[0] - 1, size=n)
        own = np.searchsorted(best, source_of)  # index of the bee's own place among the best, if there
        own_in_best = (own < best.size) & (best[np.minimum(own, best.size - 1)] == source_of)
        k = np.where(own_in_best & (k >= own), k + 1, k)  # a source other than the bee's own place
        j = rng.integers(2, size=n)
        alpha = rng.uniform(-1.0, 1.0, size=n)
        rows = np.arange(n)
        new = pos.copy()
        new[rows, j] = pos[rows, j] + alpha * (pos[rows, j] - sources[k, j])  # eqs. 9-10
        new[:, 0] = np.clip(new[:, 0], 1, self.height - 2)
        new[:, 1] = np.clip(new[:, 1], 1, self.width - 2)
        return new, self.flights(pos, new, j)

    def flights(self, old: np.ndarray, new: np.ndarray, axis: np.ndarray) -> np.ndarray:
        """Flat indices of the fields on each bee's straight flight from ``old`` to ``new``."""
        start, end = self.fields(old), self.fields(new)
        stride = np.where(axis == 0, self.width, 1)
        span = (end - start) // stride
        length = np.abs(span) + 1
        bee = np.repeat(np.arange(start.size), length)
        offset = np.arange(length.sum()) - np.repeat(np.cumsum(length) - length, length)
        return start[bee] + np.sign(span)[bee] * offset * stride[bee]


def build_bees(width: int, height: int, rng: np.random.Generator, params: BeeParams | None = None,
               seed: int | None = None, on_frame: FrameSink | None = None) -> Maze:
    """An ABCA maze of ``width x height`` fields (Algorithm 2 + Algorithms 3 and 4)."""
    params = params or BeeParams()
    check_size(width, height, max_fields=BEE_MAX_FIELDS)
    doors = default_doors(height, width)
    colony = BeeColony(height, width, params, rng, doors)
    return run_swarm("bee", colony, params, rng, doors, seed, on_frame)
