"""Mazes of a chosen difficulty (issue 32, ``mazes.difficulty``): the kept maze's figure, as
``--stats`` measures it on its solution (``mazes.metrics``, an independent count along the
solver's path), is never farther from the target than the same request built blindly, is far
closer on average, and is the figure the door search counted with its running sums."""

from __future__ import annotations

import pytest

from swarmtui.mazes.difficulty import TARGETS, best_doors, places_of, with_chosen_doors
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.metrics import measure, measure_grid
from swarmtui.mazes.request import Request, build_request

GRIDS = ("square", "hex", "triangle", "polar")
ALGOS = ("backtracker", "kruskal")


def stats_figure(maze) -> float:
    """The difficulty ``maze --stats`` prints for ``maze`` (its own doors, its own solution)."""
    metrics = measure_grid(maze) if isinstance(maze, GridMaze) else measure(maze)
    assert metrics.difficulty is not None
    return metrics.difficulty


@pytest.mark.parametrize("grid", GRIDS)
def test_the_chosen_maze_is_never_farther_from_the_target_than_a_blind_build(grid) -> None:
    searched, blind = [], []
    for algo in ALGOS:
        for target in TARGETS.values():
            for seed in (1, 2):
                chosen = build_request(Request(algo, grid, seed=seed, difficulty=target))
                plain = build_request(Request(algo, grid, seed=seed))
                searched.append(abs(stats_figure(chosen) - target))
                blind.append(abs(stats_figure(plain) - target))
                assert searched[-1] <= blind[-1] + 1e-9, (algo, target, seed)
                assert chosen.info["difficulty_target"] == target
    assert sum(searched) < sum(blind) / 3, (searched, blind)


@pytest.mark.parametrize("grid", GRIDS)
def test_the_door_search_counts_the_figure_that_stats_measures(grid) -> None:
    """The search adds the junctions up the breadth-first tree; ``--stats`` counts them along the
    solver's path: for the door pair the search picks, the two agree (to the printed rounding)."""
    for algo in ALGOS:
        maze = build_request(Request(algo, grid, seed=3))
        for target in (0.3, 0.9, 2.0):
            found = best_doors(places_of(maze), target)
            assert found is not None
            value, doors = found
            assert stats_figure(with_chosen_doors(maze, doors)) == pytest.approx(value, abs=5e-4), (algo, target)


def test_the_same_request_gives_the_same_maze() -> None:
    first = build_request(Request("wilson", "hex", seed=5, difficulty=TARGETS["hard"]))
    again = build_request(Request("wilson", "hex", seed=5, difficulty=TARGETS["hard"]))
    assert isinstance(first, GridMaze) and isinstance(again, GridMaze)
    assert (first.passages == again.passages).all() and (first.entrance, first.exit) == (again.entrance, again.exit)
