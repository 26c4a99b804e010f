"""Sidewinder (Buck, *Mazes for Programmers*, ch. 2): runs of east passages, each closed by one
passage north from a random cell of the run.

Row by row: the north row is one corridor; in every other row each cell either carries the run
east (a coin toss; the east column always closes) or closes it, and a closed run carves north
from a uniformly random one of its cells. The maze has an unbroken north corridor and, unlike
the binary tree, no bias toward the east. All rows are independent given their coins, so the
whole maze is a handful of vectorised operations, done a block of rows at a time straight into
the wall grid (whole-maze doubles and int64 run tables were 5x a plain backtracker's memory).
"""

from __future__ import annotations

import numpy as np

_ROWS = 1 << 16
"""Cells per block (a block is ``_ROWS // cols`` rows, at least one)."""


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


def sidewinder_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``sidewinder_edges`` from the same ``rng``: the
    coins for every cell first, then one draw per run, each in blocks of rows)."""
    step = max(1, _ROWS // cols)
    close = np.empty((rows, cols), dtype=bool)
    for top in range(0, rows, step):
        close[top:top + step] = rng.random((min(step, rows - top), cols)) < 0.5
    close[:, -1] = True
    close[0, :] = False  # the north row: one corridor east
    close[0, -1] = True
    walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    walls[1::2, 1::2] = False
    walls[1::2, 2::2][~close] = False  # the runs' east passages (a run never crosses the east column)
    north = walls[0:-2:2, 1::2].reshape(-1)  # (a copy: written back below)
    for top in range(0, rows, step):
        block = close[top:top + step].reshape(-1)
        ends = np.flatnonzero(block).astype(np.int32)
        starts = np.empty_like(ends)
        starts[0] = 0
        starts[1:] = ends[:-1] + 1
        pick = starts + (rng.random(ends.size) * (ends - starts + 1)).astype(np.int32)
        pick += np.int32(top * cols)
        north[pick[pick >= cols]] = False  # the north row's run has nowhere to go
    walls[0:-2:2, 1::2] = north.reshape(rows, cols)
    return walls
