"""The four solvers of ``solvers`` on a maze of any grid (issue 32), walking its ``links``.

- ``bfs``: the plain queue search; ``visited`` counts the cells it reached.
- ``astar``: A* with the straight-line distance between cell centres over the longest step
  between neighbours (``Grid.step_length``): never more than the steps left, so admissible
  and consistent on every grid, and the path is a shortest one.
- ``wall``: the left hand on the wall. Sides are listed clockwise round each cell, so a walker
  who came in through side ``b`` tries ``b + 1, b + 2, ...`` and ``b`` last (left, ahead,
  right, back on the square grid); it starts in the entrance's cell as if it came in by the
  door, and walks tunnels straight through. It gets out whenever both doors are on the same
  boundary (always, without a mask with holes); it gives up after ``4 x cells x sides`` steps.
- ``dead-end``: fill every cell with one way out (the doors count as ways; their cells are
  kept), from a queue, until none is left; then search what remains.
"""

from __future__ import annotations

import heapq
from array import array
from collections import deque

import numpy as np

from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grid_paths import breadth_first, walk_back
from swarmtui.mazes.grids.base import NO_SIDE


def bfs(maze: GridMaze) -> tuple[list[int] | None, int]:
    start, goal = maze.entrance[0], maze.exit[0]
    parent, reached = breadth_first(maze.links, start, goal)
    return walk_back(parent, start, goal), reached


def astar(maze: GridMaze) -> tuple[list[int] | None, int]:
    grid = maze.grid
    start, goal = maze.entrance[0], maze.exit[0]
    centres = grid.centres()
    bound = 1.0 / grid.step_length()
    gx, gy = centres[goal]
    heuristic = (np.hypot(centres[:, 0] - gx, centres[:, 1] - gy) * bound).tolist()
    links = maze.links
    sides = grid.sides
    flat = np.ascontiguousarray(links, dtype=np.int32).ravel().data
    unseen = 1 << 62
    best = [unseen] * grid.cells
    parent = array("i", [-1]) * grid.cells
    closed = bytearray(grid.cells)
    best[start] = 0
    parent[start] = start
    heap = [(heuristic[start], 0, start)]
    visited = 0
    while heap:
        _, g, here = heapq.heappop(heap)
        if closed[here]:
            continue
        closed[here] = 1
        visited += 1
        if here == goal:
            break
        base = here * sides
        for k in range(sides):
            nxt = flat[base + k]
            if nxt >= 0 and g + 1 < best[nxt]:
                best[nxt] = g + 1
                parent[nxt] = here
                heapq.heappush(heap, (g + 1 + heuristic[nxt], g + 1, nxt))
    return (walk_back(parent, start, goal) if closed[goal] else None), visited


def wall_follower(maze: GridMaze, limit_factor: int = 4) -> tuple[np.ndarray | None, int]:
    """The left-hand walk (see the module docstring): its cells, and how many distinct ones."""
    grid = maze.grid
    sides = grid.sides
    links = np.ascontiguousarray(maze.links, dtype=np.int32).ravel().tolist()
    entry = maze.entry.ravel().tolist()
    real = (grid.nbr != NO_SIDE).ravel().tolist()
    here, came = maze.entrance
    goal = maze.exit[0]
    route = array("i", [here])
    limit = limit_factor * grid.cells * sides
    while here != goal and len(route) <= limit:
        base = here * sides
        for turn in range(1, sides + 1):
            side = (came + turn) % sides
            if real[base + side] and links[base + side] >= 0:
                here, came = links[base + side], entry[base + side]
                route.append(here)
                break
        else:
            break  # a cell with no way out but the door it came by
    cells = np.frombuffer(route, dtype=np.int32).astype(np.int64)
    visited = int(np.unique(cells).size)
    return (cells if here == goal else None), visited


def dead_end_filling(maze: GridMaze) -> tuple[list[int] | None, int]:
    links = maze.links
    grid = maze.grid
    ways = (links >= 0).sum(axis=1)
    kept = {maze.entrance[0], maze.exit[0]}
    opened = maze.open_cells
    left = opened.copy()
    count = ways.tolist()
    flat = links.tolist()
    todo = deque(c for c in np.flatnonzero(opened & (ways <= 1)).tolist() if c not in kept)
    while todo:
        cell = todo.popleft()
        if not left[cell]:
            continue
        left[cell] = False
        for nxt in flat[cell]:
            if nxt >= 0 and left[nxt]:
                count[nxt] -= 1
                if count[nxt] <= 1 and nxt not in kept:
                    todo.append(nxt)
    remaining = np.where(left[np.maximum(links, 0)] & (links >= 0), links, -1)
    parent, _ = breadth_first(remaining, maze.entrance[0], maze.exit[0])
    return walk_back(parent, maze.entrance[0], maze.exit[0]), int(opened.sum()) if grid.cells else 0
