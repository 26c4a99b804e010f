"""Per-allele mutation to a random valid value (Ford, 3.2.2).

"Each allele has a static p_muta chance of mutating to a random valid value." We read a
mutation as a *change*: the new allele is drawn uniformly from the gene's other empty cells,
so ``rate`` is the probability that an allele actually changes. Genes with a single empty
cell (ply 8) have nothing to change to and are never touched. Only the columns ``genes`` (the
side's own genes: Ford splits the genome into an X and an O genome, section 4) mutate.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from swarmtui.agents.ga.genome import GENE_COUNT, option_table


@lru_cache(maxsize=1)
def _option_rank() -> np.ndarray:
    """int8[627, 9]: the position of cell ``c`` in gene ``g``'s option list (-1 if invalid)."""
    options, counts = option_table()
    rank = np.full((GENE_COUNT, 9), -1, np.int8)
    for g in range(GENE_COUNT):
        rank[g, options[g, :counts[g]]] = np.arange(counts[g])
    return rank


def mutate(genomes: np.ndarray, rng: np.random.Generator, rate: float, genes: np.ndarray) -> np.ndarray:
    """A mutated copy of ``genomes`` (P x 627): each allele in columns ``genes`` changes with
    probability ``rate`` to one of its gene's other valid values, uniformly."""
    out = np.array(genomes, copy=True)
    if len(out) == 0 or len(genes) == 0:
        return out
    options, counts = option_table()
    sizes = counts[genes].astype(np.int64)
    hit = (rng.random((len(out), len(genes))) < rate) & (sizes > 1)
    rows, cols = np.nonzero(hit)
    if len(rows) == 0:
        return out
    gene = genes[cols]
    current = _option_rank()[gene, out[rows, gene]].astype(np.int64)
    pick = (rng.random(len(rows)) * (sizes[cols] - 1)).astype(np.int64)
    pick += pick >= current
    out[rows, gene] = options[gene, pick]
    return out
