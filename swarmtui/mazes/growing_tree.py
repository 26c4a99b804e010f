"""Growing tree (Buck, *Mazes for Programmers*, ch. 12): one loop, many textures.

Keep a list of active cells, starting with one random cell. Each step chooses an active cell;
if it has unvisited neighbours, carve to a random one and make that active too; otherwise
retire the chosen cell. How the cell is chosen sets the texture:

- ``newest`` (the last added): the recursive backtracker (long corridors, ~10% dead ends);
- ``random``: like simplified Prim (short dead ends everywhere);
- ``mixed``: the newest with probability ``mix``, else a random one (Buck's 50/50 split
  gives corridors with frequent branching).

A random pick is uniform over the active set whatever its order, so retiring a cell swaps the
last one into its place (O(1)); "newest" is read from a separate stack in insertion order that
skips retired cells lazily, so it always means the newest active cell.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from itertools import permutations
from typing import Literal

import numpy as np

from swarmtui.core.params import ParamError, check_range
from swarmtui.mazes.graph_cells import IN_TREE, GraphCells
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.lattice import JOINED, ROOT, PaddedCells

ORDERS = tuple(permutations(range(4)))
_BLOCK = 1 << 16
_BELOW_ONE = 1.0 - 2.0**-30


@dataclass(frozen=True)
class GrowingTreeParams:
    """Which active cell each step works on."""

    pick: Literal["newest", "random", "mixed"] = field(
        default="mixed", metadata={"help": "newest (backtracker), random (Prim-like) or mixed"})
    mix: float = field(default=0.5, metadata={"help": "mixed: share of steps that take the newest cell (Buck: 0.5)"})

    def __post_init__(self) -> None:
        if self.pick not in ("newest", "random", "mixed"):
            raise ParamError(f"pick must be newest, random or mixed; got {self.pick!r}")
        check_range("mix", self.mix, 0.0, 1.0)


def pick_block(rng: np.random.Generator, newest_share: float, scale: float) -> list[float]:
    """A block of picks: -1 for "the newest cell" (a draw below the newest share), else a draw
    rescaled past it into [0, 1) for a uniform index (capped a hair below 1, so that
    ``int(pick * size) < size``: the same index as ``min(int(pick * size), size - 1)``)."""
    draws = rng.random(_BLOCK)
    return np.where(draws < newest_share, -1.0, np.minimum((draws - newest_share) * scale, _BELOW_ONE)).tolist()


def growing_tree_edges(rows: int, cols: int, rng: np.random.Generator,
                       params: GrowingTreeParams | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    grid, joined = PaddedCells(rows, cols), array("i")
    grow(grid, rng, params or GrowingTreeParams(), joined)
    return grid.tree_edges(joined)


def growing_tree_walls(rows: int, cols: int, rng: np.random.Generator,
                       params: GrowingTreeParams | None = None) -> np.ndarray:
    """The maze's wall grid (the same maze as ``growing_tree_edges`` from the same ``rng``)."""
    grid = PaddedCells(rows, cols)
    grow(grid, rng, params or GrowingTreeParams(), None)
    return grid.walls()


def grow(grid: PaddedCells, rng: np.random.Generator, params: GrowingTreeParams, joined: array | None) -> None:
    """Grow the tree into ``grid.state``; append each cell carved into to ``joined`` if given.

    The active cells, their places and the insertion order are ``array('i')`` (4 bytes a cell;
    Python lists of ints took 36 bytes a cell, 4.7x a plain backtracker's peak memory)."""
    newest_share = {"newest": 1.0, "random": 0.0, "mixed": params.mix}[params.pick]
    scale = 1.0 / (1.0 - newest_share) if newest_share < 1.0 else 0.0
    state = grid.state
    back = [(step, JOINED + (d + 2) % 4) for d, step in enumerate(grid.steps)]  # step, and the code back
    offsets = [tuple(back[d] for d in order) for order in ORDERS]
    start = grid.random_cell(rng)
    state[start] = ROOT
    active = array("i", [start])  # in any order: a random pick is uniform whatever the order
    where = array("i", [0]) * len(state)  # index of each active cell in ``active``
    recent = array("i", [start])  # cells in the order they were added; retired ones are skipped lazily
    retired = bytearray(len(state))
    while active:
        picks = pick_block(rng, newest_share, scale)
        orders = rng.integers(len(ORDERS), size=_BLOCK).tolist()
        for pick, order in zip(picks, orders):  # noqa: B905 (both are _BLOCK long)
            if pick < 0.0:
                cell = recent[-1]
                while retired[cell]:
                    recent.pop()
                    cell = recent[-1]
            else:
                cell = active[int(pick * len(active))]
            for step, code in offsets[order]:
                nxt = cell + step
                if not state[nxt]:
                    state[nxt] = code
                    if joined is not None:
                        joined.append(nxt)
                    where[nxt] = len(active)
                    active.append(nxt)
                    recent.append(nxt)
                    break
            else:  # no unvisited neighbour: retire the cell (swap-remove from ``active``)
                retired[cell] = 1
                moved = active.pop()
                if moved != cell:
                    active[where[cell]] = moved
                    where[moved] = where[cell]
                elif not active:
                    break


def growing_tree_tree(grid: Grid, rng: np.random.Generator, params: GrowingTreeParams | None = None,
                      joined: array | None = None) -> np.ndarray:
    """Growing tree on any grid: each cell's parent edge (-1 for the first). Picks as ``grow``
    does; a picked cell carves to its next unvisited neighbour in its random order
    (``GraphCells.shuffled``, a pointer per cell)."""
    params = params or GrowingTreeParams()
    newest_share = {"newest": 1.0, "random": 0.0, "mixed": params.mix}[params.pick]
    scale = 1.0 / (1.0 - newest_share) if newest_share < 1.0 else 0.0
    table = GraphCells.shuffled(grid, rng)
    sides, state, nbr, parent = table.sides, table.state, table.nbr, table.parent
    tried = bytearray(table.cells)
    start = table.random_cell(rng)
    state[start] = IN_TREE
    active = array("i", [start])
    where = array("i", [0]) * table.cells
    recent = array("i", [start])
    retired = bytearray(table.cells)
    while active:
        for pick in pick_block(rng, newest_share, scale):
            if pick < 0.0:
                cell = recent[-1]
                while retired[cell]:
                    recent.pop()
                    cell = recent[-1]
            else:
                cell = active[int(pick * len(active))]
            base = cell * sides
            k = tried[cell]
            while k < sides:
                nxt = nbr[base + k]
                k += 1
                if not state[nxt]:
                    tried[cell] = k
                    state[nxt] = IN_TREE
                    parent[nxt] = base + k - 1
                    if joined is not None:
                        joined.append(nxt)
                    where[nxt] = len(active)
                    active.append(nxt)
                    recent.append(nxt)
                    break
            else:  # no unvisited neighbour: retire the cell
                tried[cell] = k
                retired[cell] = 1
                moved = active.pop()
                if moved != cell:
                    active[where[cell]] = moved
                    where[moved] = where[cell]
                elif not active:
                    break
    return table.parent_edges()
