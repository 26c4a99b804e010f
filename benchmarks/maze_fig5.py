"""Seed paper 002's Fig. 5, redone: iterations and time against size for the ant (AACA) and bee
(ABCA) builders side by side, with the paper's reading of its curves (section III: below 3000
fields ABCA is faster, 3000-6000 AACA, 6000-9000 about equal, above 10000 AACA much faster),
and each swarm's growth from 100x100 to 1000x1000 fields fitted as ``time ~ fields^k``.

Targets (issue 19): ant and bee mazes up to 1000x1000 always finish, 300x300 in at most 2 s,
and ``k <= 1.3`` over 100^2..1000^2. "Iterations" are Algorithm 1's loops for the ants (one
step per loop, eq. 5) and Algorithm 2's iterations for the bees (over all fresh meadows): the
unit each paper algorithm counts. The figure's curves themselves are an image without numbers
in the paper, so only the text's verdicts can be compared. Times are process CPU time.

    nice -n 10 .venv/bin/python benchmarks/maze_fig5.py [--quick]

The machine these figures were taken on was shared (2 cores, 8 engineers): absolute seconds
are inflated; the exponent and the ant/bee ratios come from one run.
"""

from __future__ import annotations

import math
import statistics
import sys
import time

from swarmtui.mazes import MazeError, build

FIG5_SIZES = [(20, 15), (40, 15), (40, 25), (50, 40), (60, 50), (80, 50), (80, 75), (100, 90), (100, 100),
              (120, 100)]
"""300 to 12000 fields: Fig. 5's range and a little beyond; 40x15 and 100x100 are the paper's examples."""

BANDS = ((0, 3000, "bee"), (3000, 6000, "ant"), (6000, 9000, "either"), (10000, math.inf, "ant"))


def timed_build(algo: str, width: int, height: int, seed: int) -> tuple[float, int | None]:
    """CPU seconds of one build and its iterations (NaN and None if it found no maze)."""
    start = time.process_time()
    try:
        maze = build(algo, width, height, seed)
    except MazeError:
        return math.nan, None
    return time.process_time() - start, maze.info.get("iterations")


def fig5(seeds: int) -> None:
    print(f"Fig. 5 redone: median over {seeds} seeds (ant: loops of Alg. 1; bee: iterations of Alg. 2)")
    print(f"  {'size':>8} {'fields':>7} | {'ant ms':>8} {'ant its':>8} | {'bee ms':>8} {'bee its':>8} | bee/ant time")
    rows = []
    for width, height in FIG5_SIZES:
        cells = {}
        for algo in ("ant", "bee"):
            runs = [timed_build(algo, width, height, s) for s in range(seeds)]
            ok = [r for r in runs if r[1] is not None]
            cells[algo] = (statistics.median(r[0] for r in ok) if ok else math.nan,
                           statistics.median(r[1] for r in ok) if ok else math.nan, len(runs) - len(ok))
        ratio = cells["bee"][0] / cells["ant"][0]
        rows.append((width * height, ratio))
        fails = "".join(f"  ({algo}: {c[2]} failed)" for algo, c in cells.items() if c[2])
        print(f"  {f'{width}x{height}':>8} {width * height:>7} | "
              f"{cells['ant'][0] * 1000:8.1f} {cells['ant'][1]:8.0f} | "
              f"{cells['bee'][0] * 1000:8.1f} {cells['bee'][1]:8.0f} | {ratio:6.2f}{fails}")
    print("  Verdicts per band of the paper (faster swarm; 'either' within 0.8-1.25x):")
    for low, high, paper in BANDS:
        shared = [ratio for fields, ratio in rows if low <= fields < high]
        if not shared:
            continue
        ratio = statistics.median(shared)
        here = "ant" if ratio > 1.25 else "bee" if ratio < 0.8 else "either"
        band = f"{low}-{high}" if high != math.inf else f">= {low}"
        print(f"    {band:>12} fields: paper {paper:<6} here {here:<6} (bee/ant time {ratio:.2f})")


def growth(algo: str, sides: list[int], seeds: int) -> None:
    print(f"{algo} growth (median of {seeds} seed(s) per size; target: 300x300 <= 2 s, every size finishes, "
          "k <= 1.3)")
    points = []
    for side in sides:
        runs = [timed_build(algo, side, side, seed) for seed in range(seeds)]
        seconds = statistics.median(r[0] for r in runs)
        loops = statistics.median(r[1] or 0 for r in runs)
        failed = sum(r[1] is None for r in runs)
        points.append((side * side, seconds))
        print(f"  {side:>5}x{side:<5} {side * side:>9} fields {seconds:8.2f} s {loops:>7.0f} iterations"
              + (f"  ({failed} found no maze)" if failed else ""), flush=True)
    xs = [math.log(f) for f, s in points if not math.isnan(s)]
    ys = [math.log(s) for f, s in points if not math.isnan(s)]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    k = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sum((x - mean_x) ** 2 for x in xs)
    print(f"  {algo}: fitted time ~ fields^{k:.2f} over {points[0][0]:,}..{points[-1][0]:,} fields (target <= 1.3)")


def frame_memory(side: int) -> None:
    """What the maze screen keeps of a build: every frame (issue 19: 70 MB for a 200x200 ant build)."""
    import tracemalloc

    print(f"Frames kept for the TUI's animation at {side}x{side} (tracemalloc, all frames of one build):")
    for algo in ("ant", "bee"):
        frames: list[object] = []
        tracemalloc.start()
        build(algo, side, side, 1, on_frame=frames.append)
        kept = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        as_floats = sum(f.levels.size * 8 for f in frames if getattr(f, "levels", None) is not None)
        print(f"  {algo}: {len(frames)} frames, {kept / 2**20:6.1f} MiB kept "
              f"(fields as float64 would add {as_floats * 7 / 8 / 2**20:.1f} MiB)")


def main() -> None:
    quick = "--quick" in sys.argv
    fig5(5 if quick else 11)
    sides = [100, 300, 1000] if quick else [100, 200, 300, 500, 700, 1000]
    growth("ant", sides, 1)
    growth("bee", sides, 3)
    frame_memory(200)


if __name__ == "__main__":
    main()
