"""Metrics of any maze, whatever built it: solvable, connectivity, loops, dead ends, solution, density.

All on the graph of open fields with horizontal and vertical moves (as the queen walks, eq. 12):
- ``loops`` = edges - nodes + regions, the cycle rank of that graph: the number of independent
  loops; 0 means every region is a tree.
- ``perfect``: one region and no loop, i.e. exactly one path between any two open fields.
- ``dead_ends``: open fields with exactly one open neighbour (the doors are not counted).
- ``solution_length``: fields on a shortest entrance-to-exit path, doors included (None when
  there is none); ``tortuosity`` is that length over the doors' Manhattan distance + 1 (1.0
  is a straight corridor, a maze is more).
- Texture (Pullen, *Think Labyrinth: Maze Algorithms*; Buck, *Mazes for Programmers*, ch. 2-13),
  counted on the lattice's cells for a lattice maze (the passage fields between cells are
  always straight corridor and would swamp the figures) and on the open fields otherwise:
  ``dead_end_ratio`` (one way out), ``river`` (exactly two ways out: the share in plain
  corridors; Pullen's "river" texture: long flowing passages, few junctions) and
  ``straightness`` (of those corridor places, the share where the corridor runs straight on).
- ``decisions``: the junctions (three or four ways out) on the solution path, the choices a
  walker meets on the way: our difficulty estimate (0 for a corridor, more is harder).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.lattice import is_lattice
from swarmtui.mazes.solve import regions, shortest_path


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
    tortuosity: float | None = None
    dead_end_ratio: float = 0.0
    river: float = 0.0
    straightness: float = 0.0
    decisions: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("size", self.size),
            ("solvable", "yes" if self.solvable else "no"),
            ("solution length", "-" if self.solution_length is None else f"{self.solution_length} fields"),
            ("perfect", "yes" if self.perfect else "no"),
            ("loops", str(self.loops)),
            ("tortuosity", "-" if self.tortuosity is None else f"{self.tortuosity:.2f}"),
            ("decisions", "-" if self.decisions is None else str(self.decisions)),
            ("dead ends", f"{self.dead_ends} ({100 * self.dead_end_ratio:.1f}%)"),
            ("river", f"{100 * self.river:.1f}%"),
            ("straightness", f"{100 * self.straightness:.1f}%"),
            ("open regions", str(self.regions)),
            ("reachable", f"{100 * self.connected_share:.1f}%"),
            ("wall density", f"{100 * self.wall_density:.1f}%"),
        ]


def open_neighbours(walls: np.ndarray) -> np.ndarray:
    """For each field, how many of its four neighbours are open."""
    free = np.pad(~walls, 1, constant_values=False).astype(np.int8)
    return free[:-2, 1:-1] + free[2:, 1:-1] + free[1:-1, :-2] + free[1:-1, 2:]


def texture(walls: np.ndarray) -> tuple[float, float, float]:
    """``(dead_end_ratio, river, straightness)`` of a wall grid (see the module docstring)."""
    free = np.pad(~walls, 1, constant_values=False)
    north, south = free[:-2, 1:-1], free[2:, 1:-1]
    west, east = free[1:-1, :-2], free[1:-1, 2:]
    ways = north.astype(np.int8) + south + west + east
    places = ~walls
    if is_lattice(walls):
        places = np.zeros_like(walls)
        places[1::2, 1::2] = True
        places[[0, -1], :] = places[:, [0, -1]] = False  # (a lattice's cells are all inside)
    count = int(places.sum())
    if not count:
        return 0.0, 0.0, 0.0
    corridor = places & (ways == 2)
    straight = corridor & ((north & south) | (east & west))
    corridors = int(corridor.sum())
    return (float((places & (ways == 1)).sum() / count), corridors / count,
            float(straight.sum() / corridors) if corridors else 0.0)


def measure(maze: Maze, path: list | None = None) -> MazeMetrics:
    """All metrics of ``maze`` (pass ``path`` if the shortest path is known already)."""
    walls = maze.walls
    free = ~walls
    nodes = int(free.sum())
    edges = int(np.count_nonzero(free[:, :-1] & free[:, 1:]) + np.count_nonzero(free[:-1] & free[1:]))
    label = regions(walls)
    region_count = int(np.count_nonzero(np.bincount(label[label >= 0]))) if nodes else 0
    loops = edges - nodes + region_count
    ends = (open_neighbours(walls) == 1) & free
    ends[maze.entrance] = ends[maze.exit] = False
    if path is None:
        path = shortest_path(walls, maze.entrance, maze.exit)
    entrance_label = label[maze.entrance[0] * maze.width + maze.entrance[1]]
    reachable = int((label == entrance_label).sum())
    dead_end_ratio, river, straightness = texture(walls)
    tortuosity = decisions = None
    if path is not None:
        span = abs(maze.entrance[0] - maze.exit[0]) + abs(maze.entrance[1] - maze.exit[1]) + 1
        tortuosity = len(path) / span
        ways = open_neighbours(walls)
        rows, cols = np.array(path).T
        decisions = int((ways[rows, cols] >= 3).sum())
    return MazeMetrics(
        size=maze.size, fields=int(walls.size), open_fields=nodes,
        wall_density=float(walls.mean()), regions=region_count,
        connected_share=reachable / nodes if nodes else 0.0, loops=loops,
        perfect=loops == 0 and region_count == 1, dead_ends=int(ends.sum()),
        solvable=path is not None, solution_length=None if path is None else len(path),
        tortuosity=tortuosity, dead_end_ratio=dead_end_ratio, river=river, straightness=straightness,
        decisions=decisions,
    )
