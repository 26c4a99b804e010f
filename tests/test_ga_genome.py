"""Ford's genome encoding (3.1): 627 genes, valid alleles, the {gene string: allele} mapping."""

import numpy as np
import pytest

from swarmtui.agents.ga.genome import GENE_COUNT, from_mapping, is_valid, option_table, random_genomes, to_mapping
from swarmtui.agents.ga.graph import game_graph
from swarmtui.core.rng import make_rng
from swarmtui.games.noughts.states import genes
from swarmtui.games.noughts.symmetry import cells_from_gene


def test_random_genomes_hold_only_empty_cells_of_their_base_case():
    population = random_genomes(make_rng(5), 200)
    assert population.shape == (200, GENE_COUNT)
    assert all(is_valid(g) for g in population)
    for g in genes()[::37]:
        cells = cells_from_gene(g.string)
        assert all(cells[a] == 0 for a in population[:, g.locus])


def test_every_valid_allele_turns_up_in_a_random_population():
    options, counts = option_table()
    population = random_genomes(make_rng(6), 400)
    for g in range(0, GENE_COUNT, 50):
        assert set(population[:, g]) == set(options[g, :counts[g]])


def test_mapping_round_trip_uses_the_papers_gene_strings():
    genome = random_genomes(make_rng(7), 1)[0]
    mapping = to_mapping(genome)
    assert len(mapping) == GENE_COUNT
    assert mapping["111111111"] == genome[0]  # the empty board is the first gene
    assert np.array_equal(from_mapping(mapping), genome)


@pytest.mark.parametrize("change, message", [
    (lambda m: m.update({"222222222": 0}), "not one of the 627"),
    (lambda m: m.pop("111111111"), "missing"),
    (lambda m: m.update({"111121111": 4}), "already taken"),
    (lambda m: m.update({"111111111": 9}), "not a cell"),
    (lambda m: m.update({"111111111": "4"}), "not a cell"),
    (lambda m: m.update({"111111111": True}), "not a cell"),
])
def test_bad_mappings_are_refused_with_one_sentence(change, message):
    mapping = to_mapping(random_genomes(make_rng(8), 1)[0])
    change(mapping)
    with pytest.raises(ValueError, match=message):
        from_mapping(mapping)


def test_graph_successors_stay_inside_the_765_base_cases():
    graph = game_graph()
    assert graph.size == 765 and len(graph.gene_state) == GENE_COUNT
    running = graph.gene >= 0
    assert running.sum() == GENE_COUNT
    legal = graph.succ[running] >= 0
    assert (legal.sum(axis=1) == 9 - graph.ply[running]).all()
    assert (graph.ply[graph.succ[running][legal]] == np.repeat(graph.ply[running] + 1, legal.sum(axis=1))).all()


def test_gene_strings_are_recognised_one_by_one_exactly_as_the_enumeration_finds_them():
    """``alleles.is_gene_string`` (counts, no line, an empty cell, its own base case) accepts
    exactly the 627 genes of ``states.genes()`` among all 3^9 fillings."""
    from itertools import product

    from swarmtui.agents.ga.alleles import is_gene_string

    every = ("".join(digits) for digits in product("123", repeat=9))
    assert {s for s in every if is_gene_string(s)} == {g.string for g in genes()}
    assert not any(is_gene_string(s) for s in ("", "11111111", "1111111114", 111111111, None))


def test_canonical_images_are_the_tables_for_every_filling():
    from swarmtui.games.noughts.symmetry import canonical, cells_of, tables

    table = tables()
    for key in range(3**9):
        base = canonical(cells_of(key))
        assert (base.key, base.symmetry) == (int(table.canonical[key]), int(table.symmetry[key]))


def test_a_checked_mapping_gives_the_genomes_loci_without_the_enumeration():
    import subprocess
    import sys

    from swarmtui.agents.ga.alleles import gene_loci, read_alleles
    from swarmtui.games.noughts.states import gene_index

    genome = random_genomes(make_rng(9), 1)[0]
    assert list(read_alleles(to_mapping(genome))) == genome.tolist()
    assert gene_loci() == gene_index()
    probe = ("import json, sys\n"
             "from swarmtui.agents.ga.alleles import gene_loci, read_alleles\n"
             "read_alleles(json.loads(sys.stdin.read()))\n"
             "loci = gene_loci()\n"
             "assert 'numpy' not in sys.modules and 'swarmtui.games.noughts.states' not in sys.modules\n"
             "print(json.dumps(sorted(loci.items())))\n")
    import json

    done = subprocess.run([sys.executable, "-c", probe], input=json.dumps(to_mapping(genome)), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert dict(map(tuple, json.loads(done.stdout))) == gene_index()
