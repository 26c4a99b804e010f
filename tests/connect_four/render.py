"""The board as text: the top row first, column letters underneath."""

from __future__ import annotations

from rich.text import Text

from connect_four.rules import Board

DISCS = {"unicode": ("●", "○", "·"), "ascii": ("R", "Y", ".")}


def render_board(board: Board, glyphs: str = "unicode", cursor: int | None = None) -> Text:
    red, yellow, empty = DISCS[glyphs]
    won = set(board.winning_cells())
    text = Text(end="")
    if cursor is not None:
        text.append(" ".join("v" if c == cursor else " " for c in range(board.rules.columns)) + "\n")
    for row in reversed(range(board.rules.rows)):
        for column in range(board.rules.columns):
            seat = board.at(column, row)
            glyph = empty if seat is None else (red, yellow)[seat]
            text.append(glyph, "bold underline" if (column, row) in won else "")
            text.append(" " if column < board.rules.columns - 1 else "\n")
    text.append(" ".join(board.format_move(c) for c in range(board.rules.columns)))
    return text
