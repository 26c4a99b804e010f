"""The shortest path by Euler tour (trees) against a plain breadth-first search, on perfect mazes
of every classic builder, braided ones (loops: the search takes over), swarm mazes and a goal
in another region."""

from __future__ import annotations

from collections import deque
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.braid import braid
from swarmtui.mazes.solve import LoopsError, regions, shortest_path, tree_path

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


def flood_regions(walls: np.ndarray) -> list[set]:
    """The open regions as sets of fields, by a plain flood fill (independent of the library)."""
    seen: set = set()
    out = []
    for start in map(tuple, np.argwhere(~walls).tolist()):
        if start in seen:
            continue
        region = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (0 <= nxt[0] < walls.shape[0] and 0 <= nxt[1] < walls.shape[1] and not walls[nxt]
                        and nxt not in region):
                    region.add(nxt)
                    todo.append(nxt)
        seen |= region
        out.append(region)
    return out


def assert_regions_right(walls: np.ndarray) -> None:
    label = regions(walls).reshape(walls.shape)
    assert (label[walls] == -1).all()
    found: dict[int, set[tuple[int, int]]] = {}
    for r, c in np.argwhere(~walls).tolist():
        found.setdefault(int(label[r, c]), set()).add((r, c))
    assert sorted(map(sorted, found.values())) == sorted(map(sorted, flood_regions(walls)))


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 16), st.integers(3, 16), st.floats(0.0, 0.7), st.integers(0, 2**32 - 1))
def test_regions_of_random_grids(height, width, density, seed):
    assert_regions_right(np.random.default_rng(seed).random((height, width)) < density)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CLASSIC), st.integers(1, 9), st.integers(1, 9), st.floats(0.0, 1.0),
       st.floats(0.0, 0.3), st.integers(0, 10_000))
def test_regions_of_lattice_mazes_with_walls_put_back_and_doors(algo, rows, cols, share, closed, seed):
    """Braided lattice mazes cut into pieces by closing passages at random, with doors opened
    on all four sides: the cell-run union with its passages and doors against a flood fill."""
    rng = np.random.default_rng(seed)
    walls = braid(build(algo, 2 * cols + 1, 2 * rows + 1, seed), share, make_rng(seed)).walls.copy()
    passage = np.zeros_like(walls)
    passage[1::2, 2:-1:2] = passage[2:-1:2, 1::2] = True
    walls |= passage & (rng.random(walls.shape) < closed)
    height, width = walls.shape
    walls[0, 2 * int(rng.integers(cols)) + 1] = walls[height - 1, 2 * int(rng.integers(cols)) + 1] = False
    walls[2 * int(rng.integers(rows)) + 1, 0] = walls[2 * int(rng.integers(rows)) + 1, width - 1] = False
    assert_regions_right(walls)
