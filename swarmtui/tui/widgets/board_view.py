"""``BoardView``: the base of every game's board widget, and the messages boards post up.

Attributes down (reactive, so setting one redraws the board): ``board`` (the game state, a
``GameState``), ``last`` (the last move, marked), ``active`` (a human is to move here: the
cursor shows and keys act) and ``overlay`` (what the deliberation frame on screen draws, a
``tui.overlay.BoardOverlay``; None: nothing). All four always notify, because a game state is
mutated in place: setting the same object again means "it changed". Messages up: one
``MoveChosen`` (a move the player chose) and one ``Note`` (a sentence for the status line),
defined here once, so a screen handles every game's board with ``@on(BoardView.MoveChosen)``.

A game's board subclasses this, draws ``board`` (``render`` or child widgets), reacts to the
attributes with ``watch_board``/``watch_last``/``watch_active``/``watch_overlay`` when it needs
more than a repaint, says what its glyphs mean (``glyph_legend``, ``seats_legend``), and is
registered for its game in ``tui.boards`` (the TUI owns that mapping;
a game without a widget of its own is shown by ``widgets.notation_board.NotationBoard``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from swarmtui.core.hexgrid import Hex
from swarmtui.tui.overlay import BoardOverlay


@dataclass(frozen=True)
class Legend:
    """What a board's glyphs mean: ``head`` (lines read as they are, e.g. the pieces), then
    ``rows`` of a glyph or label and its meaning, drawn in two columns (a long meaning wraps in
    its own column)."""

    rows: tuple[tuple[Text, str], ...] = ()
    head: Text = field(default_factory=lambda: Text("", end=""))

    @property
    def plain(self) -> str:
        """The legend as plain text, a row a line (for tests and notices)."""
        lines = [self.head.plain] if self.head.plain else []
        return "\n".join(lines + [f"{glyph.plain}  {meaning}" for glyph, meaning in self.rows])

    def renderable(self) -> RenderableType:
        """The head, then the rows as a two-column grid."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for glyph, meaning in self.rows:
            grid.add_row(glyph, meaning)
        return Group(self.head, grid) if self.head.plain else grid


def legend_rows(rows: list[tuple[str | Text, str]], head: Text | None = None) -> Legend:
    """A ``Legend`` of ``rows`` (a plain glyph is drawn bold) after ``head``."""
    return Legend(tuple((g if isinstance(g, Text) else Text(g, style="bold"), m) for g, m in rows),
                  head if head is not None else Text("", end=""))


class BoardView(Widget, can_focus=True):
    """One game's board: see the module docstring for its attributes and messages."""

    SCREEN_WIDTH: ClassVar[int] = 30
    """Columns the game screen gives the board's column (board, status)."""
    REPLAY_WIDTH: ClassVar[int] = 30
    """Columns the replay viewer gives it."""

    board: reactive[Any] = reactive(None, always_update=True)
    """The position shown (the game's ``GameState``)."""
    last: reactive[Any] = reactive(None, always_update=True)
    """The move that led to it (None: none to mark)."""
    active: reactive[bool] = reactive(False, always_update=True)
    """True while a human is to move on this board: the cursor shows and keys act."""
    overlay: reactive[BoardOverlay | None] = reactive(None, always_update=True)
    """What the deliberation frame on screen draws on the board (None: nothing)."""
    standing_heat: reactive[tuple[tuple[Hex, float], ...]] = reactive((), always_update=True)
    """The heat map the last AI turn left (a swarm's pheromone, 0..1 per cell), which a board
    that draws heat shows between turns while no deliberation is on screen; () when none."""

    class MoveChosen(Message):
        """The player picked ``move`` for the side to move (the screen plays it when legal)."""

        def __init__(self, move: Any) -> None:
            super().__init__()
            self.move = move

    class Note(Message):
        """A sentence for the status line (what the last key did or why it did nothing)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, board: Any, *, glyphs: str = "unicode", id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.set_reactive(BoardView.board, board)
        self._turn: tuple[int, int] | None = None
        """(board, ply) of the human turn the cursor was last placed for."""

    def _watch_active(self, was: bool, now: bool) -> None:
        """A human turn that begins gets a fresh cursor; the end of one drops any selection."""
        turn = (id(self.board), self.board.ply)
        if now and (not was or turn != self._turn):
            self._turn = turn
            self.clear_choice()
            self.place_cursor()
        if not now:
            self.clear_choice()

    def glyph_legend(self) -> Legend:
        """What this board's glyphs, labels and marks mean, a few short rows (the game screen's
        legend, ``L``); empty: the board has nothing to explain beyond its text."""
        return Legend()

    def seats_legend(self) -> Text:
        """One short line naming each seat's piece where the board cannot tell them apart
        otherwise (Halma with three or more players); empty: none needed."""
        return Text("")

    def place_cursor(self) -> None:
        """Put the cursor where a human's turn starts (called when one begins)."""

    def clear_choice(self) -> None:
        """Forget a half-made choice (a selected piece and its destinations)."""

    def action_choose(self) -> None:
        """Act on the cursor (Enter, Space): select, or choose a move (``MoveChosen``)."""

    def cursor_move(self) -> Any | None:
        """The move Enter would play now (a selected piece and the cursor on one of its
        destinations), or None: the move the coach rates for "why not my move?"."""
        return None

    def show_move(self, move: Any) -> None:
        """Put the cursor (and the selection) where Enter plays ``move``: how the coach's
        suggestion is highlighted without being played."""
