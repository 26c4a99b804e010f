"""``MazeFrame``: one picture of a build in progress, for the TUI animation and for tests.

Builders take an optional ``on_frame`` callback. Without one they make no frames at all (no
copies, no extra work: ``benchmarks/maze_speed.py`` measures the difference). With one, they
call it with a ``MazeFrame`` at each phase: workers moving (``"move"``), the field after the
iteration's update and thresholding (``"field"``), the queen's walk (``"queen"``), and the
finished maze (``"done"``). Arrays in a frame are copies the receiver may keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

import numpy as np

from swarmtui.mazes.grid import Cell

PHASES = ("move", "field", "queen", "done")


@dataclass(frozen=True, eq=False)
class MazeFrame:
    """What the swarm looks like at one moment of iteration ``iteration`` (1-based).

    ``agents``: ``(k, 2)`` float array of ``(row, col)`` positions (ants or bees; empty for
    the classic builders). ``field``: the wall value of every field in ``[0, 1]`` (1 is solid
    wall: the ants' ``1 - pheromone``, the bees' meadow); ``walls``: the bitmap the queen walks
    (eq. 11 and Algorithm 3), or None before the first one. ``queen``: her walk so far;
    ``passed``: whether it reached the other door.
    """

    algo: str
    phase: str
    iteration: int
    agents: np.ndarray
    field: np.ndarray | None
    walls: np.ndarray | None
    queen: tuple[Cell, ...] = ()
    passed: bool = False
    note: str = ""


FrameSink = Callable[[MazeFrame], None]
"""The ``on_frame`` callback a builder calls with each frame."""

NO_AGENTS = np.zeros((0, 2), dtype=float)
