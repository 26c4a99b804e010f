"""Metrics against independent counts, the shortest path against a plain BFS, and the text
exports: round trip of the ``#`` style (hypothesis), rectangular lines, final newline, the
line style's refusal of grids it cannot draw."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmtui.mazes import MazeError, build
from swarmtui.mazes.grid import Maze
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.solve import shortest_path
from swarmtui.mazes.text import STYLES, read_ascii, render


@st.composite
def mazes(draw) -> Maze:
    """Any framed grid with two doors on its sides (not corners), walls anywhere inside."""
    height = draw(st.integers(3, 12))
    width = draw(st.integers(3, 14))
    inside = draw(st.lists(st.booleans(), min_size=(height - 2) * (width - 2), max_size=(height - 2) * (width - 2)))
    walls = np.ones((height, width), dtype=bool)
    walls[1:-1, 1:-1] = np.array(inside, dtype=bool).reshape(height - 2, width - 2)
    sides = [(0, c) for c in range(1, width - 1)] + [(height - 1, c) for c in range(1, width - 1)]
    sides += [(r, 0) for r in range(1, height - 1)] + [(r, width - 1) for r in range(1, height - 1)]
    doors = draw(st.lists(st.sampled_from(sides), min_size=2, max_size=2, unique=True))
    for door in doors:
        walls[door] = False
    return Maze(walls, doors[0], doors[1])


def brute_metrics(maze: Maze) -> tuple[int, int, int | None]:
    """(regions, loops, shortest path fields) by plain Python BFS, independent of the library."""
    walls = maze.walls
    h, w = walls.shape
    free = {(r, c) for r in range(h) for c in range(w) if not walls[r, c]}
    edges = sum(1 for (r, c) in free for n in ((r + 1, c), (r, c + 1)) if n in free)
    seen, regions = set(), 0
    for cell in free:
        if cell in seen:
            continue
        regions += 1
        queue = deque([cell])
        seen.add(cell)
        while queue:
            r, c = queue.popleft()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in free and n not in seen:
                    seen.add(n)
                    queue.append(n)
    dist = {maze.entrance: 1}
    queue = deque([maze.entrance])
    while queue:
        r, c = queue.popleft()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in free and n not in dist:
                dist[n] = dist[(r, c)] + 1
                queue.append(n)
    return regions, edges - len(free) + regions, dist.get(maze.exit)


@settings(max_examples=150, deadline=None)
@given(mazes())
def test_ascii_export_reads_back_to_the_same_grid(maze):
    text = render(maze, "ascii")
    assert text.endswith("\n") and len({len(line) for line in text.splitlines()}) == 1
    again = read_ascii(text)
    assert np.array_equal(again.walls, maze.walls) and {again.entrance, again.exit} == {maze.entrance, maze.exit}


@settings(max_examples=150, deadline=None)
@given(mazes())
def test_metrics_and_solver_match_a_brute_force_count(maze):
    regions, loops, length = brute_metrics(maze)
    metrics = measure(maze)
    assert (metrics.regions, metrics.loops, metrics.solution_length) == (regions, loops, length)
    assert metrics.solvable == (length is not None)
    assert metrics.perfect == (regions == 1 and loops == 0)
    path = shortest_path(maze.walls, maze.entrance, maze.exit)
    if path is not None:
        assert path[0] == maze.entrance and path[-1] == maze.exit
        steps = zip(path, path[1:], strict=False)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and not maze.walls[b] for a, b in steps)


def test_metrics_of_a_hand_made_maze():
    text = "#######\n   #  #\n# ## ##\n#      \n#######\n"
    maze = read_ascii(text)
    metrics = measure(maze)
    # open fields: row1: (1,0)(1,1)(1,2)(1,4)(1,5); row2: (2,1)(2,4); row3: (3,1)..(3,6)
    assert metrics.open_fields == 13 and metrics.regions == 1 and metrics.loops == 0
    assert metrics.dead_ends == 2  # (1,2) and (1,5); the doors do not count
    assert metrics.solution_length == 9 and metrics.perfect
    assert metrics.wall_density == pytest.approx(22 / 35)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("solution", [False, True])
def test_every_style_is_rectangular_and_ends_with_a_newline(style, solution):
    maze = build("backtracker", 21, 11, seed=4)
    path = shortest_path(maze.walls, maze.entrance, maze.exit) if solution else None
    text = render(maze, style, path)
    assert text.endswith("\n") and not text.endswith("\n\n")
    lines = text.splitlines()
    assert len({len(line) for line in lines}) == 1  # every row the full width: doors show at line ends
    assert len(lines) == (11 if style != "half" else 6)
    if solution:
        assert ("." if style in ("ascii", "lines") else "·") in text


def test_lines_style_draws_a_lattice_maze_and_refuses_other_grids():
    maze = build("kruskal", 7, 5, seed=1)
    lines = render(maze, "lines").splitlines()
    assert lines[0] == "+--+--+--+" and lines[-1] == "+--+--+--+"
    assert lines[1].startswith(" ")  # the entrance is a gap in the west wall
    assert all(len(line) == 10 for line in lines)
    with pytest.raises(MazeError, match="lattice"):
        render(build("ant", 40, 15, seed=1), "lines")


def test_unicode_style_keeps_proportions_and_draws_boxes():
    maze = build("prim", 21, 9, seed=7)
    lines = render(maze, "unicode").splitlines()
    assert {len(line) for line in lines} == {2 * 21 - 1}
    assert set("".join(lines)) <= set(" ─│┌┐└┘├┤┬┴┼╴╵╶╷■·")


def test_read_ascii_refuses_text_without_two_doors():
    with pytest.raises(MazeError, match="two doors"):
        read_ascii("#####\n#   #\n#####\n")
