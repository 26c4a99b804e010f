"""Hive cells as integers, and the tables read off a cell's neighbour mask.

Cells are stored as integers ``q * W + r`` (``W = 2**20 + 11``), which keeps the hot loops free
of tuple arithmetic; the public API speaks ``core.hexgrid.Hex``. ``W`` is odd on purpose: a
Python set or dict puts an integer in slot ``value % table size``, and with a power of two every
cell of a row (same ``r``) would share a slot; with ``W = 11 (mod 64)`` a compact hive's cells
spread over the table (set and dict look-ups about twice as fast).

A cell's *neighbour mask* has bit ``i`` set when its neighbour in direction ``i`` (E, SE, SW,
W, NW, NE: ``core.hexgrid.DIRECTIONS``) is occupied; the board keeps one per cell touching the
hive. Every question the rules ask of a cell's surroundings (where a piece slides, how many
arcs of pieces go round it, where the gates are) is a look-up in a 64-entry table here.
"""

from __future__ import annotations

from swarmtui.core.hexgrid import DIRECTIONS, Hex

W = (1 << 20) + 11
_HALF = W >> 1
D: tuple[int, ...] = tuple(d.q * W + d.r for d in DIRECTIONS)  # E, SE, SW, W, NW, NE
FULL = 63  # all six neighbours occupied


def cell_of(h: Hex) -> int:
    """The integer cell of a hex."""
    return h.q * W + h.r


class _HexOf(dict):
    """Integer cell -> ``Hex`` (memoised: the same few hundred cells recur all game)."""

    def __missing__(self, cell: int) -> Hex:
        r = (cell + _HALF) % W - _HALF
        h = self[cell] = Hex((cell - r) // W, r)
        return h


HEX = _HexOf()


class _Around(dict):
    """Integer cell -> its six neighbours (E, SE, SW, W, NW, NE), memoised like ``HEX``."""

    def __missing__(self, cell: int) -> tuple[int, ...]:
        around = self[cell] = (cell + D[0], cell + D[1], cell + D[2], cell + D[3], cell + D[4], cell + D[5])
        return around


AROUND = _Around()


def _slides(mask: int) -> tuple[int, ...]:
    """Directions a ground piece can slide out of a cell whose occupied neighbours are ``mask``.

    The target must be empty and exactly one of the two cells flanking the step occupied.
    """
    out = []
    for i in range(6):
        left, right = (mask >> ((i - 1) % 6)) & 1, (mask >> ((i + 1) % 6)) & 1
        if not (mask >> i) & 1 and left != right:
            out.append(i)
    return tuple(out)


SLIDE: tuple[tuple[int, ...], ...] = tuple(_slides(m) for m in range(64))
BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(6) if m >> i & 1) for m in range(64))


def _arcs(mask: int) -> int:
    """How many separate runs of occupied neighbours go round a cell (0-3)."""
    if mask == FULL:
        return 1
    return sum(1 for i in range(6) if mask >> i & 1 and not mask >> ((i - 1) % 6) & 1)


ARCS: tuple[int, ...] = tuple(_arcs(m) for m in range(64))
# Landing a piece on an empty cell whose occupied neighbours form k arcs encloses k - 1 new
# empty regions (0 arcs: a new hive; all six: a one-cell hole filled, -1). This is the change
# of E - V - T (edges, cells and triangles of the hive graph), so 1 + E - V - T, kept in
# the board's ``_holes``, counts the hive's holes (Euler's formula V - E + T = components - holes).
HOLES_MADE: tuple[int, ...] = tuple((0 if m == FULL else _arcs(m)) - 1 for m in range(64))
# Gate directions of an empty cell: neighbour i empty, both cells flanking the step occupied.
GATE_DIRS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(6) if not m >> i & 1 and m >> ((i - 1) % 6) & 1 and m >> ((i + 1) % 6) & 1)
    for m in range(64))
GATES: tuple[int, ...] = tuple(len(g) for g in GATE_DIRS)
ARC_STARTS: tuple[tuple[int, ...], ...] = tuple(
    () if m == FULL else tuple(i for i in range(6) if m >> i & 1 and not m >> ((i - 1) % 6) & 1) for m in range(64))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(D[i] for i in BITS[m]) for m in range(64))  # occupied ones
_KEEP = tuple(63 & ~(1 << ((i + 3) % 6)) for i in range(6))  # neighbour i's mask without the centre cell
# The empty neighbours of a cell: (offset, the bits of that neighbour's mask other than the cell).
OPEN: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((D[i], _KEEP[i]) for i in range(6) if not m >> i & 1) for m in range(64))
STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(D[i] for i in SLIDE[m]) for m in range(64))  # as cell offsets
# A ground beetle's moves when no stack is two high (no gate can close over it): its slides,
# then a climb onto each occupied neighbour (the order _beetle_steps gives them).
BEETLE_GROUND: tuple[tuple[int, ...], ...] = tuple(STEPS[m] + NEIGHBOURS[m] for m in range(64))


class _CellSteps(dict):
    """``cell * 64 + mask`` -> the cells a ground piece on ``cell`` slides to when its occupied
    neighbours are ``mask`` (memoised: a dict look-up instead of building the list each time)."""

    def __missing__(self, key: int) -> tuple[int, ...]:
        cell = key >> 6
        dests = self[key] = tuple(cell + step for step in STEPS[key & 63])
        return dests


class _CellBeetleSteps(dict):
    """``cell * 64 + mask`` -> ``BEETLE_GROUND`` from ``cell``: a ground beetle's slides, then its
    climbs, while no stack is two high (memoised like :data:`SLIDES_FROM`)."""

    def __missing__(self, key: int) -> tuple[int, ...]:
        cell = key >> 6
        dests = self[key] = tuple(cell + step for step in BEETLE_GROUND[key & 63])
        return dests


SLIDES_FROM = _CellSteps()
BEETLE_STEPS_FROM = _CellBeetleSteps()
