"""Maze files for other programs: the JSON format (versioned) and reading any maze file back.

``to_json`` writes (``swarmtui maze --format json``)::

    {
      "format": "swarmtui-maze", "version": 1,
      "width": 41, "height": 15,              # fields (columns, rows)
      "algo": "backtracker", "seed": 0,       # how it was built ("" / null when unknown)
      "params": {...},                        # the builder's parameters, or {}
      "entrance": [1, 0], "exit": [13, 40],   # [row, col] of the two doors
      "walls": ["11111...", ...],             # one string per row, "1" wall, "0" open
      "metrics": {...},                       # mazes.metrics.MazeMetrics, or absent
      "info": {...},                          # what the builder reported (iterations, ...)
      "solution": [[1, 0], [1, 1], ...]       # optional: a shortest path, doors included
    }

``read_maze`` reads a file of that format, or any text style of ``mazes.text``, under bounds
(issue 27): only a regular file of at most ``MAX_MAZE_BYTES`` is read (a FIFO, ``/dev/zero`` or
a directory is refused before anything is read, ``core.saves.open_regular``), JSON is parsed by
the one bounded reader (``core.bounded_json.parse``: nesting depth, integer digits, no
``NaN``/``Infinity``, no lone surrogates), every field is checked for its type and range, and
the maze's size is checked against ``grid.MAX_FIELDS`` before any array is made, so a hostile
file is one ``MazeError`` sentence, never a traceback, a hang or gigabytes of memory. A file of
a newer ``version`` is refused rather than misread; ``solution`` and ``metrics`` are not read
(they are recomputed).
"""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np

from swarmtui.core.bounded_json import SaveError, parse
from swarmtui.core.saves import read_text as read_bounded_text
from swarmtui.mazes.file_fields import kept_info, pair, short, whole_number
from swarmtui.mazes.grid import MAX_FIELDS, MAX_SIDE, MIN_SIDE, Cell, Maze, MazeError
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.gridfile import grid_maze_of
from swarmtui.mazes.metrics import MazeMetrics
from swarmtui.mazes.text import read_text

FORMAT = "swarmtui-maze"
VERSION = 2
"""The newest version read: 1 (the square field maze's wall rows) and 2 (any grid: ``gridfile``)."""

MAX_MAZE_BYTES = 64 * 1024 * 1024
"""The largest maze file read: a 2001x2001 maze is 4 MB as ``#`` text, 24 MB in the unicode
style and at most about 56 MB as JSON with a solution of two million fields (one line per
number, as ``to_json`` indents), so every file swarmtui writes fits."""

MAX_CONTAINERS = 1_100_000
"""Lists and objects a maze file may hold. Parsed JSON costs about 130 bytes per two-number list
against 10 bytes of text, so this bounds a hostile file's memory (a 24 MB file of pairs took
300 MB); a file we write holds one per solution field, and the longest solution any builder
makes is the backtracker's at 2001x2001, about 250,000 fields."""

def to_json(maze: Maze, params: Any = None, metrics: MazeMetrics | None = None,
            solution: list[Cell] | None = None) -> str:
    """The maze as a JSON document of ``FORMAT`` version 1 (one line per wall row)."""
    payload: dict[str, Any] = {
        "format": FORMAT, "version": 1, "width": maze.width, "height": maze.height,
        "algo": maze.algo, "seed": maze.seed,
        "params": asdict(params) if is_dataclass(params) and not isinstance(params, type) else {},
        "entrance": list(maze.entrance), "exit": list(maze.exit),
        "walls": ["".join("1" if wall else "0" for wall in row) for row in maze.walls.tolist()],
    }
    if metrics is not None:
        payload["metrics"] = metrics.to_json()
    payload["info"] = {k: v for k, v in maze.info.items() if isinstance(v, (int, float, str, bool))}
    if solution is not None:
        payload["solution"] = [list(cell) for cell in solution]
    return json.dumps(payload, indent=1) + "\n"


def load_json(text: str, where: str = "the maze file") -> dict[str, Any]:
    """The JSON object of a maze file (named ``where`` in errors), parsed under the bounded
    reader's limits."""
    containers = text.count("[") + text.count("{")
    if containers > MAX_CONTAINERS:
        raise MazeError(f"{where} holds {containers:,} lists and objects, more than a maze file needs "
                        f"(at most {MAX_CONTAINERS:,}; a stored solution is not needed: it is recomputed)")
    try:
        data = parse(text, where)
    except SaveError as error:
        raise MazeError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MazeError(f"not a {FORMAT} JSON file")
    return data


def from_json(text: str, where: str = "the maze file") -> Maze | GridMaze:
    """The maze of a ``to_json`` (version 1) or ``gridfile.to_json_grid`` (version 2) document
    (``MazeError`` naming what is wrong)."""
    data = load_json(text, where)
    if data.get("version") == 2:
        return grid_maze_of(data)
    return maze_of(data)


def maze_of(data: dict[str, Any]) -> Maze:
    """The square field maze of a parsed version-1 document."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise MazeError(f"{FORMAT} version {short(version)} is not one this swarmtui reads (1 to {VERSION})")
    if version == 2:
        raise MazeError("a version-2 maze file holds a grid maze (gridfile.grid_maze_of reads it)")
    width = whole_number(data, "width", MIN_SIDE, MAX_SIDE)
    height = whole_number(data, "height", MIN_SIDE, MAX_SIDE)
    if width * height > MAX_FIELDS:
        raise MazeError(f"a {width}x{height} maze is too large: at most {MAX_FIELDS:,} fields")
    rows = data.get("walls")
    if not isinstance(rows, list) or len(rows) != height or not all(isinstance(r, str) for r in rows):
        raise MazeError(f'"walls" must be a list of {height} strings of 0 and 1, one per row')
    if any(len(r) != width for r in rows):
        raise MazeError(f'every row of "walls" must be {width} characters long')
    joined = "".join(rows)
    if not joined.isascii() or joined.strip("01"):
        raise MazeError('"walls" may hold only the characters 0 and 1')
    walls = (np.frombuffer(joined.encode("ascii"), dtype=np.uint8) == ord("1")).reshape(height, width)
    entrance = pair(data, "entrance", (height, width))
    exit_ = pair(data, "exit", (height, width))
    algo, seed, info = kept_info(data)
    return Maze(walls, entrance, exit_, algo=algo, seed=seed, info=info)


def read_maze(path: Path) -> Maze | GridMaze:
    """A maze from ``path``: our JSON format or any text style (``MazeError`` if neither)."""
    try:
        text = read_bounded_text(Path(path), limit=MAX_MAZE_BYTES, what="maze file")
    except SaveError as error:
        raise MazeError(str(error)) from None
    if text.lstrip().startswith("{"):
        return from_json(text, str(path))
    return read_text(text)
