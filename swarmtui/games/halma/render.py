"""The Halma star as Rich ``Text``: used by the TUI widget, ``--ascii`` mode, exports and tests.

Holes sit two columns apart on each of the 17 rows (the ``core.hexgrid`` projection with k = 1,
column = 2q + r), so the star is 27 characters wide plus the row letters (and the hole names
along the right edge, ``edges=True``: ``e13`` beside the last hole of row ``e``). The characters
between holes carry the markers, so nothing relies on colour: every seat has its own piece
glyph, the cursor is ``[ ]``, the selected piece ``( )``, legal destinations a diamond ``◇``
(``+`` in ASCII), the last move's vacated start and intermediate landing holes ``○`` (``o``)
and its end ``*`` after the piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from swarmtui.core.hexgrid import Hex
from swarmtui.games.halma.notation import ROW_LETTERS, ROWS, format_cell
from swarmtui.games.halma.rules import Board, Move


@dataclass(frozen=True)
class Glyphs:
    """Characters of one glyph set: an empty hole, a piece per seat, target and trail marks."""

    hole: str
    pieces: tuple[str, ...]
    target: str
    trail: str


UNICODE = Glyphs("·", ("●", "▲", "■", "◆", "★", "✚"), "◇", "○")
ASCII = Glyphs(".", ("1", "2", "3", "4", "5", "6"), "+", "o")
GLYPH_SETS = {"unicode": UNICODE, "ascii": ASCII}

WIDTH = 27
"""Characters per row of the star, margins for the cursor brackets included."""
EDGE_WIDTH = 3
"""Characters the hole names along the right edge add to the widest row (``e13``)."""


@dataclass(frozen=True)
class BoardStyle:
    """Rich styles for the parts of the board (the TUI passes theme colours)."""

    seats: tuple[Style, ...] = (
        Style(color="bright_red", bold=True), Style(color="bright_blue", bold=True),
        Style(color="bright_green", bold=True), Style(color="bright_yellow", bold=True),
        Style(color="bright_magenta", bold=True), Style(color="bright_cyan", bold=True),
    )
    hole: Style = Style(dim=True)
    label: Style = Style(dim=True)
    cursor: Style = Style(reverse=True)
    selected: Style = Style(underline=True, bold=True)
    target: Style = Style(bold=True)
    trail: Style = Style(italic=True)
    last: Style = Style(bold=True)


def column(cell: Hex) -> int:
    """The text column of ``cell`` within a row of ``WIDTH`` characters."""
    return 2 * cell.q + cell.r + WIDTH // 2


def render_board(
    board: Board,
    *,
    glyphs: str = "unicode",
    cursor: Hex | None = None,
    selected: Hex | None = None,
    targets: Iterable[Hex] = (),
    last: Move | None | bool = True,
    labels: bool = True,
    edges: bool = False,
    style: BoardStyle = BoardStyle(),
) -> Text:
    """The star as 17 lines; ``last=True`` marks the board's last move, a Move marks that one.

    ``labels``: each row's letter on its left. ``edges``: also the name of each row's last hole
    just right of it, along the star's outline (``a1`` at the tip, ``e13`` at the widest row):
    with the letters on the left, every hole's name can be read off the board (holes are
    numbered from 1 at the left of their row); the letters then take one column, not two, so a
    row is at most ``1 + WIDTH + EDGE_WIDTH`` characters (31)."""
    g = GLYPH_SETS[glyphs]
    targets = set(targets)
    move = board.last_move if last is True else (last or None)
    trail = set(move.path[:-1]) if move else set()
    text = Text(no_wrap=True, end="")
    for index, row in enumerate(ROWS):
        chars = [(" ", Style())] * WIDTH
        for cell in row:
            col = column(cell)
            seat = board.occupant(cell)
            if seat is not None:
                chars[col] = (g.pieces[int(seat) - 1], style.seats[int(seat) - 1])
            elif cell in targets:
                chars[col] = (g.target, style.target)
            elif cell in trail:
                chars[col] = (g.trail, style.trail)
            else:
                chars[col] = (g.hole, style.hole)
        for cell in row:
            _mark(chars, cell, cursor, selected, move, style)
        if edges:
            _edge_name(chars, row, style)
        if labels:  # with the edge names, the row's left margin (the cursor's bracket) is the gap
            text.append(ROW_LETTERS[index] if edges else f"{ROW_LETTERS[index]} ", style.label)
        for ch, st in chars:
            text.append(ch, st)
        if index < len(ROWS) - 1:
            text.append("\n")
    return text


def _edge_name(chars: list, row: tuple[Hex, ...], style: BoardStyle) -> None:
    """Write the name of ``row``'s last hole after the gap right of it (the cursor's bracket)."""
    name = format_cell(row[-1])
    at = column(row[-1]) + 2
    chars.extend([(" ", Style())] * max(0, at + len(name) - len(chars)))
    for i, ch in enumerate(name):
        chars[at + i] = (ch, style.label)


def _mark(chars: list, cell: Hex, cursor: Hex | None, selected: Hex | None, move: Move | None,
          style: BoardStyle) -> None:
    """Put the cursor, selection and last-move markers in the gaps beside ``cell``."""
    col = column(cell)
    ch, st = chars[col]
    if cell == cursor:
        chars[col - 1], chars[col + 1] = ("[", style.cursor), ("]", style.cursor)
        chars[col] = (ch, st + style.cursor)
    elif cell == selected:
        chars[col - 1], chars[col + 1] = ("(", style.selected), (")", style.selected)
        chars[col] = (ch, st + style.selected)
    elif move is not None and cell == move.end and chars[col + 1][0] == " ":
        chars[col + 1] = ("*", style.last)
        chars[col] = (ch, st + style.last)


def render_plain(board: Board, glyphs: str = "ascii", **kwargs) -> str:
    """The board as plain text (no styles): for logs, exports and tests."""
    return render_board(board, glyphs=glyphs, **kwargs).plain
