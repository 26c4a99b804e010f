"""The hexagonal grid: pointy-top hexagons in rows, odd rows half a cell to the right.

It is the projection the Hive and Halma boards use (``core.hexgrid``: column ``k (2q + r)``,
row ``r``): cell ``(row, col)`` is the axial hex ``q = col - (row - row % 2) / 2, r = row``, so
its six sides are ``core.hexgrid.DIRECTIONS``, clockwise from east: E, SE, SW, W, NW, NE. A
hexagon is one unit wide (flat side to flat side); rows are ``sqrt(3) / 2`` apart.
"""

from __future__ import annotations

import math
from typing import ClassVar

import numpy as np

from swarmtui.core.hexgrid import DIRECTIONS
from swarmtui.mazes.grids.base import OUTSIDE, Grid

RADIUS = 1 / math.sqrt(3)
"""Centre to corner, for a hexagon one unit wide."""
ROW_STEP = 1.5 * RADIUS
"""Vertical distance between the centres of two rows."""
EAST, SOUTH_EAST, SOUTH_WEST, WEST, NORTH_WEST, NORTH_EAST = range(6)


def axial(coords: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(q, r)`` of cells given as ``(row, col)``."""
    row, col = coords[:, 0], coords[:, 1]
    return col - (row - (row & 1)) // 2, row


def whole(size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """``(coords, nbr)`` of every cell of ``rows`` rows of ``cols`` hexagons."""
    rows, cols = size
    index = np.arange(rows * cols, dtype=np.int32)
    coords = np.column_stack(np.divmod(index, cols)).astype(np.int32)
    q, r = axial(coords)
    nbr = np.full((rows * cols, 6), OUTSIDE, dtype=np.int32)
    for side, step in enumerate(DIRECTIONS):
        nr = r + step.r
        nc = q + step.q + (nr - (nr & 1)) // 2
        ok = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
        nbr[ok, side] = (nr * cols + nc)[ok]
    return coords, nbr


def centres_of(coords: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    row, col = coords[:, 0], coords[:, 1]
    return np.column_stack([col + 0.5 * (row & 1) + 0.5, row * ROW_STEP + RADIUS])


def extent(size: tuple[int, int]) -> tuple[float, float, float, float]:
    rows, cols = size
    return 0.0, 0.0, cols + (0.5 if rows > 1 else 0.0), (rows - 1) * ROW_STEP + 2 * RADIUS


class HexGrid(Grid):
    """Pointy-top hexagons, sides E, SE, SW, W, NW, NE (clockwise)."""

    kind: ClassVar[str] = "hex"
    half_turn: ClassVar[int] = 3

    centres_of = staticmethod(centres_of)

    def corners(self, cell: int) -> np.ndarray:
        x, y = centres_of(self.coords[cell:cell + 1], self.size)[0]
        half = 0.5
        # upper-right, lower-right, bottom, lower-left, upper-left, top: side k from corner k to k + 1
        return np.array([(x + half, y - RADIUS / 2), (x + half, y + RADIUS / 2), (x, y + RADIUS),
                         (x - half, y + RADIUS / 2), (x - half, y - RADIUS / 2), (x, y - RADIUS)])

    def middle_offsets(self) -> np.ndarray | None:
        corners = self.corners(0) - self.centres(np.array([0]))[0]
        return (corners + np.roll(corners, -1, axis=0)) / 2

    def opposite(self, cell: int, side: int) -> int | None:
        return (side + 3) % 6


    def step_length(self) -> float:
        return 1.0
