"""Mazes of a chosen difficulty (issue 32): ``--difficulty easy|medium|hard`` or a figure.

**The figure.** ``difficulty = decisions / sqrt(places)``: the junctions on the solution (places
with three or more ways out, the doors counting as ways: ``--stats``' *decisions*) per square
root of the maze's places (its cells; on the square field maze the lattice's cells, or the open
fields of a swarm maze). Every junction on the way is a chance to go wrong, and dividing by the
maze's linear size makes the figure read alike at every size: a straight corridor is 0, a
Kruskal maze between opposite corners about 1.2, a backtracker's about 0.3. ``easy`` asks for
0.4, ``medium`` 0.9, ``hard`` 1.6 (``TARGETS``); ``--stats`` prints the figure beside the
solution length and the dead ends.

**The search** is faster than generating blindly because one maze offers many mazes: the
difficulty of a perfect maze depends on where its doors are at least as much as on its
passages. For each candidate maze (seeds derived from the request's seed) the doors are chosen
among the outline's places: from each of up to ``ENTRANCES`` entrances one breadth-first search
gives the solution to every exit at once, and with it the junctions counted along the way
(a running sum down the search tree), so a maze of N places yields hundreds of door pairs for
a few searches; the pair closest to the target wins, and the search stops at the first
candidate within ``TOLERANCE`` of it. ``benchmarks/maze_speed.py --only difficulty`` compares
it with building mazes blindly and keeping the closest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from swarmtui.core.rng import derive_seed
from swarmtui.mazes.grid import Maze, MazeError, field_links, is_corner
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grid_paths import breadth_first
from swarmtui.mazes.lattice import is_lattice

Door = tuple[int, int]
"""A door: a field ``(row, col)`` of the square field maze, or ``(cell, side)`` on a grid."""

TARGETS = {"easy": 0.4, "medium": 0.9, "hard": 1.6}
"""The figure each named difficulty asks for."""
TOLERANCE = 0.05
"""Stop at the first maze within this share of the target."""
CANDIDATES = 8
"""Mazes built at most."""
ENTRANCES = 12
"""Entrances tried per maze (each one breadth-first search)."""


def parse_difficulty(text: str) -> float:
    """``easy``, ``medium``, ``hard`` or a figure (``MazeError`` otherwise)."""
    if text in TARGETS:
        return TARGETS[text]
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 10.0 or not math.isfinite(value):
        raise MazeError(f"--difficulty must be easy, medium, hard or a figure from 0 to 10; got {text!r}")
    return value


@dataclass(frozen=True)
class Places:
    """A maze as the door search sees it: ``links`` between places, each place's ways out,
    the outline's door candidates ``(door, place)``, and how many places count."""

    links: np.ndarray
    ways: np.ndarray
    doors: list[tuple[Door, int]]
    count: int


def places_of(maze: Maze | GridMaze) -> Places:
    """The places, links and door candidates of a maze of either kind."""
    if isinstance(maze, GridMaze):
        links = maze.links
        cells, sides = np.nonzero(maze.grid.nbr == -1)
        first = np.unique(cells, return_index=True)[1]  # one door side a cell
        doors = [((int(cells[i]), int(sides[i])), int(cells[i])) for i in first if maze.open_cells[cells[i]]]
        return Places(links, (links >= 0).sum(axis=1), doors, int(maze.open_cells.sum()))
    walls = maze.walls.copy()
    walls[maze.entrance] = walls[maze.exit] = True  # the inside alone; doors are chosen afresh
    height, width = walls.shape
    links = field_links(walls)
    doors = []
    lattice = is_lattice(maze.walls)
    for row, col in np.argwhere(walls):
        cell = (int(row), int(col))
        if lattice and not (row % 2 or col % 2):
            continue  # a lattice maze's doors face its cells, never its posts
        if (row in (0, height - 1) or col in (0, width - 1)) and not is_corner(cell, height, width):
            inside = (min(max(row, 1), height - 2), min(max(col, 1), width - 2))
            if not walls[inside]:
                doors.append((cell, int(inside[0] * width + inside[1])))
    count = ((height - 1) // 2) * ((width - 1) // 2) if lattice else int((~walls).sum())
    return Places(links, (links >= 0).sum(axis=1), doors, count)


def figure(decisions: int, places: int) -> float:
    return decisions / math.sqrt(max(places, 1))


def best_doors(places: Places, target: float) -> tuple[float, tuple[Door, Door]] | None:
    """The door pair whose solution's difficulty is closest to ``target``: ``(figure, doors)``."""
    candidates = places.doors
    if len(candidates) < 2:
        return None
    junction = places.ways >= 3
    door_junction = places.ways + 1 >= 3  # a door's place has the door as one more way out
    step = max(1, len(candidates) // ENTRANCES)
    best: tuple[float, float, tuple[Door, Door]] | None = None
    for door, start in candidates[::step]:
        parent, _ = breadth_first(places.links, start)
        order = _order(parent, start)
        count = np.zeros(places.links.shape[0], dtype=np.int64)
        for cell in order[1:]:  # junctions on the way from start, start itself left out
            count[cell] = count[parent[cell]] + junction[cell]
        for other, end in candidates:
            if end == start or parent[end] < 0:
                continue
            decisions = int(count[end] - junction[end] + door_junction[end] + door_junction[start])
            value = figure(decisions, places.count)
            gap = abs(value - target)
            if best is None or gap < best[0]:
                best = (gap, value, (door, other))
    return None if best is None else (best[1], best[2])


def _order(parent, start: int) -> list[int]:
    """The reached places in breadth-first order (each after its parent)."""
    children: dict[int, list[int]] = {}
    for cell, up in enumerate(parent):
        if up >= 0 and cell != start:
            children.setdefault(up, []).append(cell)
    order, at = [start], 0
    while at < len(order):
        order.extend(children.get(order[at], ()))
        at += 1
    return order


def with_chosen_doors(maze: Maze | GridMaze, doors: tuple[Door, Door]) -> Maze | GridMaze:
    """``maze`` with its doors moved to ``doors``."""
    if isinstance(maze, GridMaze):
        return GridMaze(maze.grid, maze.passages, doors[0], doors[1], walls=maze.walls, tunnels=maze.tunnels,
                        algo=maze.algo, seed=maze.seed, info=dict(maze.info))
    from swarmtui.mazes.braid import with_doors

    return with_doors(maze, doors[0], doors[1])


def of_difficulty(make, seed: int, target: float, candidates: int = CANDIDATES) -> Maze | GridMaze:
    """The maze closest to ``target`` among up to ``candidates`` built by ``make(seed)`` from seeds
    derived from ``seed`` (the first is ``seed`` itself), each with its best doors."""
    best: tuple[float, Maze | GridMaze] | None = None
    for k in range(candidates):
        maze = make(seed if k == 0 else derive_seed(seed, "difficulty", k))
        found = best_doors(places_of(maze), target)
        if found is None:
            continue
        value, doors = found
        chosen = with_chosen_doors(maze, doors)
        chosen.info.update(difficulty_target=target, candidate=k)
        gap = abs(value - target)
        if best is None or gap < best[0]:
            best = (gap, chosen)
        if gap <= TOLERANCE * max(target, 0.1):
            break
    if best is None:
        raise MazeError("no maze of this request has two doors to choose between")
    return best[1]
