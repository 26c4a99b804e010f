"""Ablation of a Hive player: each variant against one fixed opponent, with Wilson intervals.

Each variant (an entrant ``AGENT:name=value...``) plays ``--games`` games against the
opponent, half with each colour, the same random opening (``--opening`` plies) for both
colours, games capped at ``--cap`` plies (a draw). Prints one Markdown row per variant: wins,
draws, losses, the score (wins + draws/2) and its 95% Wilson interval (a draw counts as one
success in two trials).

    nice -n 10 .venv/bin/python benchmarks/hive_ablation.py --opponent pso --games 200 \\
        pso-plus pso-plus:lookahead=false pso-plus:safety=false pso-plus:attack_weight=0 \\
        pso-plus:guard_weight=0 pso-plus:repeat_penalty=0
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from swarmtui.core.rng import derive_seed
from swarmtui.sim.round_robin import Pairing, parse_entrant, run_round_robin
from swarmtui.sim.summary import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", help="entrants AGENT:name=value:...")
    parser.add_argument("--opponent", default="pso")
    parser.add_argument("--games", type=int, default=200, help="games per variant (half with each colour)")
    parser.add_argument("--opening", type=int, default=2)
    parser.add_argument("--cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("-w", "--workers", type=int, default=1)
    parser.add_argument("-o", "--out", type=Path, default=None)
    args = parser.parse_args()
    opponent = parse_entrant(args.opponent, "hive")
    variants = [parse_entrant(v, "hive") for v in args.variants]
    pairings = []
    for v in variants:
        for g in range(args.games // 2):
            opening = derive_seed(args.seed, "opening", g)  # the same openings for every variant
            pairings.append(Pairing(len(pairings), v, opponent, opening))
            pairings.append(Pairing(len(pairings), opponent, v, opening))
    start = time.perf_counter()
    tally = {v.label: [0, 0, 0] for v in variants}
    for record in run_round_robin("hive", pairings, args.seed, workers=args.workers, max_plies=args.cap,
                                  opening_plies=args.opening, out=args.out):
        seats = list(record["players"])
        me = next(s for s in seats if record["players"][s] != opponent.label)
        winner = record["winner"]
        tally[record["players"][me]][0 if winner == me else 1 if winner is None else 2] += 1
    print(f"against {opponent.label}: {args.games} games per variant, both colours, {args.opening} random "
          f"opening plies, cap {args.cap} plies = draw")
    print("| variant | won | drawn | lost | score | 95% Wilson |")
    print("|---|---:|---:|---:|---:|---|")
    for label, (w, d, lo) in tally.items():
        n = w + d + lo
        low, high = wilson(2 * w + d, 2 * n)
        print(f"| {label} | {w} | {d} | {lo} | {100 * (w + d / 2) / n:.1f}% | {100 * low:.1f}-{100 * high:.1f}% |")
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
