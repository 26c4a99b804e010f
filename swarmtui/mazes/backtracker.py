"""Recursive backtracker (randomised depth-first search), iterative: a perfect maze with long corridors.

From a random cell, walk to a random unvisited neighbour, carving the wall between; when a cell
has none left, step back. Each cell draws one of the 24 orders of the four directions up front
(one NumPy call) and tries them in that order: the first unvisited neighbour in a uniformly
random order is a uniform choice among the unvisited ones, now and after every backtrack, so
this is the textbook algorithm without a random call per step. Cells live on a padded grid
(``lattice.PaddedCells``): no bounds tests, one byte per cell.
"""

from __future__ import annotations

from array import array
from itertools import permutations

import numpy as np

from swarmtui.mazes.lattice import PaddedCells

ORDERS = tuple(permutations(range(4)))


def backtracker_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    grid = PaddedCells(rows, cols)
    visited = grid.blocked
    offsets = [tuple(grid.steps[d] for d in order) for order in ORDERS]
    order_of = bytearray(rng.integers(len(ORDERS), size=len(visited), dtype=np.uint8).tobytes())
    tried = bytearray(len(visited))
    start = grid.random_cell(rng)
    visited[start] = 1
    stack = [start]
    us, vs = array("i"), array("i")
    while stack:
        cell = stack[-1]
        k = tried[cell]
        if k == 4:
            stack.pop()
            continue
        tried[cell] = k + 1
        nxt = cell + offsets[order_of[cell]][k]
        if not visited[nxt]:
            visited[nxt] = 1
            us.append(cell)
            vs.append(nxt)
            stack.append(nxt)
    return grid.edges(us, vs)
