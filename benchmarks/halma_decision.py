"""Halma swarm decision time: the median milliseconds of one ``aco-bco`` decision (issue target:
a few milliseconds), beside ``aco-bco-plus`` and the ``greedy`` baseline measured in the same run.

Each agent plays whole one-player games (and two-player games) from fixed seeds; every
``decide`` is timed. Prints median, mean and 90th percentile per agent and the ratio of the
medians to greedy's.

    .venv/bin/python benchmarks/halma_decision.py [--games 10]
"""

from __future__ import annotations

import argparse
import statistics
import time

from swarmtui.agents import make_agent
from swarmtui.core.rng import make_rng
from swarmtui.games.halma.rules import Board


def decision_times(agent_id: str, players: int, games: int) -> list[float]:
    """Seconds of every decision in ``games`` games of ``agent_id`` in every seat."""
    times: list[float] = []
    for seed in range(games):
        board = Board(players)
        overrides = [("memory", "none")] if agent_id.startswith("aco-bco") else []
        agents = {s: make_agent(agent_id, "halma", s, make_rng(seed, s), overrides) for s in board.seats}
        while board.outcome is None:
            tick = time.perf_counter()
            decision = agents[board.to_move].decide(board)
            times.append(time.perf_counter() - tick)
            board.play(decision.move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per agent and player count")
    args = parser.parse_args()
    for players in (1, 2):
        medians = {}
        for agent_id in ("greedy", "aco-bco", "aco-bco-plus"):
            times = sorted(decision_times(agent_id, players, args.games))
            medians[agent_id] = statistics.median(times)
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{players} player(s) {agent_id:>13}: median {medians[agent_id] * 1e3:6.2f} ms, "
                  f"mean {statistics.fmean(times) * 1e3:6.2f} ms, p90 {p90 * 1e3:6.2f} ms "
                  f"over {len(times)} decisions (x{medians[agent_id] / medians['greedy']:.2f} greedy's median)")


if __name__ == "__main__":
    main()
