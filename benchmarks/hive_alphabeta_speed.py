"""How fast and how deep ``alphabeta`` searches Hive at a time per move, against an earlier commit's.

    nice -n 10 .venv/bin/python benchmarks/hive_alphabeta_speed.py [--seconds 1] [--positions 8] [--baseline 62ca3ef]
        [--engines python,auto] [--depth N]

Issue 31's target for the search is strength at equal time against the ``alphabeta`` of commit
``62ca3ef`` given eight times the time; this prints what that strength is built from: per
position the depth each search completed, its nodes (quiescence nodes included) and nodes per
CPU second, for this code and the baseline's (extracted with ``git archive`` and imported
beside it, as ``hive_perft.py`` does), each given ``--seconds`` of CPU time (``clock=cpu``)
and, with ``--baseline-seconds``, the baseline given more. The positions are those of
``hive_alphabeta_strength.py``'s probe (plies 10-30 of games of a one-ply search after three
random plies), the same boards replayed in both engines; the two take turns position by
position. Node counts are each engine's own (what one calls a node may differ between
versions: read depth and time first). With ``--depth`` every search goes to that depth however
long it takes: two versions of a search that visit the same tree (the same node counts) compare
by their nodes per CPU second alone.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
from hive_alphabeta_strength import positions
from hive_perft import import_commit

from swarmtui.agents.alphabeta import agent as current_alphabeta
from swarmtui.games.hive import compiled_search
from swarmtui.games.hive import rules as current_rules


def search(alphabeta: Any, rules: Any, moves: list[tuple], seconds: float, seed: int,
           engine: str | None, depth: int | None = None) -> tuple[int, int, float]:
    """Depth completed, nodes and CPU seconds of one search from the position after ``moves``
    (``engine``: this code's ``engine`` parameter; None for a baseline, which has none), within
    ``seconds`` or, given ``depth``, to that depth however long it takes."""
    board = rules.Board()
    for move in moves:
        board.play(rules.Move(*move))
    extra: dict[str, Any] = {} if engine is None else {"engine": engine}
    budget: dict[str, Any] = {"depth": depth} if depth else {"time_limit": seconds, "clock": "cpu"}
    params = alphabeta.AlphaBetaParams(**budget, **extra)
    agent = alphabeta.AlphaBetaAgent("hive", np.random.default_rng(seed), params)
    start = time.process_time()
    agent.decide(board)
    spent = time.process_time() - start
    return agent.last.depth, agent.last.nodes, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per search (this code)")
    parser.add_argument("--baseline-seconds", type=float, default=None,
                        help="CPU seconds per search for the baseline (default: --seconds)")
    parser.add_argument("--depth", type=int, default=None,
                        help="search every position to this depth instead (the same tree in two versions of one "
                             "search: compare their nodes per second)")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--baseline", default="62ca3ef", help="git revision to compare with, or 'none'")
    parser.add_argument("--engines", default="python,auto",
                        help="this code's engine parameter values to measure (python: the Python search; "
                             "auto: the compiled search)")
    args = parser.parse_args()
    compiled_search.load()  # measure the engines as they play once the compiled code is loaded
    engines: list[tuple[str, Any, Any, float, str | None]] = []
    if args.baseline.lower() != "none":
        modules, commit = import_commit(args.baseline, ("swarmtui.games.hive.rules", "swarmtui.agents.alphabeta.agent"))
        if modules is None:
            print(f"no baseline: {commit}")
        else:
            engines.append((f"baseline {commit}", modules[1], modules[0], args.baseline_seconds or args.seconds,
                            None))
    for engine in args.engines.split(","):
        engines.append((f"current ({engine})", current_alphabeta, current_rules, args.seconds, engine))
    boards = [[tuple(m) for m in b.history] for b in positions(args.positions, args.seed) if len(b.legal_moves()) > 1]
    rows: dict[str, list[tuple[int, int, float]]] = {name: [] for name, *_ in engines}
    for k, moves in enumerate(boards):
        cells = []
        for name, alphabeta, rules, seconds, engine in engines:
            depth, nodes, spent = search(alphabeta, rules, moves, seconds, args.seed + k, engine, args.depth)
            rows[name].append((depth, nodes, spent))
            cells.append(f"{name}: depth {depth}, {nodes:>7,} nodes, {nodes / spent:>7,.0f}/s")
        print(f"position {k} (ply {len(moves)}): " + "  ".join(cells), flush=True)
    for name, _, _, seconds, _ in engines:
        depths = [d for d, _, _ in rows[name]]
        rate = sum(n for _, n, _ in rows[name]) / sum(s for _, _, s in rows[name])
        budget = f"depth {args.depth}" if args.depth else f"{seconds:g} CPU s"
        print(f"{name} at {budget}: depth {min(depths)}-{max(depths)} (mean {statistics.mean(depths):.2f}), "
              f"{rate:,.0f} nodes per CPU second")


if __name__ == "__main__":
    main()
