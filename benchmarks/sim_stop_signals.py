"""SIGTERM at random moments to ``swarmtui sim run ... -w 2``: hangs, orphans, bad endings.

Issue 27 point 8: a stop handler that raised inside ``logging``'s or ``multiprocessing``'s
locks once hung a run for minutes and orphaned its workers. Stop signals are now a flag the
loops read (``core.signals``); this sends the signal at ``--moments`` moments and checks each
ending with ``swarmtui.sim.stop_trial``: the run ends within 60 s, no process of its session is
left, stderr is one line without a traceback, the exit status is the signal's, and the result
file reads back holding what that line says. One uninterrupted run first measures how long a
run takes; most moments are uniform over that time (import, pool start, play, the final
write), and one in ten is "as soon as the pool has forked its first / second worker".

    nice -n 10 .venv/bin/python benchmarks/sim_stop_signals.py [--moments 200] [--games 3000]

It prints the counts (and each problem found); the exit status is 1 when any trial hung,
left a process or ended badly. Linux only (reads /proc).
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from swarmtui.sim.stop_trial import stop_trial


def _run_seconds(out: Path, games: int, workers: int) -> float:
    out.unlink(missing_ok=True)
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "swarmtui", "sim", "run", "noughts", "-n", str(games), "-w", str(workers),
                    "-o", str(out)], check=True, capture_output=True)
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", type=int, default=200)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--signal", default="SIGTERM", choices=["SIGTERM", "SIGINT", "SIGHUP"])
    args = parser.parse_args()
    number = signal.Signals[args.signal]
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "run.jsonl"
        length = _run_seconds(out, args.games, args.workers)
        print(f"an uninterrupted run of {args.games} games on {args.workers} workers: {length:.2f} s")
        trials = []
        for moment in range(args.moments):
            if rng.random() < 0.1:
                when = {"at_children": rng.choice([1, 2])}
            else:
                when = {"delay": rng.uniform(0, 1.1 * length)}
            trial = stop_trial(out, games=args.games, workers=args.workers, number=number, **when)
            trials.append(trial)
            for problem in trial.problems:
                print(f"moment {moment} {when}: {problem}", flush=True)
    hangs = sum(t.hung for t in trials)
    orphans = sum(len(t.orphans) for t in trials)
    bad = sum(bool(t.problems) for t in trials)
    stops = [t.stop_seconds for t in trials if t.stop_seconds is not None and t.outcome == "interrupted"]
    print(f"{len(trials)} {args.signal}s: {hangs} hangs, {orphans} orphaned processes, {bad} trials with a problem")
    endings = Counter(t.outcome or "?" for t in trials)
    print("endings: " + ", ".join(f"{n} {name}" for name, n in sorted(endings.items())))
    if stops:
        print(f"signal to exit when interrupted: median {statistics.median(stops):.2f} s, max {max(stops):.2f} s")
    return 1 if hangs or orphans or bad else 0


if __name__ == "__main__":
    sys.exit(main())
