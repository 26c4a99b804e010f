"""A grid: cells and the sides between them, the ground every maze beyond the square field
bitmap is built on (issue 32: square, hexagonal, triangular and polar grids).

A grid kind lists its cells in reading order (row by row; a polar grid ring by ring from the
centre, each ring clockwise from east) and, for every cell, its sides in clockwise order on
screen (y pointing down). ``nbr[cell, side]`` is the cell across that side, ``OUTSIDE`` when
the side lies on the outline (nothing beyond it, or a cell a mask cut away) and ``NO_SIDE``
when the cell has fewer sides than the table is wide (a triangle has three of a polar grid's
six columns). Each pair of neighbours shares one side, one *edge*: edge ``e`` joins
``edge_u[e] < edge_v[e]``, and ``edge_of[cell, side]`` is its id (-1 on the outline); edges are
numbered side by side on the square and hexagonal grids (every east edge, then ...) and cell by
cell elsewhere.
``back[cell, side]`` is the side of the neighbour that leads back.

Geometry, in drawing units (a cell is about one unit across): ``centres`` (x, y) of every cell,
and ``corners`` / ``side_points`` give each side as a polyline from one corner to the next
(side k runs from corner k to corner k + 1; a polar grid's arcs are polylines of several
points). Mazes, metrics, solvers, pictures and masks need nothing else from a grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from swarmtui.mazes.grid import MazeError

OUTSIDE = -1
"""``nbr`` entry of a side on the outline."""
NO_SIDE = -2
"""``nbr`` entry of a column the cell has no side for."""

MAX_CELLS = 1_000_000
"""The largest grid (cells): a 1000x1000 hexagonal maze, or the million cells of a 2001x2001
square field maze's lattice."""


@dataclass(frozen=True, eq=False)
class Grid:
    """Cells of one grid kind, cut to a shape, with their sides, edges and geometry.

    Build one with ``grids.make_grid`` (or a kind's ``lattice`` and ``cut``). ``size`` is the
    uncut grid's ``(rows, cols)`` (a polar grid's ``(rings, 0)``); ``coords`` each cell's
    ``(row, col)`` (polar: ``(ring, index)``); ``dropped`` how many cells a mask left inside
    that were cut off from the largest connected piece.
    """

    kind: ClassVar[str] = ""
    half_turn: ClassVar[int] = 0
    """When nonzero, the side back from side ``s`` is always ``(s + half_turn) % sides`` (the
    square's and the hexagon's opposite side), which saves the general search at a million cells."""
    size: tuple[int, int]
    coords: np.ndarray
    nbr: np.ndarray
    dropped: int = 0
    masked: bool = False
    edge_u: np.ndarray = field(init=False, repr=False)
    edge_v: np.ndarray = field(init=False, repr=False)
    edge_of: np.ndarray = field(init=False, repr=False)
    back: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        nbr = np.ascontiguousarray(self.nbr, dtype=np.int32)
        edge_u, edge_v, edge_of, back = (self._regular_edges if self.half_turn else self._edges)(nbr)
        for name, value in (("nbr", nbr), ("coords", np.ascontiguousarray(self.coords, dtype=np.int32)),
                            ("edge_u", edge_u), ("edge_v", edge_v), ("edge_of", edge_of), ("back", back)):
            value.flags.writeable = False
            object.__setattr__(self, name, value)

    @staticmethod
    def _edges(nbr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Edges numbered cell by cell, side by side; the side back found by search."""
        cells, sides = nbr.shape
        flat = np.flatnonzero(nbr.ravel() >= 0).astype(np.int32)
        at_cell, _ = np.divmod(flat, np.int32(sides))
        across = nbr.ravel()[flat]
        pointing = nbr[across] == at_cell[:, None]
        if not pointing.any(axis=1).all():
            raise AssertionError("a side is not shared by both its cells")
        back_side = np.argmax(pointing, axis=1).astype(np.int8)
        del pointing
        back = np.full((cells, sides), -1, dtype=np.int8)
        back.ravel()[flat] = back_side
        forward = across > at_cell
        ids = np.arange(int(np.count_nonzero(forward)), dtype=np.int32)
        edge_of = np.full((cells, sides), -1, dtype=np.int32)
        edge_of.ravel()[flat[forward]] = ids
        edge_of.ravel()[across[forward] * np.int32(sides) + back_side[forward]] = ids
        return at_cell[forward], across[forward], edge_of, back

    def _regular_edges(self, nbr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Edges numbered side by side (all east edges first, ...), for grids whose side back is
        the opposite one (``half_turn``): a column at a time, no search (a million hexagons in a
        tenth of the time)."""
        cells, sides = nbr.shape
        turn = np.int8(self.half_turn)
        back = np.where(nbr >= 0, (np.arange(sides, dtype=np.int8) + turn) % np.int8(sides), np.int8(-1))
        edge_of = np.full((cells, sides), -1, dtype=np.int32)
        us, vs, count = [], [], 0
        for side in range(sides):
            column = nbr[:, side]
            u = np.flatnonzero(column > np.arange(cells, dtype=np.int32)).astype(np.int32)
            if not u.size:
                continue
            v = column[u]
            ids = np.arange(count, count + u.size, dtype=np.int32)
            edge_of[u, side] = ids
            edge_of[v, (side + self.half_turn) % sides] = ids
            us.append(u)
            vs.append(v)
            count += u.size
        empty = np.zeros(0, dtype=np.int32)
        edge_u = np.concatenate(us) if us else empty
        return edge_u, (np.concatenate(vs) if vs else empty), edge_of, back.astype(np.int8)

    # --- counts ----------------------------------------------------------------------------

    @property
    def cells(self) -> int:
        return int(self.nbr.shape[0])

    @property
    def sides(self) -> int:
        """Columns of ``nbr``: the most sides a cell of this kind has."""
        return int(self.nbr.shape[1])

    @property
    def edges(self) -> int:
        return int(self.edge_u.size)

    def describe(self) -> str:
        """``"hex 16x10"`` (columns x rows), ``"polar 8 rings"``."""
        rows, cols = self.size
        return f"{self.kind} {cols}x{rows}"

    # --- geometry (each kind) ----------------------------------------------------------------

    @staticmethod
    def centres_of(coords: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """``(x, y)`` of the centres of cells ``coords`` of a grid of ``size`` (each kind's)."""
        raise NotImplementedError

    def centres(self, cells: np.ndarray | None = None) -> np.ndarray:
        """``(x, y)`` of each cell's centre (all cells when ``cells`` is None)."""
        return self.centres_of(self.coords if cells is None else self.coords[cells], self.size)

    def corners(self, cell: int) -> np.ndarray:
        """The corners of ``cell`` in clockwise order; side k runs from corner k to corner k + 1."""
        raise NotImplementedError

    def side_points(self, cell: int, side: int) -> np.ndarray:
        """Side ``side`` of ``cell`` as a polyline ``(k, 2)`` (a straight side has two points)."""
        corners = self.corners(cell)
        return np.array([corners[side], corners[(side + 1) % len(corners)]])

    def step_length(self) -> float:
        """The longest distance between the centres of two neighbours (for A*'s bound)."""
        centres = self.centres()
        if not self.edges:
            return 1.0
        return float(np.hypot(*(centres[self.edge_u] - centres[self.edge_v]).T).max())

    def opposite(self, cell: int, side: int) -> int | None:
        """The side across the cell from ``side`` (a corridor that runs straight on), or None."""
        return None

    def rows(self) -> list[np.ndarray] | None:
        """The cells row by row, each row in order along it, for Eller's algorithm; None when
        the grid has no such rows (a mask cut them)."""
        if self.masked:
            return None
        rows, cols = self.size
        return [np.arange(r * cols, (r + 1) * cols) for r in range(rows)]

    # --- the outline and doors -----------------------------------------------------------------

    def outline(self) -> tuple[np.ndarray, np.ndarray]:
        """``(cells, sides)`` of every side on the outline."""
        cells, sides = np.nonzero(self.nbr == OUTSIDE)
        return cells.astype(np.int64), sides.astype(np.int64)

    def side_middle(self, cell: int, side: int) -> np.ndarray:
        points = self.side_points(cell, side)
        return points[len(points) // 2] if len(points) > 2 else points.mean(axis=0)

    def side_middles(self, cells: np.ndarray, sides: np.ndarray) -> np.ndarray:
        """``(x, y)`` of the middle of each side ``sides[i]`` of cell ``cells[i]``."""
        offsets = self.middle_offsets()
        if offsets is None:
            return np.array([self.side_middle(int(c), int(s)) for c, s in zip(cells, sides, strict=True)])
        return self.centres(cells) + offsets[sides]

    def middle_offsets(self) -> np.ndarray | None:
        """Where each side's middle lies from the cell's centre, when that is the same for
        every cell (``(sides, 2)``), else None."""
        return None

    def doors(self, facing: bool = False) -> tuple[tuple[int, int], tuple[int, int]]:
        """Two outline sides ``(cell, side)``: the westmost (top first) and the eastmost (bottom
        first), like the square maze's corner doors; with ``facing``, the westmost and eastmost
        nearest the middle height, facing each other (the swarm builders' doors)."""
        cells, sides = self.outline()
        if cells.size < 2:
            raise MazeError("the shape has no outline for two doors")
        middles = self.side_middles(cells, sides)
        x, y = middles[:, 0], middles[:, 1]
        if facing:
            height = (y.min() + y.max()) / 2
            west = np.lexsort((np.abs(y - height), np.round(x, 6)))[0]
            east = np.lexsort((np.abs(y - height), -np.round(x, 6)))[0]
        else:
            west = np.lexsort((y, np.round(x, 6)))[0]
            east = np.lexsort((-y, -np.round(x, 6)))[0]
        if cells[west] == cells[east]:
            others = np.flatnonzero(cells != cells[west])
            east = others[np.argmax(x[others])]
        return (int(cells[west]), int(sides[west])), (int(cells[east]), int(sides[east]))

    def cell_at(self, coord: tuple[int, int]) -> int:
        """The cell with ``(row, col)`` (polar: ``(ring, index)``), or -1."""
        hits = np.flatnonzero((self.coords[:, 0] == coord[0]) & (self.coords[:, 1] == coord[1]))
        return int(hits[0]) if hits.size else -1


def lattice_tables(nbr_full: np.ndarray, inside: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, int]:
    """Cut a whole lattice's neighbour table to the cells ``inside`` and their largest connected
    piece: ``(kept cell ids of the lattice, the renumbered table, cells dropped)``."""
    cells = nbr_full.shape[0]
    if inside is None:
        return np.arange(cells), nbr_full.astype(np.int32, copy=False), 0
    keep = np.asarray(inside, dtype=bool).copy()
    if not keep.any():
        raise MazeError("the mask leaves no cell of the grid inside")
    piece = largest_piece(nbr_full, keep)
    dropped = int(keep.sum() - piece.sum())
    keep = piece
    kept = np.flatnonzero(keep)
    number = np.full(cells + 1, OUTSIDE, dtype=np.int32)
    number[kept] = np.arange(kept.size, dtype=np.int32)
    table = nbr_full[kept]
    renumbered = np.where(table >= 0, number[np.maximum(table, 0)], table)
    renumbered[(table >= 0) & (renumbered < 0)] = OUTSIDE
    return kept, renumbered.astype(np.int32), dropped


def largest_piece(nbr_full: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The cells of ``keep`` in its largest connected piece (ties: the first in reading order)."""
    from swarmtui.mazes.solve import union_labels

    rows = np.repeat(np.arange(nbr_full.shape[0]), nbr_full.shape[1]).reshape(nbr_full.shape)
    live = (nbr_full >= 0) & keep[:, None]
    live[live] &= keep[nbr_full[live]]
    u, v = rows[live], nbr_full[live]
    label = union_labels(u.astype(np.int32), v.astype(np.int32), nbr_full.shape[0])
    counts = np.bincount(label[keep], minlength=nbr_full.shape[0])
    return keep & (label == np.argmax(counts))
