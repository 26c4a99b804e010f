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
from swarmtui.mazes.lattice import PaddedCells

ORDERS = tuple(permutations(range(4)))
_BLOCK = 1 << 16


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


def growing_tree_edges(rows: int, cols: int, rng: np.random.Generator,
                       params: GrowingTreeParams | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` in carving order."""
    params = params or GrowingTreeParams()
    newest_share = {"newest": 1.0, "random": 0.0, "mixed": params.mix}[params.pick]
    grid = PaddedCells(rows, cols)
    visited = grid.blocked
    offsets = [tuple(grid.steps[d] for d in order) for order in ORDERS]
    start = grid.random_cell(rng)
    visited[start] = 1
    active = [start]  # in any order: a random pick is uniform whatever the order
    where = array("q", [0]) * len(visited)  # index of each active cell in ``active``
    recent = [start]  # cells in the order they were added; retired ones are skipped lazily
    retired = bytearray(len(visited))
    us, vs = array("i"), array("i")
    draws: list[float] = []
    orders: list[int] = []
    at = 0
    while active:
        if at == len(draws):
            draws = rng.random(_BLOCK).tolist()
            orders = rng.integers(len(ORDERS), size=_BLOCK).tolist()
            at = 0
        draw = draws[at]
        if draw < newest_share:
            while retired[recent[-1]]:
                recent.pop()
            cell = recent[-1]
        else:  # a uniform index from the same draw, rescaled past the "newest" share
            cell = active[min(int((draw - newest_share) / (1.0 - newest_share) * len(active)), len(active) - 1)]
        for step in offsets[orders[at]]:
            nxt = cell + step
            if not visited[nxt]:
                visited[nxt] = 1
                us.append(cell)
                vs.append(nxt)
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
        at += 1
    return grid.edges(us, vs)
