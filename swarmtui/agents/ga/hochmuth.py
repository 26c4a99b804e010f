"""Hochmuth's GA as Ford reports it (section 2.3 and 4.3, Table 2): the baseline.

Ford gives three numbers — mutation 0.001 per allele, multi-point crossover rate 0.15,
replication rate 0.1 — and says the crossovers are "multi point crossovers from the best two
members ... passed into a new generation, alongside newly generated random solutions".
Hochmuth's paper comes from Koza's genetic-programming course, where a "crossover rate" and a
"replication (reproduction) rate" are the *shares of the next generation* made by each
operator; we read Table 2 that way, which also fits Ford's remark that "a large number of new
solutions are constantly tested":

- ``replication_rate`` x population: the best members copied unchanged;
- ``crossover_rate`` x population: children of a ``crossover_points``-point crossover of the
  best two members, each child then mutated at ``mutation_rate`` per allele;
- the rest (75% with Table 2): new random genomes.

Ford does not say how many points "multi-point" means; ``crossover_points`` (default 4) is
our choice. Cut points fall between the side's genes in genome order — "random selections of
gene values that are not related" (5) — which is what the paper's future work improves on.
Fitness uses the same weighted points as Ford's GA, as in Ford's 4.3 comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from swarmtui.agents.ga.evolution import Algorithm, Context, EvolutionParams
from swarmtui.agents.ga.fitness import Scores
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.mutation import mutate
from swarmtui.core.params import ParamError, check_range


@dataclass(frozen=True)
class HochmuthParams(EvolutionParams):
    mutation_rate: float = field(default=0.001, metadata={"help": "chance per allele to change (Table 2: 0.001)"})
    crossover_rate: float = field(default=0.15, metadata={
        "help": "share of the next generation bred by crossover of the best two (Table 2: 0.15)"})
    replication_rate: float = field(default=0.1, metadata={
        "help": "share of the next generation copied from the best (Table 2: 0.1)"})
    crossover_points: int = field(default=4, metadata={"help": "cut points of the multi-point crossover"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("mutation_rate", self.mutation_rate, 0.0, 1.0)
        check_range("crossover_rate", self.crossover_rate, 0.0, 1.0)
        check_range("replication_rate", self.replication_rate, 0.0, 1.0)
        check_range("crossover_points", self.crossover_points, 1, 200)
        if self.crossover_rate + self.replication_rate > 1:
            raise ParamError("crossover_rate + replication_rate must not exceed 1")

    def shares(self) -> tuple[int, int]:
        """(replicated, crossed) member counts; at least one replicated so the best survives."""
        return max(1, round(self.replication_rate * self.population)), round(self.crossover_rate * self.population)


def multipoint_crossover(first: np.ndarray, second: np.ndarray, count: int, points: int,
                         genes: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``count`` children of two genomes: ``points`` random cuts among ``genes`` (in genome
    order) split it into segments taken alternately from ``first`` and ``second``; the
    parent that starts is chosen at random per child. Other genes come from ``first``."""
    children = np.repeat(first[None, :], count, axis=0)
    cuts = min(points, len(genes) - 1)
    for child in children:
        bounds = np.sort(rng.choice(np.arange(1, len(genes)), size=cuts, replace=False))
        segment = np.searchsorted(bounds, np.arange(len(genes)), side="right")
        from_second = (segment + int(rng.integers(2))) % 2 == 1
        child[genes[from_second]] = second[genes[from_second]]
    return children


def breed(population: np.ndarray, ranked: np.ndarray, scores: Scores, context: Context) -> np.ndarray:
    """The next generation as described in the module docstring."""
    p: HochmuthParams = context.params
    rng = context.rng
    replicated, crossed = p.shares()
    crossed = min(crossed, p.population - replicated)
    copies = population[ranked[:replicated]]
    best, second = population[ranked[0]], population[ranked[min(1, len(ranked) - 1)]]
    children = multipoint_crossover(best, second, crossed, p.crossover_points, context.member_genes, rng)
    children = mutate(children, rng, p.mutation_rate, context.member_genes)
    fresh = random_genomes(rng, p.population - replicated - crossed)
    return np.concatenate([copies, children, fresh])


ALGORITHM = Algorithm(
    "hochmuth", "Hochmuth's GA as Ford reports it (Table 2: replication 0.1, crossover 0.15, mutation 0.001)",
    HochmuthParams, breed,
)
