"""The 121-hole Sternhalma star on the axial hex lattice of ``core.hexgrid``.

The star is the union of two big triangles of side 13 around the centre ``Hex(0, 0)``: the
cells whose cube coordinates (q, r, s) are all >= -4, and those whose coordinates are all
<= 4. Their intersection is the central hexagon of radius 4 (61 holes); each of the six
points (corners) adds 10 holes, 61 + 6 * 10 = 121.

Text rows are ``r`` (north = top, r = -8 at the top tip), so the corners, numbered clockwise
from the top like the paper's Figure 1 board, are:

====== ======== ============== =============
corner where    holes          tip
====== ======== ============== =============
0      north    r < -4         Hex(4, -8)
1      NE       q > 4          Hex(8, -4)
2      SE       s < -4         Hex(4, 4)
3      south    r > 4          Hex(-4, 8)
4      SW       q < -4         Hex(-8, 4)
5      NW       s > 4          Hex(-4, -4)
====== ======== ============== =============

Each player's goal is the opposite corner (``opposite(c) = c + 3 mod 6``).
"""

from __future__ import annotations

from swarmtui.core.hexgrid import Hex, distance

RADIUS = 4
"""The central hexagon's radius; the star's tips are at distance 2 * RADIUS from the centre."""


def _in_star(q: int, r: int) -> bool:
    s = -q - r
    return min(q, r, s) >= -RADIUS or max(q, r, s) <= RADIUS


def _corner_of(cell: Hex) -> int | None:
    q, r, s = cell.q, cell.r, cell.s
    for corner, outside in enumerate((r < -RADIUS, q > RADIUS, s < -RADIUS, r > RADIUS, q < -RADIUS, s > RADIUS)):
        if outside:
            return corner
    return None


STAR: tuple[Hex, ...] = tuple(
    Hex(q, r)
    for r in range(-2 * RADIUS, 2 * RADIUS + 1)
    for q in range(-2 * RADIUS, 2 * RADIUS + 1)
    if _in_star(q, r)
)
"""The 121 holes in reading order: rows top to bottom (r ascending), left to right (q ascending)."""

STAR_SET: frozenset[Hex] = frozenset(STAR)

TRIANGLES: dict[int, frozenset[Hex]] = {
    corner: frozenset(c for c in STAR if _corner_of(c) == corner) for corner in range(6)
}
"""The six 10-hole points, corner 0 = north, numbered clockwise."""

CORNER_NAMES = ("north", "north-east", "south-east", "south", "south-west", "north-west")

_TIP_DIRECTION = (Hex(1, -2), Hex(2, -1), Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1))
"""Per corner, the (non-lattice) direction from the centre to its tip: tip = 4 * this."""

SEATING: dict[int, tuple[int, ...]] = {
    1: (3,),
    2: (3, 0),
    3: (3, 5, 1),
    4: (3, 4, 0, 1),
    6: (3, 4, 5, 0, 1, 2),
}
"""Start corners by number of players, in turn order (seat "1" first).

Seat 1 always starts at the bottom (south) and turns go clockwise round the board. Two players
sit opposite each other; three take alternate points (so every goal is empty at the start);
four take two opposite pairs, leaving an opposite pair of points empty; six fill the star.
"""


def opposite(corner: int) -> int:
    """The corner across the centre: every player's goal is the point opposite its home."""
    return (corner + 3) % 6


def corner_of(cell: Hex) -> int | None:
    """The point ``cell`` lies in, or None for the central hexagon (and cells off the star)."""
    return _corner_of(cell) if cell in STAR_SET else None


def tip(corner: int) -> Hex:
    """The outermost hole of a point."""
    return _TIP_DIRECTION[corner].scale(RADIUS)


def rows_from_tip(corner: int) -> tuple[tuple[Hex, ...], ...]:
    """The point's rows from its tip: 1, 2, 3 then 4 holes (the paper's "far row" first, V-E).

    Row k holds the holes at distance k from the tip; within a row the holes are listed in
    reading order (``STAR`` order) so the result is deterministic.
    """
    apex = tip(corner)
    holes = TRIANGLES[corner]
    return tuple(
        tuple(c for c in STAR if c in holes and distance(c, apex) == k) for k in range(RADIUS)
    )


def advance(cell: Hex, corner: int) -> int:
    """How far ``cell`` lies towards ``corner`` along the axis through the centre and its tip.

    8 at the tip, 5 on the point's front row, 0 through the centre, -8 at the opposite tip:
    the projection of the cube coordinates onto the tip's, (t . c) / 12. A move's progress
    towards a goal is the change of ``advance`` (the greedy player, the crossing solver).
    """
    t = tip(corner)
    return (t.q * cell.q + t.r * cell.r + t.s * cell.s) // 12


def rotate(cell: Hex, steps: int = 1) -> Hex:
    """``cell`` turned clockwise by ``steps`` * 60 degrees about the centre."""
    q, r, s = cell.q, cell.r, cell.s
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return Hex(q, r)


def reflect(cell: Hex) -> Hex:
    """``cell`` mirrored left-right (the vertical axis through the north and south tips)."""
    return Hex(-cell.q - cell.r, cell.r)


__all__ = [
    "CORNER_NAMES", "RADIUS", "SEATING", "STAR", "STAR_SET", "TRIANGLES",
    "advance", "corner_of", "opposite", "reflect", "rotate", "rows_from_tip", "tip",
]
