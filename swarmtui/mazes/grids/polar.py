"""The polar grid: a centre cell and rings around it, each ring's cells split in two when they
grow too wide (Buck, *Mazes for Programmers*, ch. 7).

Ring ``i`` (``0 <= i < rings``) spans radii ``i`` to ``i + 1``; ring 0 is the one centre cell.
Ring ``i``'s cell count is the one before times ``round(2 pi i / count before)`` (Buck's rule,
with rings one unit tall), so a cell is never much wider or narrower than it is tall: 1, 6, 12,
24, 24, 48, ... Cell ``(ring, index)`` spans the angles ``2 pi index / count`` to
``2 pi (index + 1) / count`` (clockwise from east on screen, y pointing down).

Sides, clockwise round a cell on screen (the cell on the walker's right): 0 inward (the inner
arc, walked against the angle), 1 counter-clockwise (the radial side at the cell's first angle,
walked outwards), 2 and 3 outward (the outer arc with the angle: 2 the outward neighbour at the
first angle, 3 the second when the ring beyond splits the cell in two, else ``NO_SIDE``), 4
clockwise (the radial side at the last angle, walked inwards). The centre cell's sides 0-5 are
its six outward neighbours in clockwise order.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import ClassVar

import numpy as np

from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grids.base import NO_SIDE, OUTSIDE, Grid

INWARD, COUNTER, OUT_FIRST, OUT_SECOND, CLOCKWISE = range(5)
ARC_STEP = 0.2
"""Longest straight piece of an arc drawn as a polyline (drawing units)."""


def ring_counts(rings: int) -> list[int]:
    """Cells per ring, Buck's rule: 1, 6, 12, 24, 24, 48, ..."""
    if rings < 2:
        raise MazeError(f"a polar maze has at least 2 rings; got {rings}")
    return list(_counts(rings))


@lru_cache(maxsize=16)
def _counts(rings: int) -> tuple[int, ...]:
    counts = [1]
    for ring in range(1, rings):
        ratio = max(1, round(2 * math.pi * ring / counts[-1]))
        counts.append(counts[-1] * ratio)
    return tuple(counts)


def whole(size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """``(coords, nbr)`` of every cell of ``size[0]`` rings."""
    counts = ring_counts(size[0])
    first = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    total = int(first[-1])
    nbr = np.full((total, 6), NO_SIDE, dtype=np.int32)
    nbr[0, :counts[1]] = np.arange(1, 1 + counts[1])
    coords = np.zeros((total, 2), dtype=np.int32)
    for ring in range(1, len(counts)):
        count = counts[ring]
        j = np.arange(count)
        cells = first[ring] + j
        coords[cells, 0], coords[cells, 1] = ring, j
        ratio = count // counts[ring - 1]
        nbr[cells, INWARD] = first[ring - 1] + j // ratio
        nbr[cells, CLOCKWISE] = first[ring] + (j + 1) % count
        nbr[cells, COUNTER] = first[ring] + (j - 1) % count
        if ring + 1 == len(counts):
            nbr[cells, OUT_FIRST] = OUTSIDE
        elif counts[ring + 1] == count:
            nbr[cells, OUT_FIRST] = first[ring + 1] + j
        else:
            nbr[cells, OUT_FIRST] = first[ring + 1] + 2 * j
            nbr[cells, OUT_SECOND] = first[ring + 1] + 2 * j + 1
    return coords, nbr


def centres_of(coords: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    rings = size[0]
    counts = np.array(ring_counts(rings))
    ring, index = coords[:, 0], coords[:, 1]
    angle = 2 * np.pi * (index + 0.5) / counts[ring]
    radius = np.where(ring == 0, 0.0, ring + 0.5)
    return np.column_stack([rings + radius * np.cos(angle), rings + radius * np.sin(angle)])


def extent(size: tuple[int, int]) -> tuple[float, float, float, float]:
    return 0.0, 0.0, 2.0 * size[0], 2.0 * size[0]


def arc(centre: float, radius: float, start: float, stop: float) -> np.ndarray:
    """Points along the circle of ``radius`` about ``(centre, centre)`` from angle ``start`` to ``stop``."""
    pieces = max(1, math.ceil(abs(stop - start) * radius / ARC_STEP))
    angles = np.linspace(start, stop, pieces + 1)
    return np.column_stack([centre + radius * np.cos(angles), centre + radius * np.sin(angles)])


class PolarGrid(Grid):
    """A centre cell and rings; sides inward, clockwise, two outward, counter-clockwise."""

    kind: ClassVar[str] = "polar"

    def describe(self) -> str:
        return f"polar {self.size[0]} rings"

    def counts(self) -> tuple[int, ...]:
        return _counts(self.size[0])

    centres_of = staticmethod(centres_of)

    def span(self, cell: int) -> tuple[int, float, float]:
        """``(ring, start angle, stop angle)`` of a cell."""
        ring, index = (int(v) for v in self.coords[cell])
        count = self.counts()[ring]
        return ring, 2 * math.pi * index / count, 2 * math.pi * (index + 1) / count

    def side_points(self, cell: int, side: int) -> np.ndarray:
        ring, start, stop = self.span(cell)
        rings = float(self.size[0])
        if ring == 0:
            step = 2 * math.pi / 6
            return arc(rings, 1.0, side * step, (side + 1) * step)
        middle = (start + stop) / 2
        two_out = self.nbr[cell, OUT_SECOND] != NO_SIDE
        if side == INWARD:
            return arc(rings, ring, stop, start)
        if side == COUNTER:
            return arc_radial(rings, start, ring, ring + 1)
        if side == OUT_FIRST:
            return arc(rings, ring + 1, start, middle if two_out else stop)
        if side == OUT_SECOND:
            return arc(rings, ring + 1, middle, stop)
        return arc_radial(rings, stop, ring + 1, ring)

    def side_middle(self, cell: int, side: int) -> np.ndarray:
        return self.side_middles(np.array([cell]), np.array([side]))[0]

    def side_middles(self, cells: np.ndarray, sides: np.ndarray) -> np.ndarray:
        """The middle of each side: of its arc, or of its radial segment (vectorised)."""
        counts = np.array(self.counts())
        ring, index = self.coords[cells, 0], self.coords[cells, 1]
        step = 2 * np.pi / counts[ring]
        start, stop = index * step, (index + 1) * step
        two_out = self.nbr[cells, OUT_SECOND] != NO_SIDE
        middle = (start + stop) / 2
        angle = np.select([sides == INWARD, sides == COUNTER, sides == CLOCKWISE, sides == OUT_SECOND],
                          [middle, start, stop, (middle + stop) / 2],
                          np.where(two_out, (start + middle) / 2, middle))
        radius = np.select([sides == INWARD, (sides == COUNTER) | (sides == CLOCKWISE)], [ring, ring + 0.5], ring + 1.0)
        centre = ring == 0  # the centre cell: side k is the arc of radius 1 over the k-th sixth
        angle = np.where(centre, (sides + 0.5) * 2 * np.pi / 6, angle)
        radius = np.where(centre, 1.0, radius)
        rings = self.size[0]
        return np.column_stack([rings + radius * np.cos(angle), rings + radius * np.sin(angle)])

    def corners(self, cell: int) -> np.ndarray:
        """The cell's outline as one closed polyline (its sides' points in clockwise order)."""
        sides = [s for s in range(self.sides) if self.nbr[cell, s] != NO_SIDE]
        return np.concatenate([self.side_points(cell, s)[:-1] for s in sides])

    def opposite(self, cell: int, side: int) -> int | None:
        if side in (CLOCKWISE, COUNTER) and self.coords[cell, 0] > 0:
            return COUNTER if side == CLOCKWISE else CLOCKWISE
        if self.coords[cell, 0] > 0 and self.nbr[cell, OUT_SECOND] == NO_SIDE and side in (INWARD, OUT_FIRST):
            return OUT_FIRST if side == INWARD else INWARD
        return None

    def rows(self) -> list[np.ndarray] | None:
        if self.masked:
            return None
        first = np.concatenate([[0], np.cumsum(self.counts())])
        return [np.arange(first[i], first[i + 1]) for i in range(len(first) - 1)]


def arc_radial(centre: float, angle: float, start: float, stop: float) -> np.ndarray:
    """The radial segment at ``angle`` from radius ``start`` to ``stop``."""
    return np.array([(centre + start * math.cos(angle), centre + start * math.sin(angle)),
                     (centre + stop * math.cos(angle), centre + stop * math.sin(angle))])
