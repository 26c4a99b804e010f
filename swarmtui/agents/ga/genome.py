"""Ford's strategy genome (section 3.1): one allele per non-terminal base case, 627 genes.

A genome is a ``numpy`` int8 vector in ``states.genes()`` order; allele ``g`` is a cell 0-8 of
gene ``g``'s base-case state and must be one of its empty cells. A population is a 2-D array,
one genome per row. In files a genome is the paper's mapping ``{gene string: allele}``, e.g.
``{"131121112": 0}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import numpy as np

from swarmtui.agents.ga.alleles import GENE_COUNT, read_alleles
from swarmtui.games.noughts.states import genes


@lru_cache(maxsize=1)
def option_table() -> tuple[np.ndarray, np.ndarray]:
    """``(options, counts)``: the valid alleles of every gene left-packed in an int8[627, 9]
    (padding -1) and how many there are (int8[627])."""
    options = np.full((GENE_COUNT, 9), -1, np.int8)
    counts = np.zeros(GENE_COUNT, np.int8)
    for g in genes():
        options[g.locus, :len(g.options)] = g.options
        counts[g.locus] = len(g.options)
    return options, counts


@lru_cache(maxsize=1)
def valid_mask() -> np.ndarray:
    """bool[627, 9]: ``mask[g, c]`` is True when cell ``c`` is a valid allele of gene ``g``."""
    mask = np.zeros((GENE_COUNT, 9), bool)
    for g in genes():
        mask[g.locus, list(g.options)] = True
    return mask


def random_genomes(rng: np.random.Generator, count: int) -> np.ndarray:
    """``count`` genomes with every allele uniform over its gene's valid values (Table 1:
    "populations are initialized randomly")."""
    options, counts = option_table()
    picks = (rng.random((count, GENE_COUNT)) * counts).astype(np.int64)
    return options[np.arange(GENE_COUNT), picks]


def is_valid(genome: np.ndarray) -> bool:
    """True when ``genome`` has 627 alleles, each an empty cell of its base case."""
    genome = np.asarray(genome)
    if genome.shape != (GENE_COUNT,) or genome.min() < 0 or genome.max() > 8:
        return False
    return bool(valid_mask()[np.arange(GENE_COUNT), genome].all())


def to_mapping(genome: np.ndarray | bytes) -> dict[str, int]:
    """The paper's ``{gene string: allele}`` form, in genome order."""
    return {g.string: int(genome[g.locus]) for g in genes()}


def from_mapping(mapping: Mapping[str, object]) -> np.ndarray:
    """A genome from ``{gene string: allele}``; ``ValueError`` (one sentence) when a gene string
    is unknown or missing, or an allele is not an empty cell of its base case (``alleles``)."""
    return np.frombuffer(read_alleles(mapping), np.int8).copy()
