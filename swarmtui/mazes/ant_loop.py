"""AACA as Algorithm 1 prints it (the default ``loop=step``): every ant moves ONE step per loop
(eq. 5) and the queen looks after every loop (Alg. 1, line 4; section II-D).

One loop (Alg. 1, lines 5-9):

- line 5, eq. 1: ``tau <- (1 - rho_loop) tau + deposits``, floored at zeta and capped at 1;
- lines 6-7, eqs. 2-4: distances between the ants' fields, Gamma, and p(x_i, x_j) for every
  other ant j, with ``tau(x_i, x_j)`` the pheromone on the first field of the road to j;
- lines 8-9, eq. 5: each ant steps one field toward its best target (``choice=roulette``
  samples p instead), along the axis with the larger distance, like the queen (eq. 12);
- the field it enters receives ``count * Gamma`` (eq. 2: a crowded ant marks more strongly);
- then the queen: is there a passage from door to door through the bitmap (eq. 11, Alg. 3)?
  With ``standard=1`` (the default) she also asks that it be a maze (``swarm.is_a_maze``: wall
  density at least ``min_wall_density``, a dead end, a solution longer than the straight
  line between the doors); until it is, the swarm works on.

So pheromone acts within the walk: with ``alpha > 0`` an ant prefers the ants whose road starts
on a marked field, trails merge into shared roads, and evaporation (rho) closes roads that are
not walked again. When the whole swarm stands on one field there is nothing left to follow:
the foraging trip is over (section II-A: "each iteration means that all the ants left home")
and, if the queen is still not satisfied, the ants leave home again from fresh random fields
(ants 0 and 1 from the fields inside the entrance and the exit: the nest and the food).

Size rules (documented in ``docs/mazes.md``): the paper's constants were set on 40x15 and
100x100 mazes. To build the same kind of maze at any size,

- rho is the evaporation per *crossing* (``T = width + height`` loops, the time an ant needs to
  cross the field: the paper's "iteration" of prose), so per loop the pheromone keeps
  ``(1 - rho) ** (1 / T)``: a road lasts about as many crossings at 1000x1000 as at 40x15;
- lengths in eqs. 2-4 are measured in units of ``max(1, (width + height) / 55)`` fields (55 =
  40 + 15, the paper's first example), so Gamma, and with it a trail's strength, does not
  fade as the field grows;
- the r random alleys of Algorithm 3 are drawn once per trip (not anew every loop), so a
  passage the queen finds is one she can find again.

Cost: evaporation is lazy (each field keeps its value and the loop it was last written, and
``tau = max(zeta, tau0 * keep ** (t - t0))`` is exact for eq. 1 with a floor), so a loop costs
``O(k^2)`` for the k occupied fields, not ``O(width * height)``. The queen's question is
answered by a union-find over the fields that have opened, which can only over-estimate what
is open (fields that evaporated back to wall stay in it): when it says "no" the answer is no;
when it says "yes" the true bitmap is built and checked (and the union-find rebuilt from it if a
closed field had made the difference). The bitmap costs ``O(width * height)`` only then.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from swarmtui.mazes.bitmap import enclose
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, MazeError
from swarmtui.mazes.swarm import Passages, mouth, queen_verdict


def follow(weight: np.ndarray, choice: str, rng: np.random.Generator) -> np.ndarray:
    """Which ant each ant follows: the highest p (eq. 5, ``choice=best``), or a draw from p
    (eq. 4, ``roulette``); ``weight`` holds eq. 4's numerators, a row per ant."""
    if choice == "best":
        return np.argmax(weight, axis=1)
    total = weight.sum(axis=1, keepdims=True)
    share = np.divide(weight, total, out=np.zeros_like(weight), where=total > 0)
    cumulative = np.cumsum(share, axis=1)
    draws = rng.random((weight.shape[0], 1))
    return np.minimum((cumulative < draws).sum(axis=1), weight.shape[1] - 1)


PAPER_SPAN = 55
"""Width + height of the paper's first example (40x15): the unit of length at that size."""


class LazyPheromone:
    """Eq. 1 with a floor, kept lazily: each place keeps its value ``tau0`` and the loop ``t0`` it
    was last written, and ``tau = max(zeta, tau0 * keep ** (now - t0))`` is exact (the square and
    the grid ant loops share it; flat indices)."""

    params: Any
    keep: float
    threshold: float
    tau0: np.ndarray
    t0: np.ndarray
    now: int

    def tau_at(self, flat: np.ndarray) -> np.ndarray:
        age = self.now - self.t0[flat]
        return np.maximum(self.params.zeta, self.tau0[flat] * self.keep ** age)

    def tau_flat(self) -> np.ndarray:
        """Every place's pheromone now (O(places): for frames and the queen's bitmap)."""
        return np.maximum(self.params.zeta, self.tau0 * self.keep ** (self.now - self.t0))

    def add_deposits(self, flat: np.ndarray, amount: np.ndarray) -> np.ndarray:
        """Eq. 1's sum of deposits on the places ``flat``; returns the places that are open now."""
        if not flat.size:
            return flat
        total = np.zeros(self.tau0.size) if flat.size > 64 else None
        if total is not None:
            np.add.at(total, flat, amount)
            flat = np.flatnonzero(total)
            amount = total[flat]
        else:
            flat, inverse = np.unique(flat, return_inverse=True)
            amount = np.bincount(inverse, weights=amount)
        value = np.minimum(1.0, self.tau_at(flat) + amount)
        self.tau0[flat] = value
        self.t0[flat] = self.now
        return flat[value > self.threshold]


def pull(diff: np.ndarray, count: np.ndarray, unit: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Eqs. 2-3 between the occupied places (``diff``: ``x_j - x_i``, ``count`` ants on each):
    ``(L in the size's unit, L > 0, 1 / max(L, 1) off the diagonal, Gamma)``."""
    length = np.sqrt((diff * diff).sum(axis=2)) / unit  # eq. 3
    road = length > 0
    inverse = np.divide(1.0, np.maximum(length, 1.0), out=np.zeros_like(length), where=road)
    gamma = inverse @ count + (count - 1)  # eq. 2: the other ants, 1 / max(L, 1)
    return length, road, inverse, gamma


class AntLoop(LazyPheromone):
    """The colony and its pheromone field, advanced one loop of Algorithm 1 at a time."""

    def __init__(self, height: int, width: int, params, rng: np.random.Generator,
                 doors: tuple[Cell, Cell]) -> None:
        self.params, self.rng = params, rng
        self.height, self.width = height, width
        self.doors = doors
        crossing = width + height
        self.keep = (1.0 - params.rho) ** (1.0 / crossing)
        self.unit = max(1.0, crossing / PAPER_SPAN)
        self.threshold = 1.0 - params.kappa  # open where tau > threshold (wall value 1 - tau < kappa)
        fields = height * width
        self.tau0 = np.full(fields, params.zeta)
        self.t0 = np.zeros(fields, dtype=np.int64)
        self.now = 0
        self.homes = np.array([mouth(d, height, width) for d in doors], dtype=np.int64)
        self.alleys = np.zeros(0, dtype=np.int64)
        self.pos = self.homes[:0]
        self.passages = Passages(width)
        self.trips = 0

    def tau(self) -> np.ndarray:
        return self.tau_flat().reshape(self.height, self.width)

    def walls(self) -> np.ndarray:
        """Eq. 11 and Algorithm 3: the bitmap the queen walks (the trip's alleys open)."""
        return enclose(self.tau() <= self.threshold, self.alleys, self.doors)

    # --- a trip ------------------------------------------------------------------------

    def leave_home(self) -> None:
        """A new trip: ants on fresh random fields (0 and 1 at the nest and the food), new alleys."""
        p, rng = self.params, self.rng
        n = p.n
        pos = np.column_stack([rng.integers(1, self.height - 1, n), rng.integers(1, self.width - 1, n)])
        k = min(2, n)
        pos[:k] = self.homes[:k]
        self.pos = pos
        inside = (self.height - 2) * (self.width - 2)
        picks = rng.choice(inside, size=min(p.r, inside), replace=False) if p.r else np.zeros(0, dtype=np.int64)
        rows, cols = np.divmod(picks, self.width - 2)
        self.alleys = (rows + 1) * self.width + cols + 1
        self.trips += 1
        self.rebuild_passages()
        self.deposit(pos[:, 0] * self.width + pos[:, 1], np.ones(n))  # the start fields are roads too

    def rebuild_passages(self) -> None:
        """The union-find from the true bitmap now (after a trip starts or a road closed)."""
        self.passages = Passages.of(np.flatnonzero(~self.walls()), self.width, self.height)

    def deposit(self, flat: np.ndarray, amount: np.ndarray) -> None:
        """Eq. 1's sum of deposits on the fields ``flat``; fields that open join the passages."""
        for cell in self.add_deposits(flat, amount).tolist():
            self.passages.open(cell, self.height)

    def step(self) -> bool:
        """One loop of Algorithm 1 (lines 5-9); False when the swarm has gathered on one field."""
        p, width = self.params, self.width
        self.now += 1  # line 5: eq. 1's evaporation happens by the clock (lazily)
        fields, ant_field, count = np.unique(self.pos[:, 0] * width + self.pos[:, 1],
                                             return_inverse=True, return_counts=True)
        if fields.size == 1:
            return False
        here = np.column_stack(np.divmod(fields, width))
        k = here.shape[0]
        groups = np.arange(k)
        diff = here[None, :, :] - here[:, None, :]  # x_j - x_i
        length, road, inverse, gamma = pull(diff, count, self.unit)
        rows_first = np.abs(diff[..., 0]) > np.abs(diff[..., 1])
        tie = np.abs(diff[..., 0]) == np.abs(diff[..., 1])
        rows_first |= tie & (self.rng.random((k, k)) < 0.5)
        sign = np.sign(diff)
        nxt_row = here[:, None, 0] + np.where(rows_first, sign[..., 0], 0)
        nxt_col = here[:, None, 1] + np.where(rows_first, 0, sign[..., 1])
        attraction = self.tau_at(nxt_row * width + nxt_col) ** p.alpha  # [tau(x_i, x_j)]^alpha
        weight = attraction * inverse ** p.beta * count[None, :]  # eq. 4's numerator
        weight[~road] = 0.0
        target = self.follow(weight)
        movers = np.ones(k, dtype=bool)
        # two neighbours following each other would swap fields for ever: the second stays
        movers &= ~((target[target] == groups) & (length[groups, target] * self.unit <= 1.0) & (groups > target))
        new = here.copy()
        new[movers, 0] = nxt_row[groups, target][movers]
        new[movers, 1] = nxt_col[groups, target][movers]
        self.deposit(new[movers, 0] * width + new[movers, 1], (count * gamma)[movers])  # eq. 1's deposits
        self.pos = new[ant_field]
        return True

    def follow(self, weight: np.ndarray) -> np.ndarray:
        return follow(weight, self.params.choice, self.rng)


def max_loops(params, height: int, width: int) -> int:
    """The loop budget: ``max_iterations`` if set, else 200 crossings (documented size rule).

    Builds need 40 crossings or fewer (250 random sizes 13x9 to 60x40: none more), but a rare
    seed works longer on roads that stay too wide or straight (20x15, seed 9: 55 crossings)."""
    return params.max_iterations if params.max_iterations else 200 * (width + height)


def run_ant_loop(params, height: int, width: int, rng: np.random.Generator, doors: tuple[Cell, Cell],
                 seed: int | None, on_frame: FrameSink | None) -> Maze:
    """Loop Algorithm 1 until the queen passes; the maze is the bitmap she passed."""
    colony = AntLoop(height, width, params, rng, doors)
    entrance = doors[0][0] * width + doors[0][1]
    exit_ = doors[1][0] * width + doors[1][1]
    budget = max_loops(params, height, width)
    colony.leave_home()
    for loop in range(1, budget + 1):
        if not colony.step():
            colony.leave_home()
            colony.step()
        if on_frame is not None:
            on_frame(MazeFrame("ant", "move", loop, colony.pos.astype(float), 1.0 - colony.tau(), None))
        if not colony.passages.joined(entrance, exit_):
            continue  # the union-find over-estimates: no here is a true no
        walls = colony.walls()
        through, passed, path = queen_verdict(walls, doors, rng, params)
        if on_frame is not None:
            field = 1.0 - colony.tau()
            agents = colony.pos.astype(float)
            on_frame(MazeFrame("ant", "field", loop, agents, field, walls.copy()))
            on_frame(MazeFrame("ant", "queen", loop, agents, field, walls.copy(), tuple(path), passed))
        if passed:
            maze = Maze(walls, doors[0], doors[1], algo="ant", seed=seed,
                        info={"iterations": loop, "trips": colony.trips, "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame("ant", "done", loop, colony.pos.astype(float), 1.0 - colony.tau(),
                                   walls.copy(), tuple(path), True))
            return maze
        if not through:
            colony.rebuild_passages()  # a road that had evaporated made the difference
    raise MazeError(f"ant: the queen found no passage in {budget} loops (raise max_iterations, r or lower rho)")

