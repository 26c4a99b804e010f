"""Bee mazes with each reading switched in turn: how often the bees' *first* passage is already a
maze (issue 19: "bee mazes are often nearly empty boxes").

For each variant the builder runs with the queen's standard off (``standard=0``), so it stops at
the first bitmap with a passage, and we count how many of those bitmaps meet the standard
(``swarm.is_a_maze``: at least half wall, a dead end, a solution longer than the straight line),
with 95% Wilson intervals, plus the median wall density and tortuosity. With the standard on
(the default) the queen drops the other bitmaps and the colony starts a fresh meadow, so this
share is also the chance that a build needs no second day.

    nice -n 10 .venv/bin/python benchmarks/maze_bee_quality.py [--quick]

Variants: the default (``rank=low``: onlookers join the bees on the most flown-down fields;
eq. 8 as printed), ``rank=high`` (the earlier reading: the bees on untouched fields are best),
``onlook=near`` (eq. 8 with the inverse distance) and the paper's 100x100 swarm ``n=200``.
"""

from __future__ import annotations

import statistics
import sys

from swarmtui.mazes import BUILDERS, MazeError, build
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.swarm import is_a_maze
from swarmtui.sim.summary import wilson

VARIANTS = (("default (rank=low)", {}), ("rank=high", {"rank": "high"}), ("onlook=near", {"onlook": "near"}),
            ("n=200", {"n": 200}))
SIZES = ((21, 9), (40, 15), (100, 100))


def main() -> None:
    seeds = 10 if "--quick" in sys.argv else 40
    print(f"First passage of the bee builder (standard=0), {seeds} seeds per size: share that is a maze")
    print(f"  {'variant':<20} {'size':>8} | {'maze':>5} {'95% Wilson':>13} | {'wall':>5} {'tortuosity':>10} {'its':>5}")
    for name, overrides in VARIANTS:
        params = BUILDERS["bee"].params(standard=0, **overrides)
        for width, height in SIZES:
            good, walls, bends, its, failed = 0, [], [], [], 0
            for seed in range(seeds):
                try:
                    maze = build("bee", width, height, seed, params)
                except MazeError:
                    failed += 1
                    continue
                metrics = measure(maze)
                good += is_a_maze(maze.walls, (maze.entrance, maze.exit), metrics.solution_length or 0, 0.5)
                walls.append(metrics.wall_density)
                bends.append(metrics.tortuosity or 0.0)
                its.append(maze.info["iterations"])
            low, high = wilson(good, seeds)
            print(f"  {name:<20} {f'{width}x{height}':>8} | {good / seeds:5.0%} [{low:4.0%}, {high:4.0%}] | "
                  f"{statistics.median(walls):5.0%} {statistics.median(bends):10.2f} {statistics.median(its):5.0f}"
                  + (f"  ({failed} found no passage)" if failed else ""), flush=True)


if __name__ == "__main__":
    main()
