"""The noughts board widget: ``render_board`` text with a keyboard (and mouse) cursor.

A ``BoardView``: the screen sets ``board``, ``last`` and ``active`` (a human is to move, so the
cursor is drawn); it also sets ``overlay`` like on every board, which this board does not draw:
the noughts players (minimax, the GA) have no board overlay, their frames say everything in the
panel. Messages up: ``MoveChosen`` with the cell when the player presses Enter, a digit 1-9, or
clicks an empty cell; ``Note`` (and the bell) when the cell is taken.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from swarmtui.games.noughts.render import render_board
from swarmtui.tui.widgets.board_keys import CURSOR_BINDINGS
from swarmtui.tui.widgets.board_view import BoardView, Legend, legend_rows

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class NoughtsBoard(BoardView):
    """A 3x3 board; the cursor is drawn as ``[ ]`` so it shows without colour."""

    HELP_TITLE = "Noughts & Crosses board"

    DEFAULT_CSS = """
    NoughtsBoard {
        width: auto;
        height: auto;
        padding: 0 1;
    }
    """

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("enter", "choose", "Play", show=True, tooltip="play the cell under the cursor"),
        *(Binding(str(n), f"choose({n - 1})", "Cell", show=False, tooltip="play a cell: 1 = a1, 2 = b1 ... 9 = c3")
          for n in range(1, 10)),
    ]

    cursor: reactive[int] = reactive(4)

    def render(self) -> Text:
        cursor = self.cursor if self.active else None
        return render_board(self.board, cursor=cursor, last=self.last, glyphs=self.glyphs)

    def glyph_legend(self) -> Legend:
        return legend_rows([
            ("X O", "the two players' marks (X moves first)"),
            ("[ ]", "the cursor (arrows, hjkl; Enter plays)"),
            ("*", "beside the last mark played"),
            ("a-c 1-3", "columns and rows: a1 top left, b2 the centre; keys 1-9 play a1, b1 ... c3"),
            ("underlined", "the winning line"),
        ])

    def action_move(self, direction: str) -> None:
        drow, dcol = MOVES[direction]
        row, col = divmod(self.cursor, 3)
        self.cursor = ((row + drow) % 3) * 3 + (col + dcol) % 3

    def action_choose(self, cell: int | None = None) -> None:
        """Choose ``cell`` (0-8, row by row from the top left; None: the cursor's)."""
        if cell is not None:
            self.cursor = cell
        if not self.active:
            return
        if self.board.is_legal(self.cursor):
            self.post_message(self.MoveChosen(self.cursor))
        else:
            self.app.bell()
            self.post_message(self.Note(f"{self.board.format_move(self.cursor)} is taken: pick an empty cell"))

    def cursor_move(self) -> int | None:
        return self.cursor if self.active and self.board.is_legal(self.cursor) else None

    def show_move(self, move: int) -> None:
        self.cursor = move

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = cell_at(offset.x, offset.y)
        if cell is not None:
            self.action_choose(cell)


def cell_at(x: int, y: int) -> int | None:
    """The cell under content offset (x, y) of a labelled board, or None (labels, grid lines)."""
    row, row_rest = divmod(y - 1, 2)
    col, col_rest = divmod(x - 2, 4)
    if y < 1 or x < 2 or row_rest or col_rest == 3 or not (0 <= row < 3 and 0 <= col < 3):
        return None
    return row * 3 + col
