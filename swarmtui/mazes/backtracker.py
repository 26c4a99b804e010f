"""Recursive backtracker (randomised depth-first search), iterative: a perfect maze with long corridors.

From a random cell, walk to a random unvisited neighbour, carving the wall between; when a cell
has none left, step back. Each cell draws one of the 24 orders of the four directions up front
(one NumPy call) and tries them in that order: the first unvisited neighbour in a uniformly
random order is a uniform choice among the unvisited ones, now and after every backtrack, so
this is the textbook algorithm without a random call per step.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from swarmtui.mazes.lattice import neighbour_table

ORDERS = tuple(permutations(range(4)))


def backtracker_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """The tree's edges ``(u, v)`` in carving order."""
    n = rows * cols
    table = neighbour_table(rows, cols)
    order_of = rng.integers(len(ORDERS), size=n).tolist()
    orders = ORDERS
    tried = bytearray(n)
    visited = bytearray(n)
    start = int(rng.integers(n))
    visited[start] = 1
    stack = [start]
    us: list[int] = []
    vs: list[int] = []
    while stack:
        cell = stack[-1]
        k = tried[cell]
        if k == 4:
            stack.pop()
            continue
        tried[cell] = k + 1
        nxt = table[4 * cell + orders[order_of[cell]][k]]
        if nxt >= 0 and not visited[nxt]:
            visited[nxt] = 1
            us.append(cell)
            vs.append(nxt)
            stack.append(nxt)
    return us, vs
