"""The ant builder as Algorithm 1 prints it (seed paper 002): one step per loop (eq. 5), the queen
after every loop, pheromone that acts (alpha and rho change the maze), lazy evaporation equal to
eq. 1 applied every loop, the union-find that never says "no" to a passage that exists, and
the quality every swarm maze must have (property test over seeds and sizes)."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, MazeError, build
from swarmtui.mazes.ant_loop import AntLoop
from swarmtui.mazes.ants import AntParams
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.solve import shortest_path
from swarmtui.mazes.swarm import facing_doors, is_a_maze, paper_count, sized


def test_each_ant_moves_at_most_one_field_per_loop():
    frames = []
    build("ant", 40, 15, seed=3, on_frame=frames.append)
    moves = [f for f in frames if f.phase == "move"]
    assert len(moves) > 5
    for before, after in zip(moves, moves[1:], strict=False):
        step = np.abs(after.agents - before.agents).sum(axis=1)
        # within a trip every ant makes one orthogonal step or stands (a new trip re-seeds them all)
        if (step <= 1).mean() > 0.5:
            assert (step <= 1).all()


def test_pheromone_acts_alpha_and_rho_change_the_maze():
    params = BUILDERS["ant"].params
    same_alpha = sum(build("ant", 40, 15, s, params(alpha=0.0)) == build("ant", 40, 15, s) for s in range(10))
    assert same_alpha <= 2  # the trip reading made 47 of 50 identical
    with pytest.raises(MazeError, match="no passage"):  # roads that evaporate too fast never join
        build("ant", 60, 30, 1, params(rho=0.99, max_iterations=600))


def test_lazy_evaporation_is_eq_1_applied_every_loop():
    params = AntParams(n=4, r=0, rho=0.3, zeta=0.1)
    colony = AntLoop(9, 21, params, make_rng(0), facing_doors(9, 21))
    cell = np.array([4 * 21 + 10])
    colony.deposit(cell, np.array([0.8]))
    eager = colony.tau_at(cell)[0]
    for _ in range(40):
        colony.now += 1
        eager = max(params.zeta, colony.keep * eager)  # eq. 1 with no deposit, floored at zeta
        assert colony.tau_at(cell)[0] == pytest.approx(eager)
    assert colony.keep ** (21 + 9) == pytest.approx(1 - params.rho)  # rho per crossing


def test_the_union_find_never_denies_a_passage_that_exists():
    params = sized(AntParams(), 40, 15)
    doors = facing_doors(15, 40)
    colony = AntLoop(15, 40, params, make_rng(4), doors)
    colony.leave_home()
    entrance, exit_ = (doors[0][0] * 40 + doors[0][1]), (doors[1][0] * 40 + doors[1][1])
    for _ in range(60):
        if not colony.step():
            colony.leave_home()
        if not colony.passages.joined(entrance, exit_):
            assert shortest_path(colony.walls(), doors[0], doors[1]) is None


def test_size_rules_meet_the_papers_examples():
    assert round(paper_count(600, 30, 200)) == 30 and round(paper_count(10_000, 30, 200)) == 200
    assert sized(AntParams(), 40, 15).n == 30 and sized(AntParams(), 40, 15).r == 20
    assert sized(AntParams(), 100, 100).n == 200 and sized(AntParams(), 100, 100).r == 120
    assert sized(AntParams(), 1000, 1000).n == 200  # capped: a loop costs O(n^2)
    assert sized(AntParams(n=7, r=3), 1000, 1000).n == 7  # explicit values win


@pytest.mark.parametrize("size", [(13, 9), (21, 9), (40, 15), (31, 31), (60, 20)])
def test_every_ant_maze_is_a_maze(size):
    """Property: over many seeds, each maze has at least half wall, a dead end, and a solution
    longer than the straight line between its facing doors."""
    for seed in range(20):
        maze = build("ant", *size, seed)
        metrics = measure(maze)
        straight = abs(maze.entrance[0] - maze.exit[0]) + abs(maze.entrance[1] - maze.exit[1]) + 1
        assert metrics.solvable and metrics.solution_length > straight
        assert metrics.wall_density >= AntParams().min_wall_density and metrics.dead_ends >= 1
        assert is_a_maze(maze.walls, (maze.entrance, maze.exit), metrics.solution_length, 0.5)


def test_the_trip_reading_is_kept_as_a_named_variant():
    trip = build("ant", 40, 15, 2, BUILDERS["ant"].params(loop="trip"))
    assert measure(trip).solvable and trip.info["iterations"] >= 1
    assert trip != build("ant", 40, 15, 2)
