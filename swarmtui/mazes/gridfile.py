"""Maze files of any grid: the JSON format version 2 (issue 32), read under the same bounds as
version 1 (``mazefile``: regular files, the bounded JSON reader, every field checked, sizes
checked before any table is made).

``to_json_grid`` writes::

    {
      "format": "swarmtui-maze", "version": 2,
      "grid": "hex", "rows": 10, "cols": 16,    # "polar": "rings": 8 (no rows/cols)
      "cells": ["0a2b..", ...],                 # one string per row (polar: per ring)
      "tunnels": [[[3, 4], [3, 6]], ...],       # weave: the two ends, the cell between passed under
      "entrance": [1, 0, 3], "exit": [8, 15, 0],  # [row, col, side] (polar: [ring, index, side])
      "algo": ..., "seed": ..., "params": {...}, "metrics": {...}, "info": {...},
      "solution": [[1, 0], ...]                 # optional: the cells of a shortest path
    }

Each cell is two characters: the hexadecimal number whose bit ``k`` says side ``k`` is open
(sides in the grid's clockwise order: ``grids.square``, ``hexagonal``, ``triangular``,
``polar``; a door is an open side on the outline), ``##`` a wall cell, ``..`` a cell outside
the shape. A side open on one cell must be open on its neighbour, the only open outline sides
are the two doors, and the cells inside must hang together.
"""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass
from typing import Any

import numpy as np

from swarmtui.mazes.file_fields import kept_info, short, whole_number
from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids import GRIDS, cut_grid
from swarmtui.mazes.grids.base import NO_SIDE, OUTSIDE, Grid
from swarmtui.mazes.metrics import MazeMetrics

GRID_VERSION = 2
OUT, WALL = "..", "##"


def row_lengths(kind: str, size: tuple[int, int]) -> list[int]:
    """Cells in each row of a whole grid (polar: each ring)."""
    if kind == "polar":
        from swarmtui.mazes.grids.polar import ring_counts

        return ring_counts(size[0])
    return [size[1]] * size[0]


def to_json_grid(maze: GridMaze, params: Any = None, metrics: MazeMetrics | None = None,
                 solution: list[int] | None = None) -> str:
    """The maze as a version-2 JSON document (one line per row of cells)."""
    grid = maze.grid
    has_edge = grid.edge_of >= 0
    open_side = np.zeros(has_edge.shape, dtype=bool)
    open_side[has_edge] = maze.passages[grid.edge_of[has_edge]]  # (tunnels are listed apart)
    bits = (open_side << np.arange(grid.sides)).sum(axis=1)
    for cell, side in (maze.entrance, maze.exit):
        bits[cell] |= 1 << side
    tokens = np.array([f"{b:02x}" for b in range(64)])[bits]
    if maze.walls is not None:
        tokens[maze.walls] = WALL
    lengths = row_lengths(grid.kind, grid.size)
    first = np.concatenate([[0], np.cumsum(lengths)])
    table = np.full(int(first[-1]), OUT, dtype="<U2")
    table[_whole_index(grid, lengths)] = tokens
    payload: dict[str, Any] = {"format": "swarmtui-maze", "version": GRID_VERSION, "grid": grid.kind}
    if grid.kind == "polar":
        payload["rings"] = grid.size[0]
    else:
        payload["rows"], payload["cols"] = grid.size
    payload["cells"] = ["".join(table[first[i]:first[i + 1]]) for i in range(len(lengths))]
    coords = grid.coords.tolist()
    if maze.tunnels.size:
        payload["tunnels"] = [[coords[a], coords[b]] for a, b, _ in maze.tunnels.tolist()]
    payload["entrance"] = [*coords[maze.entrance[0]], maze.entrance[1]]
    payload["exit"] = [*coords[maze.exit[0]], maze.exit[1]]
    payload.update(algo=maze.algo, seed=maze.seed,
                   params=asdict(params) if is_dataclass(params) and not isinstance(params, type) else {})
    if metrics is not None:
        payload["metrics"] = metrics.to_json()
    payload["info"] = {k: v for k, v in maze.info.items() if isinstance(v, (int, float, str, bool))}
    if solution is not None:
        payload["solution"] = [coords[cell] for cell in solution]
    text = json.dumps(payload, indent=1)
    return text + "\n"


def _whole_index(grid: Grid, lengths: list[int]) -> np.ndarray:
    """Each cell's index in the whole grid's reading order."""
    first = np.concatenate([[0], np.cumsum(lengths)])
    return first[grid.coords[:, 0]] + grid.coords[:, 1]


def grid_maze_of(data: dict[str, Any]) -> GridMaze:
    """The maze of a parsed version-2 document (``MazeError`` naming what is wrong)."""
    kind = data.get("grid")
    if not isinstance(kind, str) or kind not in GRIDS:
        raise MazeError(f'"grid" must be one of {", ".join(GRIDS)}; got {short(kind)}')
    if kind == "polar":
        size = (whole_number(data, "rings", 2, 565), 0)
    else:
        size = (whole_number(data, "rows", 1, 4000), whole_number(data, "cols", 1, 4000))
    from swarmtui.mazes.grids import check_grid_size

    check_grid_size(kind, size)
    lengths = row_lengths(kind, size)
    rows = data.get("cells")
    if not isinstance(rows, list) or len(rows) != len(lengths) or not all(isinstance(r, str) for r in rows):
        raise MazeError(f'"cells" must be a list of {len(lengths)} strings, one per row')
    for number, (row, length) in enumerate(zip(rows, lengths, strict=True)):
        if len(row) != 2 * length:
            raise MazeError(f'row {number} of "cells" must be {2 * length} characters (two a cell); got {len(row)}')
    joined = "".join(rows)
    if not joined.isascii():
        raise MazeError('"cells" may hold only hexadecimal digits, "##" and ".."')
    pairs = np.frombuffer(joined.encode("ascii"), dtype=np.uint8).reshape(-1, 2)
    inside = ~((pairs[:, 0] == ord(".")) & (pairs[:, 1] == ord(".")))
    grid = cut_grid(kind, size, inside)
    kept = pairs[inside]
    walls = (kept[:, 0] == ord("#")) & (kept[:, 1] == ord("#"))
    digits = HEX_DIGITS[kept]
    if (digits[~walls] > 15).any():
        raise MazeError('"cells" may hold only hexadecimal digits, "##" and ".."')
    bits = np.where(walls, 0, digits[:, 0].astype(np.int64) * 16 + digits[:, 1])
    return _assemble(grid, bits, walls, data, kept_info(data))


HEX_DIGITS = np.full(256, 255, dtype=np.uint8)
"""The value of each hexadecimal digit's character code (255 for anything else)."""
HEX_DIGITS[np.frombuffer(b"0123456789", dtype=np.uint8)] = np.arange(10)
HEX_DIGITS[np.frombuffer(b"abcdef", dtype=np.uint8)] = np.arange(10, 16)
HEX_DIGITS[np.frombuffer(b"ABCDEF", dtype=np.uint8)] = np.arange(10, 16)


def number(value: Any, low: int, high: int, what: str) -> int:
    """``value`` when it is a whole number in ``[low, high]`` (``MazeError`` naming ``what``)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MazeError(f"{what} must be a whole number from {low} to {high}")
    return value


def _assemble(grid: Grid, bits: np.ndarray, walls: np.ndarray, data: dict[str, Any],
              meta: tuple[str, int | None, dict[str, Any]]) -> GridMaze:
    sides = np.arange(grid.sides)
    opened = (bits[:, None] >> sides) & 1 == 1
    if (opened & (grid.nbr == NO_SIDE)).any() or (bits >> grid.sides).any():
        raise MazeError('"cells" opens a side a cell does not have')
    has_edge = grid.edge_of >= 0
    passages = np.zeros(grid.edges, dtype=bool)
    passages[grid.edge_of[has_edge & opened]] = True
    both = np.zeros(grid.edges, dtype=np.int8)
    np.add.at(both, grid.edge_of[has_edge & opened], 1)
    if (both == 1).any():
        raise MazeError('"cells" opens a side on one cell and not on the cell beyond it')
    doors = np.argwhere(opened & (grid.nbr == OUTSIDE))
    found = {(int(c), int(s)) for c, s in doors}
    ends = []
    for name in ("entrance", "exit"):
        value = data.get(name)
        if not isinstance(value, list) or len(value) != 3:
            raise MazeError(f'"{name}" must be [row, col, side]')
        row, col = (number(v, 0, 4000, f'"{name}"') for v in value[:2])
        side = number(value[2], 0, grid.sides - 1, f"the side of \"{name}\"")
        cell = grid.cell_at((row, col))
        if cell < 0 or (cell, side) not in found:
            raise MazeError(f'"{name}" {value} is not an open side on the outline')
        ends.append((cell, side))
    if len(found) != 2:
        raise MazeError(f"a maze has two doors in its outline; this one opens {len(found)} sides there")
    tunnels = _tunnels(grid, data)
    algo, seed, info = meta
    return GridMaze(grid, passages, ends[0], ends[1], walls=walls if walls.any() else None, tunnels=tunnels,
                    algo=algo, seed=seed, info=info)


def _tunnels(grid: Grid, data: dict[str, Any]) -> np.ndarray:
    raw = data.get("tunnels", [])
    if not isinstance(raw, list) or len(raw) > grid.cells:
        raise MazeError('"tunnels" must be a list of [[row, col], [row, col]] pairs')
    out = []
    for ends in raw:
        if not (isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, list) and len(e) == 2 for e in ends)):
            raise MazeError('"tunnels" must be a list of [[row, col], [row, col]] pairs')
        a, b = (grid.cell_at((number(e[0], 0, 4000, "a tunnel"), number(e[1], 0, 4000, "a tunnel"))) for e in ends)
        between: list[int] | np.ndarray = []
        if a >= 0 and b >= 0:
            between = np.intersect1d(grid.nbr[a][grid.nbr[a] >= 0], grid.nbr[b][grid.nbr[b] >= 0])
        if len(between) != 1:
            raise MazeError(f"the tunnel {ends} does not pass under one cell")
        out.append((a, b, int(between[0])))
    return np.array(out, dtype=np.int32).reshape(-1, 3)

