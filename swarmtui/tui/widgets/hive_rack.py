"""One side's pieces in hand (the rack), beside the Hive lattice.

Attributes down: the Hive board sets ``board`` and, while its player picks from this rack,
``cursor`` (the piece under the rack cursor) and ``selected``; then calls ``refresh``. Every
piece in hand is listed by type and number (``Q S1 S2 B1 ...``); identical bugs enter in
number order, so only the lowest-numbered one of each bug can be placed and the others are
dim. The cursor shows as ``[S1]`` and the selection as ``(S1)``, readable without colour.
Messages up: ``PieceClicked``.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from swarmtui.games.hive.pieces import COLOUR_NAMES, Piece
from swarmtui.games.hive.rules import Board


def placeable(board: Board, colour: str) -> list[Piece]:
    """The pieces of ``colour`` that may enter next: the lowest number of each bug in hand."""
    seen, out = set(), []
    for piece in board.in_hand(colour):
        if piece.bug not in seen:
            seen.add(piece.bug)
            out.append(piece)
    return out


def rack_tokens(board: Board, colour: str) -> list[tuple[str, Piece | None]]:
    """``("White", None)`` then ``("Q", wQ)``, ``("S1", wS1)``, ...; ``("-", None)`` for an empty hand."""
    hand = board.in_hand(colour)
    tokens: list[tuple[str, Piece | None]] = [(COLOUR_NAMES[colour], None)]
    tokens += [(str(p)[1:], p) for p in hand] or [("-", None)]
    return tokens


class HiveRack(Widget):
    """The rack of ``colour`` (``"w"``/``"b"``), wrapped to the widget's width."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()
    COMPONENT_CLASSES = {"hive-rack--white", "hive-rack--black", "hive-rack--waiting", "hive-rack--cursor"}

    class PieceClicked(Message):
        """The player clicked ``piece`` in a rack."""

        def __init__(self, piece: Piece) -> None:
            super().__init__()
            self.piece = piece

    def __init__(self, board: Board, colour: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board = board
        self.colour = colour
        self.cursor: Piece | None = None
        self.selected: Piece | None = None
        self._spans: list[tuple[int, int, int, Piece]] = []

    def render(self) -> Text:
        text, self._spans = self.draw(max(self.size.width, 20))
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.draw(max(width, 20))[0].split("\n"))

    def draw(self, width: int) -> tuple[Text, list[tuple[int, int, int, Piece]]]:
        """The rack wrapped to ``width`` and where each piece's label sits (row, start, end, piece)."""
        own = self.get_component_rich_style(f"hive-rack--{'white' if self.colour == 'w' else 'black'}", partial=True) \
            if self.is_mounted else Style(bold=True)
        waiting = self.get_component_rich_style("hive-rack--waiting", partial=True) \
            if self.is_mounted else Style(dim=True)
        cursor = self.get_component_rich_style("hive-rack--cursor", partial=True) \
            if self.is_mounted else Style(underline=True)
        ready = set(placeable(self.board, self.colour))
        text, spans, row, col = Text(no_wrap=True, end=""), [], 0, 0
        for i, (label, piece) in enumerate(rack_tokens(self.board, self.colour)):
            left, right = ("[", "]") if piece is not None and piece == self.cursor else \
                ("(", ")") if piece is not None and piece == self.selected else (" ", " ")
            if i and col + len(label) + 2 > width:
                text.append("\n")
                row, col = row + 1, 0
                left = left if left != " " else ""
            elif i == 0:
                left = right = ""
            style = Style(bold=True) if piece is None else own if piece in ready else waiting
            if piece is not None and piece == self.cursor:
                style = style + cursor
            text.append(left, Style(bold=True))
            text.append(label, style)
            text.append(right, Style(bold=True))
            if piece is not None:
                spans.append((row, col + len(left), col + len(left) + len(label), piece))
            col += len(left) + len(label) + len(right)
        return text, spans

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for row, start, end, piece in self._spans:
            if row == offset.y and start - 1 <= offset.x <= end:
                self.post_message(self.PieceClicked(piece))
                return
