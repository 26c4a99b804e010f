"""The shortest path by Euler tour (trees) against a plain breadth-first search, on perfect mazes
of every classic builder, braided ones (loops: the search takes over), swarm mazes and a goal
in another region."""

from __future__ import annotations

from collections import deque
from itertools import pairwise

import numpy as np
import pytest

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.braid import braid
from swarmtui.mazes.solve import LoopsError, shortest_path, tree_path

CLASSIC = [a for a in BUILDERS if not BUILDERS[a].swarm]


def bfs_length(walls: np.ndarray, start, goal) -> int | None:
    """Fields on a shortest path by a plain queue over (row, col) tuples (independent of the library)."""
    seen = {start: 1}
    todo = deque([start])
    while todo:
        r, c = here = todo.popleft()
        if here == goal:
            return seen[here]
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nxt[0] < walls.shape[0] and 0 <= nxt[1] < walls.shape[1] and not walls[nxt] and nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return None


def assert_a_shortest_path(walls, start, goal, path) -> None:
    assert len(path) == bfs_length(walls, start, goal)
    assert path[0] == start and path[-1] == goal and not any(walls[cell] for cell in path)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(path))


@pytest.mark.parametrize("algo", CLASSIC)
def test_the_tour_finds_the_path_of_every_perfect_maze(algo):
    for seed, size in enumerate([(3, 3), (5, 9), (41, 15), (61, 61)]):
        maze = build(algo, *size, seed=seed)
        path = tree_path(maze.walls, maze.entrance, maze.exit)
        assert_a_shortest_path(maze.walls, maze.entrance, maze.exit, path)
        assert shortest_path(maze.walls, maze.entrance, maze.exit) == path


def test_loops_are_left_to_the_search_and_the_path_stays_shortest():
    for seed in range(4):
        maze = braid(build("backtracker", 41, 31, seed), 0.4, make_rng(seed))
        with pytest.raises(LoopsError):
            tree_path(maze.walls, maze.entrance, maze.exit)
        assert_a_shortest_path(maze.walls, maze.entrance, maze.exit,
                               shortest_path(maze.walls, maze.entrance, maze.exit))


@pytest.mark.parametrize("algo", ["ant", "bee"])
def test_swarm_mazes_get_a_shortest_path_whatever_their_shape(algo):
    for seed in range(3):
        maze = build(algo, 40, 15, seed=seed)
        assert_a_shortest_path(maze.walls, maze.entrance, maze.exit,
                               shortest_path(maze.walls, maze.entrance, maze.exit))


def test_a_goal_in_another_region_or_on_a_wall_has_no_path():
    walls = np.ones((7, 9), dtype=bool)
    walls[1, 1:8] = False  # a corridor
    walls[3, 1:4] = walls[4, 3] = walls[5, 3:8] = False  # a tree beside it
    walls[3, 6] = False  # an open field alone
    assert tree_path(walls, (1, 1), (5, 7)) is None
    assert shortest_path(walls, (1, 1), (5, 7)) is None
    assert shortest_path(walls, (1, 1), (3, 6)) is None
    assert shortest_path(walls, (1, 1), (0, 0)) is None
    assert shortest_path(walls, (3, 1), (5, 7)) == [(3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (5, 4), (5, 5),
                                                    (5, 6), (5, 7)]
    assert shortest_path(walls, (1, 4), (1, 4)) == [(1, 4)]
