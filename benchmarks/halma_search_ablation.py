"""Ablation of ``halma-search``: each part switched off in turn, at the same node budget, in races.

Every variant plays the full player head to head (two players: both seat orders, ``--rounds``
games each, each round from its own random opening plies shared by the two seat orders) at the
same level and so the same **node budget** (``--level``, default ``hard``: 2,000 nodes a move),
so the rows compare the parts at equal search work whatever the machine's load. The parts:

* the transposition table keyed by the Zobrist hash (``table=false``: none),
* the move ordering: the table's move, then the best gain, and the root re-sorted after each
  iteration (``ordering=false``: the same moves, searched in the generator's order),
* both of them,
* the evaluation's ladder and straggler terms (``ladder=0``, ``straggler=0``),
* the forward pruning to the ``breadth`` (12) best own moves and ``reply_breadth`` (8) best
  replies (``breadth=1000:reply_breadth=1000``: every forward move),
* with three players, paranoid search against best-reply search (BRS): both sit in every game
  with ``greedy`` as the third seat, in all three seat rotations (row 7),
* the crossing solver's plan offered at the root (``plan=false``: none): head to head with two
  players (row 8), and with three (row 9), where the full player and the variant each play the
  same games against ``beam`` and a third entrant (``--third``, default ``aco-bco-colony``): the
  same openings, all three rotations, the variant in the full player's seat; the row compares
  their win shares there (the question is whether the plan makes the search beat ``beam``).

For each variant it prints the full player's and the variant's wins (a capped game a draw),
the full player's share of the games with its 95% Wilson interval (``sim.summary.wilson``)
and the CPU seconds per move of each. A part carries a gain when the full player's interval
lies above 50% (two players) or above the variant's (three players); an interval around 50%
means this many games cannot tell the two apart.

    nice -n 10 .venv/bin/python benchmarks/halma_search_ablation.py [--rounds 5] [--level hard] [--workers 1]
    nice -n 10 .venv/bin/python benchmarks/halma_search_ablation.py --level max --rounds 10 --seed 10 --only 9
"""

from __future__ import annotations

import argparse

from swarmtui.sim.round_robin import parse_entrants, run_round_robin, schedule, seconds_per_move
from swarmtui.sim.summary import wilson

VARIANTS: list[tuple[str, str]] = [
    ("no transposition table (table=false)", "table=false"),
    ("no move ordering (ordering=false)", "ordering=false"),
    ("neither (table=false, ordering=false)", "table=false:ordering=false"),
    ("no ladder term (ladder=0)", "ladder=0"),
    ("no straggler term (straggler=0)", "straggler=0"),
    ("no forward pruning (breadth=reply_breadth=1000)", "breadth=1000:reply_breadth=1000"),
]
"""Two-player variants: (row label, the parameters switched)."""


def interval(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.0f}% [{100 * low:.0f}-{100 * high:.0f}]" if games else "-"


def play(labels: list[str], players: int, rounds: int, seed: int, workers: int, cap: int,
         opening: int) -> list[dict]:
    entrants = parse_entrants(labels, "halma")
    pairings = schedule(entrants, rounds, seed, players)
    return list(run_round_robin("halma", pairings, seed, workers=workers, max_plies=cap, opening_plies=opening))


def tally(records: list[dict], label: str) -> int:
    return sum(1 for r in records if r.get("winner") is not None and r["players"].get(r["winner"]) == label)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="games per seat order (two players) or rotation")
    parser.add_argument("--level", default="hard", choices=("medium", "hard", "max"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--opening", type=int, default=2, help="random opening plies")
    parser.add_argument("--only", nargs="*", default=None,
                        help="row numbers to run (1-based; 7 = three players, paranoid; 8, 9 = the solver plan, two "
                             "and three players)")
    parser.add_argument("--third", default="aco-bco-colony", help="row 9: the third entrant beside beam")
    args = parser.parse_args()
    full = f"halma-search:difficulty={args.level}"
    rows = ["| variant | games | full won | variant won | draws | full's share [95% Wilson] "
            "| CPU s a move full / variant |",
            "|---|---:|---:|---:|---:|---|---|"]
    chosen = set(args.only) if args.only else None

    def head_to_head(name: str, switches: str) -> None:
        """One row: the full player against itself with ``switches``, both seat orders."""
        variant = f"{full}:{switches}"
        records = play([full, variant], 2, args.rounds, args.seed, args.workers, 300, args.opening)
        won, lost = tally(records, full), tally(records, variant)
        cpu = seconds_per_move(records, args.opening, clock="think_cpu")
        rows.append(f"| {name} | {len(records)} | {won} | {lost} | {len(records) - won - lost} | "
                    f"{interval(won, len(records))} | {cpu[full]:.3f} / {cpu[variant]:.3f} |")
        print(rows[-1], flush=True)

    for number, (name, switches) in enumerate(VARIANTS, 1):
        if chosen is None or str(number) in chosen:
            head_to_head(name, switches)
    if chosen is None or "7" in chosen:
        paranoid = f"{full}:search=paranoid"
        records = play([full, paranoid, "greedy"], 3, args.rounds, args.seed, args.workers, 450, 3)
        won, lost = tally(records, full), tally(records, paranoid)
        cpu = seconds_per_move(records, 3, clock="think_cpu")
        rows.append(f"| three players: paranoid instead of BRS (+ greedy) | {len(records)} | {won} | {lost} | "
                    f"{len(records) - won - lost} (greedy or none) | {interval(won, len(records))} "
                    f"(paranoid: {interval(lost, len(records))}) | {cpu[full]:.3f} / {cpu[paranoid]:.3f} |")
        print(rows[-1], flush=True)
    if chosen is None or "8" in chosen:
        head_to_head("no solver plan (plan=false)", "plan=false")
    if chosen is None or "9" in chosen:
        variant = f"{full}:plan=false"
        with_plan = play([full, "beam", args.third], 3, args.rounds, args.seed, args.workers, 450, 3)
        without = play([variant, "beam", args.third], 3, args.rounds, args.seed, args.workers, 450, 3)
        cpu = seconds_per_move(with_plan, 3, clock="think_cpu")
        cpu_off = seconds_per_move(without, 3, clock="think_cpu")
        n, m = len(with_plan), len(without)
        rows.append(f"| three players: no solver plan (plan=false), each against beam and {args.third}, same openings "
                    f"| {n} + {m} | {tally(with_plan, full)} of {n} | {tally(without, variant)} of {m} | "
                    f"{n - sum(1 for r in with_plan if r.get('winner') is not None)} + "
                    f"{m - sum(1 for r in without if r.get('winner') is not None)} | "
                    f"full {interval(tally(with_plan, full), n)}, variant {interval(tally(without, variant), m)}; "
                    f"beam {interval(tally(with_plan, 'beam'), n)} / {interval(tally(without, 'beam'), m)} "
                    f"| {cpu[full]:.3f} / {cpu_off[variant]:.3f} |")
        print(rows[-1], flush=True)
    print(f"\nfull player: {full}, {args.rounds} rounds, seed {args.seed}\n")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
