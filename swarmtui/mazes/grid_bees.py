"""ABCA on any grid (issue 32): the bee colony of ``bees`` (Algorithm 2) with cells for fields.

How the equations generalise (everything else is ``bees``' reading, unchanged: the meadow,
eq. 6's synchronous rise and fall, the best bees on the most flown-down cells, eq. 8's
onlookers, the scouts, fresh meadows when a passage is no maze):

- Eq. 7: ``Gamma = zeta(x) * ||x_r - x||`` with the distance between the centres of the bee's
  cell and the nearest door cell, in units of the grid's neighbour spacing.
- Eqs. 9-10: a bee moves one coordinate, ``x_j <- x_j + alpha (x_j - x_kj)``, of its cell's
  centre (x or y on the page) towards a best bee's cell or the nectar (the door cells), and
  *flies* there: from its cell it steps through a side to the neighbour nearest the target
  point while that brings it nearer, and every cell of the flight is flown over. On the square
  grid that is ``bees``' straight lane along a row or a column; on a hex grid an east-west
  flight is a straight row too, a north-south one a zig-zag; a flight ends where the shape
  (or a mask) stops it.
- The swarm has shrunk onto one line when every bee's centre shares an x or a y: then the
  scouts go out, as on the square grid.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.bees import BEE_MAX_FIELDS, BeeParams, bee_sized, max_bee_iterations, other_sources, theta
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import Door, GridMaze
from swarmtui.mazes.grid_paths import steps_apart
from swarmtui.mazes.grid_swarm import (
    GridPassages,
    bitmap_maze,
    bitmap_regions,
    check_swarm_grid,
    crossing,
    queen_verdict,
    spacing,
)
from swarmtui.mazes.grids.base import Grid


class GridBeeColony:
    """n bees on a meadow of cells (Algorithm 2, lines 6-11 per ``iterate``)."""

    def __init__(self, grid: Grid, params: BeeParams, rng: np.random.Generator, doors: tuple[Door, Door]) -> None:
        self.grid, self.params, self.rng = grid, params, rng
        self.nectar = np.array([doors[0][0], doors[1][0]], dtype=np.int64)
        self.meadow = np.full(grid.cells, params.zeta)
        self.meadow[self.nectar] = min(1.0, params.exit_factor * params.zeta)
        self.centres = grid.centres() / spacing(grid)
        gaps = self.centres[:, None, :] - self.centres[self.nectar][None, :, :]
        self.distance = np.sqrt((gaps * gaps).sum(axis=2)).min(axis=1)  # eq. 7's ||x_r - x||
        self.ways = [row[row >= 0] for row in np.where(grid.nbr >= 0, grid.nbr, -1)]
        self.pos = rng.integers(grid.cells, size=params.n)
        self.flown = self.pos.copy()
        self.alleys = rng.choice(grid.cells, size=min(params.r, grid.cells), replace=False) if params.r else \
            np.zeros(0, dtype=np.int64)
        self.closed_since_check = False
        self.scouted = 0

    def walls(self) -> np.ndarray:
        walls = self.meadow >= self.params.kappa  # eq. 11
        walls[self.alleys] = False
        walls[self.nectar] = False
        return walls

    def iterate(self, iteration: int, emit: FrameSink | None) -> np.ndarray:
        """Algorithm 2, lines 6-11; returns the cells that opened in this iteration."""
        p, rng = self.params, self.rng
        opened = self.update_meadow()
        xy = self.centres[self.pos]
        if np.ptp(xy[:, 0]) < 1e-9 or np.ptp(xy[:, 1]) < 1e-9:
            self.send_scouts()
        where = self.pos
        value = self.meadow[where]
        order = np.argsort(value if p.rank == "low" else -value, kind="stable")  # line 8
        best, onlookers = order[: p.m], order[p.m:]
        share = self.distance[where[best]]  # eq. 8
        if p.onlook == "near":
            share = 1.0 / np.maximum(share, 1.0)
        share = share / share.sum() if share.sum() > 0 else np.full(best.size, 1.0 / best.size)
        chosen = best[rng.choice(best.size, size=onlookers.size, p=share)]  # line 10
        pos = where.copy()
        pos[onlookers] = where[chosen]
        source_of = np.arange(p.n)
        source_of[onlookers] = chosen
        self.pos, self.flown = self.fly(pos, best, source_of)
        if emit is not None:
            emit(MazeFrame("bee", "move", iteration, self.pos.astype(float), self.meadow.copy(), None, grid=self.grid))
        return opened

    def send_scouts(self) -> None:
        """The swarm stands on one line: every bee but one becomes a scout on a random cell."""
        n = self.params.n
        keep = self.rng.integers(n)
        scouts = np.arange(n) != keep
        self.pos[scouts] = self.rng.integers(self.grid.cells, size=n - 1)
        self.scouted += 1

    def update_meadow(self) -> np.ndarray:
        """Eqs. 6-7 on every cell flown over, synchronous (as ``BeeColony.update_meadow``)."""
        opened, closed = theta(self.meadow, self.distance, self.flown, self.params)
        self.closed_since_check |= closed
        return opened

    def fly(self, pos: np.ndarray, best: np.ndarray, source_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Eqs. 9-10 for every bee: the new cells and every cell of every flight."""
        p, rng = self.params, self.rng
        n = p.n
        sources = np.concatenate([self.centres[pos[best]], self.centres[self.nectar]])
        k = other_sources(best, source_of, sources.shape[0], rng)
        axis = rng.integers(2, size=n)
        alpha = rng.uniform(-1.0, 1.0, size=n)
        start = self.centres[pos]
        target = start.copy()
        rows = np.arange(n)
        target[rows, axis] = start[rows, axis] + alpha * (start[rows, axis] - sources[k, axis])
        flights = [self.flight(int(cell), point) for cell, point in zip(pos.tolist(), target, strict=True)]
        return np.array([f[-1] for f in flights], dtype=np.int64), np.concatenate(flights)

    def flight(self, cell: int, point: np.ndarray) -> np.ndarray:
        """The cells from ``cell`` towards ``point``, each step to the neighbour nearest it."""
        centres = self.centres
        path = [cell]
        best = float(np.hypot(*(centres[cell] - point)))
        while True:
            ways = self.ways[cell]
            gaps = np.hypot(centres[ways, 0] - point[0], centres[ways, 1] - point[1])
            i = int(np.argmin(gaps))
            if gaps[i] >= best - 1e-9:
                return np.array(path, dtype=np.int64)
            cell, best = int(ways[i]), float(gaps[i])
            path.append(cell)


def build_grid_bees(grid: Grid, rng: np.random.Generator, params: BeeParams | None = None,
                    seed: int | None = None, on_frame: FrameSink | None = None) -> GridMaze:
    """An ABCA maze on ``grid`` (Algorithm 2, with Algorithms 3 and 4), facing doors."""
    check_swarm_grid("bee", grid, BEE_MAX_FIELDS)
    params = bee_sized(params or BeeParams(), grid.cells, 1)
    doors = grid.doors(facing=True)
    entrance, exit_ = doors[0][0], doors[1][0]
    straight = steps_apart(grid, entrance, exit_) + 1
    steps = crossing(grid)
    budget = params.max_iterations or max_bee_iterations(params, steps, 0)
    days, scouted = 1, 0
    colony = GridBeeColony(grid, params, rng, doors)
    passages = GridPassages.of(grid, colony.walls())
    for iteration in range(1, budget + 1):
        for cell in colony.iterate(iteration, on_frame).tolist():
            passages.open(cell)
        if not passages.joined(entrance, exit_):
            continue
        walls = colony.walls()
        if colony.closed_since_check:
            colony.closed_since_check = False
            labels = bitmap_regions(grid, walls)
            if labels[entrance] != labels[exit_]:
                passages = GridPassages.of(grid, walls)
                continue
        through, passed, path = queen_verdict(grid, walls, doors, rng, params, straight)
        if on_frame is not None:
            agents = colony.pos.astype(float)
            on_frame(MazeFrame("bee", "field", iteration, agents, colony.meadow.copy(), walls.copy(), grid=grid))
            on_frame(MazeFrame("bee", "queen", iteration, agents, colony.meadow.copy(), walls.copy(), tuple(path),
                               passed, grid=grid))
        if passed:
            maze = bitmap_maze(grid, walls, doors, "bee", seed,
                               {"iterations": iteration, "days": days, "scouts": scouted + colony.scouted,
                                "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame("bee", "done", iteration, colony.pos.astype(float), colony.meadow.copy(),
                                   walls.copy(), tuple(path), True, grid=grid))
            return maze
        if not through:
            continue
        days, scouted = days + 1, scouted + colony.scouted
        colony = GridBeeColony(grid, params, rng, doors)
        passages = GridPassages.of(grid, colony.walls())
    raise MazeError(f"bee: the queen found no passage in {budget} iterations (raise max_iterations or r)")
