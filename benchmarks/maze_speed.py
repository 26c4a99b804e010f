"""Maze builders' speed: the paper's examples, frames on and off, the classic builders at
1000x1000 and at a million cells, the metrics, and a comparison with mazelib in one run.

Targets (issue 6): the paper's 40x15 and 100x100 examples (section III: n = 30, r = 20 and
n = 200, r = 120) well under a second; classic builders at 1000x1000 in a couple of seconds;
frame streaming free when nobody listens. mazelib (https://github.com/john-science/mazelib,
the established Python maze library, partly Cython) is a benchmark-only dependency:

    .venv/bin/pip install mazelib    # not a swarmtui dependency
    .venv/bin/python benchmarks/maze_speed.py [--quick]

Sizes are in fields (mazelib's ``Prims(h, w)`` makes a (2h+1) x (2w+1) grid: h x w cells).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.metrics import measure


def timed(run: Callable[[], object], repeats: int) -> float:
    """Median seconds of ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _build_next_seed(algo: str, width: int, height: int, seeds: Iterator[int], params: Any) -> None:
    build(algo, width, height, next(seeds), params)


def paper_examples(repeats: int) -> None:
    print("Paper's examples (median over seeds 0..; target: well under 1 s)")
    for algo in ("ant", "bee"):
        for (width, height), params in (((40, 15), {}), ((100, 100), {"n": 200, "r": 120})):
            spec = BUILDERS[algo]
            chosen = spec.params(**params)
            seconds = timed(partial(_build_next_seed, algo, width, height, iter(range(10_000)), chosen), repeats)
            print(f"  {algo:<4} {f'{width}x{height}':<8} {str(params):<22} {seconds * 1000:8.1f} ms")


def frame_cost(repeats: int) -> None:
    print("Frame streaming (100x100, n=200, r=120): no callback vs a callback that keeps nothing")
    for algo in ("ant", "bee"):
        chosen = BUILDERS[algo].params(n=200, r=120)
        plain = timed(partial(build, algo, 100, 100, 3, chosen), repeats)
        frames: list[object] = []
        streamed = timed(partial(build, algo, 100, 100, 3, chosen, on_frame=frames.append), repeats)
        per_build = len(frames) // repeats
        print(f"  {algo:<4} without frames {plain * 1000:7.1f} ms | with {per_build} frames "
              f"{streamed * 1000:7.1f} ms (x{streamed / plain:.2f})")


def classic(sizes: list[tuple[int, int]], repeats: int) -> None:
    print("Classic builders (target: 1000x1000 in a couple of seconds)")
    for width, height in sizes:
        for algo in (a for a in BUILDERS if not BUILDERS[a].swarm):
            seconds = timed(partial(build, algo, width, height, 1), repeats)
            print(f"  {algo:<12} {f'{width}x{height}':<10} {seconds:6.2f} s")
    maze = build("kruskal", *sizes[0], 1)
    seconds = timed(partial(measure, maze), 1)
    print(f"  metrics (solver, regions, loops, dead ends) on {maze.size}: {seconds:5.2f} s")


def _mazelib_build(maze_class: Any, generator: Any, cells: int) -> None:
    """One mazelib maze of ``cells`` x ``cells`` cells (mazelib is untyped and optional)."""
    maze = maze_class(1)
    maze.generator = generator(cells, cells)
    maze.generate()


def against_mazelib(repeats: int) -> None:
    try:
        from mazelib import Maze as LibMaze
        from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
        from mazelib.generate.Kruskal import Kruskal
        from mazelib.generate.Prims import Prims
    except ImportError:
        print("mazelib is not installed here: .venv/bin/pip install mazelib (benchmark only)")
        return
    print("Against mazelib 0.9 (same grid size, same run; ratio = mazelib time / swarmtui time)")
    for ours, theirs, cells in (("backtracker", BacktrackingGenerator, 200), ("prim", Prims, 200),
                                ("kruskal", Kruskal, 50)):
        side = 2 * cells + 1
        lib = timed(partial(_mazelib_build, LibMaze, theirs, cells), repeats)
        mine = timed(partial(build, ours, side, side, 1), repeats)
        print(f"  {ours:<12} {side}x{side} ({cells}x{cells} cells): mazelib {lib * 1000:8.1f} ms | "
              f"swarmtui {mine * 1000:7.1f} ms | x{lib / mine:,.0f}")


def main() -> None:
    quick = "--quick" in sys.argv
    repeats = 3 if quick else 5
    paper_examples(repeats)
    frame_cost(repeats)
    classic([(1000, 1000)] if quick else [(1000, 1000), (2001, 2001)], 1 if quick else 3)
    against_mazelib(1 if quick else 3)


if __name__ == "__main__":
    main()
