"""Ford's GA (section 3.2.2; settings of Fig. 5/6): elitist and random replication with
mutation, no crossover, the rest of the population fresh random genomes.

Next generation, in order: the ``elite`` best unchanged ("elite perseverance"); the ``top``
best, each replicated ``copies`` times with mutation; ``random_picks`` members drawn without
replacement from the previous generation, replicated with mutation (the paper's SUS-like
step); the remainder new random genomes. Paper values: population 100, elite 1, top 5 x 7,
20 random picks, mutation 0.1 per allele — so 1 + 35 + 20 + 44 fresh = 100.
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
class PaperParams(EvolutionParams):
    elite: int = field(default=1, metadata={"help": "best members passed on unchanged (paper: 1)"})
    top: int = field(default=5, metadata={"help": "best members replicated with mutation (paper: N = 5)"})
    copies: int = field(default=7, metadata={"help": "mutated copies of each top member (paper: 7)"})
    random_picks: int = field(default=20, metadata={"help": "random members replicated with mutation (paper: 20)"})
    mutation_rate: float = field(default=0.1, metadata={"help": "chance per allele to change (paper: 0.1)"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("elite", self.elite, 0, self.population)
        check_range("top", self.top, 0, self.population)
        check_range("copies", self.copies, 0, self.population)
        check_range("random_picks", self.random_picks, 0, self.population)
        check_range("mutation_rate", self.mutation_rate, 0.0, 1.0)
        if self.elite + self.top * self.copies + self.random_picks > self.population:
            raise ParamError(
                f"elite + top x copies + random_picks = {self.elite + self.top * self.copies + self.random_picks}"
                f" does not fit in a population of {self.population}")


def breed(population: np.ndarray, ranked: np.ndarray, scores: Scores, context: Context) -> np.ndarray:
    """The next generation as described in the module docstring."""
    p: PaperParams = context.params
    rng = context.rng
    elite = population[ranked[:p.elite]]
    top = np.repeat(population[ranked[:p.top]], p.copies, axis=0)
    picks = population[rng.choice(len(population), size=p.random_picks, replace=False)]
    mutants = mutate(np.concatenate([top, picks]), rng, p.mutation_rate, context.member_genes)
    fresh = random_genomes(rng, p.population - len(elite) - len(mutants))
    return np.concatenate([elite, mutants, fresh])


ALGORITHM = Algorithm(
    "paper", "Ford's GA (elite + top-N and random replication, mutation 0.1, no crossover)",
    PaperParams, breed,
)
