"""Wilson's algorithm: a uniformly random spanning tree (every perfect maze equally likely).

Loop-erased random walks (Wilson 1996): from each cell not yet in the tree, walk at random until
the tree is hit, remembering only the direction of the last exit from each cell (which erases
the loops), then add the walk's loop-free path. Unlike the other builders it has no bias in
texture, which makes it the fair baseline for dead-end and solution-length statistics
(``tests/test_maze_classics.py`` checks the uniformity with a chi-square test on a tiny grid).
Random directions are drawn from NumPy in blocks and the walk runs over each block in one plain
``for`` loop (its length is random); the last exit of each cell is one byte, and the tree is
the cells' ``JOINED + d`` codes in ``PaddedCells.state``. A step into the padded ring is a step
that does not happen (the walker stays and draws again), which is the simple random walk on the
grid graph.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

import numpy as np

from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import FREE, JOINED, RING, ROOT, PaddedCells

_BLOCK = 1 << 16


def wilson_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order (``v`` joined to ``u``, its next cell toward the tree)."""
    grid, joined = PaddedCells(rows, cols), array("i")
    walk(grid, rng, joined)
    return grid.tree_edges(joined)


def wilson_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``wilson_edges`` from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    walk(grid, rng, None)
    return grid.walls()


def walk(grid: PaddedCells, rng: np.random.Generator, joined: array | None) -> None:
    """Grow the tree into ``grid.state`` by loop-erased walks; append each cell added to ``joined``."""
    state = grid.state
    steps = grid.steps
    exits = bytearray(len(state))  # the direction each cell was last left by (loop erasure)
    state[grid.random_cell(rng)] = ROOT
    order = np.arange(grid.rows * grid.cols, dtype=np.int32)
    rng.shuffle(order)  # the cells' start order (what rng.permutation draws, in 4 bytes a cell)
    starts = _padded(order, grid)
    start = next((s for s in starts if not state[s]), -1)
    if start < 0:
        return
    cell = start
    block = min(_BLOCK, 16 * grid.rows * grid.cols + 64)  # small grids draw small blocks
    while True:
        for d in rng.integers(4, size=block).astype(np.uint8).tobytes():
            nxt = cell + steps[d]
            code = state[nxt]
            if code == RING:
                continue  # off the grid: the walker stays and draws again
            exits[cell] = d
            if code == FREE:
                cell = nxt
                continue
            cell = start  # the walk hit the tree: add its loop-erased path
            while not state[cell]:
                d = exits[cell]
                state[cell] = JOINED + d
                if joined is not None:
                    joined.append(cell)
                cell += steps[d]
            start = next((s for s in starts if not state[s]), -1)
            if start < 0:
                return
            cell = start


def _padded(order: np.ndarray, grid: PaddedCells) -> Iterator[int]:
    """The cells of ``order`` one by one as padded indices, converted a block at a time."""
    for at in range(0, order.size, _BLOCK):
        row, col = np.divmod(order[at:at + _BLOCK], np.int32(grid.cols))
        row += 1
        row *= np.int32(grid.stride)
        row += col
        row += 1
        yield from row.tolist()


def wilson_tree(grid: Grid, rng: np.random.Generator, joined: array | None = None) -> np.ndarray:
    """Wilson's algorithm on any grid: each cell's parent edge (-1 for the root).

    The walk draws one of the table's columns uniformly and draws again when that side leads
    off the grid or does not exist (a polar cell has five sides of the centre's six): a uniform
    step to a real neighbour, the simple random walk Wilson's theorem needs."""
    table = GraphCells(grid)
    sides, state, nbr, parent, sentinel = table.sides, table.state, table.nbr, table.parent, table.sentinel
    exits = array("i", [0]) * table.cells  # the flat side each cell was last left by (loop erasure)
    state[table.random_cell(rng)] = IN_TREE
    order = np.arange(table.cells, dtype=np.int32)
    rng.shuffle(order)
    starts = iter(order.tolist())
    start = next((s for s in starts if not state[s]), -1)
    if start < 0:
        return table.parent_edges()
    cell = start
    block = min(_BLOCK, 16 * table.cells + 64)
    while True:
        for d in rng.integers(sides, size=block).astype(np.uint8).tobytes():
            i = cell * sides + d
            nxt = nbr[i]
            if nxt == sentinel:
                continue
            exits[cell] = i
            if state[nxt] == FREE:
                cell = nxt
                continue
            cell = start  # the walk hit the tree: add its loop-erased path
            while not state[cell]:
                i = exits[cell]
                state[cell] = IN_TREE
                parent[cell] = i
                if joined is not None:
                    joined.append(cell)
                cell = nbr[i]
            start = next((s for s in starts if not state[s]), -1)
            if start < 0:
                return table.parent_edges()
            cell = start
