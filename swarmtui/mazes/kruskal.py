"""Randomised Kruskal: the spanning tree of the cells for a uniformly random edge order.

Kruskal's maze takes the walls in a random order and removes each one that joins two different
regions. That tree is the minimum spanning tree for edge weights equal to the edges' ranks in
the order, and with distinct weights the minimum spanning tree is unique, so Boruvka's
algorithm builds *the same maze*. Boruvka vectorises: every round, each region takes its
lightest outgoing edge (one ``np.minimum.at``), the regions merge by pointer jumping, and the
number of regions at least halves, so about log2(cells) rounds of whole-array work replace a
million-step union-find loop. ``tests/test_maze_builders.py`` checks the result against a plain
union-find Kruskal on the same order.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.lattice import cell_edges


def kruskal_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in the order Kruskal's loop would carve them."""
    u, v = cell_edges(rows, cols)
    order = rng.permutation(u.size)
    return boruvka(rows * cols, u[order], v[order])  # edge i of the order weighs i


def boruvka(n: int, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Minimum spanning forest of ``n`` nodes whose edges ``(u[i], v[i])`` weigh ``i``."""
    rank = np.arange(u.size, dtype=np.int64)
    region = np.arange(n, dtype=np.int64)
    chosen = np.zeros(u.size, dtype=bool)
    live = np.ones(u.size, dtype=bool)
    while True:
        ru, rv = region[u], region[v]
        live &= ru != rv
        if not live.any():
            break
        idx = rank[live]
        ru, rv = ru[live], rv[live]
        lightest = np.full(n, u.size, dtype=np.int64)
        np.minimum.at(lightest, ru, idx)
        np.minimum.at(lightest, rv, idx)
        roots = np.flatnonzero(lightest < u.size)
        edge = lightest[roots]
        chosen[edge] = True
        # each region points at the region across its lightest edge; break the mutual pairs
        across = np.where(region[u[edge]] == roots, region[v[edge]], region[u[edge]])
        succ = np.arange(n, dtype=np.int64)
        succ[roots] = across
        mutual = (succ[succ] == np.arange(n)) & (np.arange(n) < succ)
        succ[mutual] = np.flatnonzero(mutual)
        while True:
            jumped = succ[succ]
            if np.array_equal(jumped, succ):
                break
            succ = jumped
        region = succ[region]
    keep = np.flatnonzero(chosen)  # ascending weight: the order Kruskal's loop takes them
    return u[keep], v[keep]
