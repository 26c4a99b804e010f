"""Speed-up of ``swarmtui sim`` from 1 to 2 workers, and the Dask path's overhead against the pool.

The same experiment (one-player Halma games of the greedy baseline by default, about 20 ms
each: enough work per game for the executors' overhead to show as it would in real runs) is
played three ways in one run: in-process (1 worker), on a 2-process pool, and on a local
Dask cluster of 2 single-threaded worker processes. All three must give the same records;
the script checks that and prints wall times and ratios.

    .venv/bin/python benchmarks/sim_scaling.py [--games 200] [--game halma] [--players greedy]

Measured on the 2-core machine, otherwise idle (200 Halma games): 1 worker 3.83 s, 2 workers
2.33 s (x1.64), Dask with 2 worker processes 2.75 s (x1.39; +18% time against the pool).
"""

from __future__ import annotations

import argparse
import time

from swarmtui.sim.execution import Job, connect_dask, run_jobs
from swarmtui.sim.experiment import Experiment


def _timed(jobs: list[Job], workers: int = 1, client=None) -> tuple[float, list]:
    start = time.perf_counter()
    records = [record for _, record in run_jobs(jobs, workers, client)]
    return time.perf_counter() - start, [(r.index, r.moves, r.winner) for r in records]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="greedy")
    parser.add_argument("--game", default="halma")
    args = parser.parse_args()
    experiment = Experiment(args.game, tuple(args.players.split(",")), args.games, seed=1)
    (batch,) = experiment.cells()
    jobs = [Job(batch, i) for i in range(batch.games)]

    one, reference = _timed(jobs, 1)
    two, pooled = _timed(jobs, 2)
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        client = connect_dask(cluster.scheduler_address)
        with client:
            _timed(jobs[:4], client=client)  # workers import swarmtui once, outside the timing
            dask, distributed = _timed(jobs, client=client)
    assert reference == pooled == distributed, "executors disagree"

    print(f"{args.games} {args.game} games ({args.players}), identical records on all three executors")
    print(f"  1 worker (in-process)      {one:7.2f} s   {args.games / one:8.1f} games/s")
    print(f"  2 workers (process pool)   {two:7.2f} s   {args.games / two:8.1f} games/s   speed-up x{one / two:.2f}")
    print(f"  Dask, 2 worker processes   {dask:7.2f} s   {args.games / dask:8.1f} games/s   "
          f"speed-up x{one / dask:.2f}, {100 * (dask / two - 1):+.0f}% time vs the pool")


if __name__ == "__main__":
    main()
