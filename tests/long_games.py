"""Long legal games for the replay-memory test and ``benchmarks/replay_memory.py``.

``long_hive_log(plies)`` is a legal base-game Hive game of exactly ``plies`` moves under the
game's default rules: uniformly random legal moves from a seeded generator, never one that ends
the game (a surrounded queen, or a position's third occurrence).
"""

from __future__ import annotations

import numpy as np

from swarmtui.games import GAMES
from swarmtui.games.hive import skip_turn
from swarmtui.games.hive.rules import Board
from swarmtui.records.gamelog import GameLog

TRIES = 1000
"""Random moves drawn at one ply before giving up (every one of them ended the game)."""


def long_hive_log(plies: int, seed: int = 1, skip_every: int = 0) -> GameLog:
    """A legal Hive game of ``plies`` moves that has not ended, as a saved game's log; with
    ``skip_every``, every so many plies the side to move skips its turn (the immobile-opponent
    protocol's ``skips``)."""
    board = GAMES["hive"].start(None, None)
    assert isinstance(board, Board)
    rng, moves, skips = np.random.default_rng(seed), list[str](), list[int]()
    while len(moves) < plies:
        if skip_every and len(moves) % skip_every == skip_every - 1:
            skip_turn(board)
            skips.append(len(moves))
            moves.append("pass")
            continue
        for _ in range(TRIES):
            move = board.random_move(rng)
            text = board.format_move(move)
            board.play(move)
            if board.outcome is None:
                moves.append(text)
                break
            board.undo()
        else:
            raise RuntimeError(f"every move ends the game at ply {len(moves)} (seed {seed})")
    return GameLog("hive", {"White": "random", "Black": "random"}, moves, seed=seed, skips=skips or None)
