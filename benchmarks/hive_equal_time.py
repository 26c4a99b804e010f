"""``alphabeta`` against an earlier commit's ``alphabeta`` in Hive, each at its own CPU time a move (issue 31).

    nice -n 10 .venv/bin/python benchmarks/hive_equal_time.py --pairs 40 --seconds 1 --baseline-seconds 8 \\
        --out saves/hive_equal_time.jsonl -w 1

Issue 31's proxy for the compiled engine is the ``alphabeta`` of commit ``62ca3ef`` given eight
seconds a move; today's at one second must score at least 60% against it. This plays them in
**pairs**: the same seeded random opening (``--opening`` plies drawn from the legal moves sorted
by text, so both engines reach the same position) once with each colour. The baseline's code is
that commit's tree (``git archive``, imported beside this code in each worker process, as
``hive_perft.py`` does); each side searches its own engine's board, moves pass between them by
value, and the current engine's board (default rules: the threefold-repetition draw) referees.
Both budgets are CPU seconds of the worker process (``clock=cpu``: the search stops on
``time.process_time``), one thread each, so the load of a shared machine changes the wall time,
not the search. A game reaching ``--cap`` plies is a draw.

Every finished game is appended to ``--out`` as one JSON line and a run with the same ``--out``
resumes: games already there are not played again (the settings must be the same; the file's
first line records them, with the commit of the code playing, so a run is resumed only by the same
code). The summary gives the current engine's wins, draws and losses, its
score with a 95% Wilson interval, and the pentanomial counts of the finished pairs (LL, LD,
WL+DD, WD, WW) and the sequential test of ``swarmtui sim sprt`` on them (``sim.pentanomial``: the
log-likelihood ratio for ``--elo0``/``--elo1`` in logistic Elo, alpha = beta = 0.05, its bounds,
the verdict and the Elo estimate with its interval).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np
from hive_perft import import_commit

from swarmtui.agents import make_agent
from swarmtui.agents.alphabeta import agent as current_alphabeta
from swarmtui.core.rng import derive_seed
from swarmtui.games.hive import compiled_search
from swarmtui.games.hive import rules as current_rules
from swarmtui.sim.pentanomial import Sprt
from swarmtui.sim.summary import wilson

_BASELINE: dict[str, Any] = {}


def _load_baseline(rev: str) -> None:
    """Import the baseline's rules and alphabeta once per worker process."""
    if "rev" not in _BASELINE or _BASELINE["rev"] != rev:
        modules, why = import_commit(rev, ("swarmtui.games.hive.rules", "swarmtui.agents.alphabeta.agent"))
        if modules is None:
            raise SystemExit(f"no baseline: {why}")
        _BASELINE.update(rev=rev, rules=modules[0], alphabeta=modules[1])


def opening(plies: int, seed: int) -> list[tuple]:
    """``plies`` random moves from the start (each drawn from the legal moves sorted by text)."""
    rng = np.random.default_rng(seed)
    board = current_rules.Board()
    while board.ply < plies and board.outcome is None:
        moves = sorted(board.legal_moves(), key=repr)
        board.play(moves[int(rng.integers(len(moves)))])
    return [tuple(m) for m in board.history]


def play_game(index: int, settings: dict[str, Any]) -> dict[str, Any]:
    """Game ``index``: pair ``index // 2``, the current engine White in even games."""
    _load_baseline(settings["baseline"])
    compiled_search.load()  # its loading is not charged to the first move's CPU time
    pair = index // 2
    current_white = index % 2 == 0
    seed = derive_seed(settings["seed"], "equal-time", pair)
    moves = opening(settings["opening"], seed)
    engines = {"current": (current_rules, current_alphabeta, settings["seconds"]),
               "baseline": (_BASELINE["rules"], _BASELINE["alphabeta"], settings["baseline_seconds"])}
    boards: dict[str, Any] = {}
    agents: dict[str, Any] = {}
    for name, (rules, alphabeta, seconds) in engines.items():
        boards[name] = rules.Board() if name == "baseline" else rules.Board(repetition=True)
        if name == "current":  # through the agent registry, with the run's parameter overrides
            overrides = [("time_limit", str(seconds)), ("clock", "cpu"), *settings.get("params", [])]
            agents[name] = make_agent("alphabeta", "hive", "White", np.random.default_rng(seed), overrides)
        else:
            params = alphabeta.AlphaBetaParams(time_limit=seconds, clock="cpu")
            agents[name] = alphabeta.AlphaBetaAgent("hive", np.random.default_rng(seed), params)
    for move in moves:
        for name, (rules, _, _) in engines.items():
            boards[name].play(rules.Move(*move))
    seats = ("current", "baseline") if current_white else ("baseline", "current")
    referee = boards["current"]
    think = {"current": 0.0, "baseline": 0.0}
    while referee.outcome is None and referee.ply < settings["cap"]:
        name = seats[referee.ply & 1]
        start = time.process_time()
        move = tuple(agents[name].decide(boards[name]).move)
        think[name] += time.process_time() - start
        for other, (rules, _, _) in engines.items():
            boards[other].play(rules.Move(*move))
        moves.append(move)
    outcome = referee.outcome
    winner = None if outcome is None or outcome.winner is None else seats[0 if outcome.winner == "White" else 1]
    score = 0.5 if winner is None else 1.0 if winner == "current" else 0.0
    return {"index": index, "pair": pair, "current": "White" if current_white else "Black", "score": score,
            "reason": outcome.reason if outcome is not None else f"cap of {settings['cap']} plies",
            "plies": referee.ply, "cpu": {k: round(v, 2) for k, v in think.items()},
            "moves": [referee_text(m) for m in moves]}


def referee_text(move: tuple) -> list[Any]:
    piece, origin, dest = move
    return [str(piece) if piece is not None else None, list(origin) if origin is not None else None,
            list(dest) if dest is not None else None]


def summary(records: list[dict[str, Any]], elo0: float, elo1: float) -> None:
    """Print the current engine's results, the pentanomial counts and, when available, the LLR."""
    scores = [r["score"] for r in records]
    n = len(scores)
    if not n:
        print("no games yet")
        return
    wins, draws = scores.count(1.0), scores.count(0.5)
    low, high = wilson(sum(scores), n)
    print(f"current: {wins} won, {draws} drawn, {n - wins - draws} lost of {n}: score {100 * sum(scores) / n:.1f}% "
          f"(95% Wilson {100 * low:.0f}-{100 * high:.0f}%)")
    by_pair: dict[int, list[float]] = {}
    for r in records:
        by_pair.setdefault(r["pair"], []).append(r["score"])
    counts = [0] * 5
    for pair in by_pair.values():
        if len(pair) == 2:
            counts[int(round(2 * sum(pair)))] += 1
    print(f"pentanomial (LL, LD, WL+DD, WD, WW) over {sum(counts)} finished pairs: {counts}")
    test = Sprt(elo0=elo0, elo1=elo1)
    llr = test.llr(counts)
    lower, upper = test.bounds
    estimate = test.estimate(counts)
    elo = "" if estimate is None else (f"; Elo {estimate.elo:+.0f} (95% {estimate.low:+.0f} .. "
                                       f"{estimate.high:+.0f})")
    verdict = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(test.decision(llr) or "", "no decision yet")
    print(f"sequential test ({test.describe()}): LLR {llr:+.2f} in [{lower:.2f}, {upper:.2f}]: {verdict}{elo}")


def this_commit() -> str:
    """The commit of the code playing as "current" (a run is resumed only by the same code)."""
    folder = Path(current_alphabeta.__file__).resolve().parent
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--", "."], capture_output=True,
                           text=True).stdout.strip()
    return (done.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20, help="pairs of games (one per colour) to have in --out")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a move for this code")
    parser.add_argument("--baseline-seconds", type=float, default=8.0, help="CPU seconds a move for the baseline")
    parser.add_argument("--baseline", default="62ca3ef", help="the earlier commit")
    parser.add_argument("--opening", type=int, default=4, help="random opening plies")
    parser.add_argument("--cap", type=int, default=300, help="plies after which a game is a draw")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=70.0, help="(60%% is +70 logistic Elo)")
    parser.add_argument("--params", default="", help="overrides for this code's alphabeta (name=value:...)")
    parser.add_argument("-w", "--workers", type=int, default=1)
    parser.add_argument("-o", "--out", type=Path, required=True, help="JSON lines, appended; resumed")
    args = parser.parse_args()
    settings = {"baseline": args.baseline, "seconds": args.seconds, "baseline_seconds": args.baseline_seconds,
                "opening": args.opening, "cap": args.cap, "seed": args.seed, "commit": this_commit()}
    if args.params:
        settings["params"] = [list(p.split("=", 1)) for p in args.params.split(":")]
    records: list[dict[str, Any]] = []
    if args.out.exists():
        lines = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines() if line.strip()]
        if lines and lines[0].get("settings") != settings:
            raise SystemExit(f"{args.out} was played with other settings: {lines[0].get('settings')}")
        records = [r for r in lines[1:] if "index" in r]
    else:
        args.out.write_text(json.dumps({"settings": settings}) + "\n", encoding="utf-8")
    done = {r["index"] for r in records}
    todo = [i for i in range(2 * args.pairs) if i not in done]
    print(f"{len(done)} games in {args.out}, {len(todo)} to play (load average {os.getloadavg()[0]:.1f})", flush=True)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play_game, i, settings) for i in todo]
        for future in as_completed(futures):
            record = future.result()
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
            records.append(record)
            print(f"game {record['index']}: current {record['current']} scores {record['score']} "
                  f"({record['reason']}, {record['plies']} plies, CPU {record['cpu']}, "
                  f"load {os.getloadavg()[0]:.1f})", flush=True)
    summary(records, args.elo0, args.elo1)


if __name__ == "__main__":
    main()
