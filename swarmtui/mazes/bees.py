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
  It is a cost: small on fields the bees have flown down (a worked road) near an exit, the
  nectar.
- Eq. 6, the update Theta, applied to each field a bee flew over: ``zeta + 0.1`` if
  Gamma < 0.5, ``zeta - 0.05`` if Gamma > 0.5, unchanged at exactly 0.5 (the paper gives no
  third case). A field far from the exits is flown down (carved) until ``zeta * d < 0.5``;
  values are clipped to [0, 1]. All bees read the meadow as it was at the start of the
  iteration (a synchronous update; one bee's visits do not see another's in the same
  iteration), and each adds its step: k bees over a field move it k steps. So a road the
  swarm crowds is flown down to nothing and then, Gamma now below 0.5, built up again by as
  many steps: eq. 6's rise closes over-used roads (its rebuilding near the exits, where
  ``zeta * d`` is small, does the same for the doors' mouths). Applying the bees' steps in turn
  instead (each reading what the one before left) settles every field at ``0.5 / d`` and never
  closes one; the first passage is then nearly always the straight corridor between the doors
  (13x9 and 40x15, 20 seeds each, measured before the scouts below: 376 of 417 first passages
  straight, 6 builds without a maze in the budget; with one step per bee from the value at the
  start: 12 of 52).
- "The algorithm returns an array that is a map on which the bees moved": a bee changes every
  field of its flight, not only where it lands. Eq. 9 moves one coordinate, so each flight is
  a horizontal or vertical run of fields: the corridors.
- Lines 8-10, the waggle dance: bees are sorted by "the value of location", the meadow value
  where they stand, and the m best (m = 10% of n, section III) are kept; every other bee
  becomes an onlooker that joins a best bee drawn by eq. 8. **Best is the lowest value**
  (``rank=low``): the bees dance for the roads they have flown down, so onlookers start their
  next flight from the road network and every new corridor branches off it (a tree of roads
  that grows towards the nectar). ``rank=high``, the earlier reading, sent onlookers to the
  untouched fields: they carved everywhere, so by the time a road joined the doors the
  meadow was nearly empty (4 of 10 seeds at 40x15 had at most 31% wall; 21x9 seed 7 only the
  outer wall).
- Eq. 8, the onlookers' choice: ``p(x_i) = Gamma(x_i, 1) / sum_j Gamma(x_j, 1)`` over the m best
  bees, Gamma(x_i, 1) the distance to the nearest exit (``onlook=far``, as printed);
  ``onlook=near`` takes the inverse distance instead (with Gamma a cost, the standard ABC
  roulette favours the smaller).
- Eqs. 9-10: ``x_i <- x_i + alpha_k (x_ij - x_kj)``, j a random coordinate, alpha_k uniform in
  <-1, 1>, k a random source among the m best bees and the nectar (line 11: "move the bees
  toward nectar source (exits)": the fields just inside the two exits), other than the bee's
  own place. Positions are real numbers (the bees are "points in space"), kept inside the
  frame; the field is the rounded position.
- The r random alleys (section II-D: walls "removed in random way ... when an initial board is
  created") are drawn once, on the initial meadow, and stay open.
- Doors: the middle of the west and of the east border, facing each other (``swarm.facing_doors``,
  as for the ants): with doors in opposite corners every staircase of lanes is a shortest path
  (all 60 bee mazes at 21x9, 40x15 and 100x100 had a solution exactly as long as the doors'
  Manhattan distance).

The queen (Algorithm 4) is asked after every iteration whether a passage exists; a union-find
over the fields that have opened answers that without building the bitmap (the meadow only
changes where the bees flew), so an iteration costs O(n * flight length), not O(width * height).
When it says yes, the bitmap is built and she walks it; with ``standard=1`` (default) she also
asks that it be a maze (``swarm.is_a_maze``). The meadow only opens further, so a passage that is
no maze never becomes one: the colony then starts again on a fresh meadow (a new *day*;
``info["days"]`` counts them, rare with ``rank=low``: see ``docs/mazes.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from swarmtui.core.params import ParamError, check_range
from swarmtui.mazes.bitmap import enclose, threshold
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, MazeError
from swarmtui.mazes.solve import regions
from swarmtui.mazes.swarm import (
    Passages,
    SwarmParams,
    check_swarm_size,
    facing_doors,
    mouth,
    paper_count,
    queen_verdict,
)

BEE_MAX_FIELDS = 1_002_001
"""The bee builder's size bound (1001x1001 fields), as the ants'."""


@dataclass(frozen=True)
class BeeParams(SwarmParams):
    """ABCA's constants (Algorithm 2, line 2, and eqs. 6-10) with the paper's values."""

    n: int = field(default=30, metadata={"help": "bees (III: 30; 0: the same, 30 at every size: see docs/mazes.md)"})
    r: int = field(default=-1, metadata={"help": "random alleys on the initial meadow (-1: size rule, 20 at "
                                                 "40x15, 120 at 100x100)"})
    kappa: float = field(default=0.55, metadata={"help": "kappa: wall where the meadow >= kappa (eq. 11; not given)"})
    m_share: float = field(default=0.1, metadata={"help": "m = m_share * n best bees (III: m = 10% n)"})
    zeta: float = field(default=0.6, metadata={"help": "zeta: the meadow's first value; exits 3 zeta (Alg. 2)"})
    exit_factor: float = field(default=3.0, metadata={"help": "exits start at exit_factor * zeta (II-B: threefold)"})
    rise: float = field(default=0.1, metadata={"help": "Theta's step up when Gamma < pivot (eq. 6: 0.1)"})
    fall: float = field(default=0.05, metadata={"help": "Theta's step down when Gamma > pivot (eq. 6: 0.05)"})
    pivot: float = field(default=0.5, metadata={"help": "Theta compares Gamma with this (eq. 6: 0.5)"})
    rank: Literal["low", "high"] = field(
        default="low", metadata={"help": "best bees: low = on the most flown-down fields (roads); high = on "
                                         "untouched fields (the earlier reading)"})
    onlook: Literal["far", "near"] = field(
        default="far", metadata={"help": "eq. 8: far = p ~ distance to the nearest exit (as printed); near = "
                                         "p ~ 1 / distance"})
    max_iterations: int = field(default=0, metadata={"help": "give up after this many iterations (0: 40 (width "
                                                             "+ height))"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("m_share", self.m_share, 0.0, 1.0)
        check_range("zeta", self.zeta, 0.0, 1.0)
        check_range("exit_factor", self.exit_factor, 0.0, 100.0)
        check_range("rise", self.rise, 0.0, 1.0)
        check_range("fall", self.fall, 0.0, 1.0)
        check_range("pivot", self.pivot, 0.0, 1000.0)
        if self.rank not in ("low", "high"):
            raise ParamError(f"rank must be low or high; got {self.rank!r}")
        if self.onlook not in ("far", "near"):
            raise ParamError(f"onlook must be far or near; got {self.onlook!r}")

    @property
    def m(self) -> int:
        """Number of best bees kept each iteration (at least one)."""
        return max(1, round(self.m_share * self.n))


def bee_sized(params: BeeParams, width: int, height: int) -> BeeParams:
    """``params`` with the size rules applied (documented in ``docs/mazes.md``).

    n stays the paper's 30 at every size (``n=0`` means the same): more bees fly the same roads
    more often before the network reaches the doors (n = 200 at 100x100: 4 times the iterations
    and a third of the mazes under half wall), and fewer leave straight corridors at small sizes.
    r follows the paper's two examples (20 alleys at 600 fields, 120 at 10,000:
    ``r ~ fields^0.64``), as for the ants.
    """
    if params.n == 0:
        params = replace(params, n=30)
    if params.r == -1:
        params = replace(params, r=int(round(paper_count(width * height, 20, 120))))
    return params


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
        self.doors = doors
        self.meadow = np.full((height, width), params.zeta)
        for door in doors:
            self.meadow[door] = min(1.0, params.exit_factor * params.zeta)
        self.distance = exit_distance(height, width, doors).ravel()
        self.nectar = np.array([mouth(d, height, width) for d in doors], dtype=float)
        n = params.n
        self.pos = np.column_stack([rng.uniform(1, height - 2, n), rng.uniform(1, width - 2, n)])
        self.flown = self.fields(self.pos)  # the fields flown over since the last update
        inside = (height - 2) * (width - 2)
        picks = rng.choice(inside, size=min(params.r, inside), replace=False) if params.r else np.zeros(0, int)
        rows, cols = np.divmod(picks.astype(np.int64), width - 2)
        self.alleys = (rows + 1) * width + cols + 1  # Alg. 3 / II-D: removed on the initial board
        self.closed_since_check = False  # whether an open field turned back into wall since then
        self.scouted = 0  # times the swarm, gathered on one line, was sent out as scouts

    def positions(self) -> np.ndarray:
        return self.pos

    def wall_field(self) -> np.ndarray:
        return self.meadow

    def fields(self, pos: np.ndarray) -> np.ndarray:
        """Flat field index of each (real) position."""
        rows = np.clip(np.rint(pos[:, 0]).astype(np.int64), 1, self.height - 2)
        cols = np.clip(np.rint(pos[:, 1]).astype(np.int64), 1, self.width - 2)
        return rows * self.width + cols

    def walls(self) -> np.ndarray:
        """Eq. 11 and Algorithm 3: the bitmap the queen walks (alleys and doors open)."""
        return enclose(threshold(self.meadow, self.params.kappa), self.alleys, self.doors)

    def open_fields(self) -> np.ndarray:
        """Flat indices of every open field of ``walls()``."""
        return np.flatnonzero(~self.walls())

    def iterate(self, iteration: int, emit: FrameSink | None) -> np.ndarray:
        """Algorithm 2, lines 6-11; returns the fields that opened (eq. 11) in this iteration."""
        p, rng = self.params, self.rng
        opened = self.update_meadow()
        where = self.fields(self.pos)
        if np.ptp(where // self.width) == 0 or np.ptp(where % self.width) == 0:
            where = self.send_scouts(where)
        value = self.meadow.ravel()[where]
        # line 8: by the value of the location, best first (rank=low: the flown-down roads)
        order = np.argsort(value if p.rank == "low" else -value, kind="stable")
        best, onlookers = order[: p.m], order[p.m:]
        share = self.distance[where[best]]  # eq. 8: Gamma(x_i, 1)
        if p.onlook == "near":
            share = 1.0 / np.maximum(share, 1.0)
        share = share / share.sum() if share.sum() > 0 else np.full(best.size, 1.0 / best.size)
        chosen = best[rng.choice(best.size, size=onlookers.size, p=share)]  # line 10
        pos = self.pos.copy()
        pos[onlookers] = self.pos[chosen]
        source_of = np.arange(p.n)
        source_of[onlookers] = chosen
        self.pos, self.flown = self.fly(pos, best, source_of)
        if emit is not None:
            emit(MazeFrame("bee", "move", iteration, self.pos.copy(), self.meadow.copy(), None))
        return opened

    def send_scouts(self, where: np.ndarray) -> np.ndarray:
        """The swarm stands on one line of fields: every bee but one becomes a scout.

        Section II-B: "scouts ... look for food at random way". The onlookers' copying (line 10)
        and eq. 9's moves towards other bees shrink the swarm; once every bee stands in one row
        (or column) a move along the other axis keeps it there, and with the two exits in one
        row (facing doors) that row is a trap: the bees fly it up and down for ever (60x20,
        seed 0: 3200 iterations). The scouts start again from random fields of the meadow.
        """
        n = self.params.n
        keep = self.rng.integers(n)
        scouts = np.arange(n) != keep
        self.pos[scouts] = np.column_stack([self.rng.uniform(1, self.height - 2, n - 1),
                                            self.rng.uniform(1, self.width - 2, n - 1)])
        self.scouted += 1
        return self.fields(self.pos)

    def update_meadow(self) -> np.ndarray:
        """Eqs. 6-7 on every field flown over (synchronous: Gamma read before any change).

        Returns the fields that crossed below kappa (opened); sets ``closed_since_check`` if any
        crossed back up (eq. 6's rise on a crowded road or beside an exit).
        """
        opened, closed = theta(self.meadow.ravel(), self.distance, self.flown, self.params)
        self.closed_since_check |= closed
        return opened

    def fly(self, pos: np.ndarray, best: np.ndarray, source_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Eqs. 9-10 for every bee; returns the new positions and the fields of all flights."""
        p, rng = self.params, self.rng
        n = p.n
        sources = np.concatenate([pos[best], self.nectar])
        k = other_sources(best, source_of, sources.shape[0], rng)
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


def theta(meadow: np.ndarray, distance: np.ndarray, flown: np.ndarray, p: BeeParams) -> tuple[np.ndarray, bool]:
    """Eqs. 6-7 in place on the flat ``meadow`` for every place ``flown`` over (each bee one step,
    all read at the start): the places that opened (fell below kappa), and whether any closed."""
    touched, visits = np.unique(flown, return_counts=True)
    value = meadow[touched]
    before = value < p.kappa
    gamma = np.round(value * distance[touched], 9)  # eq. 7; 0.6 - 0.05 - 0.05 is 0.5, not 0.4999...
    delta = np.where(gamma < p.pivot, p.rise, np.where(gamma > p.pivot, -p.fall, 0.0))  # eq. 6
    value = np.clip(value + delta * visits, 0.0, 1.0)
    meadow[touched] = value
    after = value < p.kappa
    return touched[after & ~before], bool((before & ~after).any())


def other_sources(best: np.ndarray, source_of: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """Eq. 9's k for each bee: a uniformly random source among ``count`` (the best bees' places,
    then the nectar) other than the bee's own place (``source_of``: the best bee it stands with)."""
    k = rng.integers(count - 1, size=source_of.size)
    order = np.argsort(best, kind="stable")
    sorted_best = best[order]
    slot = np.minimum(np.searchsorted(sorted_best, source_of), best.size - 1)
    own_in_best = sorted_best[slot] == source_of
    own = order[slot]  # index of the bee's own place among the best, if there
    return np.where(own_in_best & (k >= own), k + 1, k)


def max_bee_iterations(params: BeeParams, height: int, width: int) -> int:
    """The iteration budget: ``max_iterations`` if set, else 40 (width + height) (documented rule)."""
    return params.max_iterations if params.max_iterations else 40 * (width + height)


def build_bees(width: int, height: int, rng: np.random.Generator, params: BeeParams | None = None,
               seed: int | None = None, on_frame: FrameSink | None = None) -> Maze:
    """An ABCA maze of ``width x height`` fields (Algorithm 2 + Algorithms 3 and 4)."""
    params = bee_sized(params or BeeParams(), width, height)
    check_swarm_size("bee", width, height, BEE_MAX_FIELDS)
    doors = facing_doors(height, width)
    entrance, exit_ = (doors[0][0] * width + doors[0][1]), (doors[1][0] * width + doors[1][1])
    budget = max_bee_iterations(params, height, width)
    days, scouted = 1, 0
    colony = BeeColony(height, width, params, rng, doors)
    passages = Passages.of(colony.open_fields(), width, height)
    for iteration in range(1, budget + 1):
        passages.open_all(colony.iterate(iteration, on_frame), height)
        if not passages.joined(entrance, exit_):
            continue  # it never misses a passage (closed fields stay in it): no here is a true no
        if colony.closed_since_check:
            labels = regions(colony.walls())
            colony.closed_since_check = False
            if labels[entrance] != labels[exit_]:
                passages = Passages.of_labels(labels, width)  # a road that closed made the difference
                continue
        walls = colony.walls()
        through, passed, path = queen_verdict(walls, doors, rng, params)
        if on_frame is not None:
            agents = colony.pos.copy()
            on_frame(MazeFrame("bee", "field", iteration, agents, colony.meadow.copy(), walls.copy()))
            on_frame(MazeFrame("bee", "queen", iteration, agents, colony.meadow.copy(), walls.copy(),
                               tuple(path), passed))
        if passed:
            maze = Maze(walls, doors[0], doors[1], algo="bee", seed=seed,
                        info={"iterations": iteration, "days": days, "scouts": scouted + colony.scouted,
                              "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame("bee", "done", iteration, colony.pos.copy(), colony.meadow.copy(),
                                   walls.copy(), tuple(path), True))
            return maze
        if not through:
            continue  # her literal walk (queen=walk) missed a passage that exists: the bees work on
        # a passage that is no maze never becomes one (the meadow only opens): a fresh meadow
        days, scouted = days + 1, scouted + colony.scouted
        colony = BeeColony(height, width, params, rng, doors)
        passages = Passages.of(colony.open_fields(), width, height)
    raise MazeError(f"bee: the queen found no passage in {budget} iterations (raise max_iterations or r)")
