"""How long ``bestmove time`` takes per agent through the UHP engine (the limit must be met
within 5% + 50 ms; MCTS used to take 1.6-2 s for a 1 s request and 1 s for a 10 s one).

    .venv/bin/python benchmarks/uhp_time_limits.py [--agents mcts,alphabeta,pso-plus] [--seconds 1,10]

Plays 16 seeded random plies of a Base+MLP game, then asks each agent for ``bestmove time``
at each limit and prints the wall-clock seconds and the ratio to the limit.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from swarmtui.uhp import UhpEngine
from swarmtui.uhp.options import EngineOptions


def position(engine: UhpEngine, plies: int = 16, seed: int = 2) -> None:
    engine.handle("newgame Base+MLP")
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = engine.handle("validmoves")[0].split(";")
        move = moves[int(rng.integers(len(moves)))]
        engine.handle("pass" if move == "pass" else f"play {move}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="random,pso,pso-plus,pso-verify,mcts,alphabeta")
    parser.add_argument("--seconds", default="1,10")
    args = parser.parse_args()
    print(f"{'agent':<11} {'limit':>6} {'took':>8} {'ratio':>6}  within 5% + 50 ms")
    for agent in args.agents.split(","):
        for limit in (int(s) for s in args.seconds.split(",")):
            engine = UhpEngine(EngineOptions(agent=agent), log=lambda line: None)
            position(engine)
            start = time.monotonic()
            reply = engine.handle(f"bestmove time 00:00:{limit:02d}")
            took = time.monotonic() - start
            ok = took <= limit * 1.05 + 0.05 and reply[-1] == "ok" and not reply[0].startswith("err")
            print(f"{agent:<11} {limit:>5}s {took:>7.3f}s {took / limit:>6.3f}  {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
