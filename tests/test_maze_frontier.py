"""The whole-array bidirectional search (``frontier_path``) against a plain queue BFS: random wall
grids of any density with any two fields (hypothesis), braided and perfect lattice mazes with
doors, passages and cells as ends, swarm mazes, and the corner cases (same field, next door,
another region, a wall)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_maze_paths import assert_a_shortest_path, bfs_length

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.braid import braid
from swarmtui.mazes.frontier import frontier_path
from swarmtui.mazes.solve import shortest_path, tree_path

CLASSIC = [a for a in BUILDERS if not BUILDERS[a].swarm and a != "aldous-broder"]


def open_doors(walls: np.ndarray, picks: list[int]) -> np.ndarray:
    """``walls`` with a door opened on each side (north, east, south, west) at a cell's row or
    column chosen by ``picks``: the maze stays a lattice maze (and a tree if it was one)."""
    walls = walls.copy()
    height, width = walls.shape
    rows, cols = (height - 1) // 2, (width - 1) // 2
    north, east, south, west = (2 * (p % n) + 1 for p, n in zip(picks, (cols, rows, cols, rows), strict=True))
    walls[0, north] = walls[east, width - 1] = walls[height - 1, south] = walls[west, 0] = False
    return walls


def assert_same_as_bfs(walls: np.ndarray, start, goal) -> None:
    path = frontier_path(walls, start, goal)
    if walls[start] or walls[goal] or bfs_length(walls, start, goal) is None:
        assert path is None
    else:
        assert path is not None
        assert_a_shortest_path(walls, start, goal, path)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 14), st.integers(3, 14), st.floats(0.0, 0.6), st.integers(0, 2**32 - 1),
       st.integers(0, 10_000), st.integers(0, 10_000))
def test_random_grids_any_two_fields(height, width, density, seed, a, b):
    walls = np.random.default_rng(seed).random((height, width)) < density
    cells = [tuple(int(x) for x in cell) for cell in np.argwhere(np.ones_like(walls))]
    assert_same_as_bfs(walls, cells[a % len(cells)], cells[b % len(cells)])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CLASSIC), st.integers(2, 12), st.integers(2, 12), st.floats(0.0, 1.0),
       st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 10_000),
       st.lists(st.integers(0, 100), min_size=4, max_size=4))
def test_lattice_mazes_braided_any_two_open_fields(algo, rows, cols, share, seed, a, b, doors):
    maze = braid(build(algo, 2 * cols + 1, 2 * rows + 1, seed), share, make_rng(seed))
    walls = open_doors(maze.walls, doors)
    open_fields = [tuple(int(x) for x in cell) for cell in np.argwhere(~walls)]
    assert_same_as_bfs(walls, open_fields[a % len(open_fields)], open_fields[b % len(open_fields)])
    assert_same_as_bfs(maze.walls, maze.entrance, maze.exit)


@pytest.mark.parametrize("share", [0.0, 0.3, 1.0])
def test_larger_braided_mazes_door_to_door(share):
    for seed, algo in enumerate(["kruskal", "backtracker", "prim", "wilson"]):
        maze = braid(build(algo, 121, 81, seed), share, make_rng(seed))
        assert_same_as_bfs(maze.walls, maze.entrance, maze.exit)
        assert shortest_path(maze.walls, maze.entrance, maze.exit) is not None


@pytest.mark.parametrize("algo", ["ant", "bee"])
def test_swarm_mazes(algo):
    for seed in range(4):
        maze = build(algo, 60, 30, seed=seed)
        assert_same_as_bfs(maze.walls, maze.entrance, maze.exit)


def test_corner_cases():
    walls = np.ones((7, 9), dtype=bool)
    walls[1, 1:8] = False  # a corridor
    walls[3, 1:4] = walls[4, 3] = walls[5, 3:8] = False  # a tree beside it
    walls[3, 6] = False  # an open field alone
    assert frontier_path(walls, (1, 1), (5, 7)) is None
    assert frontier_path(walls, (1, 1), (3, 6)) is None
    assert frontier_path(walls, (1, 1), (0, 0)) is None
    assert frontier_path(walls, (1, 4), (1, 4)) == [(1, 4)]
    assert frontier_path(walls, (1, 4), (1, 5)) == [(1, 4), (1, 5)]
    assert frontier_path(walls, (3, 1), (5, 7)) == [(3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (5, 4), (5, 5),
                                                    (5, 6), (5, 7)]
    # a lattice maze: door to its own cell, passage to a cell beside it, two passages of one cell
    maze = build("kruskal", 9, 9, 3)
    walls = maze.walls
    assert frontier_path(walls, maze.entrance, (1, 1)) == [maze.entrance, (1, 1)]
    passages = [tuple(int(x) for x in p) for p in np.argwhere(~walls) if (p[0] + p[1]) % 2]
    for a in passages:
        for b in passages:
            assert_same_as_bfs(walls, a, b)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CLASSIC), st.integers(1, 12), st.integers(1, 12), st.booleans(),
       st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 10_000),
       st.lists(st.integers(0, 100), min_size=4, max_size=4))
def test_the_tour_between_any_two_open_fields_of_a_perfect_maze(algo, rows, cols, shifted, seed, a, b, doors):
    """On the cells of a lattice maze and, with a row of wall added on top (no longer a lattice),
    over the fields: cells, passages and doors (one more on each side) as ends."""
    walls = open_doors(build(algo, 2 * cols + 1, 2 * rows + 1, seed).walls, doors)
    if shifted:
        walls = np.pad(walls, ((1, 0), (0, 0)), constant_values=True)
    open_fields = [tuple(int(x) for x in cell) for cell in np.argwhere(~walls)]
    start, goal = open_fields[a % len(open_fields)], open_fields[b % len(open_fields)]
    path = tree_path(walls, start, goal)
    assert path is not None
    assert_a_shortest_path(walls, start, goal, path)
