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

``read_maze`` reads a file of that format, or any text style of ``mazes.text``; a file of a
newer ``version`` is refused with a clear error rather than misread.
"""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np

from swarmtui.mazes.grid import Cell, Maze, MazeError
from swarmtui.mazes.metrics import MazeMetrics
from swarmtui.mazes.text import read_text

FORMAT = "swarmtui-maze"
VERSION = 1


def to_json(maze: Maze, params: Any = None, metrics: MazeMetrics | None = None,
            solution: list[Cell] | None = None) -> str:
    """The maze as a JSON document of ``FORMAT`` version ``VERSION`` (one line per wall row)."""
    payload: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "width": maze.width, "height": maze.height,
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


def from_json(text: str) -> Maze:
    """The maze of a ``to_json`` document (``MazeError`` naming what is wrong)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MazeError(f"not valid JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MazeError(f"not a {FORMAT} JSON file")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise MazeError(f"{FORMAT} version {version!r} is not one this swarmtui reads (1 to {VERSION})")
    try:
        rows = data["walls"]
        if not isinstance(rows, list) or not rows or any(not isinstance(r, str) or set(r) - {"0", "1"} for r in rows):
            raise MazeError('"walls" must be a list of strings of 0 and 1')
        if len({len(r) for r in rows}) != 1:
            raise MazeError('the rows of "walls" differ in length')
        walls = np.array([[ch == "1" for ch in row] for row in rows], dtype=bool)
        if walls.shape != (data["height"], data["width"]):
            raise MazeError(f'"walls" is {walls.shape[1]}x{walls.shape[0]}, not {data["width"]}x{data["height"]}')
        entrance, exit_ = tuple(data["entrance"]), tuple(data["exit"])
        seed = data.get("seed")
        return Maze(walls, entrance, exit_, algo=str(data.get("algo") or ""),
                    seed=seed if isinstance(seed, int) else None, info=dict(data.get("info") or {}))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, MazeError):
            raise
        raise MazeError(f"incomplete {FORMAT} file: {error}") from None


def read_maze(path: Path) -> Maze:
    """A maze from ``path``: our JSON format or any text style (``MazeError`` if neither)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MazeError("no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise MazeError(f"cannot read it ({error.__class__.__name__})") from None
    if text.lstrip().startswith("{"):
        return from_json(text)
    return read_text(text)
