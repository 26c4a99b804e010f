"""Hunt-and-kill (Buck, *Mazes for Programmers*, ch. 5): random walks, and a hunt when one is stuck.

Walk from a random cell to random unvisited neighbours, carving as you go (the kill). When the
walk has no unvisited neighbour, hunt: scan the cells in reading order for the first unvisited
cell next to a visited one, join it to a random visited neighbour and walk on from it. The maze
is done when the hunt finds nothing. Long, winding corridors and few dead ends (about one cell
in ten), like the backtracker, but with no stack.

The hunt keeps a pointer to the first cell of the scan that is still unvisited: every cell
before it is visited, so no hunt scans it again, and the next unvisited cell is one
``bytearray.find`` (C speed). That cell's north and west neighbours come before it, so they are
visited or off the grid: it qualifies unless it is the corner cell (0, 0) with only unvisited
neighbours, when a vectorised search in doubling windows takes over (the result is always the
textbook hunt's: the first qualifying cell in reading order). mazelib's version hunts for a random cell instead, which
gives a different texture and can be much slower.
"""

from __future__ import annotations

from array import array
from itertools import permutations

import numpy as np

from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import FREE, JOINED, ROOT, PaddedCells

ORDERS = tuple(permutations(range(4)))
_BLOCK = 1 << 16


def hunt_and_kill_edges(rows: int, cols: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    grid, joined = PaddedCells(rows, cols), array("i")
    hunt_and_kill(grid, rng, joined)
    return grid.tree_edges(joined)


def hunt_and_kill_walls(rows: int, cols: int, rng: np.random.Generator) -> np.ndarray:
    """The maze's wall grid (the same maze as ``hunt_and_kill_edges`` from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    hunt_and_kill(grid, rng, None)
    return grid.walls()


def hunt_and_kill(grid: PaddedCells, rng: np.random.Generator, joined: array | None) -> None:
    """Carve the tree into ``grid.state``; append each cell carved into to ``joined`` if given."""
    state = grid.state
    steps = grid.steps
    back = [(step, JOINED + (d + 2) % 4) for d, step in enumerate(steps)]  # step, and the code back
    offsets = [tuple(back[d] for d in order) for order in ORDERS]
    coins: list[int] = []
    at = 0
    cell = grid.random_cell(rng)
    state[cell] = ROOT
    scan = grid.stride + 1
    cells = np.frombuffer(state, dtype=np.uint8)
    while True:
        # kill: walk to a random unvisited neighbour while there is one
        while True:
            if at == len(coins):
                coins = rng.integers(len(ORDERS), size=_BLOCK).tolist()
                at = 0
            order = offsets[coins[at]]
            at += 1
            for step, code in order:
                nxt = cell + step
                if not state[nxt]:
                    state[nxt] = code
                    break
            else:
                break
            if joined is not None:
                joined.append(nxt)
            cell = nxt
        # hunt: the first unvisited cell (reading order) with a visited neighbour
        scan = state.find(FREE, scan)
        if scan < 0:
            break
        found = scan
        ways = [d for d in range(4) if state[found + steps[d]] >= ROOT]
        if not ways:  # (0, 0) with unvisited neighbours: search on, vectorised
            found = _first_qualifying(cells, found + 1, grid.stride)
            ways = [d for d in range(4) if state[found + steps[d]] >= ROOT]
        if at == len(coins):
            coins = rng.integers(len(ORDERS), size=_BLOCK).tolist()
            at = 0
        d = ways[coins[at] % len(ways)]  # uniform: 24 orders divide by 1, 2, 3 and 4
        at += 1
        state[found] = JOINED + d
        if joined is not None:
            joined.append(found)
        cell = found
    del cells


def _first_qualifying(cells: np.ndarray, start: int, stride: int) -> int:
    """The first free cell from ``start`` on (reading order) with a neighbour in the maze,
    searched in windows that double (the free cells around an unvisited (0, 0) corner can run
    for rows; a plain scan over them cost more than all the rest of the build)."""
    size = 2 * stride
    while True:
        stop = min(start + size, cells.size - stride)
        window = slice(start, stop)
        inside = cells[start - stride:stop + stride] >= ROOT
        near = inside[:-2 * stride] | inside[2 * stride:]
        near |= inside[stride - 1:-stride - 1]
        near |= inside[stride + 1:stop - start + stride + 1]
        hits = np.flatnonzero(near & (cells[window] == FREE))
        if hits.size:
            return start + int(hits[0])
        start, size = stop, 2 * size


def hunt_and_kill_tree(grid: Grid, rng: np.random.Generator, joined: array | None = None) -> np.ndarray:
    """Hunt-and-kill on any grid: each cell's parent edge (-1 for the first).

    The kill walks to the first unvisited neighbour in the cell's random order
    (``GraphCells.shuffled``: a uniform choice); the hunt takes the first unvisited cell in
    reading order that has a visited neighbour (``bytearray.find`` from a pointer before which
    every cell is visited), joined to its first visited neighbour in its random order."""
    table = GraphCells.shuffled(grid, rng)
    sides, state, nbr, parent = table.sides, table.state, table.nbr, table.parent
    cell = table.random_cell(rng)
    state[cell] = IN_TREE
    scan = 0
    while True:
        while True:  # kill
            base = cell * sides
            for k in range(sides):
                nxt = nbr[base + k]
                if not state[nxt]:
                    break
            else:
                break
            state[nxt] = IN_TREE
            parent[nxt] = base + k
            if joined is not None:
                joined.append(nxt)
            cell = nxt
        scan = state.find(FREE, scan)  # hunt
        if scan < 0:
            break
        found = scan
        while True:
            base = found * sides
            way = next((base + k for k in range(sides) if state[nbr[base + k]] == IN_TREE), -1)
            if way >= 0:
                break
            found = state.find(FREE, found + 1)
        state[found] = IN_TREE
        parent[found] = way
        if joined is not None:
            joined.append(found)
        cell = found
    return table.parent_edges()
