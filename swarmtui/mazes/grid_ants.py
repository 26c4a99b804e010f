"""AACA on any grid (issue 32): the ant loop of ``ant_loop`` (Algorithm 1 as printed, one step per
loop, the queen after every loop) with cells for fields.

How the equations generalise (everything else is ``ant_loop``'s reading, unchanged):

- Eq. 3: ``L_ij`` is the straight-line distance between the centres of ant i's and ant j's
  cells, in units of the grid's neighbour spacing (1 on square and hex grids), times the size
  rule's unit (``max(1, crossing / 55)``, ``grid_swarm.crossing``).
- Eq. 5: ``x_i <- x_i + sign(x_ind - x_i)`` moves an ant one field towards its target along one
  axis. On a grid the ant steps through one side of its cell, to the neighbour whose centre is
  nearest the target's (ties at random). On the square grid that is the step along the axis
  of the larger distance, exactly ``ant_loop``'s; on other grids it is the first step of a
  straight-as-possible road, so trails stay roads the queen can walk (she too moves through
  sides: eq. 12).
- Eq. 4's ``tau(x_i, x_j)`` is the pheromone on that first cell of the road to ant j.
- Eq. 1, the size rules (rho per crossing, lazy evaporation), Algorithm 3's alleys (r random
  cells opened per trip), the nest and food (the door cells) and the queen's standard carry
  over with cells for fields; the outline is the frame (wall but for the doors).
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.ant_loop import PAPER_SPAN, LazyPheromone, follow, pull
from swarmtui.mazes.ants import AntParams
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import Door, GridMaze
from swarmtui.mazes.grid_paths import steps_apart
from swarmtui.mazes.grid_swarm import (
    GridPassages,
    bitmap_maze,
    check_swarm_grid,
    crossing,
    queen_verdict,
    spacing,
)
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.swarm import SWARM_MAX_FIELDS, sized


class GridAntLoop(LazyPheromone):
    """The colony and its pheromone on a grid's cells, advanced one loop at a time."""

    def __init__(self, grid: Grid, params: AntParams, rng: np.random.Generator, doors: tuple[Door, Door]) -> None:
        self.grid, self.params, self.rng = grid, params, rng
        self.doors = doors
        steps = crossing(grid)
        self.keep = (1.0 - params.rho) ** (1.0 / steps)
        self.unit = max(1.0, steps / PAPER_SPAN)
        self.threshold = 1.0 - params.kappa
        self.centres = grid.centres() / spacing(grid)
        self.ways = np.where(grid.nbr >= 0, grid.nbr, -1)
        self.tau0 = np.full(grid.cells, params.zeta)
        self.t0 = np.zeros(grid.cells, dtype=np.int64)
        self.now = 0
        self.homes = np.array([doors[0][0], doors[1][0]], dtype=np.int64)
        self.alleys = np.zeros(0, dtype=np.int64)
        self.pos = self.homes[:0]
        self.passages = GridPassages(grid)
        self.trips = 0

    def tau(self) -> np.ndarray:
        return self.tau_flat()

    def walls(self) -> np.ndarray:
        """Eq. 11 and Algorithm 3: wall cells (the trip's alleys and the door cells open)."""
        walls = self.tau() <= self.threshold
        walls[self.alleys] = False
        walls[self.homes] = False
        return walls

    def leave_home(self) -> None:
        """A new trip: ants on random cells (0 and 1 at the nest and the food), new alleys."""
        p, rng = self.params, self.rng
        self.pos = rng.integers(self.grid.cells, size=p.n)
        self.pos[:min(2, p.n)] = self.homes[:min(2, p.n)]
        count = min(p.r, self.grid.cells)
        self.alleys = rng.choice(self.grid.cells, size=count, replace=False) if count else self.alleys[:0]
        self.trips += 1
        self.passages = GridPassages.of(self.grid, self.walls())
        self.deposit(self.pos, np.ones(p.n))

    def deposit(self, cells: np.ndarray, amount: np.ndarray) -> None:
        """Eq. 1's deposits; cells that open join the passages."""
        for cell in self.add_deposits(cells, amount).tolist():
            self.passages.open(cell)

    def step(self) -> bool:
        """One loop of Algorithm 1; False when the swarm has gathered on one cell."""
        p = self.params
        self.now += 1
        here, ant_cell, count = np.unique(self.pos, return_inverse=True, return_counts=True)
        if here.size == 1:
            return False
        k = here.size
        groups = np.arange(k)
        xy = self.centres[here]
        length, road, inverse, gamma = pull(xy[None, :, :] - xy[:, None, :], count, self.unit)
        ways = self.ways[here]  # (k, sides)
        near = self.centres[np.maximum(ways, 0)]  # (k, sides, 2)
        gap = np.sqrt(((near[:, :, None, :] - xy[None, None, :, :]) ** 2).sum(axis=3))  # (k, sides, k)
        gap += self.rng.random(gap.shape) * 1e-9  # ties at random
        gap[ways < 0] = np.inf
        first = ways[groups[:, None], np.argmin(gap, axis=1)]  # (k, k): the cell eq. 5 steps onto
        weight = self.tau_at(first) ** p.alpha * inverse ** p.beta * count[None, :]  # eq. 4's numerator
        weight[~road] = 0.0
        target = self.follow(weight)
        step = first[groups, target]
        # two groups following each other that would come no nearer by both moving (they would
        # swap cells, or pass each other, for ever): the second stays
        mutual = (target[target] == groups) & (groups > target)
        both = np.hypot(*(self.centres[step] - self.centres[step[target]]).T)
        now = np.hypot(*(xy - xy[target]).T)
        swap = mutual & (both >= now - 1e-9)
        new = np.where(swap, here, step)
        moved = ~swap
        self.deposit(new[moved], (count * gamma)[moved])
        self.pos = new[ant_cell]
        return True

    def follow(self, weight: np.ndarray) -> np.ndarray:
        return follow(weight, self.params.choice, self.rng)


def build_grid_ants(grid: Grid, rng: np.random.Generator, params: AntParams | None = None,
                    seed: int | None = None, on_frame: FrameSink | None = None) -> GridMaze:
    """An AACA maze on ``grid`` (Algorithm 1, with Algorithms 3 and 4), facing doors."""
    check_swarm_grid("ant", grid, SWARM_MAX_FIELDS)
    params = params or AntParams()
    if params.loop != "step":
        raise MazeError("on a grid the ants loop one step at a time (loop=step); loop=trip is the square "
                        "maze's earlier reading")
    steps = crossing(grid)
    chosen = sized(params, grid.cells, 1)  # the size rules count fields: here cells
    doors = grid.doors(facing=True)
    straight = steps_apart(grid, doors[0][0], doors[1][0]) + 1
    colony = GridAntLoop(grid, chosen, rng, doors)
    entrance, exit_ = doors[0][0], doors[1][0]
    budget = chosen.max_iterations or 200 * steps
    colony.leave_home()
    for loop in range(1, budget + 1):
        if not colony.step():
            colony.leave_home()
            colony.step()
        if on_frame is not None:
            on_frame(MazeFrame("ant", "move", loop, colony.pos.astype(float), 1.0 - colony.tau(), None, grid=grid))
        if not colony.passages.joined(entrance, exit_):
            continue
        walls = colony.walls()
        through, passed, path = queen_verdict(grid, walls, doors, rng, chosen, straight)
        if on_frame is not None:
            field = 1.0 - colony.tau()
            agents = colony.pos.astype(float)
            on_frame(MazeFrame("ant", "field", loop, agents, field, walls.copy(), grid=grid))
            on_frame(MazeFrame("ant", "queen", loop, agents, field, walls.copy(), tuple(path), passed, grid=grid))
        if passed:
            maze = bitmap_maze(grid, walls, doors, "ant", seed,
                               {"iterations": loop, "trips": colony.trips, "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame("ant", "done", loop, colony.pos.astype(float), 1.0 - colony.tau(),
                                   walls.copy(), tuple(path), True, grid=grid))
            return maze
        if not through:
            colony.passages = GridPassages.of(grid, walls)
    raise MazeError(f"ant: the queen found no passage in {budget} loops (raise max_iterations, r or lower rho)")
