"""The Hive board widget: White's rack, the lattice (``HiveField``), Black's rack; human play.

A ``BoardView``: the screen sets ``board``, ``last``, ``active`` (a human is to move) and
``overlay`` (what a deliberation frame draws: velocities, bests, desired cells), and each change
is handed to the lattice and the racks. Keys while a human is to move: arrows or hjkl walk the cursor over the lattice
(left/right along a hex row, up/down to the nearest cell of the next row, keeping the column);
Enter (or a click) on one of your pieces selects it and marks its legal destinations; Enter on a
marked cell plays the move; ``tab`` (or ``i``) moves the cursor into your rack and back, where
left/right pick a piece in hand and Enter selects it for placing; Escape cancels a selection.
When passing is the only legal move, Enter passes. Messages up: ``MoveChosen`` with a legal
move, ``Note`` with a sentence for the status line.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swarmtui.core.counting import counted
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.safe_text import safe_text
from swarmtui.games.hive.pieces import BUG_NAMES, Bug, Piece
from swarmtui.games.hive.render import GLYPH_SETS, stacks_text
from swarmtui.games.hive.rules import PASS, Board, Move
from swarmtui.tui.widgets.board_keys import CURSOR_BINDINGS
from swarmtui.tui.widgets.board_view import BoardView, Legend, legend_rows
from swarmtui.tui.widgets.hive_field import FIELD_GLYPHS, HiveField, Scene
from swarmtui.tui.widgets.hive_rack import HiveRack, placeable


def column(cell: Hex) -> int:
    """The cell's text column in half-cell units (2q + r), the same in both layouts."""
    return 2 * cell.q + cell.r


def step(cell: Hex, direction: str, want: int, cells: set[Hex]) -> Hex:
    """Where the cursor goes from ``cell`` among ``cells``; ``want`` is the sticky column for up/down."""
    if direction in ("left", "right"):
        sign = 1 if direction == "right" else -1
        row = [c for c in cells if c.r == cell.r and (c.q - cell.q) * sign > 0]
        return min(row, key=lambda c: abs(c.q - cell.q)) if row else cell
    sign = 1 if direction == "down" else -1
    rows = sorted({c.r for c in cells if (c.r - cell.r) * sign > 0}, key=lambda r: abs(r - cell.r))
    if not rows:
        return cell
    return min((c for c in cells if c.r == rows[0]), key=lambda c: (abs(column(c) - want), column(c)))


def why_stuck(board: Board, piece: Piece) -> str:
    """Why ``piece`` has no legal move, in the rules engine's words where it has them."""
    origin = board.position(piece)
    reason = board.illegal_reason(Move(piece, origin, origin if origin is not None else Hex(0, 0)))
    if reason is None or "cannot move there" in reason or "cannot be placed there" in reason:
        where = "no cell where it may enter" if origin is None else "nowhere to go (its way of moving, Freedom to Move)"
        return f"{piece} has {where}"
    return reason


class HiveBoard(BoardView):
    """Racks and lattice of one Hive position; see the module docstring for the keys."""

    HELP_TITLE = "Hive board"

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()
    REPLAY_WIDTH = 50

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("enter", "choose", "Play", show=True, tooltip="select a piece, then play it"),
        Binding("tab,i", "rack", "Rack", show=True, tooltip="switch between the hive and your rack of pieces"),
        Binding("escape", "cancel", "Cancel", show=True, tooltip="put the selected piece back"),
    ]

    def __init__(self, board: Board, *, glyphs: str = "unicode", id: str | None = None) -> None:
        super().__init__(board, glyphs=glyphs, id=id)
        self.cursor = Hex(0, 0)
        self.want = 0
        self.in_rack = False
        self.rack_cursor: Piece | None = None
        self.selected: Piece | None = None
        self.options: list[Move] = []

    def compose(self) -> ComposeResult:
        yield HiveRack(self.board, "w", id="rack-w")
        yield HiveField(self.scene(), glyphs=self.glyphs, id="field")
        yield Static(self.legend(), id="legend", markup=False)
        yield HiveRack(self.board, "b", id="rack-b")

    # -- attributes down: every change is handed to the lattice and the racks ----------------
    def watch_board(self) -> None:
        self.clear_choice()
        self.sync()

    def watch_last(self) -> None:
        self.sync()

    def watch_overlay(self) -> None:
        self.sync()

    def watch_active(self) -> None:
        self.sync()

    def scene(self) -> Scene:
        selected = self.board.position(self.selected) if self.selected is not None else None
        cursor = self.cursor if self.active and not self.in_rack else None
        targets = frozenset(m.dest for m in self.options if m.dest is not None)  # a piece's moves: never the pass
        return Scene(self.board, cursor, selected, targets, self.last, self.overlay)

    def glyph_legend(self) -> Legend:
        f, g = FIELD_GLYPHS[self.glyphs], GLYPH_SETS[self.glyphs]
        names = [Text.assemble((bug.value, "bold"), f" {BUG_NAMES[bug]:<14}") for bug in Bug]
        bugs = Text("\n", end="").join(Text("", end="").join(names[i:i + 2]) for i in range(0, len(names), 2))
        return legend_rows([
            ("wA2", "White's 2nd Soldier Ant (b: Black's)"),
            ("A2 a2", "a wide hive: White upper, Black lower case"),
            ("bold", "White's tiles; Black's are reversed"),
            (f"B1{g.height_prefix}{g.heights[2]}", "a stack of two (listed under the hive)"),
            (g.empty, "an empty cell beside the hive"),
            ("[ ]", "the cursor (arrows, hjkl)"),
            ("( )", "the tile you selected (Enter)"),
            (f.target, "where it can go"),
            ("{ }", "a tile it can climb onto"),
            (f.origin, "where the last move came from"),
            ("racks", "bugs in hand: White's above, Black's below"),
        ], head=bugs + Text("\n"))

    def legend(self) -> str:
        """Under the lattice: what the overlay's letters mean, and what each stack holds."""
        lines = [self.overlay.caption] if self.overlay is not None and self.overlay.caption else []
        stacks = stacks_text(self.board, self.glyphs)
        return "\n".join(lines + ([stacks] if stacks else []))

    def sync(self) -> None:
        """Hand the current scene to the lattice and the racks (after any change)."""
        if not self.is_mounted or not self.children:
            return
        self.query_one(HiveField).scene = self.scene()
        legend = self.legend()
        self.query_one("#legend", Static).update(Text("\n").join(safe_text(line) for line in legend.split("\n")))
        self.query_one("#legend", Static).display = bool(legend)
        for rack in self.query(HiveRack):
            rack.board = self.board
            mine = self.active and rack.colour == self.board.colour_to_move
            rack.cursor = self.rack_cursor if mine and self.in_rack else None
            rack.selected = self.selected if mine and self.selected is not None and self.options \
                and self.options[0].is_placement else None
            rack.refresh(layout=True)

    def place_cursor(self) -> None:
        """Start a human turn on the mover's Queen, else the hive's centre piece, else the origin."""
        board = self.board
        queen = board.queen(board.colour_to_move)
        cells = board.occupied()
        if queen is not None:
            self.cursor = queen
        elif cells:
            centre = Hex(round(sum(c.q for c in cells) / len(cells)), round(sum(c.r for c in cells) / len(cells)))
            self.cursor = min(cells, key=lambda c: (distance(c, centre), c.r, c.q))
        else:
            self.cursor = Hex(0, 0)
        self.want = column(self.cursor)
        self.in_rack = not cells
        self.rack_cursor = self._first_ready()

    def _first_ready(self) -> Piece | None:
        """The first piece in hand that can be placed now (the Queen cannot on turn one)."""
        ready = placeable(self.board, self.board.colour_to_move)
        return next((p for p in ready if self.board.moves_for(p)), ready[0] if ready else None)

    # -- keys -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Escape only cancels a selection; otherwise it falls through to the screen (menu).
        return self.selected is not None if action == "cancel" else True

    def action_move(self, direction: str) -> None:
        if not self.active:
            return
        if self.in_rack:
            self._move_in_rack(1 if direction in ("right", "down") else -1)
        else:
            self.cursor = step(self.cursor, direction, self.want, set(self.query_one(HiveField).picture.spans))
            if direction in ("left", "right"):
                self.want = column(self.cursor)
        self.sync()

    def _move_in_rack(self, sign: int) -> None:
        ready = placeable(self.board, self.board.colour_to_move)
        if not ready:
            return
        i = ready.index(self.rack_cursor) if self.rack_cursor in ready else -sign
        self.rack_cursor = ready[(i + sign) % len(ready)]

    def action_rack(self) -> None:
        """Move the cursor into the mover's rack (or back onto the lattice)."""
        if not self.active:
            return
        colour = self.board.colour_to_move
        ready = placeable(self.board, colour)
        if self.in_rack or not ready:
            self.in_rack = False
            if not ready:
                self.post_message(self.Note("no pieces left in hand"))
        else:
            self.in_rack = True
            self.rack_cursor = self.rack_cursor if self.rack_cursor in ready else self._first_ready()
            self.post_message(self.Note("rack: left/right picks a piece, enter selects, tab returns"))
        self.sync()

    def action_cancel(self) -> None:
        self.clear_choice()
        self.sync()
        self.post_message(self.Note("selection cancelled"))

    def action_choose(self) -> None:
        if not self.active:
            return
        board = self.board
        if board.legal_moves() == [PASS]:
            self.clear_choice()
            self.post_message(self.MoveChosen(PASS))
        elif self.in_rack:
            if self.rack_cursor is not None:
                self.select(self.rack_cursor)
        else:
            self.choose_cell(self.cursor)
        self.sync()

    def choose_cell(self, cell: Hex) -> None:
        """Enter or a click on ``cell``: play to a marked destination, else select or explain."""
        board = self.board
        target = next((m for m in self.options if m.dest == cell), None)
        top = board.top(cell)
        if target is not None:
            self.clear_choice()
            self.post_message(self.MoveChosen(target))
        elif self.selected is not None and top == self.selected:
            self.action_cancel()
        elif top is not None and (top.colour == board.colour_to_move or board.moves_for(top)):
            self.select(top)  # an opponent's piece has moves only when our Pillbug can throw it
        else:
            mark = FIELD_GLYPHS[self.glyphs].target
            what = f"a destination marked {mark}" if self.options else "one of your pieces, or tab for your rack"
            self.post_message(self.Note(f"pick {what}"))

    def select(self, piece: Piece) -> None:
        """Select ``piece`` (on the board or in hand) and mark its legal destinations."""
        board = self.board
        moves = board.moves_for(piece)
        if not moves:
            self.post_message(self.Note(why_stuck(board, piece)))
            return
        self.selected, self.options = piece, moves
        if self.in_rack:
            self.in_rack = False
            self.cursor = min((m.dest for m in moves if m.dest is not None), key=lambda c: (c.r, c.q))
            self.want = column(self.cursor)
        mark = FIELD_GLYPHS[self.glyphs].target
        verb = "place" if moves[0].is_placement else "move"
        self.post_message(self.Note(f"{BUG_NAMES[piece.bug]} {piece}: {counted(len(moves), 'cell')} to {verb} {mark}, "
                                    "esc cancels"))

    def clear_choice(self) -> None:
        self.selected, self.options = None, []

    def cursor_move(self) -> Move | None:
        if not self.active:
            return None
        if self.board.legal_moves() == [PASS]:
            return PASS
        return None if self.in_rack else next((m for m in self.options if m.dest == self.cursor), None)

    def show_move(self, move: Move) -> None:
        if move.piece is not None and move.dest is not None:
            self.selected, self.options = move.piece, self.board.moves_for(move.piece)
            self.in_rack = False
            self.cursor, self.want = move.dest, column(move.dest)
        self.sync()

    # -- mouse ------------------------------------------------------------------------------
    def on_hive_field_cell_clicked(self, message: HiveField.CellClicked) -> None:
        if self.active:
            self.in_rack = False
            self.cursor, self.want = message.cell, column(message.cell)
            if self.board.legal_moves() == [PASS]:
                self.action_choose()
            else:
                self.choose_cell(message.cell)
            self.sync()

    def on_hive_rack_piece_clicked(self, message: HiveRack.PieceClicked) -> None:
        if self.active and message.piece.colour == self.board.colour_to_move:
            self.rack_cursor = message.piece
            self.in_rack = True
            self.select(message.piece)
            self.sync()
