"""The Halma board widget: the star from ``games.halma.render`` with a keyboard cursor, each
row's letter on its left and the name of its last hole on its right (``e13``), so every hole's
notation can be read off the board.

A ``BoardView``: the screen sets ``board``, ``last`` and ``active`` (a human is to move, so the
cursor is drawn). The player moves a cursor over the holes (arrows or
hjkl: left/right along a row, up/down to the nearest hole of the next row, keeping the column),
selects one of the pieces of the side to move with Enter or Space (its legal destinations then
show as ``◇``/``+``), and picks a destination the same way; Escape cancels a selection. Messages
up: ``MoveChosen`` with a legal move, ``Note`` with a sentence for the status line when a key
does nothing useful.

Deliberation overlays (``tui.overlay``): the game screen sets ``overlay`` to what the frame on
screen draws (``None`` clears it) and the board redraws. ``draw_overlay`` puts heat on empty
holes as intensity glyphs ``░▒▓`` (``:=#`` in ASCII; no full block, which would read like the
``■`` piece), trails on the empty holes they pass as ``◦`` (``~``), and marks on empty holes in
place of the hole, or beside a piece in the gap to its right; marks win over trails, trails over
heat. Heat is drawn only while ``show_heat`` is on: ``t`` on the board toggles it, and the screen
may forward a key to ``toggle_heat``.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from swarmtui.core.hexgrid import Hex
from swarmtui.games.halma.notation import ROWS, format_cell
from swarmtui.games.halma.render import GLYPH_SETS, BoardStyle, column, render_board
from swarmtui.games.halma.rules import Board, Move
from swarmtui.tui.overlay import BoardOverlay
from swarmtui.tui.widgets.board_keys import CURSOR_BINDINGS
from swarmtui.tui.widgets.board_view import BoardView, Legend, legend_rows

LABEL_WIDTH = 1
"""Characters of the row letter before each row of the rendered star (``render_board(edges=True)``)."""


def row_of(cell: Hex) -> int:
    return cell.r - ROWS[0][0].r


def step(cell: Hex, direction: str, want: int) -> Hex:
    """The hole the cursor moves to from ``cell``: ``want`` is the sticky column for up/down."""
    row = row_of(cell)
    holes = ROWS[row]
    if direction in ("left", "right"):
        i = holes.index(cell) + (1 if direction == "right" else -1)
        return holes[i] if 0 <= i < len(holes) else cell
    target = row + (1 if direction == "down" else -1)
    if not 0 <= target < len(ROWS):
        return cell
    return min(ROWS[target], key=lambda c: (abs(column(c) - want), column(c)))


def hole_at(x: int, y: int) -> Hex | None:
    """The hole under content offset (x, y) of the labelled star (its glyph or a gap beside it)."""
    if not 0 <= y < len(ROWS):
        return None
    col = x - LABEL_WIDTH
    near = [c for c in ROWS[y] if abs(column(c) - col) <= 1]
    return min(near, key=lambda c: abs(column(c) - col)) if near else None


HEAT_GLYPHS = {"unicode": "░▒▓", "ascii": ":=#"}
"""Heat levels from faint to strong (a hole with no heat keeps its own glyph)."""
TRAIL_GLYPHS = {"unicode": "◦", "ascii": "~"}
HEAT_STYLE = Style(color="yellow")
GAP_BRACKETS = "[]()"
"""Cursor and selection brackets: a mark beside a piece never hides them."""


def draw_overlay(text: Text, overlay: BoardOverlay, board: Board, *, glyphs: str = "unicode",
                 heat: bool = True) -> Text:
    """``text`` (the star as the board draws it: ``render_board(edges=True)``) with ``overlay`` drawn on it."""
    lines = text.split("\n", allow_blank=True)
    changes: dict[tuple[int, int], tuple[str, Style]] = {}

    def empty(cell: Hex) -> bool:
        return cell in ROW_OF and board.occupant(cell) is None

    def put(cell: Hex, glyph: str, style: Style, gap: int = 0) -> None:
        row, x = ROW_OF[cell], LABEL_WIDTH + column(cell) + gap
        if gap and lines[row].plain[x] in GAP_BRACKETS:
            return
        changes[row, x] = (glyph, style)

    if heat:
        levels = HEAT_GLYPHS[glyphs]
        for cell, value in overlay.heat:
            if value > 0 and empty(cell):
                put(cell, levels[min(len(levels) - 1, int(value * len(levels)))], HEAT_STYLE)
    for trail in overlay.trails:
        style = Style.parse(trail.style) if trail.style else Style()
        for cell in trail.cells[1:]:
            if empty(cell):
                put(cell, TRAIL_GLYPHS[glyphs], style)
    for mark in overlay.marks:
        if mark.cell in ROW_OF:
            glyph = mark.ascii if glyphs == "ascii" else mark.glyph
            put(mark.cell, glyph, Style.parse(mark.style) if mark.style else Style(bold=True),
                gap=0 if empty(mark.cell) else 1)
    out = Text(no_wrap=True, end="")
    for row, line in enumerate(lines):
        if row:
            out.append("\n")
        at = 0
        for x in sorted(x for r, x in changes if r == row):
            glyph, style = changes[row, x]
            out.append_text(line[at:x])
            out.append(glyph, style)
            at = x + 1
        out.append_text(line[at:])
    return out


ROW_OF = {cell: row for row, holes in enumerate(ROWS) for cell in holes}


def heat_note(on: bool, overlay: BoardOverlay | None, standing: tuple[tuple[Hex, float], ...]) -> str:
    """What ``t`` says: off; on, with the heat it shows; or that there is none to show yet."""
    if not on:
        return "pheromone heat off (t)"
    if overlay is not None and overlay.heat:
        return "pheromone heat on (t): the swarm's pheromone as it thinks"
    if standing:
        return "pheromone heat on (t): the ants' pheromone after their last turn"
    return "pheromone heat on (t), but there is none yet: it shows once an ant colony has played a turn"


class HalmaBoard(BoardView):
    """The 121-hole star; cursor ``[ ]``, selection ``( )``, destinations marked by a glyph."""

    HELP_TITLE = "Halma board"

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()
    SCREEN_WIDTH = REPLAY_WIDTH = 35  # the star (27), row letters (1), hole names (3), padding, border

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("enter", "choose", "Play", show=True, tooltip="select a piece, then play it"),
        Binding("escape", "cancel", "Cancel", show=True, tooltip="put the selected piece back"),
        Binding("t", "toggle_heat", "Heat", show=False, tooltip="show or hide the pheromone heat map"),
    ]

    cursor: reactive[Hex] = reactive(Hex(0, 0))
    show_heat: reactive[bool] = reactive(True)
    """Draw the overlay's heat (pheromone); ``t`` or ``toggle_heat`` flips it."""

    def __init__(self, board: Board, *, glyphs: str = "unicode", id: str | None = None) -> None:
        super().__init__(board, glyphs=glyphs, id=id)
        self.selected: Hex | None = None
        self.options: list[Move] = []
        self.want = column(self.cursor)

    def clear_choice(self) -> None:
        self.selected, self.options = None, []

    def render(self) -> Text:
        text = render_board(
            self.board, glyphs=self.glyphs, edges=True, cursor=self.cursor if self.active else None,
            selected=self.selected, targets=[m.end for m in self.options],
        )
        overlay = self.overlay
        if overlay is None and self.show_heat and self.standing_heat:
            overlay = BoardOverlay(heat=self.standing_heat)  # the swarm's pheromone, between its turns
        if overlay is None:
            return text
        return draw_overlay(text, overlay, self.board, glyphs=self.glyphs, heat=self.show_heat)

    def seat_pieces(self) -> Text:
        """Each seat's piece glyph (in its colour) and the seat's name: ``● 1  ▲ 2  ■ 3``."""
        g, style = GLYPH_SETS[self.glyphs], BoardStyle()
        return Text("  ").join(Text.assemble((g.pieces[int(seat) - 1], style.seats[int(seat) - 1]), f" {seat}")
                               for seat in self.board.seats)

    def seats_legend(self) -> Text:
        """With three or more players, which glyph is whose (in ASCII the glyphs are the seats' digits)."""
        return self.seat_pieces() if len(self.board.seats) >= 3 and self.glyphs != "ascii" else Text("")

    def glyph_legend(self) -> Legend:
        g = GLYPH_SETS[self.glyphs]
        return legend_rows([
            (g.hole, "an empty hole"),
            ("[ ]", "the cursor (arrows, hjkl)"),
            ("( )", "the piece you selected (Enter)"),
            (g.target, "where the selected piece can go"),
            (g.trail, "holes the last move left or hopped"),
            ("*", "after the piece that moved last"),
            (HEAT_GLYPHS[self.glyphs], "the ants' pheromone (t hides it)"),
            (TRAIL_GLYPHS[self.glyphs], "an ant's path, while a swarm thinks"),
            ("a-q", "the rows, top to bottom"),
            ("e13", "a row's last hole: holes count from 1 at the left of their row (i5: the centre)"),
        ], head=Text.assemble(self.seat_pieces(), "  the players' pieces\n"))

    def toggle_heat(self) -> bool:
        """Show or hide the overlay's heat map; returns the new setting."""
        self.show_heat = not self.show_heat
        self.post_message(self.Note(heat_note(self.show_heat, self.overlay, self.standing_heat)))
        return self.show_heat

    def action_toggle_heat(self) -> None:
        self.toggle_heat()

    def place_cursor(self) -> None:
        """Put the cursor on the front piece of the side to move (the one nearest the centre)."""
        pieces = self.board.pieces(self.board.to_move)
        if pieces:
            self.cursor = min(pieces, key=lambda c: (abs(c.q) + abs(c.r) + abs(c.s), c.r, c.q))
            self.want = column(self.cursor)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Escape only cancels a selection; otherwise it falls through to the screen (menu).
        return self.selected is not None if action == "cancel" else True

    def action_move(self, direction: str) -> None:
        self.cursor = step(self.cursor, direction, self.want)
        if direction in ("left", "right"):
            self.want = column(self.cursor)

    def action_cancel(self) -> None:
        self.selected, self.options = None, []
        self.refresh()
        self.post_message(self.Note("selection cancelled"))

    def action_choose(self) -> None:
        if not self.active:
            return
        cell, board = self.cursor, self.board
        target = next((m for m in self.options if m.end == cell), None)
        if target is not None:
            self.selected, self.options = None, []
            self.post_message(self.MoveChosen(target))
        elif cell == self.selected:
            self.action_cancel()
        elif board.occupant(cell) == board.to_move:
            self.select(cell)
        else:
            glyph = GLYPH_SETS[self.glyphs].pieces[int(board.to_move) - 1]
            what = "a destination marked" if self.selected else "one of your pieces"
            mark = GLYPH_SETS[self.glyphs].target if self.selected else glyph
            self.post_message(self.Note(f"{format_cell(cell)}: pick {what} {mark}"))
        self.refresh()

    def cursor_move(self) -> Move | None:
        return next((m for m in self.options if m.end == self.cursor), None) if self.active else None

    def show_move(self, move: Move) -> None:
        self.selected, self.options = move.start, self.board.moves_from(move.start)
        self.cursor, self.want = move.end, column(move.end)
        self.refresh()

    def select(self, cell: Hex) -> None:
        moves = self.board.moves_from(cell)
        if not moves:
            self.post_message(self.Note(f"the piece on {format_cell(cell)} cannot move"))
            return
        self.selected, self.options = cell, moves
        mark = GLYPH_SETS[self.glyphs].target
        self.post_message(self.Note(f"{format_cell(cell)}: {len(moves)} targets {mark}, esc cancels"))

    def watch_cursor(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        cell = hole_at(offset.x, offset.y) if offset is not None else None
        if cell is not None:
            self.cursor = cell
            self.want = column(cell)
            self.action_choose()
