"""Grids beyond the square (issue 32): every grid's sides checked against its geometry, every
builder on every grid a spanning tree whose passages join neighbours, uniform spanning trees
on small hex and triangle grids (chi-square over every tree, counted by Kirchhoff's theorem),
metrics and solvers against an independent search, and the swarm builders on every grid."""

from __future__ import annotations

import math
from collections import Counter, deque

import numpy as np
import pytest

from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.rng import make_rng
from swarmtui.mazes import ALL_BUILDERS, MazeError, build_on
from swarmtui.mazes.aldous_broder import aldous_broder_tree
from swarmtui.mazes.backtracker import backtracker_tree
from swarmtui.mazes.grid_paths import shortest_path_cells
from swarmtui.mazes.grids import GRIDS, make_grid
from swarmtui.mazes.grids.base import NO_SIDE, OUTSIDE
from swarmtui.mazes.grids.polar import ring_counts
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.solvers import SOLVERS, compare
from swarmtui.mazes.wilson import wilson_tree

SIZES = {"square": [(1, 2), (4, 5), (7, 3)], "hex": [(1, 2), (3, 4), (6, 5)], "triangle": [(1, 2), (3, 5), (4, 8)],
         "polar": [(2, 0), (3, 0), (7, 0)]}
ON_GRIDS = [algo for algo, spec in ALL_BUILDERS.items()
            if spec.make_on is not None and not spec.swarm and set(spec.grids) == set(GRIDS)]
SMALL = {"square": (6, 9), "hex": (6, 8), "triangle": (6, 14), "polar": (5, 0)}


def all_grids():
    return [(kind, size) for kind, sizes in SIZES.items() for size in sizes]


@pytest.mark.parametrize("kind, size", all_grids())
def test_sides_are_shared_and_match_the_geometry(kind, size):
    grid = make_grid(kind, size)
    for cell in range(grid.cells):
        for side in range(grid.sides):
            other = int(grid.nbr[cell, side])
            if other < 0:
                continue
            back = int(grid.back[cell, side])
            assert grid.nbr[other, back] == cell and grid.edge_of[cell, side] == grid.edge_of[other, back]
            # the side is the same line seen from both cells, walked the other way (clockwise)
            assert np.allclose(grid.side_points(cell, side), grid.side_points(other, back)[::-1], atol=1e-9)
    assert (grid.edge_u < grid.edge_v).all()
    assert np.bincount(grid.edge_of[grid.edge_of >= 0]).tolist() == [2] * grid.edges


def test_hex_neighbours_are_the_hex_distance_one_cells():
    grid = make_grid("hex", (6, 7))
    rows, cols = grid.coords[:, 0], grid.coords[:, 1]
    axial = [Hex(int(c - (r - (r & 1)) // 2), int(r)) for r, c in zip(rows, cols, strict=True)]
    for cell in range(grid.cells):
        expected = {other for other in range(grid.cells) if distance(axial[cell], axial[other]) == 1}
        assert set(grid.nbr[cell][grid.nbr[cell] >= 0].tolist()) == expected


def test_neighbours_are_the_cells_whose_centres_are_one_step_apart():
    for kind, step in (("square", 1.0), ("triangle", 1 / math.sqrt(3))):
        grid = make_grid(kind, (5, 8))
        centres = grid.centres()
        gaps = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
        for cell in range(grid.cells):
            expected = set(np.flatnonzero(np.isclose(gaps[cell], step)).tolist())
            assert set(grid.nbr[cell][grid.nbr[cell] >= 0].tolist()) == expected


def test_polar_rings_split_by_bucks_rule_and_cells_tile_the_disk():
    assert ring_counts(8) == [1, 6, 12, 24, 24, 24, 48, 48]
    grid = make_grid("polar", (8, 0))
    assert grid.cells == sum(ring_counts(8))
    # the area of the cells (polygons of their sides) adds up to the disk of radius 8
    area = 0.0
    for cell in range(grid.cells):
        x, y = grid.corners(cell).T
        area += 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))
    assert area == pytest.approx(math.pi * 64, rel=0.01)
    outline = grid.outline()
    assert set(grid.coords[outline[0], 0].tolist()) == {7} and outline[0].size == 48


@pytest.mark.parametrize("kind", list(GRIDS))
@pytest.mark.parametrize("algo", ON_GRIDS)
def test_every_classic_builder_makes_a_spanning_tree_on_every_grid(kind, algo):
    for seed in range(3):
        maze = build_on(algo, make_grid(kind, SMALL[kind]), seed)
        grid = maze.grid
        assert maze.passages.sum() == grid.cells - 1
        assert len(flood(maze, maze.entrance[0])) == grid.cells  # connected: a spanning tree
        for edge in np.flatnonzero(maze.passages):  # every passage joins two neighbours of this grid
            u, v = int(grid.edge_u[edge]), int(grid.edge_v[edge])
            assert v in grid.nbr[u]
        metrics = measure(maze)
        assert metrics.perfect and metrics.solvable and metrics.loops == 0
        for cell, side in (maze.entrance, maze.exit):
            assert grid.nbr[cell, side] == OUTSIDE
    assert build_on(algo, make_grid(kind, SMALL[kind]), 1) == build_on(algo, make_grid(kind, SMALL[kind]), 1)
    assert any(build_on(algo, make_grid(kind, SMALL[kind]), s) != build_on(algo, make_grid(kind, SMALL[kind]), 0)
               for s in (1, 2))


def adjacency(maze) -> dict[int, set[int]]:
    """The maze's graph built independently of the library: passages and tunnels, as sets."""
    grid = maze.grid
    joined: dict[int, set[int]] = {}
    pairs = [(int(grid.edge_u[e]), int(grid.edge_v[e])) for e in np.flatnonzero(maze.passages).tolist()]
    for u, v in pairs + [(a, b) for a, b, _ in maze.tunnels.tolist()]:
        joined.setdefault(u, set()).add(v)
        joined.setdefault(v, set()).add(u)
    return joined


def flood(maze, start: int) -> set[int]:
    """The cells reached from ``start`` by an independent search (sets, a list)."""
    joined = adjacency(maze)
    seen, todo = {start}, [start]
    while todo:
        for nxt in joined.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def spanning_tree_count(grid) -> int:
    laplacian = np.zeros((grid.cells, grid.cells))
    for u, v in zip(grid.edge_u.tolist(), grid.edge_v.tolist(), strict=True):
        laplacian[u, v] = laplacian[v, u] = -1
        laplacian[u, u] += 1
        laplacian[v, v] += 1
    return round(np.linalg.det(laplacian[1:, 1:]))


def critical(df: int, z: float = 3.09) -> float:
    """The chi-square quantile at p = 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(tree_of, grid, per_tree: int, seed: int) -> tuple[float, int]:
    trees = spanning_tree_count(grid)
    rng = make_rng(seed, "grid uniformity")
    counts = Counter(tuple(np.sort(tree_of(grid, rng)).tolist()) for _ in range(trees * per_tree))
    expected = per_tree
    observed = list(counts.values()) + [0] * (trees - len(counts))
    assert len(counts) <= trees
    return sum((o - expected) ** 2 / expected for o in observed), trees - 1


def test_the_small_grids_spanning_trees_by_kirchhoff():
    assert spanning_tree_count(make_grid("square", (3, 3))) == 192  # the square lattice's known count
    assert spanning_tree_count(make_grid("hex", (2, 4))) == 377
    assert spanning_tree_count(make_grid("triangle", (3, 4))) == 35


@pytest.mark.parametrize("kind, size", [("hex", (2, 4)), ("triangle", (3, 4))])
@pytest.mark.parametrize("tree_of", [wilson_tree, aldous_broder_tree], ids=["wilson", "aldous-broder"])
def test_uniform_spanning_trees_on_hex_and_triangle_grids(kind, size, tree_of):
    statistic, df = chi_square(tree_of, make_grid(kind, size), 30, seed=1)
    assert statistic < critical(df)


def test_the_chi_square_check_catches_the_backtracker_on_a_hex_grid():
    statistic, df = chi_square(backtracker_tree, make_grid("hex", (2, 4)), 30, seed=1)
    assert statistic > 3 * critical(df)


def brute_shortest(maze) -> int | None:
    """Cells on a shortest path by a plain BFS over the passages (independent of the library)."""
    joined = adjacency(maze)
    start, goal = maze.entrance[0], maze.exit[0]
    dist = {start: 1}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in joined.get(here, ()):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist.get(goal)


@pytest.mark.parametrize("kind", list(GRIDS))
@pytest.mark.parametrize("algo", ["backtracker", "kruskal", "bee"])
def test_solvers_agree_with_an_independent_search_on_every_grid(kind, algo):
    size = {"square": (15, 20), "hex": (12, 14), "triangle": (12, 24), "polar": (8, 0)}[kind]
    for seed in range(2):
        maze = build_on(algo, make_grid(kind, size), seed)
        by = {s.solver: s for s in compare(maze)}
        assert set(by) == set(SOLVERS)
        shortest = brute_shortest(maze)
        assert by["bfs"].length == by["astar"].length == by["dead-end"].length == shortest
        assert measure(maze).solution_length == shortest == len(shortest_path_cells(maze))
        assert by["astar"].visited <= by["bfs"].visited
        for solution in by.values():  # each route a walk of open cells through passages, door to door
            route = solution.path
            assert route[0] == maze.entrance[0] and route[-1] == maze.exit[0]
            assert all(b in maze.links[a] for a, b in zip(route, route[1:], strict=False))


@pytest.mark.parametrize("kind", list(GRIDS))
@pytest.mark.parametrize("algo", ["ant", "bee"])
def test_the_swarm_builders_meet_the_queens_standard_on_every_grid(kind, algo):
    size = {"square": (15, 40), "hex": (20, 30), "triangle": (10, 30), "polar": (14, 0)}[kind]
    frames = []
    maze = build_on(algo, make_grid(kind, size), 1, on_frame=frames.append)
    metrics = measure(maze)
    assert metrics.solvable and metrics.wall_density >= 0.5 and metrics.dead_ends >= 1
    assert metrics.tortuosity is not None and metrics.tortuosity > 1.0
    queens = [f for f in frames if f.phase == "queen"]
    assert queens[-1].passed and np.array_equal(queens[-1].walls, maze.walls)
    walk = list(queens[-1].queen)  # her walk: door cell to door cell, through sides, open cells only
    assert {walk[0], walk[-1]} == {maze.entrance[0], maze.exit[0]}
    assert all(b in maze.grid.nbr[a] for a, b in zip(walk, walk[1:], strict=False))
    assert not maze.walls[walk].any()
    assert frames[-1].phase == "done" and all(f.grid is maze.grid for f in frames)


def test_builders_off_their_grids_say_so():
    with pytest.raises(MazeError, match="division does not build on a hex grid"):
        build_on("division", make_grid("hex", (5, 5)))
    with pytest.raises(MazeError, match="needs at least 77 cells"):
        build_on("ant", make_grid("polar", (5, 0)))
    with pytest.raises(MazeError, match="2 to 565 rings"):
        make_grid("polar", (600, 0))
    with pytest.raises(MazeError, match="too large"):
        make_grid("hex", (1001, 1000))
    assert NO_SIDE not in make_grid("hex", (3, 3)).nbr
