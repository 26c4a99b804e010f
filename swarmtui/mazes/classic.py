"""The classic builders on one entry point: carve the spanning tree, open the doors, and (for the
TUI) replay the carving as frames, made only when someone asks for them.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.backtracker import backtracker_edges
from swarmtui.mazes.frames import NO_AGENTS, FrameSink, MazeFrame
from swarmtui.mazes.grid import Maze
from swarmtui.mazes.kruskal import kruskal_edges
from swarmtui.mazes.lattice import carve, lattice_maze, lattice_shape
from swarmtui.mazes.prim import prim_edges
from swarmtui.mazes.wilson import wilson_edges

EDGES = {"backtracker": backtracker_edges, "prim": prim_edges, "kruskal": kruskal_edges, "wilson": wilson_edges}

REPLAY_FRAMES = 40
"""How many carving frames a classic build shows when frames are asked for."""


def build_classic(algo: str, width: int, height: int, rng: np.random.Generator, seed: int | None = None,
                  on_frame: FrameSink | None = None) -> Maze:
    """A perfect maze by ``algo`` on the odd grid at most ``width x height`` (see ``lattice``)."""
    grid_width, grid_height = lattice_shape(width, height)
    rows, cols = (grid_height - 1) // 2, (grid_width - 1) // 2
    u, v = EDGES[algo](rows, cols, rng)
    u = np.asarray(u, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
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
        field = walls.astype(float)
        on_frame(MazeFrame(algo, "field", i, NO_AGENTS, field, walls))
    on_frame(MazeFrame(algo, "done", len(cuts), NO_AGENTS, maze.walls.astype(float), maze.walls.copy()))
