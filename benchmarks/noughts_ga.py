"""Noughts GA speed: one strategy evaluation, and a paper-sized GA run (Ford, Fig. 5/6).

Prints the mean time to evaluate one strategy with the vectorised backward induction
(batches of 100 and one strategy at a time), and with the independent
player of every game; and the seconds of a 100 x 100 run of Ford's GA for X and for O.
Targets (issue): evaluation well under 1 ms on average; the run under 10 s on one core.

    .venv/bin/python benchmarks/noughts_ga.py
"""

from __future__ import annotations

import time
from functools import partial

import numpy as np

from swarmtui.agents.ga.algorithms import ALGORITHMS, build_params
from swarmtui.agents.ga.evolution import evolve
from swarmtui.agents.ga.fitness import FitnessParams, Points, evaluate_genome, evaluate_population
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.playout import play_all_games
from swarmtui.core.rng import make_rng


def one_at_a_time(genomes: np.ndarray, side: str, points: Points) -> None:
    for genome in genomes:
        evaluate_genome(genome, side, points)


def every_game_on_a_board(genomes: np.ndarray, side: str, points: Points) -> None:
    for genome in genomes:
        play_all_games(genome, side, points)


def per_strategy(evaluate, genomes, repeats: int) -> float:
    """Mean seconds per strategy of ``evaluate`` over ``repeats`` passes over ``genomes``."""
    start = time.perf_counter()
    for _ in range(repeats):
        evaluate(genomes)
    return (time.perf_counter() - start) / (repeats * len(genomes))


def main() -> None:
    population = random_genomes(make_rng(0), 100)
    for side in ("X", "O"):
        points = FitnessParams().points(side)
        evaluate_population(population, side, points)  # build the tables once
        fast = per_strategy(partial(evaluate_population, side=side, points=points), population, 50)
        single = per_strategy(partial(one_at_a_time, side=side, points=points), population[:20], 20)
        slow = per_strategy(partial(every_game_on_a_board, side=side, points=points), population[:20], 1)
        print(f"{side}: vectorised {fast * 1e6:7.1f} us/strategy | one at a time {single * 1e6:6.1f} us |"
              f" every game on a Board {slow * 1e6:9.1f} us  (x{slow / fast:,.0f} slower)")
    params = build_params(ALGORITHMS["paper"], [], generations=100, population=100)
    for side in ("X", "O"):
        reports = list(evolve(ALGORITHMS["paper"], side, params, 1))
        last = reports[-1]
        print(f"Ford's GA, {side}, population 100, 100 generations: {last.seconds:.2f} s"
              f" (best {last.best.fitness}, gap {last.gap})")


if __name__ == "__main__":
    main()
