"""Binary tree: every cell carves north or east at random (Buck, *Mazes for Programmers*, ch. 2).

Cells on the north row can only carve east and cells on the east column only north, so the
maze has an unbroken corridor along its north and east sides and a diagonal bias toward the
north-east corner (each cell has exactly one path "up" to it). Each cell's choice is
independent of the others, so the whole maze is a few vectorised operations, done a block of
rows at a time straight into the wall grid (a whole-maze draw of doubles would be 8 MB at a
million cells, where the grid itself is 4 MB).
"""

from __future__ import annotations

import numpy as np

_ROWS = 1 << 16
"""Cells per block (a block is ``_ROWS // cols`` rows, at least one)."""


def binary_tree_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)``: each cell but the north-east corner and its neighbour up or right."""
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    north = rng.random((rows, cols)) < 0.5
    north[0, :] = False  # the north row can only go east
    north[:, -1] = True  # the east column can only go north
    north[0, -1] = False
    east = ~north
    east[0, -1] = False  # the north-east corner is the root
    u = np.concatenate([index[north], index[east]])
    v = np.concatenate([index[north] - cols, index[east] + 1])
    order = np.argsort(u, kind="stable")  # carving order: cell by cell, row-major
    return u[order], v[order]


def binary_tree_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``binary_tree_edges`` from the same ``rng``)."""
    walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    walls[1::2, 1::2] = False
    north_of, east_of = walls[0:-2:2, 1::2], walls[1::2, 2::2]  # each cell's north and east passage
    step = max(1, _ROWS // cols)
    for top in range(0, rows, step):
        north = rng.random((min(step, rows - top), cols)) < 0.5  # the same draws as one whole draw
        if top == 0:
            north[0, :] = False
        north[:, -1] = True
        if top == 0:
            north[0, -1] = False
        north_of[top:top + step][north] = False
        east = ~north
        east[:, -1] = False
        east_of[top:top + step][east] = False
    return walls
