"""Noughts & Crosses cells and marks, and what a position's cells alone say.

Cells are numbered 0-8 row by row from the top left and hold ``EMPTY``, ``X`` or ``O``. The
functions here read a tuple of cells and need no ``Board``: the lines, the winner, whose turn
it is and whether a position can occur in a game. The notation and the rules both build on
them (``notation`` imports this module, ``rules`` both), so neither imports the other's
caller.
"""

from __future__ import annotations

from collections.abc import Iterable

EMPTY, X, O = 0, 1, 2  # noqa: E741 -- O is the nought, the mark's own name in the game
MARKS = {EMPTY: ".", X: "X", O: "O"}

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


def winning_line(cells: Iterable[int]) -> tuple[int, int, int] | None:
    """The first completed line of ``cells``, if any."""
    c = tuple(cells)
    for a, b, d in LINES:
        if c[a] != EMPTY and c[a] == c[b] == c[d]:
            return (a, b, d)
    return None


def side_to_move(cells: Iterable[int]) -> int:
    """X when both have placed the same number of marks, else O."""
    c = tuple(cells)
    return X if c.count(X) == c.count(O) else O


def is_reachable(cells: Iterable[int]) -> bool:
    """True for positions that can occur in a legal game (counts, at most one winner, order)."""
    c = tuple(cells)
    xs, os_ = c.count(X), c.count(O)
    if xs - os_ not in (0, 1):
        return False
    line = winning_line(c)
    if line is None:
        return True
    winner = c[line[0]]
    others = [ln for ln in LINES if all(c[i] == (O if winner == X else X) for i in ln)]
    if others:
        return False
    # The winner made the last move: X wins with xs = os + 1, O wins with xs = os.
    if (winner == X and xs != os_ + 1) or (winner == O and xs != os_):
        return False
    # The position before the last move must have had no line: some cell of every winning
    # line of the winner must be removable leaving no line.
    return any(winning_line(c[:i] + (EMPTY,) + c[i + 1:]) is None for i in range(9) if c[i] == winner)
