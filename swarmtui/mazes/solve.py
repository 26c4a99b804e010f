"""Shortest paths and connected regions of the open fields (4-neighbour moves, as the queen's).

``shortest_path`` is a breadth-first search over flat indices (one pass, a parent array);
``regions`` labels the connected open regions with a vectorised hook-and-jump union over row
runs (a handful of whole-array rounds instead of a Python loop per field). SciPy's graph routines would do the
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
    """Region label of every field (flat; walls get -1); open fields that connect share a label.

    Each row's runs of open fields are one node (labelled with a cumulative sum), so the
    union works on the vertical contacts between runs only: in a maze that is two to five
    times fewer nodes and edges than field by field. Then hook-and-jump rounds: every run
    points at the smallest label across a contact, and pointer jumping makes every run point
    at its region's root.
    """
    height, width = walls.shape
    free = ~walls
    starts = free.copy()
    starts[:, 1:] &= ~free[:, :-1]
    run = np.cumsum(starts.ravel(), dtype=np.int64) - 1
    down = (free[:-1] & free[1:]).ravel()
    u, v = run[:-width][down], run[width:][down]
    label = np.arange(int(starts.sum()), dtype=np.int64)
    while u.size:
        lu, lv = label[u], label[v]
        differ = lu != lv
        if not differ.any():
            break
        u, v, lu, lv = u[differ], v[differ], lu[differ], lv[differ]
        np.minimum.at(label, np.maximum(lu, lv), np.minimum(lu, lv))
        while True:  # pointer jumping: every run points at its region's root
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
    out = np.full(height * width, -1, dtype=np.int64)
    open_ = free.ravel()
    out[open_] = label[run[open_]]
    return out


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
