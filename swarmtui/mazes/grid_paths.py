"""Paths and regions of a maze on any grid: the graph counterparts of ``solve`` (issue 32).

A ``GridMaze``'s ``links`` table is its graph (tunnels included). ``breadth_first`` is the
plain queue search over it (a flat ``array('i')`` queue, one pass); ``regions`` labels the
connected open regions with the vectorised hook-and-jump union of ``solve.union_labels``;
``steps_apart`` is the number of steps between two cells on the whole grid (no walls), the
"straight line" a solution's tortuosity is measured against.
"""

from __future__ import annotations

from array import array

import numpy as np

from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids.base import Grid
from swarmtui.mazes.solve import union_labels


def breadth_first(links: np.ndarray, source: int, target: int = -1) -> tuple[array, int]:
    """A breadth-first search over ``links`` (``(cells, sides)``, -1 where shut) from ``source``:
    each reached cell's parent (``source`` its own, -1 unreached) and how many cells were
    reached when it stopped (at ``target`` when given, else when every reachable cell is)."""
    cells, sides = links.shape
    flat = np.ascontiguousarray(links, dtype=np.int32).ravel().data
    parent = array("i", [-1]) * cells
    parent[source] = source
    queue = array("i", [source])
    head = 0
    while head < len(queue):
        here = queue[head]
        head += 1
        if here == target:
            break
        base = here * sides
        for k in range(sides):
            nxt = flat[base + k]
            if nxt >= 0 and parent[nxt] < 0:
                parent[nxt] = here
                queue.append(nxt)
    return parent, len(queue)


def walk_back(parent: array, source: int, target: int) -> list[int] | None:
    """The cells from ``source`` to ``target`` along ``parent`` pointers, or None if unreached."""
    if parent[target] < 0:
        return None
    path = [target]
    while path[-1] != source:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def shortest_cells(maze: GridMaze, start: int | None = None, goal: int | None = None) -> tuple[list[int] | None, int]:
    """A shortest path of cells from the entrance's cell to the exit's (or ``start`` to ``goal``),
    and the number of cells the search reached."""
    start = maze.entrance[0] if start is None else start
    goal = maze.exit[0] if goal is None else goal
    if not maze.open_cells[start] or not maze.open_cells[goal]:
        return None, 0
    parent, reached = breadth_first(maze.links, start, goal)
    return walk_back(parent, start, goal), reached


def shortest_path_cells(maze: GridMaze) -> list[int] | None:
    return shortest_cells(maze)[0]


def regions(maze: GridMaze) -> np.ndarray:
    """Region label of every cell (-1 for wall cells); open cells that connect share a label."""
    links = maze.links
    cells, sides = links.shape
    here = np.repeat(np.arange(cells, dtype=np.int32), sides)
    flat = links.ravel()
    joined = flat > here  # each link once
    label = union_labels(here[joined], flat[joined].astype(np.int32), cells).astype(np.int64)
    label[~maze.open_cells] = -1
    return label


def steps_apart(grid: Grid, a: int, b: int) -> int:
    """Steps from cell ``a`` to cell ``b`` over the whole grid, every side open."""
    parent, _ = breadth_first(np.where(grid.nbr >= 0, grid.nbr, -1), a, b)
    path = walk_back(parent, a, b)
    return -1 if path is None else len(path) - 1
