"""Wayfinding (issue 29): a maze of any grid as places and steps, the breadth-first search's
waves and path, the arrow keys' steps and the walker's clock and verdict."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.mazes import build, build_on
from swarmtui.mazes.grid_text import grid_canvas
from swarmtui.mazes.grids import make_grid
from swarmtui.mazes.solvers import solve
from swarmtui.mazes.wayfinding import Walk, Ways, search_waves, ways_of


def grid_ways(maze) -> Ways:
    chars, row, col = grid_canvas(maze, "unicode")
    return ways_of(maze, np.stack([2.0 * row, col], axis=1), chars.shape[1] if maze.grid.kind == "polar" else 0.0)


MAZES = [
    ("square field", lambda: build("ant", 41, 21, 3)),
    ("square field kruskal", lambda: build("kruskal", 31, 15, 2)),
    ("hex", lambda: build_on("backtracker", make_grid("hex", (9, 13)), 4)),
    ("hex swarm", lambda: build_on("bee", make_grid("hex", (9, 13)), 4)),
    ("triangle", lambda: build_on("wilson", make_grid("triangle", (6, 18)), 4)),
    ("polar", lambda: build_on("kruskal", make_grid("polar", (8, 0)), 4)),
    ("square weave", lambda: build_on("weave", make_grid("square", (8, 8)), 4)),
]


def ways_for(maze) -> Ways:
    return ways_of(maze) if not hasattr(maze, "grid") else grid_ways(maze)


@pytest.mark.parametrize(("name", "make"), MAZES, ids=[name for name, _ in MAZES])
def test_the_search_finds_a_shortest_path_wave_by_wave(name, make) -> None:
    maze = make()
    ways = ways_for(maze)
    waves, path = search_waves(ways)
    assert path is not None and path[0] == ways.start and path[-1] == ways.goal
    assert len(path) == solve(maze, "bfs").length  # the same length as the CLI's solver
    assert all(b in ways.neighbours(a) for a, b in zip(path, path[1:], strict=False))  # one step at a time
    assert len(waves) == len(path) and ways.goal in waves[-1]  # wave d holds the places d steps away
    seen = [p for wave in waves for p in wave]
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize(("name", "make"), MAZES, ids=[name for name, _ in MAZES])
def test_every_open_neighbour_is_one_arrow_away_where_there_are_at_most_four(name, make) -> None:
    ways = ways_for(make())
    for place in range(ways.places):
        neighbours = ways.neighbours(place)
        arrows = ways.arrows(place)
        assert len(set(arrows.values())) == len(arrows)  # two arrows never lead to one place
        if len(neighbours) <= 4:
            assert set(arrows.values()) == set(neighbours), (place, neighbours, arrows)
        else:
            assert len(arrows) == 4


def test_arrows_go_the_way_they_point_on_a_square_maze() -> None:
    maze = build("kruskal", 11, 11, 1)
    ways = ways_of(maze)
    width = maze.width
    for place in range(ways.places):
        for arrow, nxt in ways.arrows(place).items():
            step = {"up": -width, "down": width, "left": -1, "right": 1}[arrow]
            assert nxt == place + step


def test_a_walk_counts_steps_from_the_first_step_and_compares_with_the_shortest_way() -> None:
    maze = build("kruskal", 11, 11, 1)
    ways = ways_of(maze)
    _, path = search_waves(ways)
    assert path is not None
    arrows = [next(k for k, v in ways.arrows(a).items() if v == b) for a, b in zip(path, path[1:], strict=False)]
    walk = Walk(ways, len(path) - 1)
    assert walk.seconds(now=100.0) == 0.0  # the clock starts at the first step
    for i, arrow in enumerate(arrows):
        assert walk.move(arrow, now=10.0 + i)
    assert walk.finished and walk.steps == len(path) - 1 and walk.trail == path
    assert walk.seconds() == len(arrows) - 1
    assert walk.verdict() == f"out in {len(arrows) - 1:.1f} s, {len(path) - 1} steps: the shortest way, exactly"
    assert not walk.move(arrows[-1])  # out: no more steps

    detour = Walk(ways, len(path) - 1)
    back = {"up": "down", "down": "up", "left": "right", "right": "left"}
    assert detour.move(arrows[0], now=0.0) and detour.move(back[arrows[0]], now=1.0)  # there and back
    blocked = next(a for a in ("up", "down", "left", "right") if a not in ways.arrows(detour.at))
    assert not detour.move(blocked, now=1.5) and detour.steps == 2  # a wall: nothing changes
    for i, arrow in enumerate(arrows):
        detour.move(arrow, now=2.0 + i)
    extra = 2
    shortest = len(path) - 1
    share = 100 * shortest / (shortest + extra)
    said = f"{shortest + extra} steps: the shortest way is {shortest} ({extra} more, {share:.0f}%)"
    assert detour.verdict().endswith(said)
