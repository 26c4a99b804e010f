"""``MazeFrame``: one picture of a build in progress, for the TUI animation and for tests.

Builders take an optional ``on_frame`` callback. Without one they make no frames at all (no
copies, no extra work: ``benchmarks/maze_speed.py`` measures the difference). With one, they
call it with a ``MazeFrame`` at each phase: workers moving (``"move"``), the field after the
iteration's update and thresholding (``"field"``), the queen's walk (``"queen"``), and the
finished maze (``"done"``). Arrays in a frame are copies the receiver may keep.

Frames are compact: a frame keeps its field as one byte per field (``FIELD_LEVELS`` + 1 levels
of the value in [0, 1]; the maze panel draws five shades of it), not eight, so a 200x200 ant
build's 209 frames take 10 MiB instead of 65 (``benchmarks/maze_fig5.py`` prints it).
``frame.field`` gives the values back as floats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from swarmtui.mazes.grids.base import Grid

PHASES = ("move", "field", "queen", "done")


FIELD_LEVELS = 255
"""A frame's field is kept as ``round(value * FIELD_LEVELS)`` in one byte (a step of 1/255)."""


@dataclass(frozen=True, eq=False)
class MazeFrame:
    """What the swarm looks like at one moment of iteration ``iteration`` (1-based).

    ``agents``: ``(k, 2)`` float array of ``(row, col)`` positions (ants or bees; empty for
    the classic builders). ``levels``: the wall value of every field (1 is solid wall: the ants'
    ``1 - pheromone``, the bees' meadow), given as floats in ``[0, 1]`` and kept in one byte per
    field (read it back as ``field``); ``walls``: the bitmap the queen walks (eq. 11 and
    Algorithm 3), or None before the first one. ``queen``: her walk so far; ``passed``: whether
    it reached the other door.

    On a grid maze (``grid`` set) the arrays are per cell (``levels``, ``walls``) and per edge
    (``passages``, the passages open so far), ``agents`` holds the workers' cells and ``queen``
    the cells of her walk.
    """

    algo: str
    phase: str
    iteration: int
    agents: np.ndarray
    levels: np.ndarray | None
    walls: np.ndarray | None
    queen: tuple[Any, ...] = ()
    passed: bool = False
    note: str = ""
    grid: Grid | None = None
    passages: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.levels is not None and self.levels.dtype != np.uint8:
            compact = np.rint(np.clip(self.levels, 0.0, 1.0) * FIELD_LEVELS).astype(np.uint8)
            object.__setattr__(self, "levels", compact)

    @property
    def field(self) -> np.ndarray | None:
        """The wall value of every field in ``[0, 1]`` (to 1/255), or None."""
        return None if self.levels is None else self.levels / FIELD_LEVELS


FrameSink = Callable[[MazeFrame], None]
"""The ``on_frame`` callback a builder calls with each frame."""

NO_AGENTS = np.zeros((0, 2), dtype=float)
