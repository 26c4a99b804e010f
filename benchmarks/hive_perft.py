"""Hive move-generator speed: perft from the start and legal_moves+play+undo in mid-game.

    .venv/bin/python benchmarks/hive_perft.py [--depth 5] [--positions 40] [--rounds 20]

Prints, for each perft depth, the leaf count (checked against Mzinga's published counts),
the time and nodes per second; then how many ``legal_moves() + play() + undo()`` cycles per
second the engine manages on mid-game positions (plies 40-60 of seeded random games, about
60 legal moves each), the figure an MCTS player cares about.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from swarmtui.games.hive.perft import perft
from swarmtui.games.hive.rules import Board

# jonthysell/Mzinga src/Mzinga.Test/TestCases/BoardTests/Board_Base_PerftTest.csv
MZINGA = {1: 4, 2: 96, 3: 1440, 4: 21600, 5: 516240, 6: 12219480, 7: 181641900}


def midgame_positions(count: int, seed: int) -> list[Board]:
    """Positions after 40-60 random plies of unfinished seeded random games."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        board = Board()
        target = int(rng.integers(40, 61))
        while board.outcome is None and board.ply < target:
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])
        if board.outcome is None:
            out.append(board)
    return out


def bench_perft(depth: int) -> None:
    for d in range(1, depth + 1):
        board = Board()
        start = time.perf_counter()
        nodes = perft(board, d)
        seconds = time.perf_counter() - start
        check = "ok" if MZINGA.get(d) == nodes else f"MISMATCH (Mzinga {MZINGA.get(d)})"
        print(f"perft({d}) = {nodes:>12,}  {seconds:8.3f} s  {nodes / seconds:>12,.0f} nodes/s  {check}")


def bench_midgame(count: int, rounds: int, seed: int) -> None:
    boards = midgame_positions(count, seed)
    average = sum(len(b.legal_moves()) for b in boards) / len(boards)
    cycles = 0
    start = time.perf_counter()
    for r in range(rounds):
        for board in boards:
            board._legal = None  # no cached list: measure the generator itself
            moves = board.legal_moves()
            board.play(moves[r % len(moves)])
            board.undo()
            cycles += 1
    seconds = time.perf_counter() - start
    print(f"mid-game: {cycles:,} legal_moves+play+undo on {count} positions (~{average:.0f} moves each) "
          f"in {seconds:.3f} s = {cycles / seconds:,.0f} per second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_perft(args.depth)
    bench_midgame(args.positions, args.rounds, args.seed)


if __name__ == "__main__":
    main()
