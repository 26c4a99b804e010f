"""Perft for Halma: the number of legal move sequences of a given length, the move-generator check.

Every move is played and taken back, the last ply included (no bulk counting), so the count
times ``legal_moves``, ``play`` and ``undo`` together. ``tests/test_halma_rules.py`` checks the
counts against an independent grid model of the star; ``benchmarks/halma_perft.py`` times them.
A finished game has no moves, so it ends every sequence through it.
"""

from __future__ import annotations

from swarmtui.games.halma.rules import Board


def perft(board: Board, depth: int) -> int:
    """Legal move sequences of exactly ``depth`` moves from ``board`` (left unchanged)."""
    if depth < 0:
        raise ValueError("perft depth must be at least 0")
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.play(move)
        total += perft(board, depth - 1)
        board.undo()
    return total
