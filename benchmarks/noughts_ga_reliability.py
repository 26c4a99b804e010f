"""How reliably and how fast each noughts GA reaches the exact optimum (solver) for X and O.

Runs every algorithm for ``--seeds`` seeds per side (seeds 100.. — the subtree defaults were
tuned on seeds 0-5) with a budget of ``--generations``, stopping a run at its first optimal
generation, and prints per algorithm and side: success rate, median generations and seconds
of the successful runs, and the median gap of the failed ones.

    .venv/bin/python benchmarks/noughts_ga_reliability.py [--seeds 20] [--generations 1000]
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

from swarmtui.agents.ga.algorithms import ALGORITHMS, build_params
from swarmtui.agents.ga.evolution import evolve


def one_run(job: tuple[str, str, int, int]) -> tuple[int | None, float, int]:
    """(first optimal generation or None, seconds, final gap) of one seeded run."""
    name, side, seed, generations = job
    params = build_params(ALGORITHMS[name], [("until_optimum", "true")], generations=generations)
    *_, report = evolve(ALGORITHMS[name], side, params, seed)  # the last generation's report
    return (report.generation if report.gap == 0 else None), report.seconds, report.gap


def summarise(name: str, side: str, runs: list[tuple[int | None, float, int]]) -> str:
    wins = [r for r in runs if r[0] is not None]
    fails = [r for r in runs if r[0] is None]
    gens = f"{statistics.median(r[0] for r in wins):7.0f}" if wins else "      -"
    secs = f"{statistics.median(r[1] for r in wins):7.2f}" if wins else "      -"
    gap = f"{statistics.median(r[2] for r in fails):7.0f}" if fails else "      -"
    return f"{name:9s} {side}   {len(wins):2d}/{len(runs):2d}   {gens}  {secs}  {gap}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--generations", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--algorithms", default="paper,subtree")
    args = parser.parse_args()
    print(f"budget {args.generations} generations, population 100, seeds 100-{99 + args.seeds}")
    print("algorithm side  optimal  median gen  median s  median gap of failures")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.algorithms.split(","):
            for side in ("X", "O"):
                jobs = [(name, side, 100 + i, args.generations) for i in range(args.seeds)]
                print(summarise(name, side, list(pool.map(one_run, jobs))), flush=True)


if __name__ == "__main__":
    main()
