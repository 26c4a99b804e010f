"""Ablation of a Hive player: each variant against one fixed opponent, with Wilson intervals.

Each variant (an entrant ``AGENT:name=value...``) plays ``--games`` games against the
opponent, half with each colour, the same random opening (``--opening`` plies) for both
colours, games capped at ``--cap`` plies (a draw). Prints one Markdown row per variant: wins,
draws, losses, the score (wins + draws/2), its 95% Wilson interval (a draw counts as one
success in two trials) and the variant's mean thinking time per move (wall clock, and CPU time
when the records have it).

The variants' games are interleaved (game pair 1 of every variant, then pair 2, ...), so a run
stopped early (Ctrl-C; with ``-o`` the games played so far are kept) leaves balanced rows, and
``--from-records FILE...`` prints the table from such files instead of playing.

    nice -n 10 .venv/bin/python benchmarks/hive_ablation.py --opponent pso --games 200 \\
        pso-plus pso-plus:lookahead=false pso-plus:safety=false pso-plus:attack_weight=0 \\
        pso-plus:guard_weight=0 pso-plus:repeat_penalty=0
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from swarmtui.core.rng import derive_seed
from swarmtui.records.results import read_results
from swarmtui.sim.round_robin import Pairing, parse_entrant, run_round_robin, seconds_per_move
from swarmtui.sim.summary import wilson


def table(records: Iterable[dict[str, Any]], opponent: str, labels: list[str], opening: int) -> list[str]:
    """The Markdown rows: each variant's results against ``opponent`` (records of other pairings
    are skipped)."""
    tally = {label: [0, 0, 0] for label in labels}
    by_colour: dict[tuple[str, int], list[int]] = {}
    mine = []
    for record in records:
        seats = list(record["players"])
        names = [record["players"][s] for s in seats]
        if opponent not in names or len(set(names)) != 2:
            continue
        me = next(s for s in seats if record["players"][s] != opponent)
        label = record["players"][me]
        if labels and label not in labels:
            continue
        winner = record["winner"]
        result = 0 if winner == me else 1 if winner is None else 2
        tally.setdefault(label, [0, 0, 0])[result] += 1
        by_colour.setdefault((label, seats.index(me)), [0, 0, 0])[result] += 1
        mine.append(record)
    seconds = seconds_per_move(mine, opening)
    cpu = seconds_per_move(mine, opening, clock="think_cpu") if any("think_cpu" in r for r in mine) else {}
    rows = ["| variant | won | drawn | lost | score | 95% Wilson | as first / second player (W-D-L) | s/move "
            "| CPU s/move |", "|---|---:|---:|---:|---:|---|---|---:|---:|"]
    for label, (w, d, lo) in tally.items():
        n = w + d + lo
        if not n:
            continue
        low, high = wilson(w + d / 2, n)  # per game: a draw is half a success (not 2n half-points)
        colours = " / ".join("-".join(map(str, by_colour.get((label, k), [0, 0, 0]))) for k in (0, 1))
        rows.append(f"| {label} | {w} | {d} | {lo} | {100 * (w + d / 2) / n:.1f}% | "
                    f"{100 * low:.1f}-{100 * high:.1f}% | {colours} | {seconds.get(label, 0.0):.3f} | "
                    f"{f'{cpu[label]:.3f}' if label in cpu else '-'} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*", help="entrants AGENT:name=value:...")
    parser.add_argument("--opponent", default="pso")
    parser.add_argument("--games", type=int, default=200, help="games per variant (half with each colour)")
    parser.add_argument("--opening", type=int, default=2)
    parser.add_argument("--cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("-w", "--workers", type=int, default=1)
    parser.add_argument("-o", "--out", type=Path, default=None)
    parser.add_argument("--from-records", type=Path, nargs="+", default=None,
                        help="print the table from these result files instead of playing")
    args = parser.parse_args()
    opponent = parse_entrant(args.opponent, "hive")
    variants = [parse_entrant(v, "hive") for v in args.variants]
    if args.from_records:
        records = [g.to_json() for path in args.from_records for g in read_results(path).games]
        print(f"against {opponent.label}: {len(records)} games read, {args.opening} random opening plies")
        print("\n".join(table(records, opponent.label, [v.label for v in variants], args.opening)))
        return
    if not variants:
        parser.error("name at least one variant (or --from-records)")
    pairings = []
    for g in range(args.games // 2):
        opening = derive_seed(args.seed, "opening", g)  # the same openings for every variant
        for v in variants:
            pairings.append(Pairing(len(pairings), (v, opponent), opening))
            pairings.append(Pairing(len(pairings), (opponent, v), opening))
    start = time.perf_counter()
    records = []
    try:
        for record in run_round_robin("hive", pairings, args.seed, workers=args.workers, max_plies=args.cap,
                                      opening_plies=args.opening, out=args.out):
            records.append(record)
    except KeyboardInterrupt:
        print(f"stopped after {len(records)} of {len(pairings)} games")
    print(f"against {opponent.label}: {args.games} games per variant, both colours, {args.opening} random "
          f"opening plies, cap {args.cap} plies = draw")
    print("\n".join(table(records, opponent.label, [v.label for v in variants], args.opening)))
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
