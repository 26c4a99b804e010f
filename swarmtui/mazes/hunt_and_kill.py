"""Hunt-and-kill (Buck, *Mazes for Programmers*, ch. 5): random walks, and a hunt when one is stuck.

Walk from a random cell to random unvisited neighbours, carving as you go (the kill). When the
walk has no unvisited neighbour, hunt: scan the cells in reading order for the first unvisited
cell next to a visited one, join it to a random visited neighbour and walk on from it. The maze
is done when the hunt finds nothing. Long, winding corridors and few dead ends (about one cell
in ten), like the backtracker, but with no stack.

The hunt keeps a pointer to the first cell of the scan that is still unvisited: every cell
before it is visited, so no hunt scans it again (the result is the textbook hunt's: the first
qualifying cell in reading order). mazelib's version hunts for a random cell instead, which
gives a different texture and can be much slower.
"""

from __future__ import annotations

from array import array
from itertools import permutations

import numpy as np

from swarmtui.mazes.lattice import PaddedCells

ORDERS = tuple(permutations(range(4)))
_BLOCK = 1 << 16


def hunt_and_kill_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    grid = PaddedCells(rows, cols)
    visited = grid.blocked
    ring = bytes(visited)
    steps = grid.steps
    offsets = [tuple(steps[d] for d in order) for order in ORDERS]
    coins: list[int] = []
    at = 0
    us, vs = array("i"), array("i")
    cell = grid.random_cell(rng)
    visited[cell] = 1
    scan = grid.stride + 1
    last = len(visited) - grid.stride - 2
    while True:
        # kill: walk to a random unvisited neighbour while there is one
        while True:
            if at == len(coins):
                coins = rng.integers(len(ORDERS), size=_BLOCK).tolist()
                at = 0
            order = offsets[coins[at]]
            at += 1
            for step in order:
                nxt = cell + step
                if not visited[nxt]:
                    break
            else:
                break
            visited[nxt] = 1
            us.append(cell)
            vs.append(nxt)
            cell = nxt
        # hunt: the first unvisited cell (reading order) with a visited neighbour
        while scan <= last and visited[scan]:
            scan += 1
        found = -1
        probe = scan
        while probe <= last:
            if not visited[probe]:
                neighbours = [probe + step for step in steps if visited[probe + step] and not ring[probe + step]]
                if neighbours:
                    found = probe
                    break
            probe += 1
        if found < 0:
            break
        if at == len(coins):
            coins = rng.integers(len(ORDERS), size=_BLOCK).tolist()
            at = 0
        pick = coins[at] % len(neighbours)  # uniform: 24 orders divide by 1, 2, 3 and 4
        at += 1
        visited[found] = 1
        us.append(neighbours[pick])
        vs.append(found)
        cell = found
    return grid.edges(us, vs)
