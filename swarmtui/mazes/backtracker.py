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

from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import JOINED, ROOT, PaddedCells

ORDERS = tuple(permutations(range(4)))


def backtracker_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` entered from ``u``)."""
    grid, joined = PaddedCells(rows, cols), array("i")
    grow(grid, rng, joined)
    return grid.tree_edges(joined)


def backtracker_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``backtracker_edges`` carves from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    grow(grid, rng, None)
    return grid.walls()


def grow(grid: PaddedCells, rng: np.random.Generator, joined: array | None) -> None:
    """Carve the tree into ``grid.state``; append each cell entered to ``joined`` if given."""
    state = grid.state
    back = [(step, JOINED + (d + 2) % 4) for d, step in enumerate(grid.steps)]  # step, and the code back
    offsets = [tuple(back[d] for d in order) for order in ORDERS]
    order_of = bytearray(rng.integers(len(ORDERS), size=len(state), dtype=np.uint8).tobytes())
    tried = bytearray(len(state))
    start = grid.random_cell(rng)
    state[start] = ROOT
    stack = [start]
    while stack:
        cell = stack[-1]
        k = tried[cell]
        if k == 4:
            stack.pop()
            continue
        tried[cell] = k + 1
        step, code = offsets[order_of[cell]][k]
        nxt = cell + step
        if not state[nxt]:
            state[nxt] = code
            if joined is not None:
                joined.append(nxt)
            stack.append(nxt)


def backtracker_tree(grid: Grid, rng: np.random.Generator, joined: array | None = None) -> np.ndarray:
    """The recursive backtracker on any grid: each cell's parent edge (-1 for the first cell).

    Each cell's sides come in a random order (``GraphCells.shuffled``) and are tried in turn,
    so stepping to "a random unvisited neighbour" is one table lookup; ``joined`` (if given)
    gets each cell in the order it joins."""
    table = GraphCells.shuffled(grid, rng)
    sides, state, nbr, parent = table.sides, table.state, table.nbr, table.parent
    tried = bytearray(table.cells)
    start = table.random_cell(rng)
    state[start] = IN_TREE
    stack = [start]
    while stack:
        cell = stack[-1]
        base = cell * sides
        k = tried[cell]
        while k < sides:
            nxt = nbr[base + k]
            k += 1
            if not state[nxt]:
                break
        else:
            stack.pop()
            continue
        tried[cell] = k
        state[nxt] = IN_TREE
        parent[nxt] = base + k - 1
        if joined is not None:
            joined.append(nxt)
        stack.append(nxt)
    return table.parent_edges()
