"""Reproduce McGuile's Tables 4.1-4.3 (and the pso-plus comparison) and write them as Markdown.

    .venv/bin/python benchmarks/hive_tables.py                      # every table, the thesis' counts
    .venv/bin/python benchmarks/hive_tables.py --quick              # reduced counts (60 / 20 games a row)
    .venv/bin/python benchmarks/hive_tables.py --tables 4.3,plus --mcts-games 40 --records runs/hive.jsonl
    .venv/bin/python benchmarks/hive_tables.py --from-records runs/hive.jsonl --markdown hive_tables.md

Games of all selected rows are interleaved (game i of every row before game i+1 of any), so a
run stopped early (Ctrl-C or SIGTERM: MCTS rows are slow) still prints balanced tables of the
games that finished. ``--records`` keeps every game (JSON lines, checkpointed atomically) and
``--from-records`` rebuilds the tables from such a file without playing.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from dataclasses import replace
from pathlib import Path

from swarmtui.papers.mcguile.pairings import Pairing, run_pairings, tally
from swarmtui.papers.mcguile.presets import Row, improved, markdown_table, share_line, table_4_1, table_4_2, table_4_3
from swarmtui.papers.mcguile.protocol import HiveGameRecord
from swarmtui.records.results import RecordWriter

TITLES = {
    "4.1": "Table 4.1: intention variants vs an immobile opponent (thesis: 300 games a row)",
    "4.2": "Table 4.2: intention variants vs Random, tiebreak on (thesis: 300 games a row)",
    "4.3": "Table 4.3: final swarm and MCTS(500 iterations, depth 13) (thesis: 100 games a row)",
    "plus": "Beyond the thesis: pso-plus (no thesis numbers)",
}


def _pairings(tables: list[str], games: int | None, mcts_games: int | None) -> dict[str, list[Pairing]]:
    built = {"4.1": table_4_1(games), "4.2": table_4_2(games), "4.3": table_4_3(games), "plus": improved(games)}
    chosen = {}
    for name in tables:
        rows = built[name]
        if mcts_games is not None:
            rows = [replace(p, games=mcts_games) if any(pl.agent == "mcts" for pl in p.players) else p for p in rows]
        chosen[name] = rows
    return chosen


def _stop(signum, frame):  # SIGTERM behaves like Ctrl-C: keep what finished
    raise KeyboardInterrupt


def play(tables: dict[str, list[Pairing]], seed: int, workers: int, records: Path | None,
         first: int = 0) -> dict[str, list[Row]]:
    flat = [(name, p) for name, rows in tables.items() for p in rows]
    found: list[list[HiveGameRecord]] = [[] for _ in flat]
    signal.signal(signal.SIGTERM, _stop)
    start = time.perf_counter()
    header = {"game": "hive", "benchmark": "hive_tables", "seed": seed}
    writer = RecordWriter(records, header=header) if records else None
    try:
        if writer:
            writer.__enter__()
        for k, record in run_pairings([p for _, p in flat], seed, workers, first):
            found[k].append(record)
            if writer:
                writer.write(record.to_json(), group=f"{flat[k][0]}|{flat[k][1].group}")
            done = sum(map(len, found))
            print(f"\r{done} games, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\nstopped: tables of the games that finished", file=sys.stderr)
    finally:
        if writer:
            writer.__exit__(None, None, None)
    print(file=sys.stderr)
    out: dict[str, list[Row]] = {name: [] for name in tables}
    for (name, pairing), recs in zip(flat, found, strict=True):
        out[name].append(Row(replace(pairing, games=len(recs)), tally(recs)))
    return out


def from_records(paths: list[Path], tables: dict[str, list[Pairing]]) -> dict[str, list[Row]]:
    """Tables rebuilt from ``--records`` files (rows matched by table and group; games by index)."""
    fields = set(HiveGameRecord.__dataclass_fields__)
    by_group: dict[str, dict[int, HiveGameRecord]] = {}
    lines = [line for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        data = json.loads(line)
        if data.get("kind") != "game":
            continue
        record = HiveGameRecord(**{k: v for k, v in data.items() if k in fields})
        by_group.setdefault(data["group"], {})[record.index] = record
    out: dict[str, list[Row]] = {}
    for name, rows in tables.items():
        for pairing in rows:
            recs = [r for _, r in sorted(by_group.get(f"{name}|{pairing.group}", {}).items())]
            if recs:
                out.setdefault(name, []).append(Row(replace(pairing, games=len(recs)), tally(recs)))
    return out


def markdown(results: dict[str, list[Row]], seed: int) -> str:
    parts = []
    for name, rows in results.items():
        if not rows:
            continue
        parts.append(f"### {TITLES[name]}\n\nseed {seed}; games per row as listed.\n\n{markdown_table(rows)}\n")
        line = share_line(rows)
        if line:
            parts.append(line + "\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="4.1,4.2,4.3,plus", help="comma-separated: 4.1, 4.2, 4.3, plus")
    parser.add_argument("--games", type=int, default=None, help="games per row (default: the thesis' counts)")
    parser.add_argument("--mcts-games", type=int, default=None, help="games per row with an MCTS player")
    parser.add_argument("--quick", action="store_true", help="reduced counts: 60 games a row, 20 with MCTS")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="start at this game number (split or resume a run)")
    parser.add_argument("--records", type=Path, default=None, help="keep every game here (JSON lines)")
    parser.add_argument("--from-records", type=Path, nargs="+", default=None,
                        help="rebuild the tables from these files")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the Markdown tables here")
    args = parser.parse_args(argv)
    tables = [t.strip() for t in args.tables.split(",") if t.strip()]
    unknown = [t for t in tables if t not in TITLES]
    if unknown:
        parser.error(f"unknown table {unknown[0]!r} (known: {', '.join(TITLES)})")
    games = 60 if args.quick and args.games is None else args.games
    mcts_games = 20 if args.quick and args.mcts_games is None else args.mcts_games
    pairings = _pairings(tables, games, mcts_games)
    if args.from_records:
        results = from_records(args.from_records, pairings)
    else:
        results = play(pairings, args.seed, args.workers, args.records, args.first)
    text = markdown(results, args.seed)
    print(text)
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
        print(f"wrote {args.markdown}", file=sys.stderr)


if __name__ == "__main__":
    main()
