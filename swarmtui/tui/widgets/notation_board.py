"""``NotationBoard``: the board of a game the TUI has no widget of its own for.

It draws the game's own text renderer (``GameSpec.render_text``: every game has one) and, on a
human's turn, one of the legal moves in the game's notation: the arrows step through them (in
notation order), Page Up/Down ten at a time, Enter plays it. So a game registered with its
package and one line plays in the TUI at once; a dedicated widget (``tui.boards.register_board``)
can come later. A ``BoardView``: attributes down, ``MoveChosen`` up; the overlay is not drawn
(the panel shows the deliberation).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from swarmtui.core.safe_text import safe_text
from swarmtui.games.descriptor import GameSpec
from swarmtui.tui.widgets.board_keys import CURSOR_BINDINGS
from swarmtui.tui.widgets.board_view import BoardView

PAGE = 10
"""Moves Page Up/Down step over."""


class NotationBoard(BoardView):
    """The game's text rendering and a legal-move chooser (module docstring)."""

    HELP_TITLE = "Board"

    DEFAULT_CSS = """
    NotationBoard {
        width: auto;
        height: auto;
        padding: 0 1;
    }
    """

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("pageup", "step(-10)", "Back 10", show=False, tooltip="ten moves back in the list"),
        Binding("pagedown", "step(10)", "On 10", show=False, tooltip="ten moves on in the list"),
        Binding("enter", "choose", "Play", show=True, tooltip="play the move shown"),
    ]

    GAME: ClassVar[GameSpec | None] = None
    """The game drawn (set on the class ``for_game`` makes)."""

    choice: reactive[int] = reactive(0)
    """The index of the move shown among the legal moves (in notation order)."""

    @classmethod
    def for_game(cls, game: GameSpec) -> type[NotationBoard]:
        """The board class of ``game`` (one per game: the screens build boards from a class)."""
        made = _MADE.get(game.id)
        if made is None or made.GAME is not game:
            made = _MADE[game.id] = type(f"NotationBoard_{len(_MADE)}", (cls,), {"GAME": game})
        return made

    def moves(self) -> list[Any]:
        """The legal moves of the position, in notation order (empty once the game is over)."""
        if self.board is None or self.board.outcome is not None:
            return []
        return sorted(self.board.legal_moves(), key=self.board.format_move)

    def render(self) -> Text:
        game = self.GAME
        drawn = game.render_text(self.board, self.glyphs) if game is not None else Text(str(self.board))
        text = Text.assemble(drawn, "\n")
        moves = self.moves() if self.active else []
        if moves:
            shown = moves[self.choice % len(moves)]
            text.append_text(Text.assemble("\nmove > ", (self.board.format_move(shown), "bold reverse"),
                                           (f"  {self.choice % len(moves) + 1} of {len(moves)}", "dim")))
        elif self.last is not None and self.board is not None and self.board.history:
            text.append_text(Text.assemble("\nlast: ", safe_text(self._last_notation(), "bold")))
        return text

    def _last_notation(self) -> str:
        """The last move in notation, read on the position before it (a copy)."""
        before = self.board.copy()
        before.undo()
        return before.format_move(self.last)

    def place_cursor(self) -> None:
        self.choice = 0

    def action_move(self, direction: str) -> None:
        self.action_step(-1 if direction in ("up", "left") else 1)

    def action_step(self, by: int) -> None:
        count = len(self.moves())
        if count and self.active:
            self.choice = (self.choice + by) % count

    def action_choose(self) -> None:
        move = self.cursor_move()
        if move is not None:
            self.post_message(self.MoveChosen(move))

    def cursor_move(self) -> Any | None:
        moves = self.moves() if self.active else []
        return moves[self.choice % len(moves)] if moves else None

    def show_move(self, move: Any) -> None:
        moves = self.moves()
        if move in moves:
            self.choice = moves.index(move)


_MADE: dict[str, type[NotationBoard]] = {}
