"""The Hive board as Rich ``Text`` (Unicode or ASCII): labels, stack heights, top pieces.

Cells are laid out with ``core.hexgrid.project`` (column = k(2q + r), row = r), so each hex
row is one text line and neighbouring rows are offset by half a cell. A cell shows its top
piece's UHP label (``wS1``, ``bQ``); a stack adds its height (``wB1²`` / ``wB1^2``) and the
stack's contents are listed under the board (``wB1² on bQ``). Empty cells next to the hive
are dots, so the lattice stays readable. Colour only repeats what the labels say: white
pieces bold, black pieces reversed, the last move's target underlined.

At ``k = 3`` (six columns per cell) a typical mid-game hive fits 80 columns; a wider hive
switches to a compact layout (``k = 2``: upper case for White, lower case for Black, no
colour letter: ``S1``/``s1``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from swarmtui.core.hexgrid import Hex, project
from swarmtui.games.hive.pieces import Piece
from swarmtui.games.hive.rules import Board, Move


@dataclass(frozen=True)
class Glyphs:
    """Characters of one glyph set."""

    empty: str
    heights: str  # index h -> the mark for a stack of height h (0 and 1 unused)
    height_prefix: str


UNICODE = Glyphs("·", "  ²³⁴⁵⁶⁷", "")
ASCII = Glyphs(".", "  234567", "^")
GLYPH_SETS = {"unicode": UNICODE, "ascii": ASCII}


@dataclass(frozen=True)
class BoardStyle:
    """Rich styles for the parts of the board (the TUI passes theme colours)."""

    white: Style = Style(bold=True)
    black: Style = Style(reverse=True)
    empty: Style = Style(dim=True)
    last: Style = Style(underline=True)
    highlight: Style = Style(color="yellow", bold=True)
    label: Style = Style(dim=True)


def cell_label(stack: tuple[Piece, ...], glyphs: Glyphs, compact: bool = False) -> str:
    """``wS1``; ``wB1²`` (``wB1^2`` in ASCII) for a stack of two; compact ``S1``/``s1``."""
    top = stack[-1]
    if compact:
        label = str(top)[1:]
        label = label.upper() if top.colour == "w" else label.lower()
    else:
        label = str(top)
    if len(stack) > 1:
        label += glyphs.height_prefix + glyphs.heights[min(len(stack), len(glyphs.heights) - 1)]
    return label


def render_board(
    board: Board,
    *,
    glyphs: str = "unicode",
    style: BoardStyle = BoardStyle(),
    last: Move | None = None,
    highlight: Iterable[Hex] = (),
    width: int = 80,
) -> Text:
    """The hive, one text line per hex row, at most ``width`` columns when it can be."""
    g = GLYPH_SETS[glyphs]
    occupied = set(board.occupied())
    if not occupied:
        return Text(f"{g.empty}  (empty board: the first piece goes here)", style.empty, end="")
    marked = set(highlight)
    around = {n for c in occupied for n in c.neighbours()} - occupied
    shown = occupied | around | marked
    k, compact = 3, False
    if _span(shown, 3) + 6 > width:
        k, compact = 2, True
    target = last.dest if last is not None and last.dest is not None else None
    min_col = min(project(c, k)[0] for c in shown)
    rows: dict[int, list[tuple[int, Hex]]] = {}
    for cell in shown:
        col, row = project(cell, k)
        rows.setdefault(row, []).append((col - min_col, cell))
    text = Text(no_wrap=True, end="")
    for n, row in enumerate(sorted(rows)):
        if n:
            text.append("\n")
        cursor = 0
        for col, cell in sorted(rows[row]):
            stack = board.stack(cell)
            label = cell_label(stack, g, compact) if stack else g.empty
            start = max(col + k - len(label) // 2, cursor)
            text.append(" " * (start - cursor))
            text.append(label, _cell_style(stack, cell, style, target, marked))
            cursor = start + len(label)
    return text


def _span(cells: set[Hex], k: int) -> int:
    cols = [project(c, k)[0] for c in cells]
    return max(cols) - min(cols)


def _cell_style(stack: tuple[Piece, ...], cell: Hex, style: BoardStyle, target: Hex | None,
                marked: set[Hex]) -> Style:
    if not stack:
        result = style.empty
    else:
        result = style.white if stack[-1].colour == "w" else style.black
    if cell == target:
        result = result + style.last
    if cell in marked:
        result = result + style.highlight
    return result


def stacks_text(board: Board, glyphs: str = "unicode") -> str:
    """One line naming every stack's contents, top first: ``stacks: wB1² on bQ``."""
    g = GLYPH_SETS[glyphs]
    parts = []
    for cell in sorted(board.occupied(), key=lambda c: (c.r, c.q)):
        stack = board.stack(cell)
        if len(stack) > 1:
            below = " on ".join(str(p) for p in reversed(stack[:-1]))
            parts.append(f"{cell_label(stack, g)} on {below}")
    return "stacks: " + "; ".join(parts) if parts else ""


def hands_text(board: Board) -> str:
    """The pieces each side still has in hand, e.g. ``White hand: Q S1 S2 ...``."""
    lines = []
    for colour, name in (("w", "White"), ("b", "Black")):
        hand = " ".join(str(p)[1:] for p in board.in_hand(colour)) or "-"
        lines.append(f"{name} hand: {hand}")
    return "\n".join(lines)


def status_text(board: Board) -> str:
    """``White to move (turn 7)`` or how the game ended."""
    if board.outcome is not None:
        winner = f"{board.outcome.winner} wins" if board.outcome.winner else "Draw"
        return f"{winner}: {board.outcome.reason}"
    return f"{board.to_move} to move (turn {board.turn})"


def render_position(board: Board, *, glyphs: str = "unicode", style: BoardStyle = BoardStyle(),
                    last: Move | None = None, width: int = 80) -> Text:
    """Status line, board, stacks and hands: what a terminal shows of a position."""
    text = Text(status_text(board) + "\n\n", style.label, no_wrap=True, end="")
    text.append_text(render_board(board, glyphs=glyphs, style=style, last=last, width=width))
    stacks = stacks_text(board, glyphs)
    text.append("\n\n" + (stacks + "\n" if stacks else "") + hands_text(board), style.label)
    return text


def render_plain(board: Board, glyphs: str = "ascii", **kwargs) -> str:
    """The board alone as plain text (no styles): for logs, exports and tests."""
    return render_board(board, glyphs=glyphs, **kwargs).plain
