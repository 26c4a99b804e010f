"""A maze on any grid: the grid's cells and the passages between them (issue 32).

``GridMaze`` is the maze as a graph: ``passages[e]`` opens edge ``e`` of its ``grid``; a carving
builder opens a spanning tree of them. The swarm builders of Polap et al. make walls of whole
cells (the paper's fields), so a maze may also mark cells as ``walls``; every passage joins two
open cells. A weave maze (square grid) adds ``tunnels``: ``(a, b, under)`` is a passage from
cell ``a`` to cell ``b`` beneath cell ``under``, their common neighbour, whose own passage runs
across it on top (a crossing, not a junction). The two doors are outline sides ``(cell, side)``.

``links`` is the maze as every algorithm walks it: the cell reached through each side (-1
where the way is shut), tunnels included; ``entry`` the side it is entered by. Metrics,
solvers, pictures, text and files take a ``GridMaze``; the plain square rectangle keeps its
faster field bitmap (``mazes.grid.Maze``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grids.base import OUTSIDE, Grid

Door = tuple[int, int]
"""``(cell, side)``: a side on the grid's outline, opened as a door."""


@dataclass(frozen=True, eq=False)
class GridMaze:
    """Passages over a grid, with two doors; ``walls`` marks wall cells (swarm mazes) or is None."""

    grid: Grid
    passages: np.ndarray
    entrance: Door
    exit: Door
    walls: np.ndarray | None = None
    tunnels: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), dtype=np.int32))
    algo: str = ""
    seed: int | None = None
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        grid = self.grid
        passages = np.array(self.passages, dtype=bool, copy=True)
        if passages.shape != (grid.edges,):
            raise MazeError(f"a {grid.describe()} maze has {grid.edges} sides between cells; got {passages.size}")
        walls = None if self.walls is None else np.array(self.walls, dtype=bool, copy=True)
        if walls is not None:
            if walls.shape != (grid.cells,):
                raise MazeError(f"a {grid.describe()} maze has {grid.cells} cells; got {walls.size} wall marks")
            if (passages & (walls[grid.edge_u] | walls[grid.edge_v])).any():
                raise MazeError("a passage leads into a wall cell")
        tunnels = np.array(self.tunnels, dtype=np.int32).reshape(-1, 3)
        for name, value in (("passages", passages), ("walls", walls), ("tunnels", tunnels)):
            if value is not None:
                value.flags.writeable = False
            object.__setattr__(self, name, value)
        for name in ("entrance", "exit"):
            cell, side = (int(v) for v in getattr(self, name))
            if not (0 <= cell < grid.cells and 0 <= side < grid.sides) or grid.nbr[cell, side] != OUTSIDE:
                raise MazeError(f"the {name} {cell},{side} is not a side on the outline")
            if walls is not None and walls[cell]:
                raise MazeError(f"the {name} opens into a wall cell")
            object.__setattr__(self, name, (cell, side))
        if self.entrance[0] == self.exit[0]:
            raise MazeError("the entrance and the exit open into the same cell")
        self._check_tunnels()

    def _check_tunnels(self) -> None:
        grid = self.grid
        for a, b, under in self.tunnels.tolist():
            if not all(0 <= c < grid.cells for c in (a, b, under)):
                raise MazeError("a tunnel names a cell the grid does not have")
            side_a = np.flatnonzero(grid.nbr[under] == a)
            side_b = np.flatnonzero(grid.nbr[under] == b)
            if not (side_a.size and side_b.size) or grid.opposite(under, int(side_a[0])) != int(side_b[0]):
                raise MazeError("a tunnel must pass straight under one cell, between two of its opposite neighbours")
            if self.passages[grid.edge_of[under, side_a[0]]] or self.passages[grid.edge_of[under, side_b[0]]]:
                raise MazeError("a tunnel's cell is also open towards the tunnel's ends")

    # --- what it is -------------------------------------------------------------------------

    @property
    def cells(self) -> int:
        return self.grid.cells

    @property
    def size(self) -> str:
        return self.grid.describe()

    @property
    def open_cells(self) -> np.ndarray:
        """True for every cell that is not a wall."""
        return np.ones(self.cells, dtype=bool) if self.walls is None else ~self.walls

    @cached_property
    def links(self) -> np.ndarray:
        """``(cells, sides)``: the cell reached through each side, -1 where it is shut (tunnels:
        the far end, through the side facing the cell they pass under)."""
        grid = self.grid
        has_edge = grid.edge_of >= 0
        open_side = np.zeros(has_edge.shape, dtype=bool)
        open_side[has_edge] = self.passages[grid.edge_of[has_edge]]
        links = np.where(open_side, grid.nbr, -1)
        for a, b, under in self.tunnels.tolist():
            links[a, np.flatnonzero(grid.nbr[a] == under)[0]] = b
            links[b, np.flatnonzero(grid.nbr[b] == under)[0]] = a
        links.flags.writeable = False
        return links

    @cached_property
    def entry(self) -> np.ndarray:
        """``(cells, sides)``: the side of the linked cell one arrives by (-1 where shut)."""
        grid = self.grid
        entry = np.where(self.links >= 0, grid.back, -1).astype(np.int8)
        for a, b, under in self.tunnels.tolist():
            entry[a, np.flatnonzero(grid.nbr[a] == under)[0]] = np.flatnonzero(grid.nbr[b] == under)[0]
            entry[b, np.flatnonzero(grid.nbr[b] == under)[0]] = np.flatnonzero(grid.nbr[a] == under)[0]
        entry.flags.writeable = False
        return entry

    def ways_out(self) -> np.ndarray:
        """For every cell, how many ways lead out of it (passages, tunnels and doors)."""
        ways = (self.links >= 0).sum(axis=1)
        ways[self.entrance[0]] += 1
        ways[self.exit[0]] += 1
        return ways

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GridMaze):
            return NotImplemented
        mine, theirs = self.grid, other.grid
        same_grid = mine.kind == theirs.kind and mine.size == theirs.size and np.array_equal(mine.coords, theirs.coords)
        return (same_grid and (self.entrance, self.exit) == (other.entrance, other.exit)
                and np.array_equal(self.passages, other.passages) and np.array_equal(self.open_cells, other.open_cells)
                and np.array_equal(self.tunnels, other.tunnels))

    def __hash__(self) -> int:
        return hash((self.grid.kind, self.grid.size, self.passages.tobytes(), self.entrance, self.exit))


def tree_maze(grid: Grid, parent_edge: np.ndarray, algo: str, seed: int | None, facing: bool = False,
              **info: Any) -> GridMaze:
    """The maze whose passages are the edges ``parent_edge`` lists (-1 entries skipped), with the
    grid's doors."""
    passages = np.zeros(grid.edges, dtype=bool)
    passages[parent_edge[parent_edge >= 0]] = True
    entrance, exit_ = grid.doors(facing)
    if grid.dropped:
        info["mask_dropped"] = grid.dropped
    return GridMaze(grid, passages, entrance, exit_, algo=algo, seed=seed, info=info)
