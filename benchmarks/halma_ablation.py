"""Ablations of the Halma agents that call themselves swarms: each part switched off in turn.

Protocol: Table V id 1 of Kuehner & Stock (one player alone, no best-game memory, the paper's
500-move cap with restarts), ``--games`` games per variant from the same seeds. For each
variant: the median of the moves with its 95% distribution-free interval (binomial order
statistics), the mean, and the share of games finished within ``--within`` moves with its 95%
Wilson interval (``sim.summary.wilson``). A part carries a gain when switching it off moves the
intervals apart; overlapping intervals mean this many games cannot tell the variants apart.

    .venv/bin/python benchmarks/halma_ablation.py [--games 100] [--agent aco-bco-colony] [--workers 1]

Every variant of ``aco-bco-colony`` constructs the same number of ant moves per turn (ants ×
horizon × iterations), whatever is switched off, so the rows compare the swarm's parts at an
equal evaluation budget; the last rows are that budget spent on the same heuristic roll-out
without pheromone, recruitment, trail memory or plan memory.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from swarmtui.agents.aco_bco_colony.params import SWARM_PARTS
from swarmtui.papers.kuehner_stock.table5 import SCENARIOS, run_independent, setup_for
from swarmtui.sim.summary import wilson

NO_SWARM = tuple((part, "false") for part in SWARM_PARTS)
"""The colony's five swarm parts switched off: its heuristic roll-out alone."""
ALONE_BUT_SPREAD = tuple(p for p in NO_SWARM if p[0] != "spread_out")
"""Every swarm part off but the ants' spreading out over a shared position's moves."""

VARIANTS: dict[str, list[tuple[str, tuple[tuple[str, str], ...]]]] = {
    "aco-bco-plus": [
        ("everything on", ()),
        ("no pheromone (w_tau=0)", (("w_tau", "0"),)),
        ("no exploration, argmax bees (q0=1, kappa=1000)", (("q0", "1.0"), ("kappa", "1000"))),
        ("roll-out alone: no pheromone, exploration or roulette",
         (("w_tau", "0"), ("q0", "1.0"), ("kappa", "1000"))),
        ("no forward pass (m=1)", (("m", "1"),)),
    ],
    "aco-bco-colony": [
        ("everything on (the defaults: pheromone off)", ()),
        ("with pheromone (pheromone=true: eq. 7 and 8 on (from, to) moves, alpha=0.1 as Table IV)",
         (("pheromone", "true"),)),
        ("no spreading out (spread_out=false: ants on one position may repeat each other's move)",
         (("spread_out", "false"),)),
        ("no recruitment (recruitment=false: independent ants)", (("recruitment", "false"),)),
        ("no plan memory (plan_memory=false: no elitist ant across turns)", (("plan_memory", "false"),)),
        ("no swarm: the same roll-out, same budget (all five off)", NO_SWARM),
        ("no swarm, greedier roll-out (all five off, beta=2.7 as Table IV)", NO_SWARM + (("beta", "2.7"),)),
        ("no swarm, greedier ants (all five off, q0=0.9)", NO_SWARM + (("q0", "0.9"),)),
        ("no swarm, shorter plans, same budget (all five off, horizon=8, ants=90)",
         NO_SWARM + (("horizon", "8"), ("ants", "90"))),
        ("no swarm, without the endgame reading (all five off, endgame=false)", NO_SWARM + (("endgame", "false"),)),
        ("no swarm, shorter plans still, same budget (all five off, horizon=6, ants=120)",
         NO_SWARM + (("horizon", "6"), ("ants", "120"))),
        ("no swarm, shorter plans still, same budget (all five off, horizon=4, ants=180)",
         NO_SWARM + (("horizon", "4"), ("ants", "180"))),
        ("no swarm, shorter plans still, same budget (all five off, horizon=3, ants=240)",
         NO_SWARM + (("horizon", "3"), ("ants", "240"))),
        ("spreading out alone: the other four parts off, same budget", ALONE_BUT_SPREAD),
        ("spreading out alone, shorter plans (the other four off, horizon=6, ants=120)",
         ALONE_BUT_SPREAD + (("horizon", "6"), ("ants", "120"))),
    ],
    "aco-bco": [
        ("everything on (the paper's swarm)", ()),
        ("trails never learn (alpha=0, g=0: eq. 10 only)", (("alpha", "0"), ("g", "0"))),
        ("no exploration (q0=1)", (("q0", "1.0"),)),
    ],
}


def median_interval(values: list[int]) -> tuple[float, float]:
    """95% distribution-free interval of the median from the order statistics (normal approximation)."""
    ordered = sorted(values)
    n = len(ordered)
    low = max(0, math.floor(n / 2 - 0.98 * math.sqrt(n)) - 1)
    high = min(n - 1, math.ceil(n / 2 + 0.98 * math.sqrt(n)))
    return ordered[low], ordered[high]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", choices=sorted(VARIANTS), default="aco-bco-colony")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--within", type=int, default=0, help="threshold for the share (default: the full median)")
    parser.add_argument("--only", type=int, nargs="*", default=None,
                        help="run only these variants (1 = the first row), e.g. to spread them over processes")
    parser.add_argument("--out", default="", help="also append every game, as it ends, to this JSON-lines file")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="an override for every variant (before the variant's own), e.g. endgame=false")
    args = parser.parse_args()
    common = tuple(tuple(p.split("=", 1)) for p in args.param)
    scenario = SCENARIOS[0]
    print(f"{args.agent}, Table V id 1 protocol, {args.games} games per variant, seed {args.seed}"
          + "".join(f", {name}={value}" for name, value in common))
    print("| variant | median [95% CI] | mean | finished within T moves [95% Wilson] | unfinished | seconds |")
    print("|---|---|---|---|---|---|")
    within = args.within
    for number, (label, extra) in enumerate(VARIANTS[args.agent], 1):
        if args.only is not None and number not in args.only:
            continue
        clock = time.perf_counter()
        def log(game, label=label) -> None:
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"variant": label, **game.to_json()}) + "\n")

        setup = setup_for(scenario, args.agent, common + tuple(extra))
        games = run_independent(setup, args.games, args.seed, args.workers, log)
        seconds = time.perf_counter() - clock
        moves = [g.moves for g in games if g.moves is not None]
        median = statistics.median(moves)
        within = within or int(median)
        low, high = median_interval(moves)
        hits = sum(1 for m in moves if m <= within)
        w_low, w_high = wilson(hits, len(games))
        print(f"| {label} | {median:g} [{low}-{high}] | {statistics.mean(moves):.1f} | "
              f"T={within}: {100 * hits / len(games):.0f}% [{100 * w_low:.0f}-{100 * w_high:.0f}] | "
              f"{len(games) - len(moves)} | {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
