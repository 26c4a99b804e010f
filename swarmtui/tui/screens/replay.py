"""The replay viewer: a finished or logged game, move by move, with each AI turn's reasoning.

The position comes from ``records.replay.Recording`` (every position replayed through the
rules); the board is the game's own widget (``tui.boards``), the deliberation the same panel and
frame modules as a live game. Stepping forward to move k shows the position before it while the
recorded deliberation of move k plays (at the chosen speed; ``x`` skips, ``n`` steps a phase,
``p`` pauses), then the move is made on the board; stepping back shows the earlier position
with its move's reasoning on its last phase. A move without a trace (a human's, or one that
re-deciding from the seed could not rebuild; see ``referee.redecide``) says so in the panel.
``t`` takes over at the position on the board: the app opens the game's setup with that
position (``TakeOver``), where the player chooses the seats and plays on.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, Static

from swarmtui.agents import agent_specs
from swarmtui.core.safe_text import safe_text
from swarmtui.games import GAMES, get_game
from swarmtui.records.replay import Recording
from swarmtui.tui.boards import board_widget
from swarmtui.tui.panels.deliberation import DeliberationPanel
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import drawable
from swarmtui.tui.screens.help import QUIT_AND_HELP
from swarmtui.tui.screens.panel_screen import WIDE, PanelScreen
from swarmtui.tui.screens.rules import RULES_KEY, show_rules
from swarmtui.tui.widgets.board_legend import BoardLegend
from swarmtui.tui.widgets.move_log import MoveLog
from swarmtui.tui.widgets.screen_title import ScreenTitle

NO_TRACE = "No deliberation was recorded for this move ({why})."
UNAVAILABLE = "Reasoning unavailable for this move: the file's record of it is damaged."


def agent_title(agent_id: str) -> str:
    spec = agent_specs().get(agent_id)
    return spec.title if spec else agent_id


class ReplayScreen(PanelScreen):
    """Right/left (l/h, . and ,) step through the moves; Home/End jump; Escape leaves."""

    HELP_TITLE = "Replay"


    BINDINGS = [
        *QUIT_AND_HELP,
        Binding("right,l,full_stop", "forward", "Next move", priority=True, tooltip="the next move"),
        Binding("left,h,comma", "back", "Back", priority=True, tooltip="the previous move"),
        Binding("home,g", "first", "Start", show=False, priority=True, tooltip="the first position"),
        Binding("end,G", "last", "End", show=False, priority=True, tooltip="the last position"),
        Binding("n", "next_phase", "Step", tooltip="next step of the recorded reasoning"),
        Binding("p,space", "pause", "Pause", tooltip="pause / resume the reasoning"),
        Binding("x", "skip", "Skip", show=False, tooltip="skip to the move"),
        Binding("s", "speed", "Speed", tooltip="speed: slow, normal, fast, instant"),
        Binding("v", "switch_panel", "Panel", tooltip="the other panel: reasoning / moves"),
        Binding("t", "take_over", "Play on", tooltip="take over here: play on from this position (choose the seats)"),
        Binding("m,escape", "leave", "Leave", tooltip="leave the replay"),
        Binding(RULES_KEY, "rules", "Rules", show=False, tooltip="the rules of this game"),
        Binding("L", "legend", "Legend", show=False, tooltip="what the board's letters, glyphs and marks mean"),
    ]

    PLAYBACK_ACTIONS = frozenset({"next_phase", "pause", "skip"})
    """Keys that act on a move's reasoning while it plays: listed (and working) only then."""

    class TakeOver(Message):
        """Play on from ``position`` (the game's position notation) of game ``game``: the app
        opens the game's setup with it."""

        def __init__(self, game: str, position: str) -> None:
            super().__init__()
            self.game, self.position = game, position

    def __init__(self, recording: Recording, *, source: str, glyphs: str = "unicode", speed: str = "normal") -> None:
        super().__init__()
        self.recording = recording
        self.source = source
        self.glyphs = glyphs
        self.speed = speed
        self.ply = 0
        """Moves made on the board so far."""
        self.pending: Deliberation | None = None
        self.shown = "panel"
        self.drawn: dict[int, bool] = {}
        """Per move with a trace: whether every phase of it draws (``frames.drawable``)."""

    def compose(self) -> ComposeResult:
        yield ScreenTitle(id="title", classes="-plain")
        with Horizontal():
            board = board_widget(self.recording.game)
            with Vertical(id="left") as left:
                left.styles.width = board.REPLAY_WIDTH
                with Vertical(id="board-box"):
                    yield board(self.recording.positions[0], glyphs=self.glyphs, id="board")
                    yield Static(id="status")
            with Horizontal(id="panels"):
                yield DeliberationPanel(glyphs=self.glyphs, speed=self.speed, id="panel")
                yield MoveLog(self.recording.seats, id="log")
                yield BoardLegend(id="legend", classes="-hidden")
        yield Footer(compact=True, show_command_palette=False)  # room for the keys at 80 columns

    def on_mount(self) -> None:
        box = self.query_one("#board-box")
        box.border_title, box.border_subtitle = "Replay", self.board.seats_legend()
        self.query_one(BoardLegend).legend = self.board.glyph_legend()
        log = self.recording.log
        players = " vs ".join(f"{s} {log.tags[s] if log.tags.get(s) else agent_title(a)}"
                              for s, a in self.recording.players.items())
        title = Text("Replay: ", style="bold", end="")
        title.append_text(safe_text(self.source, "bold", limit=80))
        title.append_text(safe_text(f"  {players}", limit=120))
        if self.recording.seed is not None:
            title.append(f"  seed {self.recording.seed}", style="dim")
        self.query_one("#title", Static).update(title)
        self.board.can_focus = False  # the board only shows: arrows step through the moves
        self.set_focus(None)
        self.layout_panels()
        self.go_to(0)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that do something now: the playback keys while a move's
        reasoning plays, ``v`` when only one panel fits."""
        if action in self.PLAYBACK_ACTIONS:
            return self.pending is not None
        if action == "switch_panel":
            return self.app.size.width < WIDE
        return True

    def on_resize(self) -> None:
        super().on_resize()
        self.refresh_bindings()

    def action_rules(self) -> None:
        show_rules(self.app, get_game(self.recording.game))

    # -- moving through the game ------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.recording.moves)

    def deliberation(self, index: int) -> Deliberation | None:
        """The recorded reasoning of move ``index`` (0-based), if any that draws: a trace that
        does not fit together (``frames.drawable``) counts as damaged, like one unreadable."""
        trace = self.recording.traces.get(index)
        if trace is None:
            return None
        seat = self.recording.movers[index]
        agent = agent_title(self.recording.players.get(seat, "?"))
        d = Deliberation(seat, agent, trace, self.recording.moves[index])
        if index not in self.drawn:
            self.drawn[index] = drawable(d, self.glyphs)
        return d if self.drawn[index] else None

    def go_to(self, ply: int, animate: bool = False) -> None:
        """Show the game after ``ply`` moves; ``animate`` plays move ``ply``'s reasoning first."""
        ply = max(0, min(ply, self.total))
        self.pending = None
        if ply == 0:
            self.ply = 0
            self.panel.clear("The start position. Right arrow (or l) plays the first move.")
            self.draw()
            return
        d = self.deliberation(ply - 1)
        if d is None:
            self.ply = ply
            self.panel.clear(self.no_trace_note(ply - 1))
            self.draw()
        elif animate:
            self.ply = ply - 1  # the position the agent looked at, until its reasoning ends
            self.pending = d
            self.draw()
            self.panel.show(d)
        else:
            self.ply = ply
            self.panel.show_phase(d, 10**6)
            self.draw()

    def no_trace_note(self, index: int) -> str:
        """Why move ``index`` shows no reasoning."""
        if index in self.recording.unreadable or self.drawn.get(index) is False:
            return UNAVAILABLE
        return NO_TRACE.format(why=self.missing_reason(index))

    def missing_reason(self, index: int) -> str:
        seat = self.recording.movers[index]
        agent = agent_specs().get(self.recording.players.get(seat, ""))
        if agent is not None and agent.interactive:
            return "a person played it"
        if agent is not None and agent.external:
            name = self.recording.log.engines.get(seat, {}).get("name") or self.recording.params.get(
                seat, {}).get("engine", "")
            who = f"the external engine '{safe_text(name, limit=40).plain}'" if name else "an external engine"
            return f"{who} played it: another program's reasoning is not recorded, and its turns are never re-decided"
        if self.recording.redecided:
            return f"the file kept none, and {self.recording.redecided}"
        return "the file was written without traces" if not self.recording.traces else "none kept for this turn"

    def on_deliberation_panel_finished(self, message: DeliberationPanel.Finished) -> None:
        if self.pending is not None and message.deliberation is self.pending:
            self.pending = None
            self.ply += 1
            self.draw()


    def draw(self) -> None:
        """Board, move log and status for ``self.ply``."""
        rec = self.recording
        state = rec.positions[self.ply]
        board = self.board
        board.board = state
        history = state.history
        board.last = history[-1] if history else None
        board.active = False
        log = self.query_one(MoveLog)
        log.moves = rec.moves[:self.ply]
        log.result = rec.result if self.ply == self.total else ""
        log.refresh()
        status = Text(f"move {self.ply}/{self.total}", style="bold", end="")
        if self.pending is not None:
            status.append(Text.assemble("\n", safe_text(f"{self.pending.seat} is choosing...")))
        elif self.ply:
            status.append(Text.assemble("\n", safe_text(rec.labels[self.ply - 1])))
        if self.ply == self.total:
            status.append(Text.assemble("\n", safe_text(rec.result, "bold reverse")))
        self.query_one("#status", Static).update(status)
        self.refresh_bindings()

    # -- keys -----------------------------------------------------------------------------------
    def action_forward(self) -> None:
        if self.pending is not None:
            self.panel.skip()  # a second press finishes the move being shown
        elif self.ply < self.total:
            self.go_to(self.ply + 1, animate=True)
        else:
            self.notify("This is the end of the game.", timeout=2)

    def action_back(self) -> None:
        self.go_to(self.ply - 1 if self.pending is None else self.ply)

    def action_first(self) -> None:
        self.go_to(0)

    def action_last(self) -> None:
        self.go_to(self.total)

    def action_take_over(self) -> None:
        """Take over here: the setup of this game with the position on the board, to play on from it."""
        spec = GAMES[self.recording.game]
        state = self.recording.positions[self.ply]
        if spec.format_position is None:
            self.notify(f"{spec.title} has no position notation to play on from", title="No takeover", timeout=4)
        elif state.outcome is not None:
            self.notify("the game is over here: step back to a move before its end", title="No takeover", timeout=4)
        else:
            self.post_message(self.TakeOver(spec.id, spec.format_position(state)))

    def action_leave(self) -> None:
        self.dismiss(self.speed)
