"""Noughts & Crosses rules on a 3x3 board, as a python-chess style ``Board``.

Cells are numbered 0-8 row by row from the top left. A cell holds ``EMPTY`` (0), ``X`` (1)
or ``O`` (2) (``cells``: the marks, the lines and what a position's cells alone say). X moves
first; three in a row (row, column or diagonal) wins; a full board without a line is a draw
(Ford, section 1). Moves are cell indices.
"""

from __future__ import annotations

from collections.abc import Iterable

from swarmtui.core.state import IllegalMoveError, Outcome
from swarmtui.games.noughts.cells import EMPTY, LINES, MARKS, O, X, is_reachable, side_to_move, winning_line
from swarmtui.games.noughts.notation import format_cell, format_position, parse_cell, parse_position

__all__ = ["EMPTY", "LINES", "MARKS", "O", "SEATS", "X", "Board", "is_reachable", "side_to_move", "winning_line"]

SEATS = ("X", "O")


class Board:
    """A noughts position with move history (``play``/``undo``), like ``chess.Board``."""

    seats = SEATS

    def __init__(self, cells: Iterable[int] | None = None) -> None:
        self.cells: list[int] = list(cells) if cells is not None else [EMPTY] * 9
        if len(self.cells) != 9 or any(v not in (EMPTY, X, O) for v in self.cells):
            raise ValueError("a noughts board has 9 cells holding 0, 1 or 2")
        self.history: list[int] = []

    # -- position -------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        """Marks on the board (moves made since the empty board)."""
        return 9 - self.cells.count(EMPTY)

    @property
    def turn(self) -> int:
        """The mark to move next (``X`` or ``O``)."""
        return side_to_move(self.cells)

    @property
    def to_move(self) -> str:
        return MARKS[self.turn]

    @property
    def key(self) -> int:
        """The position as a base-3 number (cell 0 most significant): a compact hash key."""
        k = 0
        for v in self.cells:
            k = k * 3 + v
        return k

    @property
    def outcome(self) -> Outcome | None:
        line = winning_line(self.cells)
        if line is not None:
            return Outcome(MARKS[self.cells[line[0]]], "three in a row")
        if EMPTY not in self.cells:
            return Outcome(None, "board full")
        return None

    @property
    def winning_line(self) -> tuple[int, int, int] | None:
        return winning_line(self.cells)

    def highlights(self) -> tuple[int, ...]:
        """The winning line's cells (empty while nobody has three in a row)."""
        return self.winning_line or ()

    def is_over(self) -> bool:
        return self.outcome is not None

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        if self.outcome is not None:
            return []
        return [i for i, v in enumerate(self.cells) if v == EMPTY]

    def is_legal(self, move: int) -> bool:
        return isinstance(move, int) and 0 <= move < 9 and move in self.legal_moves()

    def play(self, move: int) -> None:
        """Place the side to move's mark on ``move``; ``IllegalMoveError`` if not allowed."""
        if not self.is_legal(move):
            if self.outcome is not None:
                raise IllegalMoveError("the game is over")
            if not (isinstance(move, int) and 0 <= move < 9):
                raise IllegalMoveError(f"{move!r} is not a cell 0-8")
            raise IllegalMoveError(f"{self.format_move(move)} is already taken")
        self.cells[move] = self.turn
        self.history.append(move)

    def undo(self) -> int:
        """Take back the last move and return it."""
        if not self.history:
            raise IndexError("no move to undo")
        move = self.history.pop()
        self.cells[move] = EMPTY
        return move

    def copy(self) -> Board:
        board = Board(self.cells)
        board.history = list(self.history)
        return board

    # -- notation -------------------------------------------------------------------------
    def parse_move(self, text: str) -> int:
        """A legal move from notation (``4``, ``b2``): see ``notation.parse_cell``."""

        move = parse_cell(text)
        if not self.is_legal(move):
            if self.outcome is not None:
                raise IllegalMoveError("the game is over")
            raise IllegalMoveError(f"{text.strip()} is already taken")
        return move

    def format_move(self, move: int) -> str:

        return format_cell(move)

    @property
    def text(self) -> str:
        """Position notation, e.g. ``X.O/.X./..O`` (rows top to bottom)."""

        return format_position(self.cells)

    @classmethod
    def from_text(cls, text: str) -> Board:
        """A board from position notation (see ``notation.parse_position``)."""

        return cls(parse_position(text))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __hash__(self) -> int:
        return self.key

    def __repr__(self) -> str:
        return f"Board({self.text!r})"
