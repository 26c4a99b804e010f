"""Replay memory and time for long games (issue 27 point 5): ``Recording.from_log`` on legal
Hive games of 5,000 to 100,000 plies, against the old way (a board copy per ply) in the same run.

Before, a copy per ply (each carrying the move history) made replay memory quadratic: a legal
20,000-ply Hive game took 1.66 GB and 13 s, 100,000 plies ran out of memory. ``records.positions``
keeps one board walked by play/undo and at most ``MAX_CHECKPOINTS`` copies. Printed per size:
memory kept after reading (tracemalloc: allocations only, the same on any machine), its peak,
process CPU seconds to read the game, and to jump to the start, the end and the middle. The
copy-per-ply figure is measured only up to ``--old-up-to`` plies (it grows as the square).

    .venv/bin/python benchmarks/replay_memory.py [--plies 5000,20000,100000] [--old-up-to 5000]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

# The imports below follow the sys.path line that finds tests/long_games.py (hence E402).
from long_games import long_hive_log  # noqa: E402

from swarmtui.games import GAMES  # noqa: E402
from swarmtui.records import GameLog, Recording  # noqa: E402


def copy_per_ply(log: GameLog) -> list[Any]:
    """The old way: every position kept as its own copy of the board."""
    board = GAMES[log.game].start(None, None)
    positions = [board.copy()]
    for text in log.moves:
        board.play(board.parse_move(text))
        positions.append(board.copy())
    return positions


def measured(read: Callable[[], Any]) -> tuple[Any, int, int, float]:
    """``read()``'s result, the bytes it keeps and its peak (a traced call), and its process CPU
    seconds (another call, untraced: tracing slows allocation several times)."""
    start = time.process_time()
    read()
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        result = read()
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, kept, peak, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", default="5000,20000,100000", help="game lengths, comma-separated")
    parser.add_argument("--old-up-to", type=int, default=5000, help="measure a copy per ply up to this length")
    args = parser.parse_args()
    mib = 2**20
    print(f"{'plies':>7} {'kept MiB':>9} {'peak MiB':>9} {'bytes/ply':>9} {'read s':>7} {'jumps s':>8}"
          f"  old: {'kept MiB':>8} {'read s':>7} {'memory ratio':>12}")
    for plies in (int(p) for p in args.plies.split(",")):
        log = long_hive_log(plies)
        recording, kept, peak, seconds = measured(lambda log=log: Recording.from_log(log, "long game"))
        start = time.process_time()
        for ply in (0, plies, plies // 2, plies // 2 - 1, 1):
            recording.positions[ply]
        jumps = time.process_time() - start
        line = (f"{plies:>7} {kept / mib:>9.2f} {peak / mib:>9.2f} {kept / plies:>9.0f} {seconds:>7.2f} "
                f"{jumps:>8.3f}")
        del recording
        if plies <= args.old_up_to:
            old, old_kept, _, old_seconds = measured(lambda log=log: copy_per_ply(log))
            del old
            line += f"        {old_kept / mib:>8.1f} {old_seconds:>7.2f} {old_kept / kept:>11.0f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()
