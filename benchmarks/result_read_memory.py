"""Peak memory of reading result files (issue 27 point 11): a line at the limit, a large file.

Each command runs in its own process and its peak resident memory is read by ``/usr/bin/time``:

- ``sim report`` of a file whose one game line is ``--line-mib`` MiB of empty JSON objects
  (the worst amplification the parser has: a small object per three bytes), just under the
  line limit, and of one of ``--long-line-mib`` MiB (over this limit, under the old one);
- ``sim report``, ``replay --final`` and ``sim report --ratings`` of a ``--file-mib`` MiB file
  made of one real traced game line (a two-player ``aco-bco-colony`` Halma game, played first)
  repeated with new indices;
- ``sim run --resume`` of a real unfinished run of ``--resume-games`` noughts games with traces.

With ``--baseline DIR`` (a checkout of an earlier commit, e.g. ``git worktree add /tmp/base
9045de2``) every command also runs on that code (``PYTHONPATH=DIR``), in the same run, and the
ratio is printed: compare as ratios, the machine is shared.

    nice -n 10 .venv/bin/python benchmarks/result_read_memory.py [--baseline /tmp/base]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MIB = 1 << 20


def peak_mib(argv: list[str], cwd: Path, pythonpath: str | None) -> tuple[float, float, int]:
    """Peak resident MiB, wall seconds and exit status of ``python -m swarmtui ARGV``, measured by
    ``/usr/bin/time`` (a child forked from this process would count this process's pages too)."""
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    start = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-f", "peak %M", sys.executable, "-m", "swarmtui", *argv], cwd=cwd,
                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = int(done.stderr.strip().splitlines()[-1].split()[-1])
    return peak / 1024, time.monotonic() - start, done.returncode


def hostile_line_file(path: Path, mib: float) -> Path:
    header = {"kind": "run", "format": 2, "experiment": {"game": "noughts", "agents": ["ga", "random"], "games": 1,
                                                         "seed": 0, "params": [], "sweep": [], "traces": False}}
    count = int(mib * MIB) // 3
    with path.open("w", encoding="utf-8") as handle:
        handle.write(json.dumps(header) + "\n")
        handle.write('{"kind":"game","x":[' + ",".join(["{}"] * count) + "]}\n")
    return path


def big_file(path: Path, line: dict, header: dict, mib: float) -> Path:
    with path.open("w", encoding="utf-8") as handle:
        handle.write(json.dumps(header) + "\n")
        index = 0
        while handle.tell() < mib * MIB:
            handle.write(json.dumps({**line, "index": index}, separators=(",", ":")) + "\n")
            index += 1
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--line-mib", type=float, default=15.5)
    parser.add_argument("--long-line-mib", type=float, default=60.0, help="a line over the new limit, under the old")
    parser.add_argument("--file-mib", type=float, default=180.0)
    parser.add_argument("--resume-games", type=int, default=20_000)
    parser.add_argument("--baseline", default=None, help="a checkout of an earlier commit, run as PYTHONPATH")
    args = parser.parse_args()
    codes = [("this code", None)] + ([("baseline", args.baseline)] if args.baseline else [])
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        traced = work / "traced.jsonl"
        subprocess.run([sys.executable, "-m", "swarmtui", "sim", "run", "halma", "-p", "aco-bco-colony,greedy",
                        "-n", "1", "-w", "1", "--traces", "-o", str(traced)], check=True, capture_output=True, cwd=work)
        header, line = (json.loads(text) for text in traced.read_text(encoding="utf-8").splitlines()[:2])
        big = big_file(work / "big.jsonl", line, header, args.file_mib)
        hostile = hostile_line_file(work / "hostile.jsonl", args.line_mib)
        long = hostile_line_file(work / "long.jsonl", args.long_line_mib)
        run = work / "run.jsonl"
        subprocess.run([sys.executable, "-m", "swarmtui", "sim", "run", "noughts", "-n", str(args.resume_games),
                        "-w", "2", "--traces", "-o", str(run)], check=True, capture_output=True, cwd=work)
        kept = run.read_text(encoding="utf-8").splitlines()[:-1]  # unfinished: no summary line
        print(f"one traced Halma game line: {len(json.dumps(line)) / MIB:.2f} MiB; big file "
              f"{big.stat().st_size / MIB:.0f} MiB; hostile line {args.line_mib} MiB; resume file "
              f"{sum(map(len, kept)) / MIB:.1f} MiB ({len(kept) - 1} games)")
        cases = [("report: hostile line", ["sim", "report", str(hostile)]),
                 (f"report: {args.long_line_mib:g} MiB line", ["sim", "report", str(long)]),
                 ("report: big file", ["sim", "report", str(big)]),
                 ("replay --final: big file", ["replay", str(big), "--final", "--game", "3"]),
                 ("report --ratings: big file", ["sim", "report", "--ratings", "--anchor", "greedy", str(big)]),
                 ("resume", ["sim", "run", "noughts", "--resume", str(run)])]
        for label, argv in cases:
            row = []
            for name, pythonpath in codes:
                if label == "resume":
                    run.write_text("\n".join(kept) + "\n", encoding="utf-8")
                    argv = argv[:-1] + [str(run)]
                mib, seconds, status = peak_mib(argv, work, pythonpath)
                row.append((name, mib, seconds, status))
            text = "; ".join(f"{name} {mib:.0f} MiB, {seconds:.1f} s, exit {status}"
                             for name, mib, seconds, status in row)
            ratio = f" (x{row[1][1] / row[0][1]:.1f} before)" if len(row) > 1 else ""
            print(f"{label}: {text}{ratio}", flush=True)


if __name__ == "__main__":
    main()
