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

On a maze of any grid (``GridMaze``) the same figures are counted on its cells and passages
(``measure_grid``): the doors count as ways out of their cells; the solution's length is in
cells, its tortuosity over the steps between the door cells on the whole grid, plus one;
wall density is the share of wall cells when the maze has them (the swarm builders'), else the
share of the sides between cells that are walls; straightness needs sides across a cell from
one another (none on a triangle: 0).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.grid_maze import GridMaze
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
    difficulty: float | None = None
    """``decisions / sqrt(places)`` (``mazes.difficulty``): places are cells (a lattice maze's
    cells, a swarm maze's open fields)."""
    unit: str = "fields"
    """What ``fields`` and the solution count: ``fields`` (the square field maze) or ``cells``."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.unit == "fields":
            del data["unit"]  # (the square maze's files stay as they were)
        return data

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("size", self.size),
            ("solvable", "yes" if self.solvable else "no"),
            ("solution length", "-" if self.solution_length is None else f"{self.solution_length} {self.unit}"),
            ("perfect", "yes" if self.perfect else "no"),
            ("loops", str(self.loops)),
            ("tortuosity", "-" if self.tortuosity is None else f"{self.tortuosity:.2f}"),
            ("decisions", "-" if self.decisions is None else str(self.decisions)),
            ("difficulty", "-" if self.difficulty is None else f"{self.difficulty:.2f}"),
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


def measure(maze: Maze | GridMaze, path: list | None = None) -> MazeMetrics:
    """All metrics of ``maze`` (pass ``path`` if the shortest path is known already)."""
    if isinstance(maze, GridMaze):
        return measure_grid(maze, path)
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
    places = ((maze.height - 1) // 2) * ((maze.width - 1) // 2) if is_lattice(walls) else nodes - 2
    return MazeMetrics(
        size=maze.size, fields=int(walls.size), open_fields=nodes,
        wall_density=float(walls.mean()), regions=region_count,
        connected_share=reachable / nodes if nodes else 0.0, loops=loops,
        perfect=loops == 0 and region_count == 1, dead_ends=int(ends.sum()),
        solvable=path is not None, solution_length=None if path is None else len(path),
        tortuosity=tortuosity, dead_end_ratio=dead_end_ratio, river=river, straightness=straightness,
        decisions=decisions, difficulty=None if decisions is None else round(decisions / max(places, 1) ** 0.5, 3),
    )


def open_sides(maze: GridMaze) -> np.ndarray:
    """``(cells, sides)``: which sides of each cell lead somewhere (a passage, a tunnel or a door)."""
    ways = maze.links >= 0
    ways[maze.entrance] = ways[maze.exit] = True
    return ways


def grid_texture(maze: GridMaze, ways: np.ndarray) -> tuple[float, float, float]:
    """``(dead_end_ratio, river, straightness)`` of a grid maze's open cells."""
    count = ways.sum(axis=1)
    places = maze.open_cells
    total = int(places.sum())
    if not total:
        return 0.0, 0.0, 0.0
    corridor = np.flatnonzero(places & (count == 2))
    straight = 0
    for cell in corridor.tolist():
        first, second = np.flatnonzero(ways[cell]).tolist()
        straight += maze.grid.opposite(cell, first) == second
    return (float((places & (count == 1)).sum() / total), corridor.size / total,
            straight / corridor.size if corridor.size else 0.0)


def measure_grid(maze: GridMaze, path: list | None = None) -> MazeMetrics:
    """All metrics of a maze on any grid (see the module docstring for how each is counted)."""
    from swarmtui.mazes.grid_paths import regions, shortest_path_cells, steps_apart

    grid = maze.grid
    opened = maze.open_cells
    nodes = int(opened.sum())
    links = int((maze.links >= 0).sum()) // 2
    label = regions(maze)
    region_count = int(np.unique(label[label >= 0]).size)
    ways = open_sides(maze)
    count = ways.sum(axis=1)
    if path is None:
        path = shortest_path_cells(maze)
    reachable = int((label == label[maze.entrance[0]]).sum())
    if maze.walls is not None:
        wall_density = float(maze.walls.mean())
    else:
        between = opened[grid.edge_u] & opened[grid.edge_v]
        wall_density = float((between & ~maze.passages).sum() / max(int(between.sum()), 1))
    tortuosity = decisions = None
    if path is not None:
        tortuosity = len(path) / (steps_apart(grid, maze.entrance[0], maze.exit[0]) + 1)
        decisions = int((count[np.array(path)] >= 3).sum())
    dead_end_ratio, river, straightness = grid_texture(maze, ways)
    return MazeMetrics(
        size=maze.size, fields=grid.cells, open_fields=nodes, wall_density=wall_density,
        regions=region_count, connected_share=reachable / nodes if nodes else 0.0,
        loops=links - nodes + region_count, perfect=links - nodes + region_count == 0 and region_count == 1,
        dead_ends=int((opened & (count == 1)).sum()), solvable=path is not None,
        solution_length=None if path is None else len(path), tortuosity=tortuosity,
        dead_end_ratio=dead_end_ratio, river=river, straightness=straightness, decisions=decisions,
        difficulty=None if decisions is None else round(decisions / max(nodes, 1) ** 0.5, 3), unit="cells",
    )
