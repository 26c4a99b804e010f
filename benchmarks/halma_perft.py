"""Halma move-generator speed: perft from the 2-player start, the engine against a plain reference.

The reference is the test suite's independent grid model (``tests/halma_grid.py``): plain
Python on a dict of occupied cells, yielding one move per (origin, destination) pair. Both
count the same move tree (checked), play every move including the last ply, and are timed in
the same run, alternately, best of ``--rounds``; the figure is the ratio, which load on the
machine affects far less than the seconds.

    .venv/bin/python benchmarks/halma_perft.py [--depth 4] [--rounds 3] [--players 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

# The three imports below follow the sys.path line that finds tests/halma_grid.py (hence E402).
from halma_grid import grid_perft  # noqa: E402

from swarmtui.games.halma.perft import perft  # noqa: E402
from swarmtui.games.halma.rules import Board  # noqa: E402


def to_grid(cell) -> tuple[int, int]:
    return cell.r + 8, 2 * cell.q + cell.r + 12


def reference_setup(board: Board) -> tuple[dict, tuple[int, ...], dict]:
    occupied = {to_grid(c): int(s) for c, s in board.cells() if s is not None}
    goals = {int(s): {to_grid(c) for c in board.goal(s)} for s in board.seats}
    return occupied, tuple(int(s) for s in board.seats), goals


def timed(count) -> tuple[int, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    nodes = count()
    return nodes, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    board = Board(args.players, max_moves=None)
    occupied, seats, goals = reference_setup(board)
    engine_best = reference_best = (float("inf"), float("inf"))
    for _ in range(args.rounds):
        nodes, wall, cpu = timed(lambda: perft(board, args.depth))
        engine_best = min(engine_best, (cpu, wall))
        ref_nodes, wall, cpu = timed(lambda: grid_perft(occupied, seats, goals, args.depth))
        reference_best = min(reference_best, (cpu, wall))
        if nodes != ref_nodes:
            raise SystemExit(f"perft({args.depth}) disagrees: engine {nodes}, reference {ref_nodes}")
    print(f"perft({args.depth}), {args.players} players = {nodes:,} nodes (engine and reference agree)")
    print(f"engine    {engine_best[0]:7.3f} s CPU ({engine_best[1]:.3f} s wall), "
          f"{nodes / engine_best[0]:>10,.0f} nodes/s")
    print(f"reference {reference_best[0]:7.3f} s CPU ({reference_best[1]:.3f} s wall), "
          f"{nodes / reference_best[0]:>10,.0f} nodes/s")
    print(f"engine / reference time: {engine_best[0] / reference_best[0]:.2f} (below 1 = engine faster), "
          f"best CPU time of {args.rounds} rounds each")


if __name__ == "__main__":
    main()
