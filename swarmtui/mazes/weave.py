"""Weave mazes: passages that cross over and under one another (Buck, *Mazes for Programmers*,
ch. 9, "Kruskal's with weaves"), on the square grid.

Before Kruskal's loop, crossings are laid: the cells not on the outline are tried in a random
order (a share ``crossings`` of them) and a cell becomes a crossing when neither it nor its
four neighbours has a passage yet. A crossing carves one straight passage through the cell
(north-south or east-west, a coin) and a *tunnel* under it between the other two neighbours;
the three cells of the passage on top join one region of the union-find and the tunnel's two
ends another, and the sides between the cell and the tunnel's ends may never be opened (the
passage on top has walls there). Kruskal then joins everything else in a random order
(``kruskal.kruskal_tree``), so the maze is a spanning tree of the cells in which a tunnel is
an edge: perfect, and a crossing is not a junction (solvers walk the tunnel straight through:
``GridMaze.links``).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.params import check_range
from swarmtui.mazes.frames import FrameSink
from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.grids.square import EAST, NORTH, SOUTH, WEST
from swarmtui.mazes.kruskal import kruskal_tree


@dataclass(frozen=True)
class WeaveParams:
    """How many crossings to try."""

    crossings: float = field(default=0.5, metadata={"help": "share of the inner cells tried as crossings, in "
                                                            "random order (each taken when it fits)"})

    def __post_init__(self) -> None:
        check_range("crossings", self.crossings, 0.0, 1.0)


def weave_maze(grid: Grid, rng: np.random.Generator, params: WeaveParams | None = None, seed: int | None = None,
               on_frame: FrameSink | None = None) -> GridMaze:
    """A weave maze on a square ``grid``: crossings first, then Kruskal."""
    if grid.kind != "square":
        raise MazeError("weave mazes cross passages on the square grid only")
    params = params or WeaveParams()
    nbr = grid.nbr
    inner = np.flatnonzero((nbr >= 0).all(axis=1))
    order = inner[rng.permutation(inner.size)][: int(round(params.crossings * inner.size))]
    coins = rng.random(order.size) < 0.5
    touched = np.zeros(grid.cells, dtype=bool)
    parent = array("i", range(grid.cells))
    passages = np.zeros(grid.edges, dtype=bool)
    blocked = np.zeros(grid.edges, dtype=bool)
    tunnels = []
    for cell, north_south in zip(order.tolist(), coins.tolist(), strict=True):
        around = nbr[cell]
        if touched[cell] or touched[around].any():
            continue
        over, under = ((NORTH, SOUTH), (WEST, EAST)) if north_south else ((WEST, EAST), (NORTH, SOUTH))
        for side in over:
            passages[grid.edge_of[cell, side]] = True
            parent[int(around[side])] = cell
        for side in under:
            blocked[grid.edge_of[cell, side]] = True
        a, b = int(around[under[0]]), int(around[under[1]])
        parent[a] = b
        tunnels.append((a, b, cell))
        touched[cell] = True
        touched[around] = True
    laid = np.flatnonzero(passages)
    chosen: array | None = array("i") if on_frame is not None else None
    passages |= kruskal_tree(grid, rng, chosen, blocked=blocked | passages, parent=parent)
    entrance, exit_ = grid.doors()
    info = {"crossings": len(tunnels)}
    if grid.dropped:
        info["mask_dropped"] = grid.dropped
    maze = GridMaze(grid, passages, entrance, exit_, tunnels=np.array(tunnels, dtype=np.int32).reshape(-1, 3),
                    algo="weave", seed=seed, info=info)
    if on_frame is not None and chosen is not None:
        from swarmtui.mazes.classic import replay_grid

        replay_grid(maze, np.concatenate([laid, np.frombuffer(chosen, dtype=np.int32)]), on_frame)
    return maze
