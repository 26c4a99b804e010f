"""Halma swarm decision time: the median milliseconds of one ``aco-bco`` decision (issue target:
a few milliseconds), beside ``aco-bco-plus``, ``aco-bco-colony`` (and its heuristic roll-out with
every swarm part off, the ablation's "no swarm" row) and the ``greedy`` baseline, in one run.

Each agent plays whole one-player games (and two-player games) from fixed seeds; every
``decide`` is timed. Prints median, mean and 90th percentile wall time per agent, the mean CPU
time of the deciding process (``time.process_time``, which a busy machine does not inflate) and
the ratio of the medians to greedy's.

    .venv/bin/python benchmarks/halma_decision.py [--games 10]
"""

from __future__ import annotations

import argparse
import statistics
import time

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco_colony.params import SWARM_PARTS
from swarmtui.core.rng import make_rng
from swarmtui.games.halma.rules import Board

NO_SWARM = [(part, "false") for part in SWARM_PARTS]
"""``aco-bco-colony`` with its five swarm parts off (as ``halma_ablation.NO_SWARM``)."""

ENTRANTS: tuple[tuple[str, str, list[tuple[str, str]]], ...] = (
    ("greedy", "greedy", []),
    ("aco-bco", "aco-bco", [("memory", "none")]),
    ("aco-bco-plus", "aco-bco-plus", [("memory", "none")]),
    ("aco-bco-colony", "aco-bco-colony", []),
    ("colony, no swarm", "aco-bco-colony", NO_SWARM),
)
"""(label, agent id, overrides) of every agent timed; the first is the baseline of the ratios."""


def decision_times(agent_id: str, players: int, games: int,
                   overrides: list[tuple[str, str]]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of every decision in ``games`` games of ``agent_id`` in every seat."""
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(games):
        board = Board(players)
        agents = {s: make_agent(agent_id, "halma", s, make_rng(seed, s), overrides) for s in board.seats}
        while board.outcome is None:
            tick, cpu_tick = time.perf_counter(), time.process_time()
            decision = agents[board.to_move].decide(board)
            wall.append(time.perf_counter() - tick)
            cpu.append(time.process_time() - cpu_tick)
            board.play(decision.move)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per agent and player count")
    args = parser.parse_args()
    for players in (1, 2):
        medians = {}
        baseline = ENTRANTS[0][0]
        for label, agent_id, overrides in ENTRANTS:
            wall, cpu = decision_times(agent_id, players, args.games, overrides)
            times = sorted(wall)
            medians[label] = statistics.median(times)
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{players} player(s) {label:>16}: median {medians[label] * 1e3:6.2f} ms, "
                  f"mean {statistics.fmean(times) * 1e3:6.2f} ms, p90 {p90 * 1e3:6.2f} ms, "
                  f"CPU mean {statistics.fmean(cpu) * 1e3:6.2f} ms over {len(times)} decisions "
                  f"(x{medians[label] / medians[baseline]:.2f} {baseline}'s median)")


if __name__ == "__main__":
    main()
