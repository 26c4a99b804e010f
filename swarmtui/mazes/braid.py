"""Braiding (``--braid``) and chosen doors: two ways to change a built maze.

Braid (Buck, *Mazes for Programmers*, ch. 9 "Braiding and weaving"): visit the dead ends in a
random order and, with probability ``share`` each, knock out one wall of the dead end that has
an open field behind it, preferring one whose far side is a dead end too (which removes two
dead ends at once), else any. A dead end that an earlier knock-out already opened is left
alone. ``share = 0`` changes nothing; ``share = 1`` leaves no dead end that has a wall to knock
out; the maze gains one loop per knock-out and every passage it had stays. On a lattice maze the
knocked-out wall is the field between two cells, so the result stays a lattice maze.

Doors: ``with_doors`` closes the maze's doors and opens two chosen border fields instead; each
must be next to an open field inside the maze, so the doors lead somewhere.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import STEPS, Cell, Maze, MazeError, is_border, is_corner
from swarmtui.mazes.metrics import open_neighbours


def ways_out(walls: np.ndarray, cell: Cell) -> int:
    """Open fields among the four neighbours of ``cell``."""
    height, width = walls.shape
    row, col = cell
    return sum(1 for dr, dc in STEPS
               if 0 <= row + dr < height and 0 <= col + dc < width and not walls[row + dr, col + dc])


def braid(maze: Maze, share: float, rng: np.random.Generator) -> Maze:
    """``maze`` with about ``share`` of its dead ends joined onto a neighbouring passage."""
    if not 0.0 <= share <= 1.0:
        raise MazeError(f"--braid must be between 0 and 1; got {share}")
    walls = maze.walls.copy()
    height, width = walls.shape
    found = np.argwhere(~walls & (open_neighbours(walls) == 1)).tolist()
    ends = [(r, c) for r, c in found if (r, c) not in (maze.entrance, maze.exit)]
    order = rng.permutation(len(ends)).tolist()
    coins = rng.random(len(ends)).tolist()
    opened = 0
    for i in order:
        if coins[i] >= share:
            continue
        r, c = ends[i]
        if ways_out(walls, (r, c)) != 1:
            continue  # no longer a dead end
        best: list[Cell] = []
        other: list[Cell] = []
        for dr, dc in STEPS:
            wall, beyond = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if not (0 < wall[0] < height - 1 and 0 < wall[1] < width - 1) or not walls[wall]:
                continue
            if not (0 <= beyond[0] < height and 0 <= beyond[1] < width) or walls[beyond]:
                continue
            (best if ways_out(walls, beyond) == 1 else other).append(wall)
        choices = best or other
        if choices:
            walls[choices[int(rng.integers(len(choices)))]] = False
            opened += 1
    info = dict(maze.info, braid=share, braided=opened)
    return Maze(walls, maze.entrance, maze.exit, algo=maze.algo, seed=maze.seed, info=info)


def with_doors(maze: Maze, entrance: Cell, exit_: Cell) -> Maze:
    """``maze`` with its doors moved to ``entrance`` and ``exit_`` (border fields, not corners)."""
    walls = maze.walls.copy()
    height, width = walls.shape
    for name, cell in (("entrance", entrance), ("exit", exit_)):
        row, col = cell
        if not (0 <= row < height and 0 <= col < width) or not is_border(cell, height, width):
            raise MazeError(f"the {name} {row},{col} is not on the border of a {maze.size} maze")
        if is_corner(cell, height, width):
            raise MazeError(f"the {name} {row},{col} is a corner; doors sit on a side")
        inside = (min(max(row, 1), height - 2), min(max(col, 1), width - 2))
        if walls[inside]:
            raise MazeError(f"the {name} {row},{col} opens onto a wall ({inside[0]},{inside[1]}); "
                            "pick a border field next to a passage")
    walls[maze.entrance] = walls[maze.exit] = True
    walls[entrance] = walls[exit_] = False
    return Maze(walls, entrance, exit_, algo=maze.algo, seed=maze.seed, info=dict(maze.info))
