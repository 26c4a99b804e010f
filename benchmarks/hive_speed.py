"""Seconds per Hive move: MCTS (500 iterations, depth 13, one process) and the swarms.

    .venv/bin/python benchmarks/hive_speed.py [--positions 6] [--profile]

The thesis' own Python code needed about 45 s of CPU per MCTS move at these settings and
about 7 ms per swarm move (issue 5); the targets are <= 2 s (>= 20x faster) for MCTS and no
slower than 7 ms for the swarm, with the full rules (placements included), which the thesis
code skipped. Positions are those the thesis protocol reaches (22 random placements, 20 random
moves each: the start of the AI phase) plus opening positions still in the placement phase.
CPU seconds (``time.process_time``) are reported beside wall-clock seconds, because the
machine may be shared. ``--profile`` prints where one MCTS move spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time

from swarmtui.agents import make_agent
from swarmtui.core.rng import make_rng
from swarmtui.games.hive import compiled
from swarmtui.games.hive.rules import Board
from swarmtui.papers.mcguile.protocol import random_phase, random_placements

THESIS_MCTS_SECONDS = 45.0
THESIS_SWARM_SECONDS = 0.007


def protocol_positions(count: int, seed: int) -> list[Board]:
    """Positions at the start of the thesis protocol's AI phase (games decided earlier skipped)."""
    boards, k = [], 0
    while len(boards) < count:
        board = Board()
        rng = make_rng(seed, "speed", k)
        k += 1
        random_placements(board, rng)
        random_phase(board, rng, 20)
        if board.outcome is None:
            boards.append(board)
    return boards


def opening_positions(count: int, seed: int) -> list[Board]:
    """Positions of the placement phase (plies 6-12 of random openings): placements dominate."""
    boards = []
    for k in range(count):
        board = Board()
        rng = make_rng(seed, "opening", k)
        for _ in range(6 + k % 7):
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])
        boards.append(board)
    return boards


def time_moves(agent_id: str, boards: list[Board], repeats: int, params=()) -> tuple[float, float]:
    """Mean (CPU, wall) seconds of one decision over ``boards`` x ``repeats``."""
    cpu, wall = [], []
    for i, board in enumerate(boards):
        agent = make_agent(agent_id, "hive", board.to_move, make_rng(i), params)
        for _ in range(repeats):
            c, w = time.process_time(), time.perf_counter()
            agent.decide(board)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
    return statistics.fmean(cpu), statistics.fmean(wall)


def profile_mcts(board: Board) -> str:
    agent = make_agent("mcts", "hive", board.to_move, make_rng(0))
    profiler = cProfile.Profile()
    profiler.runcall(agent.decide, board)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=6, help="positions per kind (protocol, opening)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true", help="profile one MCTS move")
    args = parser.parse_args()
    compiled.load(600)  # measure the engine as it plays once its kernel is loaded
    protocol = protocol_positions(args.positions, args.seed)
    opening = opening_positions(args.positions, args.seed)
    rows = []
    for label, boards in (("AI-phase positions", protocol), ("placement-phase positions", opening)):
        rows.append((f"mcts 500 it, depth 13, 1 process ({label})", *time_moves("mcts", boards, 1),
                     THESIS_MCTS_SECONDS))
        rows.append((f"pso, thesis swarm ({label})", *time_moves("pso", boards, 20), THESIS_SWARM_SECONDS))
        rows.append((f"pso-plus ({label})", *time_moves("pso-plus", boards, 20), THESIS_SWARM_SECONDS))
    print(f"{'player':62} {'CPU s/move':>11} {'wall s/move':>12} {'thesis s':>9} {'faster':>8}")
    for name, cpu, wall, thesis in rows:
        print(f"{name:62} {cpu:11.4f} {wall:12.4f} {thesis:9.3f} {thesis / cpu:7.1f}x")
    if args.profile:
        print(profile_mcts(protocol[0]))


if __name__ == "__main__":
    main()
