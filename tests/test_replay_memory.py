"""Replays keep memory linear in the game's length (issue 27 point 5) and give every position right.

Before, ``Recording.from_log`` kept a full copy of the board per ply, each carrying the move
history: a legal 20,000-ply Hive game took 1.66 GB and 13 s. ``benchmarks/replay_memory.py``
prints the figures for long games; this test bounds a 5,000-ply one.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from long_games import long_hive_log
from screens import as_a

from swarmtui.games import GAMES
from swarmtui.games.hive.rules import Board
from swarmtui.records import Recording
from swarmtui.records.positions import Positions

MEASURE = """
import gc, sys, tracemalloc
sys.path.insert(0, sys.argv[1])
from long_games import long_hive_log
from swarmtui.records import Recording
for plies in map(int, sys.argv[2:]):
    log = long_hive_log(plies)
    Recording.from_log(log, "warm-up")  # the rules' caches (steps memoised per cell) fill on first use
    gc.collect()
    tracemalloc.start()
    recording = Recording.from_log(log, "long game")
    positions = (recording.positions[0].ply, recording.positions[plies // 2].ply, recording.positions[-1].ply)
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(plies, kept, *positions, len(recording.positions), recording.positions[-1].outcome is None)
    del recording
"""


def kept_bytes(*plies: int) -> dict[int, list[int]]:
    """What a replay of a ``plies``-long Hive game keeps, measured in a fresh interpreter: inside
    the suite, what earlier tests left in the rules' caches and the collector's generations moved
    the figure by megabytes (a 5,000-ply game measured 2.7 MiB alone and 6.4 MiB after the suite)."""
    done = subprocess.run([sys.executable, "-c", MEASURE, str(Path(__file__).parent), *map(str, plies)],
                          capture_output=True, text=True, timeout=300, check=True)
    rows = [line.split() for line in done.stdout.splitlines()]
    return {int(row[0]): [int(x) if x.isdigit() else int(x == "True") for x in row[1:]] for row in rows}


def test_a_5000_ply_game_replays_in_a_few_megabytes():
    kept, *rest = kept_bytes(5000)[5000]
    assert kept < 4 * 2**20, f"{kept / 2**20:.1f} MiB kept"  # a copy per ply kept about 240 times this
    assert rest == [0, 2500, 5000, 5001, 1]  # start, middle and final plies; 5001 positions; not over


def test_memory_per_ply_stays_bounded_as_the_game_grows():
    for plies, (kept, *_) in kept_bytes(1000, 4000).items():
        # a copy per ply kept ~140 KB per ply at 5,000 plies (each copy's history and repetition keys)
        assert kept / plies < 2048, f"{kept / plies:.0f} bytes per ply at {plies} plies"


def reference_positions(log) -> list[str]:
    """The game string after each ply, replayed from scratch on one board (the old way's positions)."""
    spec = GAMES[log.game]
    board = as_a(spec.start(None, None), Board)
    skips, strings = set(log.skips or ()), [board.game_string()]
    for ply, text in enumerate(log.moves):
        if ply in skips:
            assert spec.skip_turn is not None
            spec.skip_turn(board)
        else:
            board.play(board.parse_move(text))
        strings.append(board.game_string())
    return strings


def test_walking_forward_back_and_jumping_gives_every_position_exactly():
    log = long_hive_log(300, seed=5)
    want = reference_positions(log)
    spec = GAMES["hive"]
    positions = Positions(spec.start(None, None), spec.skip_turn, every=4, max_checkpoints=4)
    for text in log.moves:
        positions.play(positions.board.parse_move(text))
    order = list(range(301)) + list(range(300, -1, -1)) + random.Random(3).choices(range(301), k=200) + [-1, -301]
    for ply in order:
        got = positions[ply]
        assert got.game_string() == want[ply], ply
        if got.outcome is None:
            got.play(got.legal_moves()[0])  # a copy: changing it changes nothing
    assert positions.at(-1).game_string() == want[-1]


def test_skipped_turns_walk_back_and_forth():
    log = long_hive_log(200, seed=2, skip_every=7)
    want = reference_positions(log)
    recording = Recording.from_log(log, "preset game")
    for ply in [*range(len(want) - 1, -1, -1), *range(len(want))]:
        assert recording.positions.at(ply).game_string() == want[ply], ply
