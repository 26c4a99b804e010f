"""The classic builders on one entry point: carve the spanning tree, open the doors, and (for the
TUI) replay the carving as frames, made only when someone asks for them.

Every builder here returns a perfect maze on the cell lattice (``lattice``): a spanning tree of
the cells. All but recursive division are passage carvers and give their tree as edges in
carving order; recursive division adds walls and gives the wall grid with the walls' order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from swarmtui.mazes.aldous_broder import aldous_broder_edges, aldous_broder_walls
from swarmtui.mazes.backtracker import backtracker_edges, backtracker_walls
from swarmtui.mazes.binary_tree import binary_tree_edges, binary_tree_walls
from swarmtui.mazes.division import division_walls, draw_segments
from swarmtui.mazes.eller import eller_edges
from swarmtui.mazes.frames import NO_AGENTS, FrameSink, MazeFrame
from swarmtui.mazes.grid import Maze
from swarmtui.mazes.growing_tree import growing_tree_edges, growing_tree_walls
from swarmtui.mazes.hunt_and_kill import hunt_and_kill_edges, hunt_and_kill_walls
from swarmtui.mazes.kruskal import kruskal_edges, kruskal_walls
from swarmtui.mazes.lattice import carve, lattice_maze, lattice_shape
from swarmtui.mazes.prim import prim_edges, prim_walls
from swarmtui.mazes.sidewinder import sidewinder_edges, sidewinder_walls
from swarmtui.mazes.wilson import wilson_edges, wilson_walls

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
