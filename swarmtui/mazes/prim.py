"""Randomised Prim (the frontier-cell version): a perfect maze with many short dead ends.

The maze grows from one random cell. The frontier holds the cells next to the maze; each step
takes a uniformly random frontier cell, joins it to a uniformly random neighbour already in the
maze and adds its new neighbours to the frontier (Buck, *Mazes for Programmers*, ch. 11's
"simplified" Prim). With random edge weights instead, "true" Prim builds the minimum spanning
tree, which is exactly what ``kruskal`` builds, so this is the version that differs.
Random numbers are drawn in one NumPy call; the frontier is a list with swap-removal.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.lattice import neighbour_table


def prim_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """The tree's edges ``(u, v)`` in carving order (``v`` the cell joined to the maze)."""
    n = rows * cols
    table = neighbour_table(rows, cols)
    picks = rng.random(n).tolist()
    sides = rng.random(n).tolist()
    state = bytearray(n)  # 0 outside, 1 frontier, 2 in the maze
    start = int(rng.integers(n))
    state[start] = 2
    frontier = []
    for d in range(4):
        nb = table[4 * start + d]
        if nb >= 0:
            state[nb] = 1
            frontier.append(nb)
    us: list[int] = []
    vs: list[int] = []
    step = 0
    while frontier:
        i = int(picks[step] * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        inside = []
        base = 4 * cell
        for d in range(4):
            nb = table[base + d]
            if nb >= 0:
                mark = state[nb]
                if mark == 2:
                    inside.append(nb)
                elif mark == 0:
                    state[nb] = 1
                    frontier.append(nb)
        state[cell] = 2
        us.append(inside[int(sides[step] * len(inside))])
        vs.append(cell)
        step += 1
    return us, vs
