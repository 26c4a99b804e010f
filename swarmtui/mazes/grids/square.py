"""The square grid of cells (four sides: N, E, S, W), for mazes with a mask or with crossings.

The plain rectangle keeps its own, faster representation (the field bitmap of ``mazes.grid``
and the padded lattice of ``mazes.lattice``); this grid is the same lattice as a graph, so a
mask can cut it and a weave can tunnel through it. Cell ``(row, col)`` is the unit square
``[col, col + 1] x [row, row + 1]``.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from swarmtui.mazes.grids.base import OUTSIDE, Grid

NORTH, EAST, SOUTH, WEST = range(4)


def whole(size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """``(coords, nbr)`` of every cell of a ``rows x cols`` rectangle."""
    rows, cols = size
    index = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    nbr = np.full((rows, cols, 4), OUTSIDE, dtype=np.int32)
    nbr[1:, :, NORTH] = index[:-1]
    nbr[:, :-1, EAST] = index[:, 1:]
    nbr[:-1, :, SOUTH] = index[1:]
    nbr[:, 1:, WEST] = index[:, :-1]
    row, col = np.divmod(index.ravel(), cols)
    return np.column_stack([row, col]), nbr.reshape(-1, 4)


def centres_of(coords: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return np.column_stack([coords[:, 1] + 0.5, coords[:, 0] + 0.5])


def extent(size: tuple[int, int]) -> tuple[float, float, float, float]:
    rows, cols = size
    return 0.0, 0.0, float(cols), float(rows)


class SquareGrid(Grid):
    """Square cells, sides N, E, S, W (clockwise)."""

    kind: ClassVar[str] = "square"
    half_turn: ClassVar[int] = 2

    centres_of = staticmethod(centres_of)

    def corners(self, cell: int) -> np.ndarray:
        row, col = (int(v) for v in self.coords[cell])
        return np.array([(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)], dtype=float)

    def middle_offsets(self) -> np.ndarray | None:
        return np.array([(0.0, -0.5), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0)])

    def opposite(self, cell: int, side: int) -> int | None:
        return (side + 2) % 4


    def step_length(self) -> float:
        return 1.0
