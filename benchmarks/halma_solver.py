"""The single-player Halma crossing: moves found by the beam solver, and the time it took.

Bell (2009) proved 27 moves optimal for one player moving all ten pieces across the star; the
paper's swarm reached 68 at best (Kuehner & Stock, section VI-B). Each configuration plans a
crossing from the start position, replays it under the rules (every move checked legal, the
game must end with all ten pieces in the goal) and prints moves, seconds and positions expanded.

    .venv/bin/python benchmarks/halma_solver.py                 # the default parameters
    .venv/bin/python benchmarks/halma_solver.py --width 100 400 # several beam widths
"""

from __future__ import annotations

import argparse
import time

from swarmtui.agents.halma_beam import BeamParams, plan_crossing
from swarmtui.games.halma.rules import Board

BELL_OPTIMUM = 27
PAPER_BEST = 68


def crossing(params: BeamParams) -> tuple[int, float, int, str]:
    board = Board(1)
    start = time.perf_counter()
    moves, result = plan_crossing(board, params)
    seconds = time.perf_counter() - start
    for move in moves:
        board.play(move)
    if board.outcome is None or board.outcome.winner != "1":
        raise SystemExit(f"width {params.width}: no complete crossing found within {params.depth} moves")
    return board.ply, seconds, result.expanded, " ".join(board.format_move(m) for m in board.history)


def main() -> None:
    defaults = BeamParams()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, nargs="+", default=[defaults.width])
    parser.add_argument("--spread", type=float, default=defaults.spread)
    parser.add_argument("--symmetry", type=float, default=defaults.symmetry)
    parser.add_argument("--moves", action="store_true", help="also print each crossing's moves")
    args = parser.parse_args()
    print(f"single-player crossing (Bell's optimum {BELL_OPTIMUM}, the paper's best swarm game {PAPER_BEST})")
    for width in args.width:
        params = BeamParams(width=width, spread=args.spread, symmetry=args.symmetry)
        moves, seconds, expanded, text = crossing(params)
        print(f"width {width:5d}: {moves} moves ({moves - BELL_OPTIMUM:+d} on the optimum) in {seconds:6.2f} s, "
              f"{expanded} positions expanded")
        if args.moves:
            print(f"  {text}")


if __name__ == "__main__":
    main()
