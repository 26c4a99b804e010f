"""The messages a board widget posts up to its screen: a move the player chose, a status note.

Each board subclasses them inside its own class (``HalmaBoard.MoveChosen``), so Textual's
handler names stay per board (``on_halma_board_move_chosen``) while the payload is defined once.
"""

from __future__ import annotations

from textual.message import Message


class MoveChosen(Message):
    """The player picked a legal ``move`` for the side to move."""

    def __init__(self, move: object) -> None:
        super().__init__()
        self.move = move


class Note(Message):
    """A sentence for the status line (what the last key did or why it did nothing)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
