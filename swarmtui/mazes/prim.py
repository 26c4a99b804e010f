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

from swarmtui.mazes.lattice import PaddedCells


RING_TO_3 = bytes([0, 3]) + bytes(254)
_BLOCK = 1 << 16


def prim_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` the cell joined to the maze)."""
    n = rows * cols
    grid = PaddedCells(rows, cols)
    steps = grid.steps
    block = min(n, _BLOCK)
    state = bytearray(grid.blocked.translate(RING_TO_3))  # 0 outside, 1 frontier, 2 in the maze, 3 the ring
    start = grid.random_cell(rng)
    state[start] = 2
    frontier = []
    for step in steps:
        nb = start + step
        if state[nb] == 0:
            state[nb] = 1
            frontier.append(nb)
    us, vs = array("i"), array("i")
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
        for step in steps:
            nb = cell + step
            mark = state[nb]
            if mark == 2:
                inside.append(nb)
            elif mark == 0:
                state[nb] = 1
                frontier.append(nb)
        state[cell] = 2
        us.append(inside[int(sides[at] * len(inside))])
        vs.append(cell)
        at += 1
    return grid.edges(us, vs)
