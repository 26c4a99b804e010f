"""Noughts board as Rich ``Text``: used by the TUI widget, ``--ascii`` mode, exports and tests.

Nothing here relies on colour alone: the cursor is drawn as brackets ``[ ]``, the last move
carries a ``*`` and the cells of a winning line are underlined as well as styled.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from swarmtui.games.noughts.notation import COLUMNS
from swarmtui.games.noughts.rules import EMPTY, MARKS, Board


@dataclass(frozen=True)
class Glyphs:
    """Characters of one glyph set."""

    vertical: str
    horizontal: str
    cross: str


UNICODE = Glyphs("│", "─", "┼")
ASCII = Glyphs("|", "-", "+")
GLYPH_SETS = {"unicode": UNICODE, "ascii": ASCII}


@dataclass(frozen=True)
class BoardStyle:
    """Rich styles for the parts of the board (the TUI passes theme colours)."""

    x: Style = Style(color="bright_red", bold=True)
    o: Style = Style(color="bright_blue", bold=True)
    grid: Style = Style(dim=True)
    label: Style = Style(dim=True)
    cursor: Style = Style(reverse=True)
    win: Style = Style(underline=True, bold=True)


def render_board(
    board: Board,
    *,
    cursor: int | None = None,
    last: int | None = None,
    glyphs: str = "unicode",
    style: BoardStyle = BoardStyle(),
    labels: bool = True,
) -> Text:
    """The board as 7 lines of text (5 without labels), each cell three characters wide."""
    g = GLYPH_SETS[glyphs]
    win = set(board.winning_line or ())
    text = Text(no_wrap=True, end="")
    indent = "  " if labels else ""
    if labels:
        text.append(indent + "".join(f" {c}  " for c in COLUMNS).rstrip() + "\n", style.label)
    for row in range(3):
        if labels:
            text.append(f"{row + 1} ", style.label)
        for col in range(3):
            cell = row * 3 + col
            _append_cell(text, board, cell, cursor, last, win, style)
            if col < 2:
                text.append(g.vertical, style.grid)
        text.append("\n")
        if row < 2:
            text.append(indent + g.cross.join([g.horizontal * 3] * 3) + "\n", style.grid)
    text.rstrip()
    return text


def _append_cell(text: Text, board: Board, cell: int, cursor: int | None, last: int | None,
                 win: set[int], style: BoardStyle) -> None:
    value = board.cells[cell]
    mark = MARKS[value] if value != EMPTY else " "
    mark_style = style.x if value == 1 else style.o if value == 2 else Style()
    if cell in win:
        mark_style = mark_style + style.win
    left, right = ("[", "]") if cell == cursor else (" ", "*" if cell == last else " ")
    frame = style.cursor if cell == cursor else Style()
    text.append(left, frame)
    text.append(mark, mark_style + frame)
    text.append(right, frame)


def render_plain(board: Board, glyphs: str = "ascii", **kwargs) -> str:
    """The board as plain text (no styles): for logs, exports and tests."""
    return render_board(board, glyphs=glyphs, **kwargs).plain
