"""Reproduce Table V of Kuehner & Stock: all seven scenarios, ours beside the paper's numbers.

Plays every scenario with the paper's game counts (1000 one-player, 500 two-player games;
``--scale 0.1`` plays a tenth of each, for a quick look), the independent scenarios on
``--workers`` processes and the memory-constructing one (id 3) sequentially, and writes a
Markdown table — median, mean and standard deviation of the winner's moves, ours | paper — to
``--out`` (and stdout), with the wall-clock seconds of every scenario and, for a reduced run,
the seconds the full counts would take at the same pace. ``--agent aco-bco-plus`` runs the
improved swarm on the same protocol.

    .venv/bin/python benchmarks/halma_table5.py --workers 2 [--scale 0.1] [--out table5.md]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from swarmtui.papers.kuehner_stock.table5 import SCENARIOS, run_constructed, run_independent, setup_for, stats

HEADER = ("| id | players | games | best solution | cooperation | median (ours / paper) | "
          "mean (ours / paper) | std (ours / paper) | restarts | seconds |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the paper's game counts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="aco-bco")
    parser.add_argument("--only", type=int, nargs="*", help="scenario ids to run (default: all seven)")
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    lines = [f"Table V, agent {args.agent}, seed {args.seed}, {args.workers} workers, scale {args.scale:g}", "",
             HEADER, "|" + "---|" * 10]
    total = projected = 0.0
    for scenario in SCENARIOS:
        if args.only and scenario.id not in args.only:
            continue
        games = max(1, round(scenario.games * args.scale))
        setup = setup_for(scenario, args.agent)
        tick = time.perf_counter()
        if scenario.memory == "construct":
            results, _ = run_constructed(setup, games, args.seed)
        else:
            results = run_independent(setup, games, args.seed, args.workers)
        seconds = time.perf_counter() - tick
        total += seconds
        projected += seconds * scenario.games / games
        s, p = stats(results), scenario.paper
        memory = {"off": "x", "on": "yes", "construct": "construct"}[scenario.memory]
        lines.append(f"| {scenario.id} | {scenario.players} | {games} | {memory} | "
                     f"{'yes' if scenario.cooperate else ('x' if scenario.players > 1 else '-')} | "
                     f"{s.median:g} / {p.median:g} | {s.mean:.2f} / {p.mean:.2f} | {s.std:.2f} / {p.std:.2f} | "
                     f"{s.restarts} | {seconds:.0f} |")
        print(lines[-1], flush=True)
    lines += ["", f"wall clock {total:.0f} s" + ("" if args.scale == 1 else
                                                   f"; the paper's full counts at this pace: {projected:.0f} s")]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
