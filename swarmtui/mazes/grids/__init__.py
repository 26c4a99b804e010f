"""Grids for mazes beyond the square field bitmap: square, hexagonal, triangular and polar
(issue 32). ``make_grid(kind, size, mask)`` builds one, cut to a mask's shape when given.

Sizes: ``(rows, cols)`` of cells for square, hex and triangle grids; ``(rings, 0)`` for polar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grids import hexagonal, polar, square, triangular
from swarmtui.mazes.grids.base import MAX_CELLS, NO_SIDE, OUTSIDE, Grid, lattice_tables

if TYPE_CHECKING:
    from swarmtui.mazes.masks import Mask

__all__ = ["GRIDS", "GridKind", "Grid", "MAX_CELLS", "NO_SIDE", "OUTSIDE", "cell_count", "cut_grid", "make_grid"]


@dataclass(frozen=True)
class GridKind:
    """How to make one kind of grid: its whole lattice, centres, extent and class."""

    name: str
    title: str
    whole: Callable[[tuple[int, int]], tuple[np.ndarray, np.ndarray]]
    centres: Callable[[np.ndarray, tuple[int, int]], np.ndarray]
    extent: Callable[[tuple[int, int]], tuple[float, float, float, float]]
    cls: type[Grid]
    default: tuple[int, int]
    """The default size: ``(rows, cols)``, or ``(rings, 0)``; its text fits 80 columns."""


GRIDS: dict[str, GridKind] = {
    "square": GridKind("square", "Square", square.whole, square.centres_of, square.extent, square.SquareGrid, (7, 20)),
    "hex": GridKind("hex", "Hexagonal", hexagonal.whole, hexagonal.centres_of, hexagonal.extent,
                    hexagonal.HexGrid, (10, 16)),
    "triangle": GridKind("triangle", "Triangular", triangular.whole, triangular.centres_of, triangular.extent,
                         triangular.TriangleGrid, (8, 18)),
    "polar": GridKind("polar", "Polar (circular)", polar.whole, polar.centres_of, polar.extent,
                      polar.PolarGrid, (6, 0)),
}


def cell_count(kind: str, size: tuple[int, int]) -> int:
    """How many cells a whole grid of ``size`` has (before a mask)."""
    if kind == "polar":
        return sum(polar.ring_counts(size[0])) if size[0] >= 2 else 1
    return size[0] * size[1]


def make_grid(kind: str, size: tuple[int, int], mask: Mask | None = None) -> Grid:
    """A ``kind`` grid of ``size``, cut to ``mask`` (its largest connected piece) when given."""
    try:
        spec = GRIDS[kind]
    except KeyError:
        raise MazeError(f"unknown grid {kind!r} (known: {', '.join(GRIDS)})") from None
    check_grid_size(kind, size)
    coords, nbr = spec.whole(size)
    inside = None if mask is None else mask.covers(spec.centres(coords, size), spec.extent(size))
    kept, table, dropped = lattice_tables(nbr, inside)
    if kept.size < 2:
        raise MazeError("the mask leaves fewer than two cells of the grid inside")
    return spec.cls(size, coords[kept], table, dropped, mask is not None)


def cut_grid(kind: str, size: tuple[int, int], inside: np.ndarray) -> Grid:
    """A ``kind`` grid of ``size`` keeping the cells ``inside`` (one truth value per cell of the
    whole grid, in reading order), which must hang together (a maze file's shape)."""
    spec = GRIDS[kind]
    check_grid_size(kind, size)
    coords, nbr = spec.whole(size)
    if inside.shape != (coords.shape[0],):
        raise MazeError(f"the shape has {inside.size} cells; a {kind} grid of that size has {coords.shape[0]}")
    whole = bool(inside.all())
    kept, table, dropped = lattice_tables(nbr, None if whole else inside)
    if dropped:
        raise MazeError(f"the cells inside the shape do not hang together ({dropped} cut off)")
    if kept.size < 2:
        raise MazeError("the shape holds fewer than two cells")
    return spec.cls(size, coords[kept], table, 0, not whole)


def check_grid_size(kind: str, size: tuple[int, int]) -> None:
    """``MazeError`` unless ``size`` is one a ``kind`` grid can have here."""
    if kind == "polar":
        rings = size[0]
        if not 2 <= rings <= 565:
            raise MazeError(f"a polar maze has 2 to 565 rings (a million cells); got {rings}")
        return
    rows, cols = size
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise MazeError(f"a {kind} maze has at least two cells; got {cols}x{rows}")
    if rows * cols > MAX_CELLS or rows > 4000 or cols > 4000:
        raise MazeError(f"{cols}x{rows} cells is too large: at most 4000 a side and {MAX_CELLS:,} cells")
