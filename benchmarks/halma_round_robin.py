"""Halma round robin: every pairing (or triple) of the given agents, seats rotated, wins with Wilson intervals.

Each game is a real race (first to fill its goal wins, blocking allowed) with the paper's move
cap (500 moves per player); a capped game counts for nobody. Every agent plays every seat of
each pairing equally often; seeds are the game index, so a run is reproducible.

    .venv/bin/python benchmarks/halma_round_robin.py --players 2 --games 10 \\
        --agents halma-search halma-search:difficulty=medium greedy aco-bco-plus beam
"""

from __future__ import annotations

import argparse
import itertools
import time

from swarmtui.agents import make_agent
from swarmtui.core.rng import seat_rng
from swarmtui.games.halma.rules import Board
from swarmtui.sim.summary import wilson


def build(name: str, seat: str, seed: int):
    """``agent`` or ``agent:param=value,param=value`` (e.g. ``halma-search:difficulty=medium``)."""
    agent, _, given = name.partition(":")
    params = tuple(tuple(p.split("=", 1)) for p in given.split(",") if p)
    return make_agent(agent, "halma", seat, seat_rng(seed, seat), params)


def play(agents: tuple[str, ...], seed: int) -> str | None:
    board = Board(len(agents), max_moves=500 * len(agents))
    players = {s: build(a, s, seed) for s, a in zip(board.seats, agents, strict=True)}
    while board.outcome is None:
        board.play(players[board.to_move].decide(board).move)
    winner = board.outcome.winner
    return agents[board.seats.index(winner)] if winner is not None else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3), default=2)
    parser.add_argument("--games", type=int, default=10, help="games per pairing (a multiple of the seat count)")
    parser.add_argument("--agents", nargs="+", default=["halma-search", "halma-search:difficulty=medium", "greedy",
                                                        "aco-bco-plus", "beam"])
    args = parser.parse_args()
    wins = {a: 0 for a in args.agents}
    played = {a: 0 for a in args.agents}
    clock = time.perf_counter()
    print(f"{args.players}-player round robin, {args.games} games per {'pairing' if args.players == 2 else 'triple'}")
    for group in itertools.combinations(args.agents, args.players):
        tally = {a: 0 for a in group}
        for game in range(args.games):
            shift = game % args.players
            seating = group[shift:] + group[:shift]
            winner = play(seating, game)
            for a in group:
                played[a] += 1
            if winner is not None:
                wins[winner] += 1
                tally[winner] += 1
        print("  " + ", ".join(f"{a} {tally[a]}" for a in group), flush=True)
    print("| agent | games | wins [95% Wilson] |")
    print("|---|---|---|")
    for a in sorted(args.agents, key=lambda a: -wins[a] / max(played[a], 1)):
        low, high = wilson(wins[a], played[a])
        print(f"| {a} | {played[a]} | {100 * wins[a] / played[a]:.0f}% [{100 * low:.0f}-{100 * high:.0f}] |")
    print(f"{time.perf_counter() - clock:.0f} s wall (loaded machine)")


if __name__ == "__main__":
    main()
