"""How strong is ``alphabeta`` at a time per move against fixed-depth searches? (issue 20)

The held-out target is a strong engine's two- and three-ply search; as proxies this plays
``alphabeta`` with a time limit against the same search at a fixed depth with no extensions
(``alphabeta:depth=N:max_extensions=0:reduce_from=0``: a plain fixed-depth alpha-beta with this project's
evaluation). Both colours, the same random opening for both (``--opening`` plies), capped
games are draws. Prints wins/draws/losses and the score with its 95% Wilson interval.

The subject's budget is CPU time of its own process by default (``clock=cpu``): on a loaded
machine a wall-clock second is a fraction of a core, while the fixed-depth opponents have no
clock at all. Before the games, ``--probe N`` searches N mid-game positions with the subject's
settings and prints the depth it reached and its nodes per second (the speed it plays at).
``--opponent-params`` adds overrides to every opponent (e.g. another evaluation's weights).

    nice -n 10 .venv/bin/python benchmarks/hive_alphabeta_strength.py --games 8 --seconds 1 --depths 2,3 -w 2
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from swarmtui.agents import make_agent
from swarmtui.core.rng import derive_seed
from swarmtui.games.hive.rules import Board
from swarmtui.sim.round_robin import Pairing, parse_entrant, play_pairing
from swarmtui.sim.summary import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8, help="games per colour per depth")
    parser.add_argument("--seconds", type=float, default=1.0, help="alphabeta's time per move")
    parser.add_argument("--subject", default="",
                        help="the entrant tested (default alphabeta:time_limit=SECONDS:clock=CLOCK)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="how the subject's time is measured")
    parser.add_argument("--opponent-params", default="",
                        help="overrides for every opponent (name=value:...; old: the evaluation before the fixes)")
    parser.add_argument("--probe", type=int, default=6, help="mid-game positions searched first (0: none)")
    parser.add_argument("--depths", default="1,2,3", help="depths of the fixed-depth opponents")
    parser.add_argument("--opponent", action="append", default=[],
                        help="an opponent entrant instead of the fixed-depth ones (repeatable)")
    parser.add_argument("--opening", default="2-4",
                        help="random opening plies: N, or LOW-HIGH (game g of a pairing gets LOW + g mod the range)")
    parser.add_argument("--cap", type=int, default=200, help="plies before a game is a draw")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("-w", "--workers", type=int, default=1)
    parser.add_argument("-o", "--out", type=Path, default=None, help="append JSON lines here")
    args = parser.parse_args()
    subject = parse_entrant(args.subject or f"alphabeta:time_limit={args.seconds}:clock={args.clock}", "hive")
    if args.probe:
        probe(subject.overrides, args.probe, args.seed)
    low, _, high = args.opening.partition("-")
    span = range(int(low), int(high or low) + 1)
    jobs: list[tuple[Pairing, int]] = []
    extra = {"": "", "old": f":{OLD_EVALUATION}"}.get(args.opponent_params, f":{args.opponent_params}")
    opponents: list[tuple[int | str, str]] = [(t, t) for t in args.opponent] or [
        (int(d), f"alphabeta:depth={d}:max_extensions=0:reduce_from=0{extra}") for d in args.depths.split(",")]
    for key, text in opponents:
        opponent = parse_entrant(text, "hive")
        for g in range(args.games):
            opening = derive_seed(args.seed, "opening", key, g)
            plies = span[g % len(span)]
            jobs.append((Pairing(len(jobs), (subject, opponent), opening), plies))
            jobs.append((Pairing(len(jobs), (opponent, subject), opening), plies))
    start = time.perf_counter()
    tally: dict[str, list[int]] = {}
    think: dict[str, list[float]] = {}
    for record, opening_plies in _play_all(jobs, args):
        seats = list(record["players"])
        me = next(s for s in seats if record["players"][s] == subject.label)
        other = record["players"][next(s for s in seats if s != me)]
        row = tally.setdefault(other, [0, 0, 0])
        winner = record["winner"]
        row[0 if winner == me else 1 if winner is None else 2] += 1
        moves = len(record["moves"][opening_plies:]) // 2 or 1
        think.setdefault(subject.label, []).append(record["think_seconds"][me] / moves)
        print(f"game {record['index']}: {record['players']} -> {record['result']} ({record['plies']} plies)",
              flush=True)
    print(f"\n{subject.label} against fixed-depth alpha-beta proxies "
          f"(both colours, {args.opening} random opening plies, cap {args.cap} plies = draw)")
    if extra:
        print(f"opponents' overrides: {args.opponent_params}")
    print("| opponent | won | drawn | lost | score | 95% Wilson |")
    print("|---|---:|---:|---:|---:|---|")
    for other, (w, d, lo) in tally.items():
        n = w + d + lo
        # The score (wins + draws/2) over n games: one trial a game. (Counting half points as 2n
        # trials, as this script did before, narrows the interval as if each game were two.)
        low, high = wilson(w + d / 2, n)
        print(f"| {other} | {w} | {d} | {lo} | {100 * (w + d / 2) / n:.0f}% | {100 * low:.0f}-{100 * high:.0f}% |")
    if not think:
        return
    mean = sum(think[subject.label]) / len(think[subject.label])
    print(f"\n{subject.label}: {mean:.2f} wall s per move on average; {time.perf_counter() - start:.0f} s in all")


OLD_EVALUATION = "own_beetle_on_queen=30:own_cover=1:drop_liberty=0"
"""The evaluation before this round (``--opponent-params old``): a side's own beetle on its own
queen scored like an enemy one (+30 for it, one more neighbour against her), and the free
neighbours of a queen under an enemy beetle were not counted as the enemy's placement cells."""


def _play_all(jobs: list[tuple[Pairing, int]], args: argparse.Namespace) -> Iterator[tuple[dict[str, Any], int]]:
    """Each job's record as it finishes (``args.workers`` processes), appended to ``args.out``."""
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(play_pairing, "hive", pairing, args.seed, args.cap, plies): plies
                   for pairing, plies in jobs}
        for future in as_completed(futures):
            record = future.result().to_json()
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
            yield record, futures[future]


def positions(count: int, seed: int) -> list[Board]:
    """``count`` mid-game positions (plies 10 to 30) from games of a one-ply search that plays any
    move within 40 points of its best, after 3 random plies: varied, but not random play."""
    out: list[Board] = []
    game = 0
    while len(out) < count:
        rng = np.random.default_rng([seed, game])
        player = make_agent("alphabeta", "hive", "White", rng, [("depth", "1"), ("tolerance", "40")])
        board = Board()
        stop_at = 10 + 4 * (game % 6)
        while board.outcome is None and board.ply < stop_at:
            if board.ply < 3:
                legal = board.legal_moves()
                board.play(legal[int(rng.integers(len(legal)))])
            else:
                board.play(player.decide(board).move)
        if board.outcome is None:
            out.append(board)
        game += 1
    return out


def probe(overrides: tuple[tuple[str, str], ...], count: int, seed: int) -> None:
    """Search ``count`` positions as the subject and print depth reached and nodes per second."""
    depths, nodes, cpu = [], 0, 0.0
    for board in positions(count, seed):
        agent = make_agent("alphabeta", "hive", board.to_move, np.random.default_rng(seed), list(overrides))
        tick = time.process_time()
        agent.decide(board)
        cpu += time.process_time() - tick
        result = agent.last  # type: ignore[attr-defined]
        depths.append(result.depth)
        nodes += result.nodes
    print(f"probe: {count} mid-game positions, depth reached {min(depths)}-{max(depths)} "
          f"(mean {sum(depths) / len(depths):.1f}), {nodes / cpu:.0f} nodes per CPU second, "
          f"{cpu / count:.2f} CPU s per move", flush=True)


if __name__ == "__main__":
    main()
