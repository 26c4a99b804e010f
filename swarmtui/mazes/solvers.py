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
from dataclasses import dataclass

import numpy as np

from swarmtui.mazes.grid import Cell, Maze
from swarmtui.mazes.solve import shortest_path, shortest_path_visits

SOLVERS = ("bfs", "astar", "wall", "dead-end")


@dataclass(frozen=True)
class Solution:
    """What a solver found: its route (None if it found none), the route's length in fields, and
    how many distinct fields it visited on the way."""

    solver: str
    path: list[Cell] | None
    length: int | None
    visited: int


def solve(maze: Maze, solver: str) -> Solution:
    if solver == "bfs":
        path, visited = shortest_path_visits(maze.walls, maze.entrance, maze.exit)
        return Solution("bfs", path, None if path is None else len(path), visited)
    if solver == "astar":
        return astar(maze)
    if solver == "wall":
        return wall_follower(maze)
    if solver == "dead-end":
        return dead_end_filling(maze)
    raise ValueError(f"unknown solver {solver!r} (known: {', '.join(SOLVERS)})")


def compare(maze: Maze) -> list[Solution]:
    return [solve(maze, name) for name in SOLVERS]


def astar(maze: Maze) -> Solution:
    walls = maze.walls
    height, width = walls.shape
    free = (~walls).ravel().tolist()
    goal_r, goal_c = maze.exit
    start = maze.entrance[0] * width + maze.entrance[1]
    target = goal_r * width + goal_c
    best = {start: 0}
    parent = {start: start}
    closed: set[int] = set()
    heap = [(abs(maze.entrance[0] - goal_r) + abs(maze.entrance[1] - goal_c), 0, start)]
    while heap:
        _, g, here = heapq.heappop(heap)
        if here in closed:
            continue
        closed.add(here)
        if here == target:
            break
        row, col = divmod(here, width)
        for nxt, ok in ((here - width, row > 0), (here + width, row < height - 1),
                        (here - 1, col > 0), (here + 1, col < width - 1)):
            if ok and free[nxt] and g + 1 < best.get(nxt, 1 << 62):
                best[nxt] = g + 1
                parent[nxt] = here
                nr, nc = divmod(nxt, width)
                heapq.heappush(heap, (g + 1 + abs(nr - goal_r) + abs(nc - goal_c), g + 1, nxt))
    if target not in closed:
        return Solution("astar", None, None, len(closed))
    path = [target]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return Solution("astar", [divmod(cell, width) for cell in path], len(path), len(closed))


# headings N, E, S, W as (drow, dcol); turning left is heading - 1
HEADINGS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def wall_follower(maze: Maze, limit_factor: int = 4) -> Solution:
    """Left-hand rule from the entrance; gives up after ``limit_factor`` x fields steps."""
    walls = maze.walls
    height, width = walls.shape
    row, col = maze.entrance
    # start facing into the maze, away from the border the entrance is on
    heading = 2 if row == 0 else 0 if row == height - 1 else 1 if col == 0 else 3
    route = [(row, col)]
    limit = limit_factor * walls.size

    def open_at(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and not walls[r, c]

    while (row, col) != maze.exit and len(route) <= limit:
        for turn in (-1, 0, 1, 2):  # left, straight, right, back
            h = (heading + turn) % 4
            dr, dc = HEADINGS[h]
            if open_at(row + dr, col + dc):
                heading, row, col = h, row + dr, col + dc
                route.append((row, col))
                break
        else:
            break  # a single open field walled in: nowhere to go
    if (row, col) != maze.exit:
        return Solution("wall", None, None, len(set(route)))
    return Solution("wall", route, len(route), len(set(route)))


def dead_end_filling(maze: Maze) -> Solution:
    walls = maze.walls.copy()
    start_open = int((~walls).sum())
    keep = np.zeros_like(walls)
    keep[maze.entrance] = keep[maze.exit] = True
    while True:
        free = np.pad(~walls, 1, constant_values=False)
        ways = (free[:-2, 1:-1].astype(np.int8) + free[2:, 1:-1] + free[1:-1, :-2] + free[1:-1, 2:])
        dead = ~walls & (ways <= 1) & ~keep
        if not dead.any():
            break
        walls |= dead
    path = shortest_path(walls, maze.entrance, maze.exit)
    visited = start_open  # every open field was looked at: filled, or left standing
    return Solution("dead-end", path, None if path is None else len(path), visited)
