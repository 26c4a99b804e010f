"""Randomised Prim (the frontier-cell version): a perfect maze with many short dead ends.

The maze grows from one random cell. The frontier holds the cells next to the maze; each step
takes a uniformly random frontier cell, joins it to a uniformly random neighbour already in the
maze and adds its new neighbours to the frontier (Buck, *Mazes for Programmers*, ch. 11's
"simplified" Prim). With random edge weights instead, "true" Prim builds the minimum spanning
tree, which is exactly what ``kruskal`` builds, so this is the version that differs.
Random numbers are drawn from NumPy in blocks; the frontier is a list with swap-removal.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import FREE, JOINED, ROOT, PaddedCells

FRONTIER = JOINED + 4
"""``PaddedCells.state`` code of a frontier cell (next to the maze, not in it yet)."""
_BLOCK = 1 << 16


def prim_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` the cell joined to the maze)."""
    grid, joined = PaddedCells(rows, cols), array("i")
    grow(grid, rng, joined)
    return grid.tree_edges(joined)


def prim_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``prim_edges`` from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    grow(grid, rng, None)
    return grid.walls()


def grow(grid: PaddedCells, rng: np.random.Generator, joined: array | None) -> None:
    """Grow the tree into ``grid.state``; append each cell joined to ``joined`` if given."""
    steps = grid.steps
    block = min(grid.rows * grid.cols, _BLOCK)
    state = grid.state
    start = grid.random_cell(rng)
    state[start] = ROOT
    frontier = []
    for step in steps:
        nb = start + step
        if state[nb] == FREE:
            state[nb] = FRONTIER
            frontier.append(nb)
    at = 0
    picks: list[float] = []
    sides: list[float] = []
    while frontier:
        if at == len(picks):  # draws in blocks: a million floats in a list would be 32 MB
            picks = rng.random(block).tolist()
            sides = rng.random(block).tolist()
            at = 0
        i = int(picks[at] * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        inside = []
        for d, step in enumerate(steps):
            nb = cell + step
            mark = state[nb]
            if mark == FREE:
                state[nb] = FRONTIER
                frontier.append(nb)
            elif mark >= ROOT and mark != FRONTIER:
                inside.append(d)
        state[cell] = JOINED + inside[int(sides[at] * len(inside))]
        if joined is not None:
            joined.append(cell)
        at += 1


def prim_tree(grid: Grid, rng: np.random.Generator, joined: array | None = None) -> np.ndarray:
    """Randomised Prim on any grid: each cell's parent edge (-1 for the first cell); the same
    steps as ``grow`` (a uniformly random frontier cell, joined to a uniformly random neighbour
    in the maze) on the grid's tables."""
    table = GraphCells(grid)
    sides, state, nbr, parent = table.sides, table.state, table.nbr, table.parent
    front = IN_TREE + 1
    block = min(table.cells, _BLOCK)
    start = table.random_cell(rng)
    state[start] = IN_TREE
    frontier = []
    for k in range(sides):
        nb = nbr[start * sides + k]
        if state[nb] == FREE:
            state[nb] = front
            frontier.append(nb)
    at = 0
    picks: list[float] = []
    ways: list[float] = []
    while frontier:
        if at == len(picks):
            picks = rng.random(block).tolist()
            ways = rng.random(block).tolist()
            at = 0
        i = int(picks[at] * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        base = cell * sides
        inside = []
        for k in range(sides):
            nb = nbr[base + k]
            mark = state[nb]
            if mark == FREE:
                state[nb] = front
                frontier.append(nb)
            elif mark == IN_TREE:
                inside.append(base + k)
        state[cell] = IN_TREE
        parent[cell] = inside[int(ways[at] * len(inside))]
        if joined is not None:
            joined.append(cell)
        at += 1
    return table.parent_edges()
