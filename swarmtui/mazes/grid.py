"""The maze value: a NumPy boolean wall grid with an entrance and an exit on its border.

``walls[row, col]`` is True for a wall. A ``width x height`` maze has ``height`` rows and
``width`` columns of fields (the paper's unit: Fig. 5 counts *fields*). The outer ring is wall
except for the entrance and the exit, which are open border fields that are not corners.

Every builder (the swarm ones of Polap et al. and the classic baselines) returns a ``Maze``;
metrics, the solver and the text exports take one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

Cell = tuple[int, int]
"""``(row, col)`` of a field."""

MIN_SIDE = 3
MAX_SIDE = 4001
MAX_FIELDS = 2001 * 2001
"""Upper bounds on a maze's size: 4001 fields a side and 2001 x 2001 = 4,004,001 fields in all
(a million lattice cells: a few seconds and a few hundred MB for the classic builders; the
swarm builders have their own, lower bound)."""

STEPS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""The four orthogonal moves (N, E, S, W): the queen's and the solver's moves (eq. 12)."""


class MazeError(ValueError):
    """A maze or a request that cannot be (one sentence for the user)."""


def check_size(width: int, height: int, *, max_fields: int = MAX_FIELDS) -> None:
    """Raise ``MazeError`` unless ``width x height`` is a size a maze can have here."""
    if width < MIN_SIDE or height < MIN_SIDE:
        raise MazeError(f"a maze is at least {MIN_SIDE}x{MIN_SIDE} fields; got {width}x{height}")
    if width > MAX_SIDE or height > MAX_SIDE or width * height > max_fields:
        raise MazeError(
            f"{width}x{height} is too large: at most {MAX_SIDE} a side and {max_fields:,} fields"
        )


def is_border(cell: Cell, height: int, width: int) -> bool:
    row, col = cell
    return row in (0, height - 1) or col in (0, width - 1)


def is_corner(cell: Cell, height: int, width: int) -> bool:
    row, col = cell
    return row in (0, height - 1) and col in (0, width - 1)


def default_doors(height: int, width: int) -> tuple[Cell, Cell]:
    """Entrance on the west border in the top row of fields, exit on the east border at the bottom.

    Rows 1 and ``height - 2`` are odd when ``height`` is, so the doors sit on cells of the
    lattice the classic builders carve.
    """
    return (1, 0), (height - 2, width - 1)


@dataclass(frozen=True, eq=False)
class Maze:
    """A wall grid (read-only) with ``entrance`` and ``exit`` cells on its border.

    ``walls`` is copied unless it is already a read-only C-contiguous boolean array, which is
    taken over as it is (whoever made it read-only hands it over and keeps no writable view).

    ``algo``, ``seed`` and ``info`` say how it was built (builder id, seed, e.g. iterations);
    they do not take part in equality: two mazes are equal when walls and doors are.
    """

    walls: np.ndarray
    entrance: Cell
    exit: Cell
    algo: str = ""
    seed: int | None = None
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        walls = self.walls
        if not (isinstance(walls, np.ndarray) and walls.dtype == np.bool_ and walls.flags.c_contiguous
                and not walls.flags.writeable):
            walls = np.array(walls, dtype=bool, copy=True)  # the maze keeps its own, unchangeable copy
        # (a read-only boolean grid is kept as it is: at 2001x2001 a copy is 4 MB, a third of the
        # classic builders' whole memory budget; a builder hands its finished grid over read-only)
        if walls.ndim != 2:
            raise MazeError("a maze's wall grid is two-dimensional")
        height, width = walls.shape
        if height < MIN_SIDE or width < MIN_SIDE:
            raise MazeError(f"a maze is at least {MIN_SIDE}x{MIN_SIDE} fields; got {width}x{height}")
        walls.flags.writeable = False
        object.__setattr__(self, "walls", walls)
        object.__setattr__(self, "entrance", (int(self.entrance[0]), int(self.entrance[1])))
        object.__setattr__(self, "exit", (int(self.exit[0]), int(self.exit[1])))
        for name, cell in (("entrance", self.entrance), ("exit", self.exit)):
            if not (0 <= cell[0] < height and 0 <= cell[1] < width) or not is_border(cell, height, width):
                raise MazeError(f"the {name} {cell} is not on the border of a {width}x{height} maze")
            if is_corner(cell, height, width):
                raise MazeError(f"the {name} {cell} is a corner; doors sit on a side")
            if walls[cell]:
                raise MazeError(f"the {name} {cell} is a wall")
        if self.entrance == self.exit:
            raise MazeError("the entrance and the exit are the same field")

    @property
    def height(self) -> int:
        return int(self.walls.shape[0])

    @property
    def width(self) -> int:
        return int(self.walls.shape[1])

    @property
    def size(self) -> str:
        """``"40x15"`` (width x height, in fields)."""
        return f"{self.width}x{self.height}"

    @property
    def open(self) -> np.ndarray:
        return ~self.walls

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (self.entrance, self.exit) == (other.entrance, other.exit) and np.array_equal(self.walls, other.walls)

    def __hash__(self) -> int:
        return hash((self.walls.shape, self.walls.tobytes(), self.entrance, self.exit))


def field_links(walls: np.ndarray) -> np.ndarray:
    """The open fields as a graph: ``(height * width, 4)``, the open field north, east, south and
    west of each open field (flat index), -1 where a wall or the edge is (the queen's and the
    solvers' moves, eq. 12)."""
    height, width = walls.shape
    index = np.arange(height * width, dtype=np.int32).reshape(height, width)
    free = ~walls
    links = np.full((height, width, 4), -1, dtype=np.int32)
    links[1:, :, 0] = np.where(free[1:] & free[:-1], index[:-1], -1)
    links[:, :-1, 1] = np.where(free[:, :-1] & free[:, 1:], index[:, 1:], -1)
    links[:-1, :, 2] = np.where(free[:-1] & free[1:], index[1:], -1)
    links[:, 1:, 3] = np.where(free[:, 1:] & free[:, :-1], index[:, :-1], -1)
    return links.reshape(-1, 4)
