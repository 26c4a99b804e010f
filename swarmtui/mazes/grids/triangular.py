"""The triangular grid: rows of triangles pointing up and down in turn (three sides each).

Cell ``(row, col)`` points up when ``row + col`` is even. An upward triangle's sides,
clockwise from its apex: E (the cell to its right), S (the downward triangle below its base),
W; a downward one's: N (the upward triangle above its top), E, W. Triangles have one-unit
sides; each is half a unit to the right of the one before, rows are ``sqrt(3) / 2`` tall.
"""

from __future__ import annotations

import math
from typing import ClassVar

import numpy as np

from swarmtui.mazes.grids.base import NO_SIDE, OUTSIDE, Grid

HEIGHT = math.sqrt(3) / 2
"""A row's height."""


def pointing_up(coords: np.ndarray) -> np.ndarray:
    return (coords[:, 0] + coords[:, 1]) % 2 == 0


def whole(size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """``(coords, nbr)`` of ``rows`` rows of ``cols`` triangles."""
    rows, cols = size
    index = np.arange(rows * cols, dtype=np.int32)
    row, col = np.divmod(index, cols)
    up = (row + col) % 2 == 0
    east = np.where(col + 1 < cols, index + 1, OUTSIDE)
    west = np.where(col > 0, index - 1, OUTSIDE)
    south = np.where(row + 1 < rows, index + cols, OUTSIDE)
    north = np.where(row > 0, index - cols, OUTSIDE)
    nbr = np.empty((rows * cols, 3), dtype=np.int32)
    nbr[:, 0] = np.where(up, east, north)
    nbr[:, 1] = np.where(up, south, east)
    nbr[:, 2] = west
    assert NO_SIDE not in nbr  # (every triangle has three sides)
    return np.column_stack([row, col]).astype(np.int32), nbr


def centres_of(coords: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    up = pointing_up(coords)
    return np.column_stack([coords[:, 1] / 2 + 0.5, coords[:, 0] * HEIGHT + np.where(up, 2, 1) * HEIGHT / 3])


def extent(size: tuple[int, int]) -> tuple[float, float, float, float]:
    rows, cols = size
    return 0.0, 0.0, cols / 2 + 0.5, rows * HEIGHT


class TriangleGrid(Grid):
    """Triangles: upward ones have sides E, S, W; downward ones N, E, W (clockwise)."""

    kind: ClassVar[str] = "triangle"

    centres_of = staticmethod(centres_of)

    def corners(self, cell: int) -> np.ndarray:
        row, col = (int(v) for v in self.coords[cell])
        left, top, bottom = col / 2, row * HEIGHT, (row + 1) * HEIGHT
        if (row + col) % 2 == 0:  # apex, base right, base left
            return np.array([(left + 0.5, top), (left + 1, bottom), (left, bottom)])
        return np.array([(left, top), (left + 1, top), (left + 0.5, bottom)])  # top left, top right, apex


    def step_length(self) -> float:
        return 1 / math.sqrt(3)  # centroid to centroid across a side: twice the inradius
