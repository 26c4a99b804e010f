"""The single-player Halma crossing: moves found by the beam solver, and the time it took.

Bell (2009) proved 27 moves optimal for one player moving all ten pieces across the star; the
paper's swarm reached 68 at best (Kuehner & Stock, section VI-B). Each run plans a crossing from
the start position with ``halma_crossing.CrossingSearch`` (iterative widening from ``--width``),
replays it under the rules (every move checked legal, the game must end with all ten pieces in
the goal) and prints its length, CPU and wall seconds, the widths tried and positions expanded.
CPU time (``time.process_time``) is the figure to quote on a loaded machine: wall time there
includes other people's work.

    .venv/bin/python benchmarks/halma_solver.py                    # default parameters, the moves
    .venv/bin/python benchmarks/halma_solver.py --seeds 20         # how often over 20 tie-break seeds
    .venv/bin/python benchmarks/halma_solver.py --rules closed     # Bell's 81-hole board (side points closed)
    .venv/bin/python benchmarks/halma_solver.py --width 100 --max-width 100 --ladder 0   # one narrow beam
    .venv/bin/python benchmarks/halma_solver.py --record > saves/halma/optimal-crossing.json  # the TUI's replay
    .venv/bin/python benchmarks/halma_solver.py --cooperative fill --width 1000    # two players helping seat 1
    .venv/bin/python benchmarks/halma_solver.py --cooperative strict --width 1000  # ... all ten must be home

The cooperative mode (``halma_crossing.CooperativeSearch``) looks for the shortest two-player game
in which both seats help one of them win; Bell (2009) proved 30 moves (15 each) the shortest
under the rule that the whole goal must hold the winner's pieces (``--cooperative strict``).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace

from swarmtui.agents.halma_beam.agent import BeamParams, plan_crossing
from swarmtui.agents.halma_crossing import BELL_OPTIMUM, CooperativeParams, CooperativeSearch
from swarmtui.games.halma.geometry import STAR
from swarmtui.games.halma.rules import Board, HalmaRules

PAPER_BEST = 68


def crossing(params: BeamParams, rules: HalmaRules) -> tuple[int, float, float, str, str]:
    board = Board(1, rules=rules)
    wall, cpu = time.perf_counter(), time.process_time()
    moves, result = plan_crossing(board, params)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    for move in moves:
        board.play(move)  # IllegalMoveError if the solver were wrong
    if board.outcome is None or board.outcome.winner != "1":
        raise SystemExit(f"seed {params.seed}: no complete crossing found ({len(moves)} moves planned)")
    widths = ", ".join(f"{w}:{n if n is not None else '-'}" for w, n in result.rounds)
    how = f"widths tried (width:length) {widths}; {result.expanded} positions expanded"
    return board.ply, cpu, wall, how, " ".join(board.format_move(m) for m in board.history)


def cooperative(rules: HalmaRules, width: int, depth: int) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    game = CooperativeSearch(rules, CooperativeParams(width=width, depth=depth)).solve()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"cooperative two-player game, blocked goal rule {rules.blocked_goal!r}, width {width} "
          f"(Bell: 30 moves, 15 each, under the whole-goal rule)")
    if game.winner is None:
        print(f"no game won within {depth} moves ({cpu:.2f} s CPU, {wall:.2f} s wall)")
        return
    board = Board(2, rules=rules, max_moves=None)
    for start, end in game.moves:
        board.play(next(m for m in board.moves_from(STAR[start]) if m.end == STAR[end]))
    assert board.outcome is not None and board.outcome.winner == game.winner
    per_seat = [sum(1 for i in range(board.ply) if i % 2 == k) for k in range(2)]
    print(f"{board.ply} moves ({per_seat[0]} by seat 1, {per_seat[1]} by seat 2), seat {game.winner} wins: "
          f"{board.outcome.reason}; {cpu:.2f} s CPU ({wall:.2f} s wall), {game.expanded} positions expanded")
    print("  " + " ".join(board.format_move(m) for m in board.history))


def main() -> None:
    defaults = BeamParams()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=defaults.width)
    parser.add_argument("--max-width", type=int, default=defaults.max_width)
    parser.add_argument("--ladder", type=float, default=defaults.ladder)
    parser.add_argument("--spread", type=float, default=defaults.spread)
    parser.add_argument("--symmetry", type=float, default=defaults.symmetry)
    parser.add_argument("--seeds", type=int, default=1, help="tie-break seeds 0..N-1")
    parser.add_argument("--rules", choices=("free", "closed"), default="free",
                        help="neutral points free (the default rules) or closed (Bell's 81-hole board)")
    parser.add_argument("--cooperative", choices=("fill", "strict"),
                        help="the cooperative two-player game under this blocked-goal rule instead")
    parser.add_argument("--depth", type=int, default=60, help="cooperative mode: longest game searched")
    parser.add_argument("--record", action="store_true",
                        help="print the crossing as a game record (JSON) instead of the report")
    args = parser.parse_args()
    params = replace(defaults, width=args.width, max_width=max(args.width, args.max_width), ladder=args.ladder,
                     spread=args.spread, symmetry=args.symmetry)
    rules = HalmaRules(neutral=args.rules)
    if args.cooperative:
        cooperative(HalmaRules(neutral=args.rules, blocked_goal=args.cooperative), args.width, args.depth)
        return
    if args.record:
        moves, cpu, wall, how, text = crossing(params, rules)
        record = {
            "kind": "game", "format": 1, "game": "halma", "players": {"1": "beam"}, "moves": text.split(),
            "result": "1 wins: all 10 pieces in the goal", "seed": 0, "params": {},
            "source": f"benchmarks/halma_solver.py with its default parameters: {moves} moves, the optimum "
                      f"Bell (2009) proved; {how}",
        }
        print(json.dumps(record, indent=1))
        return
    print(f"single-player crossing (Bell's optimum {BELL_OPTIMUM}, the paper's best swarm game {PAPER_BEST}), "
          f"neutral points {args.rules}")
    lengths, cpus = [], []
    for seed in range(args.seeds):
        moves, cpu, wall, how, text = crossing(replace(params, seed=seed), rules)
        lengths.append(moves)
        cpus.append(cpu)
        print(f"seed {seed:3d}: {moves} moves ({moves - BELL_OPTIMUM:+d} on the optimum) in {cpu:6.2f} s CPU "
              f"({wall:6.2f} s wall); {how}")
        if args.seeds == 1:
            print(f"  {text}")
    if args.seeds > 1:
        optimal = sum(n == BELL_OPTIMUM for n in lengths)
        print(f"{optimal}/{args.seeds} seeds found a {BELL_OPTIMUM}-move crossing; CPU seconds "
              f"median {sorted(cpus)[len(cpus) // 2]:.2f}, max {max(cpus):.2f}")


if __name__ == "__main__":
    main()
