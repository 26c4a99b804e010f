"""The classic builders on one entry point: carve the spanning tree, open the doors, and (for the
TUI) replay the carving as frames, made only when someone asks for them.

Every builder here returns a perfect maze on the cell lattice (``lattice``): a spanning tree of
the cells. All but recursive division are passage carvers and give their tree as edges in
carving order; recursive division adds walls and gives the wall grid with the walls' order.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import numpy as np

from swarmtui.mazes.aldous_broder import MAX_FIELDS as AB_MAX_FIELDS
from swarmtui.mazes.aldous_broder import aldous_broder_edges, aldous_broder_tree, aldous_broder_walls
from swarmtui.mazes.backtracker import backtracker_edges, backtracker_tree, backtracker_walls
from swarmtui.mazes.binary_tree import binary_tree_edges, binary_tree_walls
from swarmtui.mazes.division import division_walls, draw_segments
from swarmtui.mazes.eller import eller_edges, eller_tree
from swarmtui.mazes.frames import NO_AGENTS, FrameSink, MazeFrame
from swarmtui.mazes.grid import Maze, MazeError
from swarmtui.mazes.grid_maze import GridMaze, tree_maze
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.growing_tree import growing_tree_edges, growing_tree_tree, growing_tree_walls
from swarmtui.mazes.hunt_and_kill import hunt_and_kill_edges, hunt_and_kill_tree, hunt_and_kill_walls
from swarmtui.mazes.kruskal import kruskal_edges, kruskal_tree, kruskal_walls
from swarmtui.mazes.lattice import carve, lattice_maze, lattice_shape
from swarmtui.mazes.prim import prim_edges, prim_tree, prim_walls
from swarmtui.mazes.sidewinder import sidewinder_edges, sidewinder_walls
from swarmtui.mazes.wilson import wilson_edges, wilson_tree, wilson_walls

Edges = tuple[np.ndarray, np.ndarray]

EDGES: dict[str, Callable[..., Edges]] = {
    "backtracker": backtracker_edges, "prim": prim_edges, "kruskal": kruskal_edges, "wilson": wilson_edges,
    "aldous-broder": aldous_broder_edges, "hunt-and-kill": hunt_and_kill_edges, "eller": eller_edges,
    "sidewinder": sidewinder_edges, "binary-tree": binary_tree_edges, "growing-tree": growing_tree_edges,
}
"""Passage carvers: ``(rows, cols, rng[, params]) -> (u, v)`` cell edges in carving order."""

WALLS: dict[str, Callable[..., np.ndarray]] = {
    "backtracker": backtracker_walls, "wilson": wilson_walls, "kruskal": kruskal_walls,
    "sidewinder": sidewinder_walls, "binary-tree": binary_tree_walls,
    "growing-tree": growing_tree_walls, "hunt-and-kill": hunt_and_kill_walls, "prim": prim_walls,
    "aldous-broder": aldous_broder_walls,
}
"""The same builders' lean path when nobody watches: ``(rows, cols, rng[, params]) -> walls``, the
same maze as carving ``EDGES``' edges (same random draws) without keeping the carving order."""

WITH_PARAMS = {"eller", "growing-tree"}

AB_MAX_CELLS = AB_MAX_FIELDS // 4
"""Aldous-Broder on a grid: as many cells as its bound allows on the square lattice."""

REPLAY_FRAMES = 40
"""How many carving frames a classic build shows when frames are asked for."""


def build_classic(algo: str, width: int, height: int, rng: np.random.Generator, seed: int | None = None,
                  on_frame: FrameSink | None = None, params: Any = None) -> Maze:
    """A perfect maze by ``algo`` on the odd grid at most ``width x height`` (see ``lattice``)."""
    grid_width, grid_height = lattice_shape(width, height)
    rows, cols = (grid_height - 1) // 2, (grid_width - 1) // 2
    if algo == "division":
        walls, segments = division_walls(rows, cols, rng, record=on_frame is not None)
        maze = lattice_maze(walls, width, height, algo, seed)
        if on_frame is not None:
            replay_division(maze, rows, cols, segments, on_frame)
        return maze
    args = (rows, cols, rng, params) if algo in WITH_PARAMS else (rows, cols, rng)
    if on_frame is None and algo in WALLS:
        return lattice_maze(WALLS[algo](*args), width, height, algo, seed)
    u, v = EDGES[algo](*args)
    maze = lattice_maze(carve(rows, cols, u, v), width, height, algo, seed)
    if on_frame is not None:
        replay(algo, maze, rows, cols, u, v, on_frame)
    return maze


def replay(algo: str, maze: Maze, rows: int, cols: int, u: np.ndarray, v: np.ndarray, on_frame: FrameSink) -> None:
    """Frames of the carving in its order: the field lightens passage by passage."""
    cuts = np.linspace(0, u.size, min(REPLAY_FRAMES, u.size) + 1).astype(int)[1:]
    for i, cut in enumerate(cuts, start=1):
        walls = carve(rows, cols, u[:cut], v[:cut])
        walls[maze.entrance] = walls[maze.exit] = False
        on_frame(MazeFrame(algo, "field", i, NO_AGENTS, walls.astype(float), walls))
    on_frame(MazeFrame(algo, "done", len(cuts), NO_AGENTS, maze.walls.astype(float), maze.walls.copy()))


def replay_division(maze: Maze, rows: int, cols: int, segments, on_frame: FrameSink) -> None:
    """Frames of recursive division in its order: walls rise chamber by chamber."""
    count = len(segments) // 4
    cuts = np.linspace(0, count, min(REPLAY_FRAMES, count) + 1).astype(int)[1:]
    for i, cut in enumerate(cuts, start=1):
        walls = draw_segments(rows, cols, segments, int(cut))
        walls[maze.entrance] = walls[maze.exit] = False
        on_frame(MazeFrame("division", "field", i, NO_AGENTS, walls.astype(float), walls))
    on_frame(MazeFrame("division", "done", len(cuts), NO_AGENTS, maze.walls.astype(float), maze.walls.copy()))


TREES: dict[str, Callable[..., np.ndarray]] = {
    "backtracker": backtracker_tree, "prim": prim_tree, "wilson": wilson_tree,
    "aldous-broder": aldous_broder_tree, "hunt-and-kill": hunt_and_kill_tree, "growing-tree": growing_tree_tree,
}
"""Builders defined on any graph: ``(grid, rng[, params], joined) -> parent edge of each cell``."""

ON_ANY_GRID = (*TREES, "kruskal", "eller")
"""The classic builders that run on every grid (issue 32); the others need the square lattice."""


def build_classic_grid(algo: str, grid: Grid, rng: np.random.Generator, seed: int | None = None,
                       on_frame: FrameSink | None = None, params: Any = None) -> GridMaze:
    """A perfect maze by ``algo`` on ``grid`` (a spanning tree of its cells)."""
    if algo not in ON_ANY_GRID:
        raise MazeError(f"{algo} is defined on the square lattice only; on a {grid.kind} grid use one of "
                        f"{', '.join(ON_ANY_GRID)}")
    if algo == "aldous-broder" and grid.cells > AB_MAX_CELLS:
        raise MazeError(f"aldous-broder builds up to {AB_MAX_CELLS:,} cells (its cover time); this grid has "
                        f"{grid.cells:,}")
    order: array | None = array("i") if on_frame is not None else None
    carved: np.ndarray | None
    if algo == "kruskal":
        passages = kruskal_tree(grid, rng, order)
        maze = GridMaze(grid, passages, *grid.doors(), algo=algo, seed=seed, info=_mask_info(grid))
        carved = None if order is None else np.frombuffer(order, dtype=np.int32)
    elif algo == "eller":
        maze = GridMaze(grid, eller_tree(grid, rng, params), *grid.doors(), algo=algo, seed=seed,
                        info=_mask_info(grid))
        carved = np.flatnonzero(maze.passages)  # (row by row: the edge ids' order is near enough)
    else:
        args = (grid, rng, params) if algo in WITH_PARAMS else (grid, rng)
        parent = TREES[algo](*args, joined=order)
        maze = tree_maze(grid, parent, algo, seed)
        carved = None if order is None else parent[np.frombuffer(order, dtype=np.int32)]
    if on_frame is not None and carved is not None:
        replay_grid(maze, carved, on_frame)
    return maze


def _mask_info(grid: Grid) -> dict[str, Any]:
    return {"mask_dropped": grid.dropped} if grid.dropped else {}


def replay_grid(maze: GridMaze, carved: np.ndarray, on_frame: FrameSink) -> None:
    """Frames of a carving on any grid: the passages open in the order they were carved."""
    cuts = np.linspace(0, carved.size, min(REPLAY_FRAMES, carved.size) + 1).astype(int)[1:]
    for i, cut in enumerate(cuts, start=1):
        passages = np.zeros(maze.grid.edges, dtype=bool)
        passages[carved[:cut]] = True
        on_frame(MazeFrame(maze.algo, "field", i, NO_AGENTS, None, None, grid=maze.grid, passages=passages))
    on_frame(MazeFrame(maze.algo, "done", len(cuts), NO_AGENTS, None, None, grid=maze.grid,
                       passages=maze.passages.copy()))
