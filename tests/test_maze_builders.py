"""Maze builders: seeding, perfect classic mazes, Kruskal against a plain union-find, the swarm
builders' stop condition (the queen passes the first bitmap with a passage), frames that cost
nothing when unused, and the equations' readings checked on hand-worked cases."""

from __future__ import annotations

import time
from itertools import pairwise

import numpy as np
import pytest

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, MazeError, build
from swarmtui.mazes.ants import AntColony, AntParams
from swarmtui.mazes.bees import BeeColony, BeeParams
from swarmtui.mazes.bitmap import bitmap, threshold
from swarmtui.mazes.grid import Maze, default_doors
from swarmtui.mazes.kruskal import kruskal_edges
from swarmtui.mazes.lattice import cell_edges
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.queen import queen_walk

SWARMS = ["ant", "bee"]
CLASSIC = [a for a in BUILDERS if not BUILDERS[a].swarm]


def bfs_reachable(walls: np.ndarray, start) -> set:
    """Independent flood fill (sets and a list) for checking the library's solver."""
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < walls.shape[0] and 0 <= nc < walls.shape[1] and not walls[nr, nc] and (nr, nc) not in seen:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen


@pytest.mark.parametrize("algo", list(BUILDERS))
def test_same_seed_same_maze_and_other_seeds_differ(algo):
    first = build(algo, 41, 15, seed=7)
    assert build(algo, 41, 15, seed=7) == first
    assert any(build(algo, 41, 15, seed=s) != first for s in (8, 9))
    assert first.algo == algo and first.seed == 7


@pytest.mark.parametrize("algo", CLASSIC)
@pytest.mark.parametrize("size", [(3, 3), (5, 3), (21, 11), (40, 15), (60, 61)])
def test_classic_builders_make_perfect_lattice_mazes(algo, size):
    maze = build(algo, *size, seed=3)
    width, height = size[0] - (1 - size[0] % 2), size[1] - (1 - size[1] % 2)
    assert (maze.width, maze.height) == (width, height)
    cells = ((width - 1) // 2) * ((height - 1) // 2)
    # a spanning tree of the cells: every cell open, cells - 1 passages, plus the two doors
    assert int((~maze.walls).sum()) == cells + (cells - 1) + 2
    assert not maze.walls[1::2, 1::2].any() and maze.walls[0::2, 0::2].all()
    assert len(bfs_reachable(maze.walls, maze.entrance)) == cells + (cells - 1) + 2
    metrics = measure(maze)
    assert metrics.perfect and metrics.solvable and metrics.loops == 0


def test_kruskal_is_the_plain_union_find_kruskal_on_the_same_order():
    rows, cols = 17, 23
    u, v = kruskal_edges(rows, cols, make_rng(5))
    order = make_rng(5).permutation(cell_edges(rows, cols)[0].size)
    all_u, all_v = cell_edges(rows, cols)
    parent = list(range(rows * cols))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    expected = []
    for e in order:
        a, b = find(int(all_u[e])), find(int(all_v[e]))
        if a != b:
            parent[a] = b
            expected.append((int(all_u[e]), int(all_v[e])))
    assert list(zip(u.tolist(), v.tolist(), strict=True)) == expected  # same tree, same carving order


@pytest.mark.parametrize("algo, params", [("ant", {"loop": "trip"}), ("ant", {"standard": 0}),
                                          ("bee", {"standard": 0})])
def test_swarm_mazes_stop_at_the_first_bitmap_with_a_passage(algo, params):
    frames = []
    maze = build(algo, 40, 15, seed=11, params=BUILDERS[algo].params(**params), on_frame=frames.append)
    queens = [f for f in frames if f.phase == "queen"]
    if params.get("standard") == 0:  # the union-find asks the queen only when a passage may exist
        moves = [f for f in frames if f.phase == "move"]
        assert len(moves) == maze.info["iterations"] and len(queens) >= 1
    else:
        assert len(queens) == maze.info["iterations"]
    for frame in queens[:-1]:  # the queen (backtracking) says no only when there is no passage
        assert not frame.passed and maze.exit not in bfs_reachable(frame.walls, maze.entrance)
    last = queens[-1]
    assert last.passed and np.array_equal(last.walls, maze.walls)
    path = list(last.queen)
    assert {path[0], path[-1]} == {maze.entrance, maze.exit}
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(path))  # eq. 12
    assert not any(maze.walls[cell] for cell in path) and len(set(path)) == len(path)
    assert measure(maze).solvable
    assert frames[-1].phase == "done"


@pytest.mark.parametrize("algo", list(BUILDERS))
def test_frames_do_not_change_the_maze(algo):
    frames = []
    assert build(algo, 31, 15, seed=2, on_frame=frames.append) == build(algo, 31, 15, seed=2)
    assert frames and all(f.field is not None and f.field.shape == (15, 31) for f in frames)
    assert all(f.levels.dtype == np.uint8 for f in frames)  # one byte per field (issue 19: 70 MB at 200x200)


def test_frames_keep_the_field_to_one_255th_in_one_byte_per_field():
    from swarmtui.mazes.frames import MazeFrame

    values = np.linspace(0.0, 1.0, 77).reshape(7, 11)
    frame = MazeFrame("bee", "move", 1, np.zeros((0, 2)), values, None)
    assert frame.levels is not None and frame.levels.nbytes == values.size
    assert frame.field is not None and np.abs(frame.field - values).max() <= 0.5 / 255
    assert MazeFrame("bee", "move", 1, np.zeros((0, 2)), None, None).field is None


@pytest.mark.parametrize("algo", SWARMS)
@pytest.mark.parametrize("size, params", [((40, 15), {"n": 30, "r": 20}), ((100, 100), {"n": 200, "r": 120})])
def test_the_papers_examples_build_well_under_a_second(algo, size, params):
    if algo == "bee" and params["n"] == 200:
        params = {**params, "standard": 0}  # 200 bees carve 100x100 below half wall (docs/mazes.md): first passage
    start = time.process_time()
    build(algo, *size, seed=1, params=BUILDERS[algo].params(**params))
    assert time.process_time() - start < 1.0, (algo, size, params)


def test_sizes_are_bounded_with_a_clear_error():
    with pytest.raises(MazeError, match="at least 3x3"):
        build("prim", 2, 9)
    with pytest.raises(MazeError, match="too large"):
        build("ant", 1002, 1002)
    with pytest.raises(MazeError, match="at least 13x9"):
        build("ant", 12, 30)
    with pytest.raises(MazeError, match="too large"):
        build("bee", 1002, 1002)
    with pytest.raises(MazeError, match="bee maze is at least 13x9"):
        build("bee", 30, 8)
    with pytest.raises(MazeError, match="too large"):
        build("kruskal", 5000, 3)


def test_threshold_reads_kappa_itself_as_wall_and_alleys_open_exactly_r_inside_walls():
    field = np.array([[0.2, 0.5, 0.7]])
    assert threshold(field, 0.5).tolist() == [[False, True, True]]
    doors = default_doors(9, 9)
    solid = np.ones((9, 9))
    walls = bitmap(solid, 0.5, 5, make_rng(0), doors)
    assert int((~walls[1:-1, 1:-1]).sum()) == 5
    assert walls[0].sum() == 9 and walls[:, 0].sum() == 8 and not walls[doors[0]] and not walls[doors[1]]


def test_the_queen_walks_without_diagonals_and_backtracking_finds_the_way():
    walls = np.array([
        [1, 1, 1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0, 1, 1],
        [1, 0, 1, 1, 0, 1, 1],
        [1, 0, 1, 1, 0, 0, 0],
        [1, 1, 1, 1, 1, 1, 1],
    ], dtype=bool)
    start, goal = (1, 0), (3, 6)
    outcomes = {queen_walk(walls, start, goal, make_rng(s))[0] for s in range(40)}
    assert outcomes == {True, False}  # the literal walk sometimes turns into the dead end
    for s in range(20):
        passed, path = queen_walk(walls, start, goal, make_rng(s), backtrack=True)
        assert passed and path[0] == start and path[-1] == goal
    diagonal = walls.copy()
    diagonal[1, 4] = diagonal[2, 4] = True
    diagonal[2, 5] = False  # only a diagonal step would pass now
    assert not queen_walk(diagonal, start, goal, make_rng(0), backtrack=True)[0]


def test_ant_eq_1_evaporation_floor_and_deposit():
    params = AntParams(n=2, zeta=0.1, rho=0.3, steps=1, r=0)
    colony = AntColony(5, 9, params, make_rng(0), default_doors(5, 9))
    colony.tau[:] = 0.5
    colony.iterate(1, None)
    # two ants start 6 columns and 2 rows apart at the doors' mouths; each moves one step along
    # the longer axis toward the other and deposits Gamma = 1 / L (L = sqrt(36 + 4)) there
    gamma = 1 / np.sqrt(40)
    expected = np.full((5, 9), 0.35)
    expected[1, 1] = expected[3, 7] = 1.0  # start fields: capped at 1
    expected[1, 2] += gamma
    expected[3, 6] += gamma
    assert np.allclose(colony.tau, expected)
    colony.tau[:] = 0.1
    colony.iterate(2, None)
    assert colony.tau.min() == pytest.approx(0.1)  # zeta floors the evaporation


def test_bee_theta_carves_far_from_the_exits_and_builds_near_them():
    params = BeeParams(n=2, r=0, zeta=0.6)
    colony = BeeColony(7, 11, params, make_rng(0), default_doors(7, 11))
    near, far = 1 * 11 + 1, 3 * 11 + 5  # the entrance's mouth (d = 1) and a middle field
    colony.meadow.ravel()[far] = 0.6
    colony.meadow.ravel()[near] = 0.3
    colony.flown = np.array([near, far])
    colony.update_meadow()
    assert colony.meadow.ravel()[far] == pytest.approx(0.55)  # Gamma = 0.6 * d > 0.5: -0.05
    assert colony.meadow.ravel()[near] == pytest.approx(0.4)  # Gamma = 0.3 * 1 < 0.5: +0.1
    colony.meadow.ravel()[near] = 0.5
    colony.flown = np.array([near])
    colony.update_meadow()
    assert colony.meadow.ravel()[near] == pytest.approx(0.5)  # Gamma == 0.5: unchanged


def test_maze_value_checks_its_doors():
    walls = np.ones((5, 5), dtype=bool)
    walls[1:4, 1:4] = False
    walls[1, 0] = walls[3, 4] = False
    Maze(walls, (1, 0), (3, 4))
    with pytest.raises(MazeError, match="is a wall"):
        Maze(walls, (1, 0), (2, 4))
    with pytest.raises(MazeError, match="not on the border"):
        Maze(walls, (2, 2), (3, 4))
    with pytest.raises(ValueError):
        Maze(walls, (1, 0), (3, 4)).walls[0, 0] = False  # read-only


@pytest.mark.parametrize("algo", SWARMS)
def test_the_literal_queen_walk_also_stops_the_build(algo):
    frames = []
    # her literal walk ends in the first dead end: in a maze with many she needs several tries
    params = BUILDERS[algo].params(queen="walk", standard=0, queen_walks=25)
    maze = build(algo, 21, 9, seed=2, params=params, on_frame=frames.append)
    queens = [f for f in frames if f.phase == "queen"]
    assert queens[-1].passed and not any(f.passed for f in queens[:-1])
    path = list(queens[-1].queen)
    assert {path[0], path[-1]} == {maze.entrance, maze.exit} and len(set(path)) == len(path)
    with pytest.raises(MazeError, match="no passage in 1 "):
        build(algo, 41, 41, seed=0, params=BUILDERS[algo].params(queen="walk", max_iterations=1, n=2, r=0))
