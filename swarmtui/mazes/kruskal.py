"""Randomised Kruskal: the spanning tree of the cells for a uniformly random edge order.

Kruskal's maze takes the walls in a random order and removes each one that joins two different
regions (a union-find over the cells). The order is one shuffled ``int32`` array of edge ids
(east edges ``r * (cols - 1) + c``, then south edges); the union-find is one ``array('i')`` of
parents (path halving), and a vectorised test drops each batch's edges that already lie inside
one region before the plain loop sees them; each wall removed is written straight into the
wall grid (through a ``memoryview`` of the NumPy grid). At a million cells that is 8 + 4 + 4 MB
in all, where the vectorised Borůvka this replaced held ~220 MB of whole-array temporaries
(18x a plain backtracker's peak) for the same tree. ``tests/test_maze_builders.py`` checks the result
against a plain union-find Kruskal on the same order.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.grids.base import Grid

_CHUNK = 1 << 13
"""Edges per batch (small: its survivors become three lists of Python ints)."""


def edge_count(rows: int, cols: int) -> tuple[int, int]:
    """``(east, all)``: how many east edges the lattice has, and how many edges in all."""
    east = rows * (cols - 1)
    return east, east + (rows - 1) * cols


def edge_ends(edge: np.ndarray, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For edge ids ``edge`` (int32): the cells ``u < v`` they join and the passage field between
    them (flat index in the ``(2 rows + 1) x (2 cols + 1)`` grid)."""
    east_count = rows * (cols - 1)
    width = 2 * cols + 1
    south = edge >= east_count
    row, col = np.divmod(edge, np.int32(max(cols - 1, 1)))
    s_row, s_col = np.divmod(edge - np.int32(east_count), np.int32(cols))
    row = np.where(south, s_row, row)
    col = np.where(south, s_col, col)
    u = row * np.int32(cols) + col
    v = u + np.where(south, np.int32(cols), np.int32(1))
    field = (2 * row + 1 + south) * np.int32(width) + 2 * col + 1 + ~south
    return u, v, field


def kruskal_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in the order Kruskal's loop carves them."""
    chosen = array("i")
    join(rows, cols, rng, chosen)
    row, col = np.divmod(np.frombuffer(chosen, dtype=np.int32), np.int32(2 * cols + 1))
    u = (row - 1) // 2 * cols + (col - 1) // 2  # the cell west of or above the passage
    v = u + np.where(row % 2 == 1, 1, cols)
    return u, v


def kruskal_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``kruskal_edges`` from the same ``rng``)."""
    return join(rows, cols, rng, None)


def join(rows: int, cols: int, rng: np.random.Generator, chosen: array | None) -> np.ndarray:
    """Kruskal's loop: the wall grid, and (``chosen``) the passage fields carved, in order.

    The order is taken a batch at a time: NumPy first finds both ends' roots for the whole batch
    and drops the edges already inside one region (about half of all edges, and nearly all late
    ones), then the plain loop runs over the rest, which is exactly Kruskal's loop on them (an
    edge dropped would have been refused). The union-find (parents in ``array('i')``, shared
    with NumPy without a copy; path halving) stays shallow, so the batch's vectorised root
    search takes a few rounds (union by rank was no faster here and costs a byte a cell).
    """
    walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    walls[1::2, 1::2] = False
    _, count = edge_count(rows, cols)
    order = np.arange(count, dtype=np.int32)
    rng.shuffle(order)  # the same order rng.permutation(count) gives, in 4 bytes an edge
    parent = array("i", range(rows * cols))
    parents = np.frombuffer(parent, dtype=np.int32)
    fields = walls.reshape(-1).data.cast("B")
    for at in range(0, count, _CHUNK):
        u, v, field = edge_ends(order[at:at + _CHUNK], rows, cols)
        for f in unite(parent, parents, u, v, field):
            fields[f] = 0
            if chosen is not None:
                chosen.append(f)
    del parents
    fields.release()
    return walls


def unite(parent: array, parents: np.ndarray, u: np.ndarray, v: np.ndarray, tags: np.ndarray) -> list[int]:
    """Kruskal's loop over one batch of edges ``(u[i], v[i])``: join the two regions of each edge
    that joins two, in order; the ``tags`` of the edges taken.

    NumPy first finds both ends' roots for the whole batch and drops the edges already inside
    one region; the plain loop (path halving on ``parent``, which ``parents`` views) runs over
    the rest, which is exactly Kruskal's loop on them (an edge dropped would have been refused).
    """
    apart = _root(parents, u) != _root(parents, v)
    taken = []
    for a, b, tag in zip(u[apart].tolist(), v[apart].tolist(), tags[apart].tolist(), strict=True):
        up = parent[a]
        while up != a:  # a's root, halving the path
            top = parent[up]
            parent[a] = top
            a = top
            up = parent[a]
        up = parent[b]
        while up != b:
            top = parent[up]
            parent[b] = top
            b = top
            up = parent[b]
        if a != b:
            parent[a] = b
            taken.append(tag)
    return taken


def _root(parents: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """The union-find roots of ``cells`` (vectorised; the trees are shallow)."""
    root = parents[cells]
    while True:
        up = parents[root]
        if np.array_equal(up, root):
            return root
        root = up


def kruskal_tree(grid: Grid, rng: np.random.Generator, chosen: array | None = None,
                 blocked: np.ndarray | None = None, parent: array | None = None) -> np.ndarray:
    """Kruskal on any grid: the passages (one bool per edge of ``grid``), the edges taken in a
    uniformly random order and kept when they join two regions, batched as in ``join``.

    ``blocked`` edges are never taken; ``parent`` is a union-find of the cells to start from
    (the weave's crossings join their cells first); ``chosen`` gets each edge taken, in order."""
    count = grid.edges
    order = np.arange(count, dtype=np.int32)
    rng.shuffle(order)
    if blocked is not None:
        order = order[~blocked[order]]
    if parent is None:
        parent = array("i", range(grid.cells))
    parents = np.frombuffer(parent, dtype=np.int32)
    passages = np.zeros(count, dtype=bool)
    for at in range(0, order.size, _CHUNK):
        edges = order[at:at + _CHUNK]
        taken = unite(parent, parents, grid.edge_u[edges], grid.edge_v[edges], edges)
        passages[taken] = True
        if chosen is not None:
            chosen.extend(taken)
    del parents
    return passages
