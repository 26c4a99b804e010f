"""Connect Four's ``BoardView``: a column cursor; Enter or a digit drops a disc."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from connect_four.render import render_board
from swarmtui.tui.widgets.board_keys import CURSOR_BINDINGS
from swarmtui.tui.widgets.board_view import BoardView


class ConnectFourBoard(BoardView):
    DEFAULT_CSS = """
    ConnectFourBoard {
        width: auto;
        height: auto;
        padding: 0 1;
    }
    """

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("enter", "choose", "Drop", show=True),
        *(Binding(str(n), f"choose({n - 1})", show=False) for n in range(1, 10)),
    ]

    cursor: reactive[int] = reactive(0)

    def render(self) -> Text:
        return render_board(self.board, self.glyphs, cursor=self.cursor if self.active else None)

    def action_move(self, direction: str) -> None:
        step = {"left": -1, "right": 1}.get(direction, 0)
        self.cursor = (self.cursor + step) % self.board.rules.columns

    def action_choose(self, column: int | None = None) -> None:
        if column is not None and 0 <= column < self.board.rules.columns:
            self.cursor = column
        if not self.active:
            return
        if self.board.is_legal(self.cursor):
            self.post_message(self.MoveChosen(self.cursor))
        else:
            self.post_message(self.Note(f"column {self.board.format_move(self.cursor)} is full"))
