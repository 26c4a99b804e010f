"""Wilson's algorithm: a uniformly random spanning tree (every perfect maze equally likely).

Loop-erased random walks (Wilson 1996): from each cell not yet in the tree, walk at random until
the tree is hit, remembering only the direction of the last exit from each cell (which erases
the loops), then add the walk's loop-free path. Unlike the other builders it has no bias in
texture, which makes it the fair baseline for dead-end and solution-length statistics
(``tests/test_maze_classics.py`` checks the uniformity with a chi-square test on a tiny grid).
Random directions are drawn from NumPy in blocks; the walk itself is a plain loop (its length
is random). A step into the padded ring is a step that does not happen (the walker stays and
draws again), which is the simple random walk on the grid graph.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.lattice import PaddedCells

_BLOCK = 1 << 16


def wilson_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    grid = PaddedCells(rows, cols)
    ring = bytes(grid.blocked)
    in_tree = bytearray(len(ring))
    in_tree[grid.random_cell(rng)] = 1
    exit_to = array("q", [0]) * len(ring)
    steps = grid.steps
    dirs: list[int] = []
    block = min(_BLOCK, 16 * rows * cols + 64)  # small grids draw small blocks
    at = 0
    us, vs = array("i"), array("i")
    order = rng.permutation(rows * cols).astype(np.int32)
    for cell_index in _chunks(order):
        start = grid.padded(cell_index)
        if in_tree[start]:
            continue
        cell = start
        while not in_tree[cell]:
            if at == len(dirs):
                dirs = rng.integers(4, size=block).tolist()
                at = 0
            nxt = cell + steps[dirs[at]]
            at += 1
            if not ring[nxt]:
                exit_to[cell] = nxt
                cell = nxt
        cell = start
        while not in_tree[cell]:
            in_tree[cell] = 1
            nxt = exit_to[cell]
            us.append(cell)
            vs.append(nxt)
            cell = nxt
    return grid.edges(us, vs)


def _chunks(order: np.ndarray):
    """The cells of ``order`` one by one, converted to Python ints a block at a time."""
    for at in range(0, order.size, _BLOCK):
        yield from order[at:at + _BLOCK].tolist()
