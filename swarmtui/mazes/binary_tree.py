"""Binary tree: every cell carves north or east at random (Buck, *Mazes for Programmers*, ch. 2).

Cells on the north row can only carve east and cells on the east column only north, so the
maze has an unbroken corridor along its north and east sides and a diagonal bias toward the
north-east corner (each cell has exactly one path "up" to it). Each cell's choice is
independent of the others, so the whole maze is one vectorised draw.
"""

from __future__ import annotations

import numpy as np


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
