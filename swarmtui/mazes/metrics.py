"""Metrics of any maze, whatever built it: solvable, connectivity, loops, dead ends, solution, density.

All on the graph of open fields with horizontal and vertical moves (as the queen walks, eq. 12):
- ``loops`` = edges - nodes + regions, the cycle rank of that graph: the number of independent
  loops; 0 means every region is a tree.
- ``perfect``: one region and no loop, i.e. exactly one path between any two open fields.
- ``dead_ends``: open fields with exactly one open neighbour (the doors are not counted).
- ``solution_length``: fields on a shortest entrance-to-exit path, doors included (None when
  there is none).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.solve import open_edges, regions, shortest_path


@dataclass(frozen=True)
class MazeMetrics:
    """What ``measure`` finds; ``rows()`` gives it as labelled text for tables.

    ``connected_share`` ("reachable"): the share of open fields in the entrance's region.
    """

    size: str
    fields: int
    open_fields: int
    wall_density: float
    regions: int
    connected_share: float
    loops: int
    perfect: bool
    dead_ends: int
    solvable: bool
    solution_length: int | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("size", self.size),
            ("solvable", "yes" if self.solvable else "no"),
            ("solution length", "-" if self.solution_length is None else f"{self.solution_length} fields"),
            ("perfect", "yes" if self.perfect else "no"),
            ("loops", str(self.loops)),
            ("dead ends", str(self.dead_ends)),
            ("open regions", str(self.regions)),
            ("reachable", f"{100 * self.connected_share:.1f}%"),
            ("wall density", f"{100 * self.wall_density:.1f}%"),
        ]


def open_neighbours(walls: np.ndarray) -> np.ndarray:
    """For each field, how many of its four neighbours are open."""
    free = np.pad(~walls, 1, constant_values=False).astype(np.int8)
    return free[:-2, 1:-1] + free[2:, 1:-1] + free[1:-1, :-2] + free[1:-1, 2:]


def measure(maze: Maze, path: list | None = None) -> MazeMetrics:
    """All metrics of ``maze`` (pass ``path`` if the shortest path is known already)."""
    walls = maze.walls
    free = ~walls
    nodes = int(free.sum())
    u, _ = open_edges(walls)
    label = regions(walls)
    region_count = int(np.unique(label[label >= 0]).size)
    loops = int(u.size - nodes + region_count)
    ends = (open_neighbours(walls) == 1) & free
    ends[maze.entrance] = ends[maze.exit] = False
    if path is None:
        path = shortest_path(walls, maze.entrance, maze.exit)
    entrance_label = label[maze.entrance[0] * maze.width + maze.entrance[1]]
    reachable = int((label == entrance_label).sum())
    return MazeMetrics(
        size=maze.size, fields=int(walls.size), open_fields=nodes,
        wall_density=float(walls.mean()), regions=region_count,
        connected_share=reachable / nodes if nodes else 0.0, loops=loops,
        perfect=loops == 0 and region_count == 1, dead_ends=int(ends.sum()),
        solvable=path is not None, solution_length=None if path is None else len(path),
    )
