"""Perft's last two plies counted without playing a placement agree with playing it."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.core.hexgrid import DIRECTIONS, Hex
from swarmtui.games.hive.pieces import GAME_TYPES, parse_piece
from swarmtui.games.hive.rules import Board


def _openings(game_type: str, seed: int, count: int) -> list[Board]:
    """Positions of the placement phase (plies 2-14 of seeded random games), some with a move cap."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        board = Board(game_type=game_type, move_cap=int(rng.integers(4, 16)) if k % 4 == 0 else None)
        target = int(rng.integers(2, 15))
        while board.outcome is None and board.ply < target:
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])
        out.append(board)
    return out


@pytest.mark.parametrize("game_type", [GAME_TYPES[0], GAME_TYPES[-1]])
def test_the_counted_children_are_those_that_playing_gives(game_type):
    answered = 0
    for board in _openings(game_type, 31, 120):
        counter = board._placement_child_counter()
        if counter is None:
            continue
        for move in board.legal_moves():
            known = counter(move)
            if known is None:
                continue
            board.play(move)
            fresh = board.copy()
            fresh._legal = None
            assert known == len(fresh.legal_moves()), (board.game_string(), str(move))
            board.undo()
            answered += 1
    assert answered > 300


def test_a_placement_that_surrounds_a_queen_is_played():
    # White's queen has five white neighbours; a white piece placed on the sixth loses the game
    # (that child has no moves), so the counter leaves it to be played.
    layout = {Hex(0, 0): (parse_piece("wQ"),)}
    for name, step in zip(("wS1", "wS2", "wB1", "wB2", "wG1"), DIRECTIONS[:5], strict=True):
        layout[step] = (parse_piece(name),)
    east = DIRECTIONS[0]
    layout[Hex(2 * east.q, 2 * east.r)] = (parse_piece("bS1"),)
    layout[Hex(3 * east.q, 3 * east.r)] = (parse_piece("bA1"),)  # Black: pieces in play, no Queen
    board = Board.from_layout(layout, "White")
    counter = board._placement_child_counter()
    assert counter is not None
    last = [m for m in board.legal_moves() if m.origin is None and m.dest == DIRECTIONS[5]]
    assert last and all(counter(m) is None for m in last)
    board.play(last[0])
    assert board.outcome is not None and board.outcome.winner == "Black"
