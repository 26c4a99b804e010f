"""Aldous–Broder: a uniformly random spanning tree from one random walk (Aldous 1990, Broder 1989).

Walk at random from a random cell; whenever the walk enters a cell it has never visited, carve
the passage it came through. When every cell has been visited, the first-entrance edges form a
spanning tree, and every spanning tree of the grid is equally likely (the theorem of Aldous and
Broder; ``tests/test_maze_classics.py`` checks it with a chi-square test over all 192 spanning
trees of a 3x3 grid). The price is the walk's cover time, about ``n (log n)^2`` steps for n
cells, so this builder has a lower size bound than the others (``MAX_FIELDS``).

mazelib's version (``AldousBroder.py``) picks the next cell among the *unvisited* neighbours
when there are any, which is not a simple random walk and loses the uniformity.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import JOINED, RING, ROOT, PaddedCells

MAX_FIELDS = 401 * 401
"""Aldous–Broder's size bound: 40,000 cells take a cover time of a few million walk steps."""

_BLOCK = 1 << 16


def aldous_broder_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` first entered from ``u``)."""
    grid, joined = PaddedCells(rows, cols), array("i")
    walk(grid, rng, joined)
    return grid.tree_edges(joined)


def aldous_broder_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``aldous_broder_edges`` from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    walk(grid, rng, None)
    return grid.walls()


def walk(grid: PaddedCells, rng: np.random.Generator, joined: array | None) -> None:
    """The walk, marking each cell's first entrance in ``grid.state``; each cell entered is
    appended to ``joined`` if given."""
    state = grid.state
    steps = grid.steps
    back = [JOINED + (d + 2) % 4 for d in range(4)]
    cell = grid.random_cell(rng)
    state[cell] = ROOT
    left = grid.rows * grid.cols - 1
    block = min(_BLOCK, 16 * grid.rows * grid.cols + 64)  # small grids draw small blocks
    while left:
        for d in rng.integers(4, size=block).astype(np.uint8).tobytes():
            nxt = cell + steps[d]
            code = state[nxt]
            if code == RING:
                continue  # off the grid: draw again (a uniform choice among the real neighbours)
            if not code:
                state[nxt] = back[d]
                if joined is not None:
                    joined.append(nxt)
                left -= 1
                if not left:
                    break
            cell = nxt


def aldous_broder_tree(grid: Grid, rng: np.random.Generator, joined: array | None = None) -> np.ndarray:
    """Aldous-Broder on any grid: each cell's parent edge (-1 for the first). A draw that
    leads off the grid or to a side the cell lacks is drawn again (a uniform step to a real
    neighbour: the simple random walk the theorem needs)."""
    table = GraphCells(grid)
    sides, state, nbr, parent, sentinel = table.sides, table.state, table.nbr, table.parent, table.sentinel
    cell = table.random_cell(rng)
    state[cell] = IN_TREE
    left = table.cells - 1
    block = min(_BLOCK, 16 * table.cells + 64)
    while left:
        for d in rng.integers(sides, size=block).astype(np.uint8).tobytes():
            i = cell * sides + d
            nxt = nbr[i]
            if nxt == sentinel:
                continue
            if not state[nxt]:
                state[nxt] = IN_TREE
                parent[nxt] = i
                if joined is not None:
                    joined.append(nxt)
                left -= 1
                if not left:
                    break
            cell = nxt
    return table.parent_edges()
