"""The exact optimum of Ford's fitness, compared with the paper's reported runs (4.1.2, 4.2.2)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from swarmtui.agents.ga.algorithms import ALGORITHMS, build_params
from swarmtui.agents.ga.evolution import evolve
from swarmtui.agents.ga.fitness import FitnessParams, Points, evaluate_genome, evaluate_population
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.graph import game_graph
from swarmtui.agents.ga.playout import play_all_games
from swarmtui.agents.ga.solver import solve
from swarmtui.core.rng import make_rng

X_POINTS = FitnessParams().points("X")
O_POINTS = FitnessParams().points("O")


def test_x_optimum_beats_the_papers_centre_opening():
    optimum = solve("X", X_POINTS)
    assert tuple(optimum.score) == (220, 250, 2, 0)
    graph = game_graph()
    assert optimum.genome[graph.gene[graph.root]] in (0, 2, 6, 8)  # a corner, not the centre
    centre = optimum.genome.copy()
    centre[graph.gene[graph.root]] = 4
    # The best centre opening: Ford's 4 forced draws (4.1.2), yet more wins than its 260.
    assert tuple(evaluate_genome(centre, "X", X_POINTS)) == (212, 272, 4, 0)


def test_o_optimum_loses_no_game_unlike_the_papers_stalled_run():
    optimum = solve("O", O_POINTS)
    assert tuple(optimum.score) == (728, 728, 167, 0)
    assert 640 * 1 + 128 * 0 + 6 * -100 < optimum.score.fitness


def test_the_solvers_genomes_score_what_it_claims_on_a_real_board():
    for side, points in (("X", X_POINTS), ("O", O_POINTS)):
        optimum = solve(side, points)
        assert play_all_games(optimum.genome, side, points) == optimum.score


def test_other_points_change_the_optimum():
    # Hochmuth's no-lose reading: losses only count against. X still never loses.
    assert solve("X", Points(0, 0, -1)).score.losses == 0
    assert solve("O", Points(0, 0, -1)).score.losses == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["X", "O"]))
def test_random_genomes_never_beat_the_optimum(seed, side):
    points = FitnessParams().points(side)
    scores = evaluate_population(random_genomes(make_rng(seed), 40), side, points)
    assert scores.fitness.max() <= solve(side, points).score.fitness


def test_a_short_ga_run_stays_at_or_below_the_optimum():
    for name in ALGORITHMS:
        params = build_params(ALGORITHMS[name], [], generations=40)
        for report in evolve(ALGORITHMS[name], "X", params, 1):
            assert report.gap >= 0 and report.optimum == 220


def test_fords_ga_reproduces_the_papers_x_plateau_of_196_with_a_centre_opening():
    params = build_params(ALGORITHMS["paper"], [], generations=150)
    last = list(evolve(ALGORITHMS["paper"], "X", params, 1))[-1]
    graph = game_graph()
    assert tuple(last.best) == (196, 256, 4, 0)  # the paper's 196; its "260 wins" would make 200
    assert last.genome[graph.gene[graph.root]] == 4
