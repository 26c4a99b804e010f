"""The game screen: board and status on the left; the AI's reasoning and the move log beside.

Turn loop: a human seat waits for its board's ``BoardView.MoveChosen`` (every game's board is a
``BoardView``, named by the game's descriptor); for an AI seat a thread worker asks the match's
referee (``Referee.think``) and posts ``AgentDecided`` with its answer; the panel animates the
decision and posts ``DeliberationPanel.Finished``, and only then is the move played
(``Match.play_turn``: an answer that forfeits ends the game at once). Every message carries the
match generation (``token``) so a restart ignores replies meant for the previous game. While a
phase is on screen its frame module's board overlay (if any) is handed to ``board.overlay``, and
cleared afterwards.

Panels adapt to the terminal: below ``WIDE`` columns one panel shows at a time (``v`` switches
between the reasoning and the move log); from ``WIDE`` columns on both show side by side.
``w`` saves the game (``tui.saved_game``); it is autosaved when leaving for the menu, and the
app autosaves it on quit and on hang-up; a finished game is saved once, so it can be replayed
from the saved-games list. A match keeps one file: later saves replace it.

At a table (a game with players at other terminals, ``tui.table_game``) a remote seat's turn
is a worker waiting for the table; the table's news, its chat, the turn notice and the rematch
are ``TableGameScreen``'s (this screen's subclass). Such a game cannot be restarted; leaving it
saves it and gets up from the table (the seats stay kept for its player). A watched game is
not autosaved until it has finished.

A timed game (``MatchConfig.clock``) shows every seat's clock (``SeatClocks``), read from the
referee every ``CLOCK_TICK``: the side to move's runs, and a flag that falls while a person (or
an AI that overruns) thinks ends the game on time at once. Against the computer the clocks
stand still while the person is away: the game screen covered by another, the app suspended
(Ctrl+Z), or the game left (for the menu, or a dropped connection: the save keeps each clock as
it stood). At a table they run on whatever happens (the table's rule, ``docs/serve.md``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from swarmtui.core.counting import counted
from swarmtui.core.hexgrid import Hex
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError
from swarmtui.core.trace import NoTrace
from swarmtui.games import get_game
from swarmtui.records import GameLog
from swarmtui.referee import Turn
from swarmtui.tables.client import TableClosed
from swarmtui.tables.codes import shown
from swarmtui.tables.remote_seat import RemoteSeat
from swarmtui.tui.boards import board_widget
from swarmtui.tui.match import Match
from swarmtui.tui.panels.deliberation import DeliberationPanel, frame_overlay
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import DRAWING_ERRORS
from swarmtui.tui.saved_game import new_save_path, write_game
from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.ending_keys import ENDING_KEYS, EndingsScreen
from swarmtui.tui.screens.help import QUIT_AND_HELP
from swarmtui.tui.screens.rules import RULES_KEY, rules_in_play, show_rules
from swarmtui.tui.widgets.board_legend import BoardLegend
from swarmtui.tui.widgets.board_view import BoardView
from swarmtui.tui.widgets.move_log import MoveLog
from swarmtui.tui.widgets.screen_title import ScreenTitle
from swarmtui.tui.widgets.seat_clock import Reading, SeatClocks

CLOCK_TICK = 0.1
"""Seconds between two readings of a timed game's clocks (the flag of a person is noticed then)."""


class GameScreen(EndingsScreen):
    """One match; ``r`` restarts it (same seed if one was chosen), ``m`` returns to the menu;
    ``a``, ``g`` and ``y`` ask the coach, play its move and rate yours (``screens.coaching``);
    ``R``, ``d`` and ``U`` resign, offer a draw and redo (``screens.ending_keys``).

    The screen is dismissed with the animation speed last chosen, so the app can keep it.
    """

    CSS_PATH = ["panel_screen.tcss", "game.tcss"]

    BINDINGS = [
        *QUIT_AND_HELP,
        Binding("a", "coach", "Coach", tooltip="ask the coach what it would play (your turn)"),
        Binding("g", "play_suggestion", "Go", show=False, tooltip="play the coach's suggestion"),
        Binding("y", "why", "Why", show=False, tooltip="why not my move? the coach rates the move enter would play"),
        Binding("space", "space", "Play/Pause", show=False, tooltip="play on the cursor (your turn), else pause"),
        Binding("n", "next_phase", "Step", tooltip="next step of the AI's reasoning"),
        Binding("p", "pause", "Pause", show=False, tooltip="pause / resume the reasoning (space too)"),
        Binding("x", "skip", "Skip", show=False, tooltip="skip to the AI's move"),
        Binding("s", "speed", "Speed", tooltip="speed: slow, normal, fast, instant"),
        Binding("v", "switch_panel", "Panel", tooltip="the other panel: reasoning / moves"),
        Binding("w", "save", "Save", tooltip="save the game (q, m and a hang-up save it too)"),
        Binding("u", "takeback", "Undo", show=False, tooltip="take back your last move and the AI's replies"),
        *ENDING_KEYS,
        Binding("r", "restart", "Restart", tooltip="start the game again (same seats and seed)"),
        Binding("m", "menu", "Menu", tooltip="back to the menu (the game is saved)"),
        Binding("escape", "leave", "Menu", show=False,
                tooltip="back to the menu, asking first during a game (the game is saved)"),
        Binding(RULES_KEY, "rules", "Rules", show=False, tooltip="the rules of this game"),
        Binding("L", "legend", "Legend", show=False, tooltip="what the board's letters, glyphs and marks mean"),
    ]

    class AgentDecided(Message):
        """An AI seat's worker answered ``turn`` (a decision or a forfeit) for match generation ``token``."""

        def __init__(self, token: int, turn: Turn) -> None:
            super().__init__()
            self.token, self.turn = token, turn

    class AgentFailed(Message):
        """An AI seat's turn could not be asked for (``error``: the table closed...)."""

        def __init__(self, token: int, seat: str, error: Exception) -> None:
            super().__init__()
            self.token, self.seat, self.error = token, seat, error

    def __init__(self, match: Match, *, glyphs: str = "unicode", speed: str = "normal",
                 skip: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.match = match
        self.glyphs = glyphs
        self.speed = speed
        self.skip = skip
        """Seats whose deliberation is not animated: their move is shown at once, with the last
        step of its reasoning (the setup's "skip its animation"; ``x`` does it for one move)."""
        self.token = 0
        self.pending: tuple[Deliberation, Turn] | None = None
        self.shown = "panel"
        self.asking = False
        """An AI seat of this game is being asked for its move (its clock is watched meanwhile)."""
        self.clock_timer: Timer | None = None
        """What reads a timed game's clocks every ``CLOCK_TICK``."""
        self.finished_saved: Match | None = None
        self.save_failure: SaveError | None = None
        """Why the last autosave failed (None when it worked): quitting then asks first."""
        """The panel on screen when only one fits (``PANELS``)."""

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield ScreenTitle(id="title", classes="-plain")
        with Horizontal():
            board = board_widget(self.match.config.game_id)
            with Vertical(id="left") as left:
                left.styles.width = board.SCREEN_WIDTH
                with Vertical(id="board-box"):
                    yield board(self.match.state, glyphs=self.glyphs, id="board")
                    yield SeatClocks(id="clocks")
                    yield Static(id="status")
            with Horizontal(id="panels"):
                yield DeliberationPanel(glyphs=self.glyphs, speed=self.speed, id="panel")
                yield MoveLog(self.match.seats, id="log")
                yield BoardLegend(id="legend", classes="-hidden")
        yield Footer(compact=True, show_command_palette=False)  # room for the keys at 80 columns

    def on_mount(self) -> None:
        self.query_one("#board-box").border_title = self.board_title()
        self.layout_panels()
        self.app.app_suspend_signal.subscribe(self, self.app_suspended, immediate=True)  # before SIGTSTP
        self.app.app_resume_signal.subscribe(self, self.app_resumed)
        self.start(self.match)

    def board_title(self) -> str | Text:
        return "Board"

    # -- the turn loop --------------------------------------------------------------------
    def start(self, match: Match) -> None:
        """Show ``match`` from its first move and hand the turn to its first seat."""
        self.stop_turns()
        self.match = match
        self.board.board = match.state
        history = match.state.history
        self.board.last = history[-1] if history else None
        self.query_one(MoveLog).seats = match.seats
        self.query_one("#board-box").border_subtitle = self.board.seats_legend()
        self.query_one(BoardLegend).legend = self.board.glyph_legend()
        self.panel.clear(restored_note(match))
        self.show_title()
        clocks = self.query_one(SeatClocks)
        clocks.display = match.timed
        if match.timed and self.clock_timer is None:  # (an untimed game has no timer at all)
            self.clock_timer = self.set_interval(CLOCK_TICK, self.tick_clocks)
        clocks.control = match.config.clock.minutes()
        if not match.moves:
            match.referee.begin_turn()  # a new game's first clock starts when it is shown
        if self.is_current or match.table is not None:
            match.referee.resume()
        else:
            self.away()
        self.next_turn()

    @property
    def HELP_TITLE(self) -> str:  # noqa: N802  (the attribute every screen's help reads)
        return self.match.title.split(" (")[0]

    def show_title(self) -> None:
        """The title line, shortened to the screen's width (the seed always shows)."""
        self.query_one("#title", Static).update(title_text(self.match, self.size.width or None))

    def on_resize(self) -> None:
        self.show_title()

    def next_turn(self) -> None:
        """Refresh the views; start the AI's worker if an AI seat is to move."""
        self.refresh_views()
        match = self.match
        if match.is_over:
            self.save_finished()
            return
        if match.human_to_move:
            self.board.overlay = None  # the AI's marks are done with
            self.board.standing_heat = standing_heat(match, self.glyphs)  # its pheromone stays (t)
            self.board.focus()
            return
        match.referee.begin_turn()  # (not the pause after the last move: the AI's clock starts now)
        self.asking = True
        self.think(self.token, match)

    @work(thread=True, exclusive=True, group="agent")
    def think(self, token: int, match: Match) -> None:
        """Ask the match's referee for the side to move's answer off the event loop; post it back."""
        seat = match.to_move
        agent = match.agents[seat]
        if isinstance(agent, RemoteSeat):
            worker = get_current_worker()
            agent.cancelled = lambda: worker.is_cancelled
        try:
            turn = match.referee.think()
        except Exception as error:  # a turn that could not be asked (the table closed): not the app's end
            self.post_message(self.AgentFailed(token, seat, error))
        else:
            self.post_message(self.AgentDecided(token, turn))

    def stop_turns(self) -> None:
        """Cancel the AI's turn, the coach and a draw being considered: replies still on their way
        (carrying an older ``token``) are ignored."""
        self.workers.cancel_group(self, "agent")
        self.workers.cancel_group(self, "draw")
        self.cancel_coach()
        self.token += 1
        self.pending = None
        self.asking = False

    def game_ended(self) -> None:
        """The game ended outside its rules (a resignation, a draw agreed, a flag): stop what runs, show the
        result, and keep the game for the saved-games list."""
        self.stop_turns()
        self.panel.clear()
        self.board.overlay = None
        self.refresh_views()
        self.save_finished()

    def on_game_screen_agent_decided(self, message: AgentDecided) -> None:
        if message.token != self.token:
            return
        self.asking = False
        turn, state = message.turn, self.match.state
        if turn.decision is None:  # it forfeits (a crash, an engine's fault): the referee ends the game
            self.match.play_turn(turn)
            self.refresh_views()
            self.save_finished()
            return
        decision = turn.decision
        if turn.seat in self.match.remote and isinstance(decision.trace, NoTrace):
            self.play_turn(turn)  # a person's move from the table: nothing to animate
            self.next_turn()
            return
        if turn.seat not in self.match.remote:
            self.match.publish(state.format_move(decision.move), decision.trace)
        deliberation = Deliberation(
            turn.seat, self.match.agent_title(turn.seat), decision.trace, state.format_move(decision.move),
        )
        self.pending = (deliberation, turn)
        self.set_status(status_text(self.match, animating=True))
        self.panel.show(deliberation)
        if turn.seat in self.skip:
            self.panel.skip()

    def on_game_screen_agent_failed(self, message: AgentFailed) -> None:
        if message.token == self.token:
            self.asking = False
        if message.token == self.token and isinstance(message.error, TableClosed):
            self.set_status(Text.assemble(safe_text(f"The table is closed: {message.error}"),
                                          "\nm: menu (the game is saved)", style="bold"))
        elif message.token == self.token:
            self.set_status(safe_text(f"{message.seat} ({self.match.agent_title(message.seat)}) failed: "
                                      f"{message.error}", "bold"))

    def on_deliberation_panel_finished(self, message: DeliberationPanel.Finished) -> None:
        if self.pending is None or message.deliberation is not self.pending[0]:
            return
        _, turn = self.pending
        self.pending = None
        self.play_turn(turn)
        self.after_ai_move()

    def after_ai_move(self) -> None:
        """Let the last frame stay on screen for one step before the next AI starts."""
        delay = self.panel.playback.delay
        if delay == 0 or self.match.is_over or self.match.human_to_move:
            self.next_turn()
            return
        token = self.token
        self.refresh_views()
        self.set_timer(delay, lambda: self.next_turn() if token == self.token else None)

    @on(BoardView.MoveChosen)
    def move_chosen(self, message: BoardView.MoveChosen) -> None:
        """A human's move from the board: played when it is theirs to make and legal."""
        if self.match.human_to_move and self.match.state.is_legal(message.move):
            self.play(message.move)
            self.next_turn()

    @on(BoardView.Note)
    def board_note(self, message: BoardView.Note) -> None:
        self.set_status(Text.assemble(f"{self.match.to_move} to move (you)\n", safe_text(message.text)))

    def play(self, move: Any) -> None:
        """A person's move at this keyboard (a coach still thinking or shown is cancelled)."""
        self.cancel_coach()
        before = len(self.match.moves)
        self.match.play(move)
        if len(self.match.moves) > before:  # (not when the flag fell first: the game is lost on time)
            self.board.last = move

    def play_turn(self, turn: Turn) -> None:
        """An AI seat's (or the table's) answer, once shown."""
        before = len(self.match.moves)
        self.match.play_turn(turn)
        if turn.decision is not None and len(self.match.moves) > before:
            self.board.last = turn.decision.move

    # -- clocks ---------------------------------------------------------------------------
    def tick_clocks(self) -> None:
        """Show the clocks; end the game when the side to move's flag has fallen."""
        match = self.match
        if not match.timed:
            return
        referee = match.referee
        self.table_clocks()
        thinking = match.human_to_move or (self.asking and self.pending is None)  # not the AI's animation
        if thinking and match.table is None and not referee.paused and referee.check_time():
            self.game_ended()  # (the side to move's thinking, an AI's or the coach's, is dropped)
        pending = self.pending[1] if self.pending is not None else None
        readings = []
        for seat in match.seats:
            clock = referee.clocks[seat]
            left = clock.left(pending.seconds) if pending is not None and pending.seat == seat \
                else referee.remaining(seat) or 0.0
            readings.append(Reading(seat, left, seat == match.to_move and not match.is_over, clock.fallen))
        clocks = self.query_one(SeatClocks)
        clocks.readings = tuple(readings)
        clocks.paused = referee.paused and not match.is_over

    def table_clocks(self) -> None:
        """At a table, where the table's hub keeps the clocks: take its word (the table screen's)."""

    def away(self) -> None:
        """The person is away: the clocks of a game against the computer stop (a table's run on)."""
        if self.match.table is None:
            self.match.referee.pause()

    def on_screen_suspend(self) -> None:
        self.away()

    def on_screen_resume(self) -> None:
        self.match.referee.resume()

    def app_suspended(self, _app: object) -> None:
        self.away()

    def app_resumed(self, _app: object) -> None:
        if self.is_current:
            self.match.referee.resume()

    # -- saving ---------------------------------------------------------------------------
    def save(self, path: Path | None = None) -> str:
        """Write the match to ``path``, else its save file (a new one the first time); returns where."""
        match = self.match
        path = path or match.save_path or new_save_path(match.to_saved())
        match.save_path = write_game(match.to_saved(), path)
        return str(match.save_path)

    def autosave(self) -> str | None:
        """Save a game worth keeping (moves played, finished, or saved before); None when there
        is nothing (a game resigned or lost on time before any move is kept: it has a result).

        A watched game is kept only once it has finished. Errors become a notification:
        autosave runs on the way out and must not stop it.
        """
        self.save_failure = None
        if not self.match.moves and self.match.save_path is None and not self.match.is_over:
            return None
        if self.match.table is not None and self.match.table.watching and not self.match.is_over:
            return None
        try:
            return self.save()
        except SaveError as error:
            self.save_failure = error
            self.notify(str(error), title="Autosave failed", severity="error")
            return None

    def save_finished(self) -> None:
        """Keep every finished game once, for the replay viewer (the saved-games list)."""
        if self.finished_saved is not self.match:
            self.finished_saved = self.match
            self.autosave()

    # -- views ----------------------------------------------------------------------------
    def refresh_views(self) -> None:
        match = self.match
        self.board.active = match.human_to_move
        self.board.refresh()
        log = self.query_one(MoveLog)
        log.moves = match.move_texts()
        log.result = match.result_text()
        log.refresh()
        self.set_status(status_text(match, self.pending is not None))

    def set_status(self, text: Text) -> None:
        self.query_one("#status", Static).update(text)

    # -- keys -----------------------------------------------------------------------------
    def action_space(self) -> None:
        if self.match.human_to_move:
            self.board.action_choose()
        else:
            self.action_pause()

    def action_save(self) -> None:
        try:
            where = self.save()
        except SaveError as error:
            self.notify(str(error), title="Not saved", severity="error")
        else:
            self.notify(f"saved to {where}", title="Saved", timeout=3)

    def action_restart(self) -> None:
        """A new game with the same seats (and seed, if one was chosen), in a save file of its own.

        A game in progress is kept: ``r`` asks first, then saves it before starting over.
        """
        if not self.match.moves or self.match.is_over:
            self.restart()
            return
        question = (f"Start {self.match.title.split(' (')[0]} again? The game so far "
                    f"({counted(len(self.match.moves), 'move')}) is saved and stays under Saved games.")
        self.app.push_screen(Confirm("Restart", question, yes="Restart", no="Keep playing"),
                             lambda yes: self.restart() if yes else None)

    def restart(self) -> None:
        self.workers.cancel_group(self, "agent")
        self.autosave()
        self.match.close()
        self.start(Match(self.match.requested))  # a new match: its first save picks a new file

    def action_takeback(self) -> None:
        """Take back the last move of a person at this keyboard and every AI move after it.

        The match is rebuilt from its seed and the moves that remain, exactly as resuming that
        save would rebuild it (each AI seat re-decides its kept turns), so the save, a replay and
        the agents' memory (pheromones, generators) all agree with the shorter game. Off at a
        table with other people: their games would no longer match ours.
        """
        match = self.match
        if match.table is not None:
            self.notify("takeback is off at a table with other people: the others' games would differ",
                        title="No takeback", timeout=5)
            return
        keep = takeback_point(match)
        if keep is None:
            self.notify("there is no move of yours to take back", title="No takeback", timeout=4)
            return
        self.stop_turns()
        self.set_status(Text(f"taking back {counted(len(match.moves) - keep, 'move')}...", style="bold"))
        saved = match.to_saved()
        shorter = replace(saved, moves=saved.moves[:keep], traces=[t for t in saved.traces or () if t["ply"] < keep],
                          result="", finished=False)
        self.rebuild(self.token, shorter, match.save_path, saved.moves[keep:] + match.redo,
                     f"took back {counted(len(saved.moves) - keep, 'move')} (U: redo)", "Undo")

    @work(thread=True, exclusive=True, group="takeback")
    def rebuild(self, token: int, saved: GameLog, save_path: Path | None, redo: list[str], done: str,
                title: str) -> None:
        """Rebuild the match from ``saved`` (off the event loop), with ``redo`` left to redo;
        ``done`` says what changed, under ``title``. Dropped when the game moved on meanwhile
        (``token``: it was resigned, drawn or left)."""
        try:
            match = Match.from_saved(saved, "the game")
        except SaveError as error:
            self.app.call_from_thread(self.notify, str(error), title=f"No {title.lower()}", severity="error")
            return
        match.save_path = save_path
        match.redo = list(redo)
        self.app.call_from_thread(self.rebuilt, token, match, done, title)

    def rebuilt(self, token: int, match: Match, done: str, title: str) -> None:
        if token != self.token:
            match.close()
            return
        self.match.close()
        self.start(match)
        self.notify(done, title=title, timeout=3)

    def action_rules(self) -> None:
        """The rules of this game, over the board (the game waits: nothing is lost)."""
        game = get_game(self.match.config.game_id)
        show_rules(self.app, game, rules_in_play(game, self.match.config.rules))

    def action_leave(self) -> None:
        """Escape: back to the menu, asking first when a game is in progress at this keyboard.

        Escape is the key that closes lists, dialogs and selections, so a second press left
        games by accident; ``m`` (the footer's Menu) leaves at once. Nothing is lost either way
        (the game is saved), and a game not begun, finished or only watched leaves at once.
        """
        match = self.match
        watching = match.table is not None and match.table.watching
        if not match.moves or match.is_over or watching:
            self.action_menu()
            return
        question = (f"Back to the menu? The game so far ({counted(len(match.moves), 'move')}) is saved; "
                    "resume it from Saved games.")
        self.app.push_screen(Confirm("Leave the game", question, yes="Leave", no="Keep playing"),
                             lambda yes: self.action_menu() if yes else None)

    def action_menu(self) -> None:
        """Back to the menu; a game with moves is autosaved (resume it from Saved games)."""
        self.stop_turns()
        self.away()  # the save keeps each clock as it stood
        self.autosave()
        self.match.close()  # external engines stop with the game
        if self.match.table is not None:
            self.match.table.leave()
        self.dismiss(self.speed)

    def on_unmount(self) -> None:
        self.match.close()


def standing_heat(match: Match, glyphs: str = "unicode") -> tuple[tuple[Hex, float], ...]:
    """The heat map of the latest AI turn's reasoning (a swarm's pheromone field, as its first
    phase draws it on the board), for a board that keeps it between turns; () when no AI turn
    of this game left one (no swarm has played yet, or its agent draws no heat)."""
    if not match.traces:
        return ()
    ply = max(match.traces)
    deliberation = Deliberation("", "", match.traces[ply], match.moves[ply] if ply < len(match.moves) else "")
    try:
        overlay = frame_overlay(deliberation, 0, glyphs)
    except DRAWING_ERRORS:  # a trace that does not fit together draws nothing, as in the replay viewer
        return ()
    return overlay.heat if overlay is not None else ()


def takeback_point(match: Match) -> int | None:
    """How many moves remain after taking back the last move of a person at this keyboard (and
    the moves after it); None when no such move was played."""
    state = match.state.copy()
    for kept in range(len(match.moves) - 1, -1, -1):
        state.undo()
        if match.is_human(state.to_move):
            return kept
    return None


def title_text(match: Match, width: int | None = None) -> Text:
    """``Noughts & Crosses  X Human vs O Minimax  seed 42``, shortened on purpose to fit ``width``.

    Longest first: the game's title with the agents' titles; its short title with the agents'
    ids (``Halma  1 human vs 2 aco-bco``); then the seed before the players, the players cut at a
    word with ``…``. The game and the seed always show whole; nothing is cut mid-word.
    """
    short = match.title.split(" (")[0]
    table = ""
    if match.table is not None:
        table = f"  table {match.table.id}" + (" (watching)" if match.table.watching else "")
    forms = [
        (match.title, " vs ".join(f"{seat} {match.agent_title(seat)}" for seat in match.seats)),
        (short, " vs ".join(f"{seat} {match.agent_id(seat)}" for seat in match.seats)),
        (short, " vs ".join(match.agent_id(seat) for seat in match.seats)),
    ]
    seed = f"seed {match.seed}"
    room = None if width is None else width - 2  # the title's padding
    for game, players in forms:
        if room is None or len(f"{game}  {players}  {seed}{table}") <= room:
            return _title(game, f"  {players}  ", seed, table)
    game, players = forms[-1]
    assert room is not None
    left = room - len(f"{game}  {seed}{table}  ")
    return _title(game, "  ", seed, table, tail=_cut_at_word(players, left))


def _title(game: str, gap: str, seed: str, table: str, tail: str = "") -> Text:
    """The title line; agents' titles (an external engine's name) and table ids shown as text."""
    text = safe_text(game, "bold")
    text.append(safe_text(gap))
    text.append(safe_text(seed, "dim"))
    if table:
        text.append(safe_text(table, "bold"))
    if tail:
        text.append(safe_text(f"  {tail}"))
    return text


def _cut_at_word(words: str, room: int) -> str:
    """``words`` when they fit ``room`` columns, else as many whole words as fit and ``…``."""
    if len(words) <= room:
        return words
    kept = ""
    for word in words.split(" "):
        candidate = f"{kept} {word}".strip()
        if len(candidate) + 2 > room:
            break
        kept = candidate
    return f"{kept} …" if kept else ""


def restored_note(match: Match) -> str:
    """What the panel says about a game rebuilt from its moves: "Resumed after ..." only for a
    game resumed from its save (not after a takeback, nor on joining a table), and the seats whose
    agents now choose differently whenever there are any; nothing for a new game."""
    notes = []
    if match.resumed and match.moves and match.timed:
        notes.append(f"Resumed after {counted(len(match.moves), 'move')}, each clock as it stood: the AI seats "
                     "think afresh from the position (their choices depended on their clocks).")
    elif match.resumed and match.moves:
        notes.append(f"Resumed after {counted(len(match.moves), 'move')}: every agent re-decided its recorded "
                     "turns, so it continues as before.")
    if match.diverged:
        notes.append(f"Seat(s) {', '.join(match.diverged)} now choose differently from the save (agent changed?):"
                     " the position is exact, their memory is rebuilt by replaying.")
    return "\n".join(notes)


def status_text(match: Match, animating: bool) -> Text:
    """Whose turn it is and what they should do, or the result."""
    if match.is_over:
        text = safe_text(match.result_text(), "bold reverse")
        if match.hint_text():
            text.append("\n")
            text.append_text(safe_text(match.hint_text()))
        if match.table is None:
            text.append("\nr: again  m: menu")
        elif match.table.watching:
            text.append("\nm: menu")
        else:
            refusal = match.table.rematch_refusal()  # names come from the table's other players
            text.append_text(Text.assemble("\n", safe_text(refusal), "\nm: menu") if refusal else
                             Text("\nr: rematch, colours swapped  m: menu"))
        return text
    seat = match.to_move
    text = safe_text(f"{seat} to move", "bold")
    if match.table is not None and seat in match.remote:
        table = match.table  # names, ids and reasons below come from the table's other players
        if table.closed is not None:
            text.append(Text.assemble("\n", safe_text(f"table closed: {table.closed}")))
        elif table.holder(seat) is None:
            waiting = "a player to join" if table.labels.get(seat) is None else f"{table.labels[seat]} to come back"
            where = f"table {table.id} {shown(table.code)}" if table.code else f"table {table.id}"
            text.append(Text.assemble(" (nobody there)\n", safe_text(f"waiting for {waiting} ({where})"), "\nc: chat"))
        elif match.agent_id(seat) == "human":
            text.append(Text.assemble(" (", safe_text(table.holder(seat)), ")\nwaiting for their move  c: chat"))
        else:
            text.append(Text.assemble(" (AI, run by ", safe_text(table.holder(seat)), ")\nthinking..."))
    elif match.is_human(seat):
        text.append(" (you)\n" + ("arrows/hjkl enter, a coach" if match.coach is not None else "arrows/hjkl, enter"))
    else:
        text.append(" (AI)\nshowing its reasoning" if animating else " (AI)\nthinking...")
    return text
