"""Perft: the number of legal move sequences of a given length, the standard move-generator check.

Counts are compared with the ones Mzinga publishes for the base game (``tests/test_hive_perft.py``
cites the file). A finished game has no moves, so it ends every sequence through it; a pass
is a move. The last ply is counted without being played (bulk counting), as Mzinga and
nokamute do.
"""

from __future__ import annotations

from swarmtui.games.hive.rules import Board


def perft(board: Board, depth: int) -> int:
    """Legal move sequences of exactly ``depth`` plies from ``board`` (left unchanged)."""
    if depth < 0:
        raise ValueError("perft depth must be at least 0")
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board._apply(move)
        total += perft(board, depth - 1)
        board.undo()
    return total


def divide(board: Board, depth: int) -> dict[str, int]:
    """Perft split by first move (MoveString -> count), for hunting down a disagreement."""
    out = {}
    for move in board.legal_moves():
        text = board.format_move(move)
        board._apply(move)
        out[text] = perft(board, depth - 1)
        board.undo()
    return out
