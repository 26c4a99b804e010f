"""The cell lattice the classic builders carve: cells at odd coordinates, walls between them.

A ``W x H`` field grid with odd ``W`` and ``H`` holds ``(W - 1) / 2 x (H - 1) / 2`` cells; cell
``(r, c)`` is field ``(2r + 1, 2c + 1)`` and the passage between two neighbouring cells is the
field between them. A spanning tree of the cells, carved this way, is a perfect maze: every
open field reachable from every other by exactly one path. Even sides are rounded down to the
odd size below (a lattice maze needs odd sides); the builders say so in ``Maze.info``.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.grid import Maze, check_size, default_doors

_CHUNK = 1 << 16


def lattice_shape(width: int, height: int) -> tuple[int, int]:
    """The odd field size ``(width, height)`` a classic builder uses for a request."""
    check_size(width, height)
    return width - (1 - width % 2), height - (1 - height % 2)


def is_lattice(walls: np.ndarray) -> bool:
    """Odd sides, every lattice corner a wall and every lattice cell open (the classic builders',
    braided or not): then every other open field is a passage between two cells or a door."""
    height, width = walls.shape
    return bool(height % 2 and width % 2 and walls[0::2, 0::2].all() and not walls[1::2, 1::2].any())


def cells_next_to(walls: np.ndarray, field: tuple[int, int]) -> list[tuple[int, int]]:
    """The lattice cells ``(r, c)`` an open field of a lattice maze leads into: itself if it is a
    cell, else the cells beside it (two for a passage, one for a door)."""
    row, col = field
    if row % 2 and col % 2:
        return [((row - 1) // 2, (col - 1) // 2)]
    height, width = walls.shape
    return [((r - 1) // 2, (c - 1) // 2) for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < height and 0 <= c < width and r % 2 and c % 2]


def passages(walls: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The wall fields north, east, south and west of every cell (views, ``rows x cols`` each);
    the outer ones are the border (a door where open)."""
    return walls[0:-2:2, 1::2], walls[1::2, 2::2], walls[2::2, 1::2], walls[1::2, 0:-2:2]


def cell_path_fields(rows: np.ndarray, cols: np.ndarray, start: tuple[int, int],
                     goal: tuple[int, int]) -> list[tuple[int, int]]:
    """The fields of a path through the lattice cells ``(rows[i], cols[i])`` (each next to the
    one before): the cells and the passages between them, with ``start`` before and ``goal``
    after when they are not cells themselves (a door or a passage next to the first or last)."""
    row = np.empty(2 * rows.size - 1, dtype=np.int64)
    col = np.empty(2 * rows.size - 1, dtype=np.int64)
    row[0::2] = 2 * rows + 1
    col[0::2] = 2 * cols + 1
    row[1::2] = rows[:-1] + rows[1:] + 1  # the passage halfway between two cells
    col[1::2] = cols[:-1] + cols[1:] + 1
    fields = list(zip(row.tolist(), col.tolist(), strict=True))
    if not (start[0] % 2 and start[1] % 2):
        fields.insert(0, start)
    if not (goal[0] % 2 and goal[1] % 2):
        fields.append(goal)
    return fields


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
    # the field halfway between cells u and v: row ur + vr + 1, column uc + vc + 1, in int32 and in
    # chunks (at a million cells each whole-array int64 temporary would be 8 MB)
    u = np.asarray(u)
    v = np.asarray(v)
    flat = walls.ravel()
    for at in range(0, u.size, _CHUNK):
        ur, uc = np.divmod(u[at:at + _CHUNK].astype(np.int32), np.int32(cols))
        vr, vc = np.divmod(v[at:at + _CHUNK].astype(np.int32), np.int32(cols))
        ur += vr
        ur += 1
        ur *= np.int32(2 * cols + 1)
        ur += uc
        ur += vc
        ur += 1
        flat[ur] = False
    return walls


def lattice_maze(walls: np.ndarray, width: int, height: int, algo: str, seed: int | None, **info) -> Maze:
    """Open the default doors in a carved grid and hand it over (read-only, not copied) as a ``Maze``."""
    grid_height, grid_width = walls.shape
    entrance, exit_ = default_doors(grid_height, grid_width)
    walls[entrance] = False
    walls[exit_] = False
    walls.flags.writeable = False
    if (grid_width, grid_height) != (width, height):
        info["requested"] = f"{width}x{height}"
    return Maze(walls, entrance, exit_, algo=algo, seed=seed, info=info)


FREE, RING, ROOT = 0, 1, 2
"""``PaddedCells.state`` codes: a cell not yet in the tree, the sentinel ring, the tree's first cell."""
JOINED = 3
"""``state`` code ``JOINED + d``: the cell is in the tree, joined to its neighbour ``p + steps[d]``
(d = 0, 1, 2, 3 for N, E, S, W). One byte per cell says the whole tree: no edge lists."""


class PaddedCells:
    """The cells with a ring of blocked sentinels around them, for the plain-Python builders.

    Padded index ``p = (r + 1) * stride + (c + 1)`` with ``stride = cols + 2``: the neighbours
    of ``p`` are ``p - stride, p + 1, p + stride, p - 1`` (N, E, S, W) with no bounds test,
    because the ring is marked in ``state`` from the start. ``state`` (one ``bytearray``) is
    also the tree: a builder marks each cell it joins with ``JOINED + d`` (the direction of
    the neighbour it was joined to), so "in the tree or off the grid" is one truth test
    (``state[p] != FREE``) and ``walls()`` carves the whole tree in a few array operations.
    At a million cells that is 1 MB, where edge lists in ``array('i')`` took 8 MB and a
    4-entries-per-cell Python neighbour list 4-5x a plain backtracker's whole memory.
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.stride = cols + 2
        self.steps = (-self.stride, 1, self.stride, -1)
        state = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
        state[[0, -1], :] = RING
        state[:, [0, -1]] = RING
        self.state = bytearray(state.tobytes())
        """``FREE``, ``RING``, ``ROOT`` or ``JOINED + d`` per padded cell."""

    def padded(self, cell: int) -> int:
        """The padded index of flat cell ``cell``."""
        row, col = divmod(cell, self.cols)
        return (row + 1) * self.stride + col + 1

    def random_cell(self, rng: np.random.Generator) -> int:
        """A uniformly random cell, as a padded index."""
        return self.padded(int(rng.integers(self.rows * self.cols)))

    def cells_in_place(self, padded: np.ndarray) -> np.ndarray:
        """Turn padded indices (int32) into flat cell indices in place, a chunk at a time (no
        whole-array temporaries: at a million cells each would be 4-8 MB)."""
        stride, cols = np.int32(self.stride), np.int32(self.cols)
        for at in range(0, padded.size, _CHUNK):
            chunk = padded[at:at + _CHUNK]
            row, col = np.divmod(chunk, stride)
            row -= 1
            row *= cols
            row += col
            row -= 1
            chunk[:] = row
        return padded

    def walls(self) -> np.ndarray:
        """The wall grid of the tree in ``state``: every cell open, and the passage from each
        joined cell to the neighbour it was joined to."""
        rows, cols = self.rows, self.cols
        state = np.frombuffer(self.state, dtype=np.uint8).reshape(rows + 2, cols + 2)[1:-1, 1:-1]
        walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
        walls[1::2, 1::2] = False
        walls[0:-2:2, 1::2][state == JOINED] = False  # the passage north of the cell
        walls[1::2, 2::2][state == JOINED + 1] = False  # east
        walls[2::2, 1::2][state == JOINED + 2] = False  # south
        walls[1::2, 0:-2:2][state == JOINED + 3] = False  # west
        return walls

    def tree_edges(self, joined: array) -> tuple[np.ndarray, np.ndarray]:
        """The tree's edges ``(u, v)`` in flat cell indices, ``v`` the cells of ``joined`` (padded,
        in the order they joined) and ``u`` the neighbour each was joined to."""
        v = np.frombuffer(joined, dtype=np.int32).copy()
        codes = np.frombuffer(self.state, dtype=np.uint8)[v]
        u = v + np.array(self.steps, dtype=np.int32)[codes.astype(np.intp) - JOINED]
        return self.cells_in_place(u), self.cells_in_place(v)
