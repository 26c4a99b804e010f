"""Four ways to get through a maze, compared by path length and fields visited.

- ``bfs``: breadth-first search, the shortest path; visits every field closer than the exit.
- ``astar``: A* with the Manhattan distance (admissible and consistent on 4-neighbour moves, so
  the path is a shortest one too); visits the fields whose f = g + h is below the exit's, in
  general far fewer than BFS in open mazes and about as many in a perfect one.
- ``wall``: the wall follower (left hand on the wall). It walks, so its "path" is every step
  taken, backtracking included; it always gets out when both doors are on the outer wall, as
  ours are. ``length`` counts the fields walked (with repeats), ``visited`` the distinct ones.
- ``dead-end``: dead-end filling (Pullen, *Think Labyrinth: Maze Algorithms*): fill every open
  field with one open neighbour (not a door), repeatedly, until none is left; what stays open
  holds every entrance-to-exit path (exactly the solution in a perfect maze), which a BFS over
  the remaining fields then walks. ``visited`` counts every field looked at: the filled ones
  and the ones left. Vectorised: each round fills all current dead ends at once.

Every solver returns a ``Solution``; ``compare`` runs them all.
"""

from __future__ import annotations

import heapq
from array import array
from collections import deque
from dataclasses import dataclass

import numpy as np

from swarmtui.mazes.grid import Cell, Maze
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.solve import shortest_path, shortest_path_visits

SOLVERS = ("bfs", "astar", "wall", "dead-end")


@dataclass(frozen=True, eq=False)
class Solution:
    """What a solver found: its route (None if it found none), the route's length in fields, and
    how many distinct fields it visited on the way.

    ``route`` holds the places walked as flat indices (``row * width + col`` on a field maze):
    a wall follower's walk of a 2001x2001 maze is millions of steps, 4 bytes each here where a
    list of ``(row, col)`` tuples took over a gigabyte; ``path`` gives them as ``(row, col)``.
    """

    solver: str
    route: np.ndarray | None
    length: int | None
    visited: int
    width: int = 0

    @property
    def path(self) -> list[Cell] | None:
        if self.route is None:
            return None
        if not self.width:
            return self.route.tolist()
        rows, cols = np.divmod(self.route, self.width)
        return list(zip(rows.tolist(), cols.tolist(), strict=True))


def found(solver: str, maze: Maze, path: list[Cell] | None, visited: int) -> Solution:
    """A ``Solution`` of a route given as ``(row, col)`` fields."""
    if path is None:
        return Solution(solver, None, None, visited, maze.width)
    rows, cols = np.array(path, dtype=np.int64).reshape(-1, 2).T
    return Solution(solver, rows * maze.width + cols, len(path), visited, maze.width)


def solve(maze: Maze | GridMaze, solver: str) -> Solution:
    if isinstance(maze, GridMaze):
        return solve_grid(maze, solver)
    if solver == "bfs":
        path, visited = shortest_path_visits(maze.walls, maze.entrance, maze.exit)
        return found("bfs", maze, path, visited)
    if solver == "astar":
        return astar(maze)
    if solver == "wall":
        return wall_follower(maze)
    if solver == "dead-end":
        return dead_end_filling(maze)
    raise ValueError(f"unknown solver {solver!r} (known: {', '.join(SOLVERS)})")


def compare(maze: Maze | GridMaze) -> list[Solution]:
    return [solve(maze, name) for name in SOLVERS]


def solve_grid(maze: GridMaze, solver: str) -> Solution:
    """A solver on a maze of any grid (``grid_solvers``); the route is a list of cells."""
    from swarmtui.mazes import grid_solvers

    if solver == "wall":
        route, visited = grid_solvers.wall_follower(maze)
        return Solution("wall", route, None if route is None else int(route.size), visited)
    runs = {"bfs": grid_solvers.bfs, "astar": grid_solvers.astar, "dead-end": grid_solvers.dead_end_filling}
    if solver not in runs:
        raise ValueError(f"unknown solver {solver!r} (known: {', '.join(SOLVERS)})")
    path, visited = runs[solver](maze)
    if path is None:
        return Solution(solver, None, None, visited)
    return Solution(solver, np.array(path, dtype=np.int64), len(path), visited)


def astar(maze: Maze) -> Solution:
    """A* with the Manhattan distance; per-field tables are flat lists (a dict per field cost
    about 100 bytes a field on a 2001x2001 maze)."""
    walls = maze.walls
    height, width = walls.shape
    free = (~walls).ravel().tolist()
    goal_r, goal_c = maze.exit
    start = maze.entrance[0] * width + maze.entrance[1]
    target = goal_r * width + goal_c
    unseen = 1 << 62
    best = [unseen] * (height * width)
    parent = array("i", bytes(4 * height * width))
    closed = bytearray(height * width)
    best[start] = 0
    heap = [(abs(maze.entrance[0] - goal_r) + abs(maze.entrance[1] - goal_c), 0, start)]
    visited = 0
    while heap:
        _, g, here = heapq.heappop(heap)
        if closed[here]:
            continue
        closed[here] = 1
        visited += 1
        if here == target:
            break
        row, col = divmod(here, width)
        for nxt, ok in ((here - width, row > 0), (here + width, row < height - 1),
                        (here - 1, col > 0), (here + 1, col < width - 1)):
            if ok and free[nxt] and g + 1 < best[nxt]:
                best[nxt] = g + 1
                parent[nxt] = here
                nr, nc = divmod(nxt, width)
                heapq.heappush(heap, (g + 1 + abs(nr - goal_r) + abs(nc - goal_c), g + 1, nxt))
    if not closed[target]:
        return Solution("astar", None, None, visited, width)
    route = [target]
    while route[-1] != start:
        route.append(parent[route[-1]])
    route.reverse()
    return Solution("astar", np.array(route, dtype=np.int64), len(route), visited, width)


# headings N, E, S, W as (drow, dcol); turning left is heading - 1
HEADINGS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def wall_follower(maze: Maze, limit_factor: int = 4) -> Solution:
    """Left-hand rule from the entrance; gives up after ``limit_factor`` x fields steps.

    The walk is kept as flat field indices in an ``array('i')`` (4 bytes a step)."""
    walls = maze.walls
    height, width = walls.shape
    row, col = maze.entrance
    # start facing into the maze, away from the border the entrance is on
    heading = 2 if row == 0 else 0 if row == height - 1 else 1 if col == 0 else 3
    # the field grid padded with a wall ring: no bounds tests in the walk
    stride = width + 2
    free = np.zeros((height + 2, stride), dtype=bool)
    free[1:-1, 1:-1] = ~walls
    open_at = free.ravel().tolist()
    steps = (-stride, 1, stride, -1)
    here = (row + 1) * stride + col + 1
    goal = (maze.exit[0] + 1) * stride + maze.exit[1] + 1
    route = array("i", [here])
    limit = limit_factor * walls.size
    while here != goal and len(route) <= limit:
        for turn in (3, 0, 1, 2):  # left, straight, right, back
            h = (heading + turn) % 4
            nxt = here + steps[h]
            if open_at[nxt]:
                heading, here = h, nxt
                route.append(here)
                break
        else:
            break  # a single open field walled in: nowhere to go
    rows, cols = np.divmod(np.frombuffer(route, dtype=np.int32).astype(np.int64), stride)
    flat = (rows - 1) * width + cols - 1
    visited = int(np.unique(flat).size)
    if here != goal:
        return Solution("wall", None, None, visited, width)
    return Solution("wall", flat, int(flat.size), visited, width)


def dead_end_filling(maze: Maze) -> Solution:
    """Fill dead ends until none is left (each field once: a queue of dead ends, where filling a
    whole round of them at a time took a round per field of the longest dead end, 12 minutes
    on a 2001x2001 backtracker maze), then walk what remains."""
    walls = maze.walls.copy()
    height, width = walls.shape
    start_open = int((~walls).sum())
    stride = width + 2
    free = np.zeros((height + 2, stride), dtype=bool)
    free[1:-1, 1:-1] = ~walls
    ways = (free[:-2, 1:-1].astype(np.int8) + free[2:, 1:-1] + free[1:-1, :-2] + free[1:-1, 2:])
    degree = np.zeros((height + 2, stride), dtype=np.int8)
    degree[1:-1, 1:-1] = np.where(free[1:-1, 1:-1], ways, 0)
    kept = {(r + 1) * stride + c + 1 for r, c in (maze.entrance, maze.exit)}
    open_at = bytearray(free.ravel().tobytes())
    count = bytearray(degree.ravel().astype(np.uint8).tobytes())
    steps = (-stride, 1, stride, -1)
    todo = deque(p for p in np.flatnonzero(free.ravel() & (degree.ravel() <= 1)).tolist() if p not in kept)
    while todo:
        place = todo.popleft()
        if not open_at[place]:
            continue
        open_at[place] = 0
        for step in steps:
            nxt = place + step
            if open_at[nxt]:
                count[nxt] -= 1
                if count[nxt] <= 1 and nxt not in kept:
                    todo.append(nxt)
    left = np.frombuffer(open_at, dtype=np.uint8).reshape(height + 2, stride)[1:-1, 1:-1] == 0
    path = shortest_path(left, maze.entrance, maze.exit)
    visited = start_open  # every open field was looked at: filled, or left standing
    return found("dead-end", maze, path, visited)
