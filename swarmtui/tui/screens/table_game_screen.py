"""The game screen at a table: the game screen plus what sitting with other people brings.

- **News.** The table's events (someone sat down, left, came back; the table closed; a move
  refused) arrive from the link's reader thread as ``TableNews`` and show as notices and in the
  status line.
- **Chat** (``widgets.chat_view``): a third panel beside the reasoning and the move log (``v``
  cycles through them below ``WIDE`` columns; all three show from there). ``c`` opens it with
  the cursor in its field; Enter says the line to everyone at the table (players and watchers),
  Escape goes back to the board. A line that arrives while the chat is hidden is also a notice.
- **Turn notice.** When it becomes the turn of a person at this keyboard after a move made
  elsewhere, the terminal bell rings and the window title says so (``SwarmApp.set_terminal_title``,
  the xterm title sequence); it says whose turn it is otherwise, and goes back to "swarmtui"
  when the screen closes.
- **Rematch.** Once the game is over, ``r`` asks for a rematch; when every player at the table
  has asked, the hub opens a new table with the colours swapped (every seat one on) and this
  screen goes on with the new game (the finished one is saved). The others are told who asked.
- **Clocks.** At a timed table the hub keeps the clocks (``Table.flag``): the screen sets the
  referee's clocks to the hub's ``clocks`` once its game has reached the same move, so both
  players see the same times, and a ``flagged`` event ends the game on time. A person's flag is
  never decided here; the clocks never stop for anyone being away (the table's rule).
- **Ratings.** At a rated table the hub says what the finished game did to both ratings; it shows
  as a notice and in the chat.
- **Resigning and draws.** ``R`` (after asking) resigns at the hub first, then here; ``d`` sends a
  draw offer to the other player, whose app asks them (a yes/no question: Enter or ``y`` accepts,
  Escape or ``n`` declines) or, for the host's computer seat, answers by the computer's rule. A
  move ends an offer (an open question closes, saying it lapsed). A resignation or an agreed draw
  ends the game on every screen at the table, and a rated one is rated as such.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from swarmtui.core.safe_text import safe_text
from swarmtui.referee import DrawAnswer
from swarmtui.tables.client import TableError, TableLink
from swarmtui.tables.codes import shown
from swarmtui.tui.match import Match
from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.game import GameScreen, status_text
from swarmtui.tui.widgets.chat_view import ChatView, chat_line

APP_TITLE = "swarmtui"


def rating_news(event: dict[str, Any]) -> str:
    """``Rated: alice [3f2a9c] 1500 -> 1662 (+162); bob ... 1500 -> 1338 (-162)``."""
    parts = []
    for change in event.get("changes", []):
        before, after = change["before"]["rating"], change["after"]["rating"]
        parts.append(f"{change['player']} {before:.0f} -> {after:.0f} ({after - before:+.0f})")
    return "Rated: " + "; ".join(parts)


class TableGameScreen(GameScreen):
    """A match with a ``TableLink``; see the module docstring."""

    PANELS = ("panel", "log", "chat")

    CSS_PATH = ["panel_screen.tcss", "game.tcss", "table_game_screen.tcss"]

    BINDINGS = [Binding("c", "chat", "Chat", priority=True,
                        tooltip="say something to the table (players and watchers)"),
                Binding("r", "restart", "Rematch", tooltip="when the game is over: play again, colours swapped")]

    class TableNews(Message):
        """The table of the match said something (``tables.protocol`` events)."""

        def __init__(self, event: dict[str, Any]) -> None:
            super().__init__()
            self.event = event

    def __init__(self, match: Match, *, glyphs: str = "unicode", speed: str = "normal",
                 skip: frozenset[str] = frozenset()) -> None:
        super().__init__(match, glyphs=glyphs, speed=speed, skip=skip)
        self.noticed = -1
        """The ply whose turn notice was given (once per turn)."""
        self.clocks_taken = 0.0
        """When the hub's clocks last set the referee's (``TableLink.clock_received``)."""

    @property
    def link(self) -> TableLink:
        assert self.match.table is not None, "a table game screen's match is at a table"
        return self.match.table

    @property
    def chat(self) -> ChatView:
        return self.query_one("#chat", ChatView)

    @on(events.Mount)
    async def mount_chat(self) -> None:
        """Mount the chat panel (``GameScreen.on_mount`` runs next and starts the game)."""
        await self.query_one("#panels").mount(ChatView(id="chat"))
        self.sit_at(self.link)

    def sit_at(self, link: TableLink) -> None:
        """Listen to ``link``'s table and show its chat so far."""
        link.listener = self._table_event
        chat = self.chat
        chat.clear()
        code = f" {shown(link.code)}" if link.code else ""
        chat.add_note(f"Table {link.id}{code}{' (rated)' * link.rated}: c to chat, Esc back to the board")
        for line in list(link.chat):
            chat.add_line(line)
        self.query_one("#board-box").border_title = self.board_title()
        if link.draw_offer is not None:  # offered before we sat down (or while our connection was down)
            seat, ply = link.draw_offer
            self.post_message(self.TableNews({"event": "draw_offered", "table": link.id, "seat": seat, "ply": ply}))

    def board_title(self) -> Text:
        """The title line is cut at 80 columns with long names: the board says the table too."""
        link = self.link
        code = f" {shown(link.code)}" if link.code else ""
        return safe_text(f"Board - table {link.id}{code}" + " (watching)" * link.watching)

    def on_unmount(self) -> None:
        self.app_title(APP_TITLE)

    # -- the table's clocks ----------------------------------------------------------------------
    def table_clocks(self) -> None:
        """Set the referee's clocks to the hub's, once the game here has reached the hub's move
        (not before: the move being shown would be charged twice). The hub decides every flag
        (a ``flagged`` event ends the game: ``_ended``)."""
        link, referee = self.link, self.match.referee
        if not referee.clocks:
            return
        if link.clock_running is None:
            referee.pause()  # not started (a seat is still empty), or over: nobody's time runs
        if link.clock_ply != len(self.match.moves) or link.clock_received == self.clocks_taken:
            return
        self.clocks_taken = link.clock_received
        for seat, left in link.clocks.items():
            if seat in referee.clocks:
                referee.clocks[seat].remaining = left
        if link.clock_running is None:
            referee.set_thinking(0.0)
        else:
            referee.resume()
            referee.set_thinking(time.monotonic() - link.clock_received)

    # -- the turn notice ------------------------------------------------------------------------
    def next_turn(self) -> None:
        super().next_turn()
        self.turn_notice()

    def turn_notice(self) -> None:
        """Bell and window title when the turn comes to this keyboard from elsewhere; the title
        says whose turn it is."""
        match, link = self.match, self.link
        code = f" {shown(link.code)}" if link.code else ""
        if match.is_over:
            self.app_title(f"{match.result_text()} - table {link.id}{code} - {APP_TITLE}")
            return
        ply = match.state.ply
        if not match.human_to_move:
            self.app_title(f"{match.to_move} to move - table {link.id}{code} - {APP_TITLE}")
            return
        self.app_title(f"Your move ({match.to_move}) - table {link.id}{code} - {APP_TITLE}")
        if ply != self.noticed and self._last_mover_remote():
            self.noticed = ply
            self.app.bell()

    def _last_mover_remote(self) -> bool:
        """Whether the last move was played at another terminal."""
        if not self.match.moves:
            return False
        state = self.match.state.copy()
        state.undo()
        return state.to_move in self.match.remote

    def app_title(self, title: str) -> None:
        set_title = getattr(self.app, "set_terminal_title", None)
        if set_title is not None:
            set_title(title)

    # -- chat -----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``c`` is a priority key, so that it moves the focus before keys typed right after it
        are read (the app checks its priority keys, ``q`` among them, before the screen has seen
        an earlier key); in a text field it is a letter."""
        if action == "chat" and isinstance(self.app.focused, Input):
            return False
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        """``c``: show the chat (in place of the other panel when only one fits, or of the legend) and type."""
        self.shown = "chat"
        self.legend_shown = False
        self.layout_panels()
        self.chat.focus_input()

    @on(ChatView.Done)
    def chat_done(self) -> None:
        self.board.focus()

    @on(ChatView.Say)
    def say(self, message: ChatView.Say) -> None:
        self.send_line(self.link, message.text)

    @work(thread=True, group="chat")
    def send_line(self, link: TableLink, text: str) -> None:
        """Say ``text`` off the event loop (the hub's reply is quick, but it is a round trip)."""
        try:
            link.say(text)
        except TableError as error:
            self.app.call_from_thread(self.notify, str(error), title="Not said", severity="warning", timeout=5)

    # -- the table's news -----------------------------------------------------------------------
    def _table_event(self, event: dict[str, Any]) -> None:
        """The table's listener (its reader thread): hand the event to the screen's message loop."""
        self.post_message(self.TableNews(event))

    def on_table_game_screen_table_news(self, message: TableNews) -> None:
        """Say who sat down or left, what was said, and keep the status line true."""
        event = message.event
        if event.get("table") not in (None, self.link.id):
            return  # news of the table we just left for a rematch
        handler = {"seat": self._seat_news, "said": self._said, "rematch_asked": self._rematch_asked,
                   "rematch": self._rematch_opened, "rated": self._rated, "unrated": self._unrated,
                   "refused": self._refused, "closed": self._table_closed, "resigned": self._ended,
                   "draw_agreed": self._ended, "draw_declined": self._draw_declined,
                   "draw_offered": self._draw_offered, "moved": self._moved,
                   "flagged": self._ended}.get(str(event.get("event")))
        if handler is not None:
            handler(event)
        if self.pending is None:
            self.set_status(status_text(self.match, False))

    def _seat_news(self, event: dict[str, Any]) -> None:
        table = self.link.id
        if event.get("present"):
            self.notify(f"{event['player']} sits at {event['seat']}", title=f"Table {table}", timeout=4)
        else:
            self.notify(f"{event['player']} left {event['seat']}: the game waits for them (their seat is kept)",
                        title=f"Table {table}", timeout=6)
        self.show_title()

    def _said(self, event: dict[str, Any]) -> None:
        self.chat.add_line(event)
        if self.chat.has_class("-hidden"):
            self.notify(chat_line(event).plain, title=f"Table {self.link.id} chat (c)", timeout=6)

    def _refused(self, event: dict[str, Any]) -> None:
        self.notify(f"the table refused our move: {event.get('error')}", title=f"Table {self.link.id}",
                    severity="error", timeout=10)

    def _table_closed(self, event: dict[str, Any]) -> None:
        if not event.get("ours"):  # not when we got up ourselves
            self.notify(f"table {self.link.id} is closed: {event.get('reason')}", severity="warning", timeout=8)

    def _rated(self, event: dict[str, Any]) -> None:
        news = rating_news(event)
        self.chat.add_note(news)
        self.notify(news, title="Ratings", timeout=10)

    def _unrated(self, event: dict[str, Any]) -> None:
        self.chat.add_note(f"Not rated: {event.get('error')}")
        self.notify(f"the game could not be rated: {event.get('error')}", title="Ratings", severity="error")

    # -- resigning and draws --------------------------------------------------------------------
    draw_question: Confirm | None = None
    """The question "accept the draw?" on screen (None: none is)."""

    def resign(self, seat: str) -> None:
        """Resign at the table (the hub first: it may refuse, the game being over already)."""
        self.send_to_table(lambda link: link.resign(seat), "Not resigned")

    def offer_draw(self, seat: str, other: str) -> None:
        if other not in self.match.remote:
            super().offer_draw(seat, other)
            return
        self.send_to_table(lambda link: link.offer_draw(seat), "No draw offered")
        self.notify(f"you offer {other} a draw: it stands until the next move", title="Draw offered", timeout=5)

    def draw_answered(self, offerer: str, answer: DrawAnswer) -> None:
        """Our answer to an offer: an offer from the table is answered at the table."""
        if offerer not in self.match.remote:
            super().draw_answered(offerer, answer)
            return
        if self.link.draw_offer is None or self.link.draw_offer[0] != offerer:
            self.notify(f"{offerer}'s draw offer lapsed: a move was played", title="Draw", timeout=4)
            return
        self.send_to_table(lambda link: link.answer_draw(answer.seat, answer.accepts), "Not answered")
        if not answer.accepts:
            why = f": {answer.reason}" if answer.reason else ""
            self.notify(f"{answer.seat} declines the draw{why}", title="Draw declined", timeout=5)

    @work(thread=True, group="table-ending")
    def send_to_table(self, request: Callable[[TableLink], None], refused: str) -> None:
        """Send a resignation or draw request off the event loop; the game ends here once the hub
        has agreed (``TableLink.ending``)."""
        link = self.link
        try:
            request(link)
        except TableError as error:
            self.app.call_from_thread(self.notify, str(error), title=refused, severity="warning", timeout=6)
            return
        self.app.call_from_thread(self.ended_at_table)

    def ended_at_table(self) -> None:
        """End the game here as the table says it ended (nothing when it did not, or already has)."""
        from swarmtui.tui.table_game import apply_ending

        if apply_ending(self.match, self.link.ending):
            self.game_ended()

    def _ended(self, event: dict[str, Any]) -> None:
        seat = str(event.get("seat"))
        who = f"{seat} ({self.link.labels.get(seat) or 'a player'})"
        said = {"resigned": f"{who} resigns", "flagged": f"{who} ran out of time: lost on time"}
        self.notify(said.get(str(event.get("event")), f"{who} accepts: the game is drawn"),
                    title=f"Table {self.link.id}", timeout=8)
        self.ended_at_table()

    def _draw_declined(self, event: dict[str, Any]) -> None:
        self.notify(f"{event.get('seat')} declines the draw", title="Draw declined", timeout=6)

    def _draw_offered(self, event: dict[str, Any]) -> None:
        offerer, ply = str(event.get("seat")), event.get("ply")
        if offerer not in self.match.seats or len(self.match.seats) != 2:
            return
        other = self.match.opponent(offerer)
        who = f"{offerer} ({self.link.labels.get(offerer) or 'a player'})"
        if other not in self.link.mine:
            self.notify(f"{who} offers a draw", title=f"Table {self.link.id}", timeout=6)
        elif self.match.is_human(other):
            self.draw_question = Confirm("Draw offered", f"{who} offers a draw. {other}, do you accept?",
                                         yes="Accept", no="Decline")
            self.app.push_screen(self.draw_question,
                                 lambda yes: self.answer_offer(offerer, ply, DrawAnswer(other, bool(yes), "")))
        else:
            self.consider_draw(self.token, len(self.match.moves), offerer)  # our computer seat answers

    def answer_offer(self, offerer: str, ply: object, answer: DrawAnswer) -> None:
        self.draw_question = None
        if self.link.draw_offer != (offerer, ply):
            self.notify(f"{offerer}'s draw offer lapsed: a move was played", title="Draw", timeout=5)
            return
        self.draw_answered(offerer, answer)

    def _moved(self, event: dict[str, Any]) -> None:
        """A move ends a draw offer: an open question about it closes."""
        question = self.draw_question
        if question is not None and question.is_attached:
            question.dismiss(False)

    # -- rematch --------------------------------------------------------------------------------
    def action_restart(self) -> None:
        """``r``: at a table, a finished game can be played again with the colours swapped."""
        if not self.match.is_over:
            self.notify("a game at a table cannot be restarted: when it is over, r asks for a rematch",
                        title="Not restarted", timeout=5)
        elif self.link.rematch_refusal() is not None:
            self.notify(str(self.link.rematch_refusal()), title="No rematch", timeout=5)
        else:
            self.ask_rematch(self.link)

    @work(thread=True, exclusive=True, group="rematch")
    def ask_rematch(self, link: TableLink) -> None:
        try:
            waiting = link.ask_rematch()
        except TableError as error:
            self.app.call_from_thread(self.notify, str(error), title="No rematch", severity="warning", timeout=6)
            return
        if waiting:
            self.app.call_from_thread(self.chat.add_note, f"You asked for a rematch; waiting for {', '.join(waiting)}")
            self.app.call_from_thread(self.notify, f"waiting for {', '.join(waiting)} to say yes (r)",
                                      title="Rematch", timeout=6)

    def _rematch_asked(self, event: dict[str, Any]) -> None:
        self.chat.add_note(f"{event.get('player')} asks for a rematch, colours swapped: r to play it")
        self.notify(f"{event.get('player')} asks for a rematch: r to play it, colours swapped", title="Rematch",
                    timeout=10)

    def _rematch_opened(self, event: dict[str, Any]) -> None:
        new = self.link.rematch
        if new is not None:
            self.open_rematch(new)

    @work(thread=True, exclusive=True, group="rematch")
    def open_rematch(self, link: TableLink) -> None:
        """Build the rematch's match off the event loop (its computer seats are built), then play it."""
        from swarmtui.tui.table_game import rematch_match

        try:
            match = rematch_match(link)
        except Exception as error:  # noqa: BLE001 - any failure to build is a notice, the old game stays
            self.app.call_from_thread(self.notify, f"the rematch could not start: {error}", title="Rematch",
                                      severity="error")
            return
        self.app.call_from_thread(self.play_rematch, match)

    def play_rematch(self, match: Match) -> None:
        old = self.match
        self.workers.cancel_group(self, "agent")
        self.autosave()
        old.close()
        self.link.listener = None
        self.link.leave()
        self.finished_saved = None
        self.noticed = -1
        assert match.table is not None, "a rematch is at a table"
        self.sit_at(match.table)
        self.start(match)
        self.chat.add_note(f"Rematch: you play {', '.join(match.table.mine) or 'nothing (watching)'}")
        self.notify(f"you play {', '.join(self.link.mine)}" if self.link.mine else "watching the rematch",
                    title=f"Rematch at table {self.link.id}", timeout=6)

