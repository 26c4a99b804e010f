"""Noughts notation: cells as ``0``-``8`` or ``a1``-``c3``, positions as ``X.O/.X./..O``.

Columns are ``a``-``c`` left to right and rows ``1``-``3`` top to bottom, so ``a1`` is cell 0
(top left), ``b2`` the centre (4) and ``c3`` cell 8, matching the labels the renderer draws.
"""

from __future__ import annotations

from swarmtui.core.state import NotationError
from swarmtui.games.noughts.cells import EMPTY, MARKS, O, X, is_reachable

COLUMNS = "abc"


def format_cell(cell: int) -> str:
    """``4`` -> ``"b2"``."""
    if not (isinstance(cell, int) and 0 <= cell < 9):
        raise NotationError(f"{cell!r} is not a cell 0-8")
    return f"{COLUMNS[cell % 3]}{cell // 3 + 1}"


def parse_cell(text: str) -> int:
    """``"b2"``, ``"B2"``, ``"2b"`` or ``"4"`` -> 4; ``NotationError`` for anything else."""
    t = text.strip().lower()
    if len(t) == 1 and t.isdigit():
        return int(t)
    if len(t) == 2:
        letter, digit = (t[0], t[1]) if t[0].isalpha() else (t[1], t[0])
        if letter in COLUMNS and digit in "123":
            return (int(digit) - 1) * 3 + COLUMNS.index(letter)
    raise NotationError(f"{text.strip()!r} is not a cell: use 0-8 or a1-c3 (column a-c, row 1-3 from the top)")


def format_position(cells: list[int] | tuple[int, ...]) -> str:
    """Cells -> ``"X.O/.X./..O"``."""
    marks = "".join(MARKS[v] for v in cells)
    return "/".join(marks[i:i + 3] for i in (0, 3, 6))


def parse_position(text: str) -> list[int]:
    """``"X.O/.X./..O"`` (slashes optional, ``-`` or ``.`` or space for empty) -> cells.

    Only positions that can occur in a game are accepted.
    """
    raw = text.strip().replace("/", "")
    values = {".": EMPTY, "-": EMPTY, "_": EMPTY, " ": EMPTY, "x": X, "o": O, "0": O}
    if len(raw) != 9 or any(ch.lower() not in values for ch in raw):
        raise NotationError(f"{text!r} is not a position: 9 cells of X, O or . (rows may be separated by /)")
    cells = [values[ch.lower()] for ch in raw]
    if not is_reachable(cells):
        raise NotationError(f"{text!r} cannot occur in a game of noughts and crosses")
    return cells
