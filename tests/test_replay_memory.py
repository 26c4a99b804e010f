"""Replays keep memory linear in the game's length (issue 27 point 5) and give every position right.

Before, ``Recording.from_log`` kept a full copy of the board per ply, each carrying the move
history: a legal 20,000-ply Hive game took 1.66 GB and 13 s. ``benchmarks/replay_memory.py``
prints the figures for long games; this test bounds a 5,000-ply one.
"""

from __future__ import annotations

import random
import tracemalloc

from long_games import long_hive_log

from swarmtui.games import GAMES
from swarmtui.records import Recording
from swarmtui.records.positions import Positions


def warm_up(log) -> None:
    """Read ``log`` once untraced: the rules' caches (steps memoised per cell and neighbours)
    fill on first use and are not the replay's memory."""
    Recording.from_log(log, "warm-up")


def test_a_5000_ply_game_replays_in_a_few_megabytes():
    log = long_hive_log(5000)
    warm_up(log)
    tracemalloc.start()
    try:
        recording = Recording.from_log(log, "long game")
        final = recording.positions[-1]
        start = recording.positions[0]
        middle = recording.positions[2500]
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept < 4 * 2**20, f"{kept / 2**20:.1f} MiB kept"  # a copy per ply kept about 240 times this
    assert (start.ply, middle.ply, final.ply) == (0, 2500, 5000)
    assert len(recording.positions) == 5001 and final.outcome is None


def test_memory_per_ply_stays_bounded_as_the_game_grows():
    for plies in (1000, 4000):
        log = long_hive_log(plies)
        warm_up(log)
        tracemalloc.start()
        try:
            recording = Recording.from_log(log, "long game")
            kept = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        del recording
        # a copy per ply kept ~140 KB per ply at 5,000 plies (each copy's history and repetition keys)
        assert kept / plies < 2048, f"{kept / plies:.0f} bytes per ply at {plies} plies"


def reference_positions(log) -> list[str]:
    """The game string after each ply, replayed from scratch on one board (the old way's positions)."""
    spec = GAMES[log.game]
    board = spec.start(None, None)
    skips, strings = set(log.skips or ()), [board.game_string()]
    for ply, text in enumerate(log.moves):
        if ply in skips:
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
