"""The cells of any grid as flat tables for the plain-Python carving loops (issue 32), the
general counterpart of ``lattice.PaddedCells``.

``nbr`` is the grid's neighbour table, flat (``cell * sides + side``), with every outline side
and missing side pointing at one *sentinel* cell past the last, marked in ``state`` from the
start: a step off the grid is one truth test (``state[nxt]``), no bounds test. A carving loop
records, for each cell it joins, the flat index of the side it was reached through
(``parent``); ``parent_edges`` turns those into the grid's edge ids in one NumPy step.

``shuffled`` gives every cell's sides in a uniformly random order, drawn in one NumPy call: the
first unvisited neighbour in a random order is a uniform choice among the unvisited ones, and
stays one after later cells are visited (they were unvisited, so ranked after every side
already taken), so the backtracker, hunt-and-kill and growing tree walk each cell's table once
with a pointer instead of drawing a random number per step.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from itertools import permutations

import numpy as np

from swarmtui.mazes.grids.base import Grid

FREE, BLOCKED, IN_TREE = 0, 1, 2
"""``state`` codes: a cell not yet in the tree, the sentinel, a cell in the tree."""
_CHUNK = 1 << 18


@lru_cache(maxsize=8)
def side_orders(sides: int) -> np.ndarray:
    """Every order of ``sides`` sides (720 for a hexagon), one per row."""
    return np.array(list(permutations(range(sides))), dtype=np.int8)


class GraphCells:
    """Flat tables of ``grid`` for carving: ``nbr`` (int32, indexable like ``array('i')``), ``state``
    (``bytearray``, one byte a cell and the sentinel), ``parent`` (flat side index, -1 unset)."""

    def __init__(self, grid: Grid, order: np.ndarray | None = None) -> None:
        self.grid = grid
        self.cells, self.sides = grid.cells, grid.sides
        self.sentinel = grid.cells
        table = grid.nbr if order is None else np.take_along_axis(grid.nbr, order, axis=1)
        self.order = order
        # a memoryview of the NumPy table indexes like an array('i'), without a copy
        self.nbr = np.where(table >= 0, table, np.int32(self.sentinel)).astype(np.int32).ravel().data
        self.state = bytearray(self.cells + 1)
        self.state[self.sentinel] = BLOCKED
        self.parent = array("i", [-1]) * self.cells

    @classmethod
    def shuffled(cls, grid: Grid, rng: np.random.Generator) -> GraphCells:
        """The tables with each cell's sides in a uniformly random order (one draw a cell)."""
        orders = side_orders(grid.sides)
        order = np.empty((grid.cells, grid.sides), dtype=np.int8)
        for at in range(0, grid.cells, _CHUNK):
            picks = rng.integers(len(orders), size=min(_CHUNK, grid.cells - at))
            order[at:at + picks.size] = orders[picks]
        return cls(grid, order)

    def random_cell(self, rng: np.random.Generator) -> int:
        return int(rng.integers(self.cells))

    def parent_edges(self) -> np.ndarray:
        """The grid's edge id each cell was joined through (-1 for the root)."""
        parent = np.frombuffer(self.parent, dtype=np.int32)
        out = np.full(self.cells, -1, dtype=np.int32)
        joined = np.flatnonzero(parent >= 0)
        out[joined] = self.edge_at(parent[joined])
        return out

    def edge_at(self, flat: np.ndarray) -> np.ndarray:
        """Edge ids of flat side indices ``cell * sides + k`` (k in the cell's own order)."""
        cell, k = np.divmod(flat.astype(np.int64), self.sides)
        side = k if self.order is None else self.order[cell, k]
        return self.grid.edge_of[cell, side]
