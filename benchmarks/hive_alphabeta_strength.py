"""How strong is ``alphabeta`` at a time per move against fixed-depth searches? (issue 20)

The held-out target is a strong engine's two- and three-ply search; as proxies this plays
``alphabeta`` with a time limit against the same search at a fixed depth with no extensions
(``alphabeta:depth=N:max_extensions=0:reduce_from=0``: a plain fixed-depth alpha-beta with this project's
evaluation). Both colours, the same random opening for both (``--opening`` plies), capped
games are draws. Prints wins/draws/losses and the score with its 95% Wilson interval.

    nice -n 10 .venv/bin/python benchmarks/hive_alphabeta_strength.py --games 8 --seconds 1 --depths 2,3 -w 2
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from swarmtui.sim.round_robin import Pairing, parse_entrant, run_round_robin
from swarmtui.core.rng import derive_seed
from swarmtui.sim.summary import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8, help="games per colour per depth")
    parser.add_argument("--seconds", type=float, default=1.0, help="alphabeta's time per move")
    parser.add_argument("--subject", default="", help="the entrant tested (default alphabeta:time_limit=SECONDS)")
    parser.add_argument("--depths", default="1,2,3", help="depths of the fixed-depth opponents")
    parser.add_argument("--opening", type=int, default=2, help="random opening plies")
    parser.add_argument("--cap", type=int, default=200, help="plies before a game is a draw")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("-w", "--workers", type=int, default=1)
    parser.add_argument("-o", "--out", type=Path, default=None, help="append JSON lines here")
    args = parser.parse_args()
    subject = parse_entrant(args.subject or f"alphabeta:time_limit={args.seconds}", "hive")
    pairings = []
    for depth in (int(d) for d in args.depths.split(",")):
        opponent = parse_entrant(f"alphabeta:depth={depth}:max_extensions=0:reduce_from=0", "hive")
        for g in range(args.games):
            opening = derive_seed(args.seed, "opening", depth, g)
            pairings.append(Pairing(len(pairings), subject, opponent, opening))
            pairings.append(Pairing(len(pairings), opponent, subject, opening))
    start = time.perf_counter()
    tally: dict[str, list[int]] = {}
    think: dict[str, list[float]] = {}
    for record in run_round_robin("hive", pairings, args.seed, workers=args.workers, max_plies=args.cap,
                                  opening_plies=args.opening, out=args.out):
        seats = list(record["players"])
        me = next(s for s in seats if record["players"][s] == subject.label)
        other = record["players"][next(s for s in seats if s != me)]
        row = tally.setdefault(other, [0, 0, 0])
        winner = record["winner"]
        row[0 if winner == me else 1 if winner is None else 2] += 1
        moves = len(record["moves"][args.opening:]) // 2 or 1
        think.setdefault(subject.label, []).append(record["think_seconds"][me] / moves)
        print(f"game {record['index']}: {record['players']} -> {record['result']} ({record['plies']} plies)",
              flush=True)
    print(f"\n{subject.label} against fixed-depth alpha-beta proxies "
          f"(both colours, {args.opening} random opening plies, cap {args.cap} plies = draw)")
    print("| opponent | won | drawn | lost | score | 95% Wilson |")
    print("|---|---:|---:|---:|---:|---|")
    for other, (w, d, lo) in tally.items():
        n = w + d + lo
        low, high = wilson(2 * w + d, 2 * n)  # half points: a draw is one success in two trials
        print(f"| {other} | {w} | {d} | {lo} | {100 * (w + d / 2) / n:.0f}% | {100 * low:.0f}-{100 * high:.0f}% |")
    mean = sum(think[subject.label]) / len(think[subject.label])
    print(f"\n{subject.label}: {mean:.2f} s per move on average; {time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
