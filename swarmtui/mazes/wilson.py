"""Wilson's algorithm: a uniformly random spanning tree (every perfect maze equally likely).

Loop-erased random walks: from each cell not yet in the tree, walk at random until the tree is
hit, remembering only the direction of the last exit from each cell (which erases the loops),
then add the walk's loop-free path. Unlike the other builders it has no bias in texture, which
makes it the fair baseline for dead-end and solution-length statistics. Random directions are
drawn from NumPy in blocks; the walk itself is a plain loop (its length is random).
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.lattice import neighbour_table

_BLOCK = 1 << 16


def wilson_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """The tree's edges ``(u, v)`` in carving order."""
    n = rows * cols
    table = neighbour_table(rows, cols)
    in_tree = bytearray(n)
    in_tree[int(rng.integers(n))] = 1
    exit_to = [0] * n
    dirs: list[int] = []
    at = 0
    us: list[int] = []
    vs: list[int] = []
    for start in rng.permutation(n).tolist():
        if in_tree[start]:
            continue
        cell = start
        while not in_tree[cell]:
            if at == len(dirs):
                dirs = rng.integers(4, size=_BLOCK).tolist()
                at = 0
            nxt = table[4 * cell + dirs[at]]
            at += 1
            if nxt >= 0:
                exit_to[cell] = nxt
                cell = nxt
        cell = start
        while not in_tree[cell]:
            in_tree[cell] = 1
            nxt = exit_to[cell]
            us.append(cell)
            vs.append(nxt)
            cell = nxt
    return us, vs
