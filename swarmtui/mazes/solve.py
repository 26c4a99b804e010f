"""Shortest paths and connected regions of the open fields (4-neighbour moves, as the queen's).

``shortest_path`` is a breadth-first search over flat indices (one pass, a parent array);
``regions`` labels the connected open regions with a vectorised hook-and-jump union (a handful
of whole-array rounds instead of a Python loop per field). SciPy's graph routines would do the
same but would be a runtime dependency for two small functions.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from swarmtui.mazes.grid import Cell


def open_edges(walls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flat index pairs ``(u, v)`` of horizontally and vertically adjacent open fields."""
    height, width = walls.shape
    free = ~walls
    index = np.arange(height * width, dtype=np.int64).reshape(height, width)
    east = free[:, :-1] & free[:, 1:]
    south = free[:-1, :] & free[1:, :]
    u = np.concatenate([index[:, :-1][east], index[:-1, :][south]])
    v = np.concatenate([index[:, 1:][east], index[1:, :][south]])
    return u, v


def regions(walls: np.ndarray) -> np.ndarray:
    """Region label of every field (flat; walls get -1); open fields that connect share a label."""
    n = walls.size
    label = np.arange(n, dtype=np.int64)
    u, v = open_edges(walls)
    while u.size:
        lu, lv = label[u], label[v]
        differ = lu != lv
        if not differ.any():
            break
        u, v, lu, lv = u[differ], v[differ], lu[differ], lv[differ]
        np.minimum.at(label, np.maximum(lu, lv), np.minimum(lu, lv))
        while True:  # pointer jumping: every field points at its region's root
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
    label[walls.ravel()] = -1
    return label


def shortest_path(walls: np.ndarray, start: Cell, goal: Cell) -> list[Cell] | None:
    """The fields of a shortest 4-neighbour path from ``start`` to ``goal`` (both included), or None."""
    return shortest_path_visits(walls, start, goal)[0]


def shortest_path_visits(walls: np.ndarray, start: Cell, goal: Cell) -> tuple[list[Cell] | None, int]:
    """``shortest_path`` and the number of fields the search reached before it stopped."""
    height, width = walls.shape
    if walls[start] or walls[goal]:
        return None, 0
    free = (~walls).ravel().tolist()
    parent = [-1] * (height * width)
    source = start[0] * width + start[1]
    target = goal[0] * width + goal[1]
    parent[source] = source
    queue = deque([source])
    reached = 1
    while queue:
        here = queue.popleft()
        if here == target:
            break
        col = here % width
        for nxt, ok in ((here - width, here >= width), (here + width, here < (height - 1) * width),
                        (here - 1, col > 0), (here + 1, col < width - 1)):
            if ok and free[nxt] and parent[nxt] < 0:
                parent[nxt] = here
                queue.append(nxt)
                reached += 1
    if parent[target] < 0:
        return None, reached
    path = [target]
    while path[-1] != source:
        path.append(parent[path[-1]])
    path.reverse()
    return [divmod(cell, width) for cell in path], reached
