"""Halma round robin: every Halma agent against every other, in 2- or 3-player races, rated.

Each game is a real race (the first to fill its goal wins, blocking allowed). The entrants are
every registered computer player that claims Halma at its default parameters, plus
``halma-search`` at each of its difficulties; ``--entrants`` names others. The games are played
by ``swarmtui sim round-robin`` (``sim/round_robin.py``): every group of ``--players`` entrants
in every rotation of the seats, a few random opening plies shared by the rotations, a capped game
a draw; it prints ML Elo ratings with 95% Fisher intervals (games of three: the winner against
each of the others), the share of games won with 95% Wilson intervals, wall-clock and CPU seconds
per move, and the pairwise table. The result file (``--out``) can be rated again with
``swarmtui sim report --ratings``.

``--rotations balanced`` plays each group once in one rotation, every entrant in every seat
equally often (11 entrants in threes: 165 games, not 495); ``--within`` and ``--involving``
(comma-separated labels) play part of the round robin, each game as the whole one plays it, so
the parts' result files rate together (``swarmtui sim report --ratings a.jsonl b.jsonl``).

    nice -n 10 .venv/bin/python benchmarks/halma_round_robin.py --players 2 --out halma-rr2.jsonl
    nice -n 10 .venv/bin/python benchmarks/halma_round_robin.py --players 3 --out halma-rr3.jsonl \\
        --entrants greedy beam aco-bco aco-bco-plus halma-search halma-search:difficulty=hard
"""

from __future__ import annotations

import argparse

from swarmtui.agents import agents_for
from swarmtui.agents.halma_search.agent import LEVELS
from swarmtui.cli import main as swarmtui


def default_entrants() -> list[str]:
    """Every computer player for Halma at its defaults, then ``halma-search`` at each other level."""
    plain = [a.id for a in agents_for("halma") if not a.interactive]
    levels = [f"halma-search:difficulty={level}" for level in LEVELS if level != "easy"]
    return plain + levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3), default=2)
    parser.add_argument("--rounds", type=int, default=1, help="games per group and seat order")
    parser.add_argument("--entrants", nargs="+", default=None, help="default: every Halma agent and level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=int, default=None, help="plies before a draw (default 150 per player)")
    parser.add_argument("--opening", type=int, default=None, help="random opening plies (default: one per seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    parser.add_argument("--rotations", choices=("all", "balanced"), default="all",
                        help="every rotation of each group, or one, balanced over the seats")
    parser.add_argument("--within", default=None, help="only the groups among these labels (comma-separated)")
    parser.add_argument("--involving", default=None, help="only the groups with one of these labels")
    parser.add_argument("--anchor", default=None, help="the entrant rated 0 (default: random, else the first)")
    args = parser.parse_args()
    entrants = args.entrants or default_entrants()
    argv = ["sim", "round-robin", "halma", *entrants, "--players", str(args.players), "-n", str(args.rounds),
            "-w", str(args.workers), "--cap", str(args.cap or 150 * args.players),
            "--opening", str(args.players if args.opening is None else args.opening), "--seed", str(args.seed),
            "--anchor", args.anchor or ("random" if "random" in entrants else entrants[0])]
    if args.rotations != "all":
        argv += ["--rotations", args.rotations]
    for name in ("within", "involving"):
        if getattr(args, name) is not None:
            argv += [f"--{name}", getattr(args, name)]
    if args.out:
        argv += ["--out", args.out]
    print("swarmtui " + " ".join(argv), flush=True)
    swarmtui(argv)


if __name__ == "__main__":
    main()
