"""Perft: the number of legal move sequences of a given length, the standard move-generator check.

Counts are compared with the ones Mzinga publishes for the base game (``tests/test_hive_perft.py``
cites the file). A finished game has no moves, so it ends every sequence through it; a pass
is a move. The last ply is counted without being played (bulk counting), as Mzinga and
nokamute do, and without building its ``Move`` objects (``Board.count_moves`` counts from the
same generator; ``tests/test_hive_move_picker.py`` checks it equals ``len(legal_moves())``).
Where the side to move after a placement has pieces in play but not its Queen, the last two
plies are counted without playing the placement (``Board._placement_child_counter``: that
side's placements are its bug kinds times this position's placement cells less the cells
beside the new piece); ``tests/test_hive_perft_shortcut.py`` checks it against playing.
"""

from __future__ import annotations

from swarmtui.games.hive.rules import Board


def perft(board: Board, depth: int) -> int:
    """Legal move sequences of exactly ``depth`` plies from ``board`` (left unchanged)."""
    if depth < 0:
        raise ValueError("perft depth must be at least 0")
    if depth == 0:
        return 1
    if depth == 1:
        return board.count_moves()
    moves = board.legal_moves()
    play, undo = board._apply, board.undo
    total = 0
    if depth == 2:
        count = board.count_moves
        shortcut = board._placement_child_counter()
        for move in moves:
            known = shortcut(move) if shortcut is not None else None
            if known is None:
                play(move)
                known = count()
                undo()
            total += known
        return total
    for move in moves:
        play(move)
        total += perft(board, depth - 1)
        undo()
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
