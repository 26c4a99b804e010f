"""Sidewinder (Buck, *Mazes for Programmers*, ch. 2): runs of east passages, each closed by one
passage north from a random cell of the run.

Row by row: the north row is one corridor; in every other row each cell either carries the run
east (a coin toss; the east column always closes) or closes it, and a closed run carves north
from a uniformly random one of its cells. The maze has an unbroken north corridor and, unlike
the binary tree, no bias toward the east. All rows are independent given their coins, so the
whole maze is a handful of vectorised operations.
"""

from __future__ import annotations

import numpy as np


def sidewinder_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` row by row (east passages of a run, then its north passage)."""
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    close = rng.random((rows, cols)) < 0.5
    close[:, -1] = True
    close[0, :] = False  # the north row: one corridor east
    close[0, -1] = True
    east = ~close
    east[:, -1] = False
    # runs: a run ends at a closing cell; number them in reading order
    ends = np.flatnonzero(close.ravel())
    starts = np.concatenate([[0], ends[:-1] + 1])
    length = ends - starts + 1
    pick = starts + (rng.random(ends.size) * length).astype(np.int64)
    north_from = pick[pick >= cols]  # the north row's run has nowhere to go
    u = np.concatenate([index[east], north_from])
    v = np.concatenate([index[east] + 1, north_from - cols])
    order = np.argsort(np.concatenate([index[east], ends[starts >= cols]]), kind="stable")
    return u[order], v[order]
