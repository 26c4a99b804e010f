"""What the ant and bee builders share on any grid (issue 32): the bitmap of wall cells
(eq. 11 and Algorithm 3), the queen's walk (Algorithm 4) and her standard, and the union-find
that answers "no passage yet" for free.

On a grid the paper's *field* is a cell: a cell is wall or open, two open cells that share a
side are joined, and the outline is wall except the two doors (there is no frame of wall
cells: the outline's sides are the frame). Lengths are straight-line distances between cell
centres in units of the grid's neighbour spacing; a grid's *crossing* (the size rules' unit of
time) is the steps across its extent, width plus height.
"""

from __future__ import annotations

import math

import numpy as np

from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import Door, GridMaze
from swarmtui.mazes.grid_paths import breadth_first, walk_back
from swarmtui.mazes.grids import GRIDS
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.queen import walk_links
from swarmtui.mazes.swarm import SwarmParams, UnionFind

MIN_CELLS = 11 * 7
"""The smallest grid a swarm builds on: as many cells as the square swarm maze's smallest, 13x9
fields, has inside its frame (a grid's outline is its frame: every cell is inside)."""


def check_swarm_grid(algo: str, grid: Grid, max_cells: int) -> None:
    if grid.cells < MIN_CELLS:
        raise MazeError(f"{'an' if algo[0] in 'aeiou' else 'a'} {algo} maze needs at least {MIN_CELLS} cells "
                        f"(the inside of 13x9 fields); this grid has {grid.cells}")
    if grid.cells > max_cells:
        raise MazeError(f"{algo} builds up to {max_cells:,} cells; this grid has {grid.cells:,}")


def spacing(grid: Grid) -> float:
    """The mean distance between neighbouring cells' centres (1 on square and hex grids)."""
    centres = grid.centres()
    if not grid.edges:
        return 1.0
    return float(np.hypot(*(centres[grid.edge_u] - centres[grid.edge_v]).T).mean())


def crossing(grid: Grid) -> int:
    """Steps across the grid's extent, width plus height (the square field maze's width + height)."""
    x0, y0, x1, y1 = GRIDS[grid.kind].extent(grid.size)
    return max(2, math.ceil((x1 - x0 + y1 - y0) / spacing(grid)))


def bitmap_links(grid: Grid, walls: np.ndarray) -> np.ndarray:
    """``(cells, sides)``: the open neighbour through each side of an open cell, -1 elsewhere."""
    nbr = grid.nbr
    ok = (nbr >= 0) & ~walls[:, None] & ~walls[np.maximum(nbr, 0)]
    return np.where(ok, nbr, -1)


def bitmap_maze(grid: Grid, walls: np.ndarray, doors: tuple[Door, Door], algo: str, seed: int | None,
                info: dict) -> GridMaze:
    """The maze of a wall bitmap: every side between two open cells a passage."""
    passages = ~walls[grid.edge_u] & ~walls[grid.edge_v]
    return GridMaze(grid, passages, doors[0], doors[1], walls=walls.copy(), algo=algo, seed=seed, info=info)


def is_a_maze(grid: Grid, walls: np.ndarray, links: np.ndarray, doors: tuple[Door, Door], path_length: int,
              straight: int, min_wall_density: float) -> bool:
    """The queen's standard on a grid: enough wall cells, a dead end (an open cell with one way
    out, the doors counting as ways), and a solution longer than the straight line."""
    if path_length <= straight or walls.mean() < min_wall_density:
        return False
    ways = (links >= 0).sum(axis=1)
    for cell, _side in doors:
        ways[cell] += 1
    return bool((~walls & (ways == 1)).any())


def queen_verdict(grid: Grid, walls: np.ndarray, doors: tuple[Door, Door], rng: np.random.Generator,
                  params: SwarmParams, straight: int) -> tuple[bool, bool, list[int]]:
    """The queen's look after an iteration (Algorithm 4 from each door, ``queen_walks`` times,
    then her standard): ``(through, passed, her walk)`` as ``swarm.queen_verdict``; ``straight``
    is the straight line between the doors in cells."""
    links = bitmap_links(grid, walls)
    start, goal = doors[0][0], doors[1][0]
    through, path = False, [start]
    for _ in range(params.queen_walks):
        for a, b in ((start, goal), (goal, start)):
            through, path = walk_links(links, a, b, rng, params.queen == "backtrack")
            if through:
                break
        if through:
            break
    passed = through
    if through and params.standard:
        parent, _ = breadth_first(links, start, goal)
        shortest = walk_back(parent, start, goal)
        passed = shortest is not None and is_a_maze(grid, walls, links, doors, len(shortest), straight,
                                                    params.min_wall_density)
    return through, passed, path


class GridPassages(UnionFind):
    """Union-find over open cells: which are joined (the builders add cells as they open)."""

    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.nbr = grid.nbr

    @classmethod
    def of(cls, grid: Grid, walls: np.ndarray) -> GridPassages:
        passages = cls(grid)
        for cell in np.flatnonzero(~walls).tolist():
            passages.open(cell)
        return passages

    def open(self, cell: int) -> None:
        if cell not in self.parent:
            self.add(cell, (n for n in self.nbr[cell].tolist() if n >= 0))


def bitmap_regions(grid: Grid, walls: np.ndarray) -> np.ndarray:
    """Region label of every cell of a wall bitmap (-1 on walls)."""
    from swarmtui.mazes.solve import union_labels

    both = ~walls[grid.edge_u] & ~walls[grid.edge_v]
    label = union_labels(grid.edge_u[both], grid.edge_v[both], grid.cells).astype(np.int64)
    label[walls] = -1
    return label
