"""GA operators: mutation (3.2.2), Ford's replication, Hochmuth's crossover (Table 2), the
subtree crossover, and seeded determinism."""

import numpy as np
import pytest

from swarmtui.agents.ga.algorithms import ALGORITHMS, build_params
from swarmtui.agents.ga.evolution import Context, evolve
from swarmtui.agents.ga.fitness import evaluate_population
from swarmtui.agents.ga.genome import is_valid, option_table, random_genomes
from swarmtui.agents.ga.graph import SIDES, game_graph
from swarmtui.agents.ga.hochmuth import multipoint_crossover
from swarmtui.agents.ga.lines import reached, subtree_genes
from swarmtui.agents.ga.mutation import mutate
from swarmtui.agents.ga.paper import PaperParams
from swarmtui.agents.ga.paper import breed as paper_breed
from swarmtui.agents.ga.subtree import subtree_crossover
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng

X_GENES = game_graph().member_genes(SIDES["X"])


def test_mutation_changes_only_the_sides_genes_at_about_the_rate_and_stays_valid():
    before = random_genomes(make_rng(1), 400)
    after = mutate(before, make_rng(2), 0.1, X_GENES)
    assert all(is_valid(g) for g in after)
    changed = after != before
    others = np.setdiff1d(np.arange(before.shape[1]), X_GENES)
    assert not changed[:, others].any()
    movable = X_GENES[option_table()[1][X_GENES] > 1]
    rate = changed[:, movable].mean()
    assert abs(rate - 0.1) < 0.005  # ~120000 trials: the standard error is below 0.001


def test_paper_breeding_keeps_the_elite_and_replicates_the_top_five_seven_times():
    rng = make_rng(3)
    population = random_genomes(rng, 100)
    ranked = rng.permutation(100)
    params = PaperParams(mutation_rate=0.0, random_picks=0)
    scores = evaluate_population(population, "X", params.points("X"))
    children = paper_breed(population, ranked, scores, Context("X", params, X_GENES, make_rng(4)))
    assert len(children) == 100
    assert np.array_equal(children[0], population[ranked[0]])
    for place, member in enumerate(ranked[:5]):
        copies = (children == population[member]).all(axis=1).sum()
        assert copies == 7 + (place == 0)
    fresh = children[36:]
    assert not any((fresh == g).all(axis=1).any() for g in population)


def test_paper_parameters_must_fit_the_population():
    with pytest.raises(ParamError):
        PaperParams(population=50)
    with pytest.raises(ParamError):
        PaperParams(mutation_rate=1.5)


def test_paper_best_fitness_never_drops_thanks_to_the_elite():
    params = build_params(ALGORITHMS["paper"], [], generations=30)
    fitness = [r.best.fitness for r in evolve(ALGORITHMS["paper"], "O", params, 5)]
    assert fitness == sorted(fitness) and fitness[-1] > fitness[0]


def test_hochmuth_crossover_takes_alternating_segments_of_the_two_parents():
    options, counts = option_table()
    first = options[:, 0].copy()
    second = options[np.arange(len(first)), counts - 1].copy()
    genes = X_GENES[counts[X_GENES] > 1]
    children = multipoint_crossover(first, second, 50, 4, genes, make_rng(6))
    others = np.setdiff1d(np.arange(len(first)), genes)
    for child in children:
        assert np.array_equal(child[others], first[others])
        from_second = child[genes] == second[genes]
        assert ((child[genes] == first[genes]) | from_second).all()
        assert np.count_nonzero(np.diff(from_second.astype(int))) <= 4
    assert 0 < np.mean([np.mean(c[genes] == second[genes]) for c in children]) < 1


def test_subtree_crossover_grafts_the_donors_play_below_a_point_on_the_mothers_lines():
    rng = make_rng(7)
    mother, father = random_genomes(rng, 2)
    lines = reached(mother[None, :], "X")[0]
    child = subtree_crossover(mother, father, lines, "X", rng)
    changed = np.flatnonzero(child != mother)
    assert set(changed) <= set(X_GENES)
    assert np.array_equal(child[changed], father[changed])
    points = [s for s in np.flatnonzero(lines) if game_graph().gene[s] in set(X_GENES)]
    assert any(set(changed) <= set(subtree_genes(father, s, "X")) for s in points)


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_same_seed_same_run_and_different_seeds_differ(name):
    params = build_params(ALGORITHMS[name], [], generations=3)

    def run(seed):
        return [(r.best, r.genome.tobytes()) for r in evolve(ALGORITHMS[name], "X", params, seed)]

    assert run(9) == run(9)
    assert run(9) != run(10)
