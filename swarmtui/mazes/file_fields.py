"""Checked fields of maze files (both versions): whole numbers, pairs, the info kept, and
values named in error messages. ``mazefile`` (version 1, and the reader of both) and
``gridfile`` (version 2) share them, so neither imports the other's helpers.
"""

from __future__ import annotations

from typing import Any

from swarmtui.mazes.grid import Cell, MazeError

MAX_NAME = 200
"""Characters of a builder name or an info text kept from a file (longer ones are cut)."""


def whole_number(data: dict[str, Any], name: str, low: int, high: int) -> int:
    """``data[name]`` when it is a whole number in ``[low, high]`` (``MazeError`` otherwise)."""
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MazeError(f'"{name}" must be a whole number; got {short(value)}')
    if not low <= value <= high:
        raise MazeError(f'"{name}" must be between {low} and {high}; got {value}')
    return value


def pair(data: dict[str, Any], name: str, bounds: tuple[int, int]) -> Cell:
    """``data[name]`` as ``(a, b)`` with ``0 <= a < bounds[0]`` and ``0 <= b < bounds[1]``."""
    value = data.get(name)
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise MazeError(f'"{name}" must be a pair of whole numbers like [1, 0]; got {short(value)}')
    if not (0 <= value[0] < bounds[0] and 0 <= value[1] < bounds[1]):
        raise MazeError(f'"{name}" {value} lies outside the maze')
    return int(value[0]), int(value[1])


def short(value: Any, limit: int = 40) -> str:
    """A value named in an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def kept_info(data: dict[str, Any]) -> tuple[str, int | None, dict[str, Any]]:
    """``(algo, seed, info)`` of a file: a name cut to ``MAX_NAME``, a seed that is a whole number,
    and the info entries that are numbers, truth values or short texts."""
    algo = data.get("algo")
    algo = algo[:MAX_NAME] if isinstance(algo, str) else ""
    seed = data.get("seed")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 else None
    raw = data.get("info")
    info: dict[str, Any] = {}
    if isinstance(raw, dict):
        for key, value in list(raw.items())[:64]:
            if isinstance(value, (bool, int, float)) or (isinstance(value, str) and len(value) <= MAX_NAME):
                info[str(key)[:MAX_NAME]] = value
    return algo, seed, info
