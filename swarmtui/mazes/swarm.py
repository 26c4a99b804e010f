"""The loop both swarm builders share: iterate the colony until the queen gets through.

Algorithms 1 and 2 (lines 4/5: "while the queen does not pass the entire maze"), with the
adaptation of section II-C: after each iteration the colony's field is thresholded (eq. 11)
into the bitmap of Algorithm 3 (with the r random alleys), and the queen (Algorithm 4) walks
it. When she gets from one door to the other, that bitmap is the maze. The field holds *wall
values* in [0, 1] (1 is solid): the ants' is ``1 - pheromone`` (their trails are the roads), the
bees' is the meadow itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np

from swarmtui.core.params import ParamError, check_range
from swarmtui.mazes.bitmap import bitmap
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, MazeError
from swarmtui.mazes.queen import queen_check

SWARM_MAX_FIELDS = 250_000
"""The swarm builders' size bound (500x500 fields): beyond it a build takes minutes."""


@dataclass(frozen=True)
class SwarmParams:
    """Constants both swarm builders share (sections II-C and II-D)."""

    n: int = field(default=30, metadata={"help": "workers in the swarm (III: 30 for 40x15, 200 for 100x100)"})
    r: int = field(default=20, metadata={"help": "random alleys: walls removed per bitmap (Alg. 3; III: 20, 120)"})
    kappa: float = field(default=0.5, metadata={"help": "kappa: wall where the value >= kappa (eq. 11; not given)"})
    queen: Literal["backtrack", "walk"] = field(
        default="backtrack",
        metadata={"help": "backtrack: her walk steps back when stuck (finds any passage); walk: Alg. 4 literally"})
    queen_walks: int = field(default=1, metadata={"help": "queen's walks from each door per iteration (Alg. 4: 1)"})
    max_iterations: int = field(default=5000, metadata={"help": "give up after this many iterations"})

    def __post_init__(self) -> None:
        check_range("n", self.n, 2, 10_000)
        check_range("r", self.r, 0, 10_000_000)
        check_range("kappa", self.kappa, 0.0, 1.0)
        check_range("queen_walks", self.queen_walks, 1, 1000)
        check_range("max_iterations", self.max_iterations, 1, 10_000_000)
        if self.queen not in ("backtrack", "walk"):
            raise ParamError(f"queen must be backtrack or walk; got {self.queen!r}")


class Colony(Protocol):
    """A swarm at work on a field of wall values."""

    def iterate(self, iteration: int, emit: FrameSink | None) -> None: ...

    def wall_field(self) -> np.ndarray: ...

    def positions(self) -> np.ndarray: ...


def mouth(door: Cell, height: int, width: int) -> Cell:
    """The inside field next to a border door."""
    row, col = door
    return (min(max(row, 1), height - 2), min(max(col, 1), width - 2))


def run_swarm(algo: str, colony: Colony, params: SwarmParams, rng: np.random.Generator,
              doors: tuple[Cell, Cell], seed: int | None, on_frame: FrameSink | None) -> Maze:
    """Iterate ``colony`` until the queen passes; the maze is the bitmap she passed."""
    for iteration in range(1, params.max_iterations + 1):
        colony.iterate(iteration, on_frame)
        field_ = colony.wall_field()
        walls = bitmap(field_, params.kappa, params.r, rng, doors)
        passed, path = queen_check(walls, doors, rng, params.queen_walks, params.queen == "backtrack")
        if on_frame is not None:
            agents = colony.positions().astype(float)
            on_frame(MazeFrame(algo, "field", iteration, agents, field_.copy(), walls.copy()))
            on_frame(MazeFrame(algo, "queen", iteration, agents, field_.copy(), walls.copy(),
                               tuple(path), passed))
        if passed:
            maze = Maze(walls, doors[0], doors[1], algo=algo, seed=seed,
                        info={"iterations": iteration, "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame(algo, "done", iteration, colony.positions().astype(float),
                                   field_.copy(), walls.copy(), tuple(path), True))
            return maze
    raise MazeError(
        f"{algo}: the queen found no passage in {params.max_iterations} iterations "
        "(raise max_iterations or r)"
    )
