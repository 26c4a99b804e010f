"""Hex geometry on axial coordinates (q, r), shared by Hive (unbounded) and Halma (the star).

Cells are ``Hex(q, r)`` with the implicit third cube coordinate ``s = -q - r``. The six
directions are listed clockwise starting east. One text projection serves both boards
(DESIGN.md): column = k * (2q + r), row = r, so neighbours sit 2k columns apart on a row and
k columns offset between rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    # Hex + Hex is vector addition, not tuple concatenation: a deliberate, narrower override.
    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbours(self) -> Iterator[Hex]:
        for d in DIRECTIONS:
            yield Hex(self.q + d.q, self.r + d.r)


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),  # east
    Hex(0, 1),  # south-east
    Hex(-1, 1),  # south-west
    Hex(-1, 0),  # west
    Hex(0, -1),  # north-west
    Hex(1, -1),  # north-east
)
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two cells."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """Index of the direction from ``a`` to its neighbour ``b`` (None if not adjacent)."""
    delta = Hex(b.q - a.q, b.r - a.r)
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def ring(center: Hex, radius: int) -> list[Hex]:
    """The cells at exactly ``radius`` steps from ``center`` (just ``center`` for radius 0)."""
    if radius == 0:
        return [center]
    cells = []
    cell = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            cells.append(cell)
            cell = cell + DIRECTIONS[side]
    return cells


def within(center: Hex, radius: int) -> list[Hex]:
    """All cells at most ``radius`` steps from ``center``."""
    return [c for k in range(radius + 1) for c in ring(center, k)]


def project(cell: Hex, k: int = 2) -> tuple[int, int]:
    """Text position ``(column, row)`` of a cell: column = k(2q + r), row = r."""
    return k * (2 * cell.q + cell.r), cell.r
