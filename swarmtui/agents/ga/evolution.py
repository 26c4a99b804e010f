"""The generational loop every noughts GA shares: evaluate, rank, report, breed (Ford, 3.2).

An ``Algorithm`` supplies its parameter dataclass and a ``breed`` function that builds the
next population from the ranked current one; ``evolve`` does the rest, seeded from
``core.rng.make_rng`` so the same seed gives the same run. Generation 0 is the random initial
population (Table 1: "populations are initialized randomly"); each later generation is bred
from the previous one. Every report carries the gap to the exact optimum (``solver``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from swarmtui.agents.ga.fitness import FitnessParams, Score, Scores, evaluate_population
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.graph import SIDES, game_graph
from swarmtui.agents.ga.solver import solve
from swarmtui.core.params import check_range
from swarmtui.core.rng import make_rng


@dataclass(frozen=True)
class EvolutionParams(FitnessParams):
    """Run size shared by all algorithms (paper: population 100, Fig. 5/6)."""

    population: int = field(default=100, metadata={"help": "members per generation (paper: 100)"})
    generations: int = field(default=100, metadata={"help": "generations bred after the random start"})
    until_optimum: bool = field(default=False, metadata={
        "help": "stop at the first generation whose best reaches the exact optimum"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("population", self.population, 2, 100_000)
        check_range("generations", self.generations, 0, 1_000_000)


@dataclass(frozen=True)
class Context:
    """What ``breed`` may use besides the population: the side, the parameters, the genes
    the side's strategy uses (``member_genes``) and the run's generator."""

    side: str
    params: Any
    member_genes: np.ndarray
    rng: np.random.Generator


Breed = Callable[[np.ndarray, np.ndarray, Scores, Context], np.ndarray]
"""``breed(population, ranked, scores, context) -> next population``; ``ranked`` lists member
indices best first."""


def rank_by_fitness(scores: Scores) -> np.ndarray:
    """Member indices, best fitness first; ties keep population order."""
    return np.argsort(-scores.fitness, kind="stable")


@dataclass(frozen=True)
class Algorithm:
    name: str
    title: str
    params: type
    breed: Breed
    rank: Callable[[Scores], np.ndarray] = rank_by_fitness
    description: str = ""


class GenerationReport(NamedTuple):
    generation: int
    best: Score
    genome: np.ndarray
    optimum: int
    seconds: float

    @property
    def gap(self) -> int:
        """How far the generation's best is below the exact optimum (0 = optimal)."""
        return self.optimum - self.best.fitness


def evolve(algorithm: Algorithm, side: str, params: Any, seed: int) -> Iterator[GenerationReport]:
    """Run ``algorithm`` for ``side``; yields one report per generation (0..generations)."""
    points = params.points(side)
    optimum = solve(side, points).score.fitness
    rng = make_rng(seed, "noughts-ga", algorithm.name, side)
    members = game_graph().member_genes(SIDES[side])
    context = Context(side, params, members, rng)
    population = random_genomes(rng, params.population)
    start = time.perf_counter()
    for generation in range(params.generations + 1):
        scores = evaluate_population(population, side, points)
        ranked = algorithm.rank(scores)
        top = int(ranked[0])
        best = Score(int(scores.fitness[top]), int(scores.wins[top]), int(scores.draws[top]), int(scores.losses[top]))
        yield GenerationReport(generation, best, population[top].copy(), optimum, time.perf_counter() - start)
        if params.until_optimum and best.fitness >= optimum:
            return
        if generation < params.generations:
            population = algorithm.breed(population, ranked, scores, context)
