"""The vectorised play-all-games fitness (3.2.1) against an independent player of every game."""

import numpy as np
import pytest

from swarmtui.agents.ga.fitness import FitnessParams, Points, evaluate_genome, evaluate_population
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.playout import play_all_games
from swarmtui.core.rng import make_rng


@pytest.mark.parametrize("side", ["X", "O"])
def test_fast_single_and_slow_evaluators_agree_on_random_genomes(side):
    points = FitnessParams().points(side)
    population = random_genomes(make_rng(11, side), 12)
    scores = evaluate_population(population, side, points)
    for i, genome in enumerate(population):
        slow = play_all_games(genome, side, points)
        assert evaluate_genome(genome, side, points) == slow
        assert (scores.fitness[i], scores.wins[i], scores.draws[i], scores.losses[i]) == tuple(slow)


def test_paper_points_per_side():
    assert FitnessParams().points("X") == Points(1, -15, -100)  # Fig. 4
    assert FitnessParams().points("O") == Points(1, 0, -100)  # Fig. 7
    assert FitnessParams(draw_points=-3).points("O") == Points(1, -3, -100)


def test_opponent_replies_are_counted_without_symmetry_reduction():
    # Whatever X plays, O's first reply ranges over all 8 empty cells: at least 8 games.
    population = random_genomes(make_rng(12), 50)
    scores = evaluate_population(population, "X", Points(1, 1, 1))
    assert (scores.fitness >= 8).all()
    assert (scores.fitness == scores.wins + scores.draws + scores.losses).all()


def test_population_evaluation_does_not_depend_on_the_other_members():
    population = random_genomes(make_rng(13), 30)
    points = FitnessParams().points("O")
    together = evaluate_population(population, "O", points).fitness
    alone = np.array([evaluate_population(g[None, :], "O", points).fitness[0] for g in population])
    assert np.array_equal(together, alone)
