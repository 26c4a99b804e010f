"""How good are a proposer's moves? pso-verify's proposal sources measured without playing games.

For each position the full-width search (``alphabeta``'s searcher and Hive evaluation, the
same settings as pso-verify's verifier) finds the best score over *every* legal move at
``--depth`` plies; the same search restricted to a variant's proposals finds the best score
among them. Per variant this prints: the mean number of proposals, the share of positions where
the proposals contain a move as good as the best (recall, with its 95% Wilson interval), the
mean regret (best score minus the proposals' best, in evaluation points, capped at 100; a lost
mate counts 100) and the share of positions with a regret of 15 points or more (about a free
ant's worth: a real mistake).

With ``--cpu N`` it then times each entrant's whole decision (its own verification depth;
entrants that propose nothing, such as ``alphabeta:depth=3``, may be listed for this column
only) over the first N positions in CPU seconds of this process (``time.process_time``), so
the figures compare on a loaded machine.

Positions come from seeded self-play of a one-ply ``alphabeta`` that plays any move within 8
points of its best (varied games), 2 random opening plies, every fifth ply from ply 10 on while
both Queens are placed. Each position gets a fresh agent (fresh random velocities) seeded by its
index, so the numbers are reproducible.

    nice -n 10 .venv/bin/python benchmarks/hive_proposals.py --positions 120 pso-verify \\
        pso-verify:proposals=random pso-verify:w=0:c1=0:c2=0 pso-verify:per_insect=1 ...
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from swarmtui.agents import make_agent
from swarmtui.agents.alphabeta.search import MATE_BOUND, Searcher
from swarmtui.games.hive.evaluation import HiveEvaluation
from swarmtui.games.hive.rules import Board
from swarmtui.sim.round_robin import parse_entrant
from swarmtui.sim.summary import wilson


def positions(count: int, seed: int) -> list[Board]:
    """``count`` positions from seeded varied self-play (module docstring)."""
    out: list[Board] = []
    game = 0
    while len(out) < count:
        game += 1
        board = Board()
        opening = np.random.default_rng([seed, game])
        agents = [make_agent("alphabeta", "hive", s, np.random.default_rng([seed, game, i]),
                             [("depth", "1"), ("tolerance", "8")]) for i, s in enumerate(board.seats)]
        for ply in range(90):
            if board.outcome is not None:
                break
            if ply < 2:
                legal = board.legal_moves()
                move = legal[int(opening.integers(len(legal)))]
            else:
                move = agents[ply % 2].decide(board).move
            board.play(move)
            if ply >= 9 and ply % 5 == 4 and board.outcome is None and board.queen("w") and board.queen("b"):
                out.append(board.copy())
    return out[:count]


def regret(best: float, got: float) -> float:
    """Evaluation points lost by searching only the proposals (mates: 0 when both agree, else 100)."""
    if abs(best) >= MATE_BOUND or abs(got) >= MATE_BOUND:
        return 0.0 if (best >= MATE_BOUND) == (got >= MATE_BOUND) and (best <= -MATE_BOUND) == (got <= -MATE_BOUND) \
            else 100.0
    return min(100.0, max(0.0, best - got))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", help="pso-verify entrants AGENT:name=value:...")
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--depth", type=int, default=2, help="plies of the full-width and restricted searches")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--cpu", type=int, default=0, help="time whole decisions over this many positions")
    args = parser.parse_args()
    variants = [parse_entrant(v, "hive") for v in args.variants]
    start = time.perf_counter()
    boards = positions(args.positions, args.seed)
    evaluation = HiveEvaluation()
    full = [Searcher(evaluation.prepare(b), evaluation, max_depth=args.depth, quiesce=2).search().score
            for b in boards]
    print(f"{len(boards)} positions (seed {args.seed}), full-width and restricted searches to depth {args.depth}")
    print("| variant | proposals | recall | 95% Wilson | mean regret | regret >= 15 |")
    print("|---|---:|---:|---|---:|---:|")
    for v in variants:
        if v.agent != "pso-verify":
            continue
        sizes, regrets = [], []
        for i, board in enumerate(boards):
            agent = make_agent(v.agent, "hive", board.to_move, np.random.default_rng([args.seed, i]),
                               [*v.overrides, ("verify_depth", "1")])  # the proposals only; searched below
            agent.decide(board)
            proposals = getattr(agent, "last_proposals", [])
            if len(proposals) < 2:
                proposals = [agent.decide(board).move]
            got = Searcher(evaluation.prepare(board), evaluation, max_depth=args.depth, quiesce=2).search(
                only=proposals).score
            sizes.append(len(proposals))
            regrets.append(regret(full[i], got))
        r = np.array(regrets)
        hits = int(np.sum(r <= 1e-9))
        low, high = wilson(hits, len(r))
        print(f"| {v.label} | {np.mean(sizes):.1f} | {100 * hits / len(r):.0f}% | {100 * low:.0f}-{100 * high:.0f}% "
              f"| {r.mean():.1f} | {100 * np.mean(r >= 15):.0f}% |", flush=True)
    if args.cpu:
        print(f"\nCPU seconds per move (process time), whole decisions over {min(args.cpu, len(boards))} positions:")
        print("| entrant | CPU s/move |")
        print("|---|---:|")
        for v in variants:
            tick = time.process_time()
            for i, board in enumerate(boards[: args.cpu]):
                make_agent(v.agent, "hive", board.to_move, np.random.default_rng([args.seed, i]),
                           list(v.overrides)).decide(board)
            print(f"| {v.label} | {(time.process_time() - tick) / min(args.cpu, len(boards)):.3f} |", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
