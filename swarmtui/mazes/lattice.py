"""The cell lattice the classic builders carve: cells at odd coordinates, walls between them.

A ``W x H`` field grid with odd ``W`` and ``H`` holds ``(W - 1) / 2 x (H - 1) / 2`` cells; cell
``(r, c)`` is field ``(2r + 1, 2c + 1)`` and the passage between two neighbouring cells is the
field between them. A spanning tree of the cells, carved this way, is a perfect maze: every
open field reachable from every other by exactly one path. Even sides are rounded down to the
odd size below (a lattice maze needs odd sides); the builders say so in ``Maze.info``.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import Maze, check_size, default_doors


def lattice_shape(width: int, height: int) -> tuple[int, int]:
    """The odd field size ``(width, height)`` a classic builder uses for a request."""
    check_size(width, height)
    return width - (1 - width % 2), height - (1 - height % 2)


def cell_edges(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """All neighbouring cell pairs ``(u, v)`` (flat cell indices): the east edges, then the south."""
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    u = np.concatenate([index[:, :-1].ravel(), index[:-1, :].ravel()])
    v = np.concatenate([index[:, 1:].ravel(), index[1:, :].ravel()])
    return u, v


def carve(rows: int, cols: int, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The wall grid of the cells with passages between each pair ``(u[i], v[i])``."""
    walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    walls[1::2, 1::2] = False
    u = np.asarray(u, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    ur, uc = np.divmod(u, cols)
    vr, vc = np.divmod(v, cols)
    walls[ur + vr + 1, uc + vc + 1] = False  # the field halfway between the two cells
    return walls


def lattice_maze(walls: np.ndarray, width: int, height: int, algo: str, seed: int | None, **info) -> Maze:
    """Open the default doors in a carved grid and wrap it as a ``Maze``."""
    grid_height, grid_width = walls.shape
    entrance, exit_ = default_doors(grid_height, grid_width)
    walls[entrance] = False
    walls[exit_] = False
    if (grid_width, grid_height) != (width, height):
        info["requested"] = f"{width}x{height}"
    return Maze(walls, entrance, exit_, algo=algo, seed=seed, info=info)


def neighbour_table(rows: int, cols: int) -> list[int]:
    """Flat list: entry ``4 * cell + d`` is the neighbour of ``cell`` in direction d (N, E, S, W), or -1."""
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    table = np.full((rows, cols, 4), -1, dtype=np.int64)
    table[1:, :, 0] = index[:-1, :]
    table[:, :-1, 1] = index[:, 1:]
    table[:-1, :, 2] = index[1:, :]
    table[:, 1:, 3] = index[:, :-1]
    return table.ravel().tolist()
