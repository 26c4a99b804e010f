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

from swarmtui.mazes.lattice import PaddedCells

MAX_FIELDS = 401 * 401
"""Aldous–Broder's size bound: 40,000 cells take a cover time of a few million walk steps."""

_BLOCK = 1 << 16


def aldous_broder_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` first entered from ``u``)."""
    grid = PaddedCells(rows, cols)
    visited = grid.blocked
    ring = bytes(visited)
    steps = grid.steps
    cell = grid.random_cell(rng)
    visited[cell] = 1
    left = rows * cols - 1
    us, vs = array("i"), array("i")
    dirs: list[int] = []
    block = min(_BLOCK, 16 * rows * cols + 64)  # small grids draw small blocks
    at = 0
    while left:
        if at == len(dirs):
            dirs = rng.integers(4, size=block).tolist()
            at = 0
        nxt = cell + steps[dirs[at]]
        at += 1
        if ring[nxt]:
            continue  # off the grid: draw again (a uniform choice among the real neighbours)
        if not visited[nxt]:
            visited[nxt] = 1
            us.append(cell)
            vs.append(nxt)
            left -= 1
        cell = nxt
    return grid.edges(us, vs)
