"""Recursive division (Buck, *Mazes for Programmers*, ch. 13): a wall adder, not a passage carver.

Start from an empty rectangle and divide it by a wall with one gap, then divide each half the
same way, until the chambers are one cell wide or tall (Buck's stopping rule: a 1 x w chamber is
a corridor). A chamber wider than tall is cut by a vertical wall, taller than wide by a
horizontal one, a square one at random; the wall and its gap sit at uniformly random places.
Each wall joins its two halves through exactly one gap, so the result is a spanning tree of
the cells: a perfect maze, with long straight walls (its texture: boxes within boxes).

The grid is a ``bytearray`` of fields and a wall is one slice assignment (a row slice, or a
strided column slice), so a million-cell maze takes about a million small steps.
"""

from __future__ import annotations

from array import array

import numpy as np

_BLOCK = 1 << 16


def division_walls(rows: int, cols: int, rng: np.random.Generator,
                   record: bool = False) -> tuple[np.ndarray, array]:
    """The wall grid of the maze, and (``record``) each wall as ``(start, stop, step, gap)`` fields."""
    height, width = 2 * rows + 1, 2 * cols + 1
    grid = np.zeros((height, width), dtype=np.uint8)
    grid[0::2, 0::2] = 1  # the lattice posts
    grid[[0, -1], :] = 1
    grid[:, [0, -1]] = 1
    fields = bytearray(grid.tobytes())
    segments = array("q")
    draws: list[float] = []
    at = 0
    stack = [(0, 0, rows, cols)]
    while stack:
        r0, c0, h, w = stack.pop()
        if h <= 1 or w <= 1:
            continue
        if at + 3 > len(draws):
            draws = rng.random(_BLOCK).tolist()
            at = 0
        horizontal = h > w or (h == w and draws[at] < 0.5)
        if horizontal:
            k = r0 + 1 + int(draws[at + 1] * (h - 1))  # the wall runs between cell rows k - 1 and k
            gap = c0 + int(draws[at + 2] * w)
            start = 2 * k * width + 2 * c0 + 1
            stop = 2 * k * width + 2 * (c0 + w)
            step = 1
            opening = 2 * k * width + 2 * gap + 1
            stack.append((r0, c0, k - r0, w))
            stack.append((k, c0, r0 + h - k, w))
        else:
            k = c0 + 1 + int(draws[at + 1] * (w - 1))
            gap = r0 + int(draws[at + 2] * h)
            start = (2 * r0 + 1) * width + 2 * k
            stop = (2 * (r0 + h)) * width + 2 * k
            step = width
            opening = (2 * gap + 1) * width + 2 * k
            stack.append((r0, c0, h, k - c0))
            stack.append((r0, k, h, c0 + w - k))
        at += 3
        fields[start:stop:step] = b"\x01" * len(range(start, stop, step))
        fields[opening] = 0
        if record:
            segments.extend((start, stop, step, opening))
    walls = np.frombuffer(fields, dtype=np.uint8).reshape(height, width).astype(bool)
    return walls, segments


def draw_segments(rows: int, cols: int, segments: array, count: int) -> np.ndarray:
    """The wall grid after the first ``count`` walls of ``segments`` (for the TUI's replay)."""
    height, width = 2 * rows + 1, 2 * cols + 1
    grid = np.zeros(height * width, dtype=bool)
    shape = grid.reshape(height, width)
    shape[0::2, 0::2] = True
    shape[[0, -1], :] = True
    shape[:, [0, -1]] = True
    for i in range(count):
        start, stop, step, opening = segments[4 * i: 4 * i + 4]
        grid[start:stop:step] = True
        grid[opening] = False
    return shape
