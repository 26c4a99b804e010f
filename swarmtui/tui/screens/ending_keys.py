"""The end of a game on the game screen: resign, offer a draw, and redo what a takeback took back.

``R`` resigns for the person at this keyboard (the side to move when it is theirs, else their
only seat), after a ``Confirm``; the result names who resigned (``"O wins (X resigns)"``).
``d`` offers a draw in a game of two: a computer opponent answers by ``referee.draw_offer``'s
rule (it accepts when its game's search says it is not ahead), in a thread worker; a person at
the same keyboard (two people taking turns) answers a ``Confirm``; at a table the offer goes to
the other player (``TableGameScreen``). With three or more Halma players the screen says that
draws need two players. ``U`` replays the moves the last takeback (``u``) took back: the
person's move and the replies that followed it, rebuilt exactly as resuming that save would
(each AI seat re-decides its turns), so ``u`` and ``U`` walk back and forth; a new move clears
what there was to redo.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.binding import Binding
from textual.message import Message

from swarmtui.core.counting import counted
from swarmtui.records import GameLog
from swarmtui.referee import DrawAnswer
from swarmtui.tui.screens.coaching import CoachedScreen
from swarmtui.tui.screens.confirm import Confirm

ENDING_KEYS = [
    Binding("d", "offer_draw", "Draw", show=False, tooltip="offer a draw (a game of two)"),
    Binding("R", "resign", "Resign", show=False, tooltip="resign the game (asks first)"),
    Binding("U", "redo", "Redo", show=False, tooltip="play again the moves the last undo took back"),
]


class EndingsScreen(CoachedScreen):
    """Resign, draw and redo for a screen that plays a ``Match`` (the game screen); the screen
    provides ``game_ended`` (stop what runs, show the result, save), ``stop_turns`` (cancel the
    AI's turn, the coach and a draw being considered) and ``rebuild``."""

    class DrawAnswered(Message):
        """The computer seat's ``answer`` to the draw offered at match generation ``token``
        after ``ply`` moves (an answer after another move comes too late: the offer lapsed)."""

        def __init__(self, token: int, ply: int, offerer: str, answer: DrawAnswer) -> None:
            super().__init__()
            self.token, self.ply, self.offerer, self.answer = token, ply, offerer, answer

    # -- provided by the game screen -----------------------------------------------------------
    def game_ended(self) -> None:
        raise NotImplementedError

    def stop_turns(self) -> None:
        raise NotImplementedError

    def rebuild(self, token: int, saved: GameLog, save_path: Path | None, redo: list[str], done: str,
                title: str) -> object:
        raise NotImplementedError

    # -- resign ------------------------------------------------------------------------------------
    def no_seat(self, what: str) -> str:
        """Why no seat of this keyboard can ``what`` now (``my_seat`` found none)."""
        if any(self.match.is_human(seat) for seat in self.match.seats):
            return f"several seats are played at this keyboard: {what} on the turn of the seat that does"
        return f"nobody plays at this keyboard: there is no seat of yours to {what}"

    def action_resign(self) -> None:
        seat = self.match.my_seat()
        if self.match.is_over:
            self.notify("the game is over", title="No resignation", timeout=3)
            return
        if seat is None:
            self.notify(self.no_seat("resign"), title="No resignation", timeout=4)
            return
        self.app.push_screen(Confirm("Resign", f"Resign as {seat}? The game ends and counts as your loss.",
                                     yes="Resign", no="Play on"),
                             lambda yes: self.resign(seat) if yes else None)

    def resign(self, seat: str) -> None:
        if self.match.is_over:
            return
        self.match.resign(seat)
        self.game_ended()

    # -- draws -------------------------------------------------------------------------------------
    def action_offer_draw(self) -> None:
        match = self.match
        refusal = match.draw_refusal()
        seat = match.my_seat()
        if not refusal and seat is None:
            refusal = self.no_seat("offer a draw")
        if refusal:
            self.notify(refusal, title="No draw", timeout=5)
            return
        assert seat is not None
        self.offer_draw(seat, match.opponent(seat))

    def offer_draw(self, seat: str, other: str) -> None:
        """Put ``seat``'s offer to ``other`` (a table's screen sends it to the other player)."""
        if self.match.is_human(other):
            self.app.push_screen(Confirm("Draw offered", f"{seat} offers a draw. {other}, do you accept?",
                                         yes="Accept", no="Decline"),
                                 lambda yes: self.draw_answered(seat, DrawAnswer(other, bool(yes), "")))
            return
        self.notify(f"{seat} offers a draw; {other} ({self.match.agent_title(other)}) is considering it",
                    title="Draw offered", timeout=3)
        self.consider_draw(self.token, len(self.match.moves), seat)

    @work(thread=True, exclusive=True, group="draw")
    def consider_draw(self, token: int, ply: int, seat: str) -> None:
        """The computer seat's answer, off the event loop (its search takes a moment)."""
        self.post_message(self.DrawAnswered(token, ply, seat, self.match.answer_draw(seat)))

    @on(DrawAnswered)
    def computer_answered(self, message: DrawAnswered) -> None:
        if message.token != self.token:
            return
        if message.ply != len(self.match.moves):
            self.notify(f"{message.offerer}'s draw offer lapsed: a move was played", title="Draw", timeout=4)
            return
        self.draw_answered(message.offerer, message.answer)

    def draw_answered(self, offerer: str, answer: DrawAnswer) -> None:
        if self.match.is_over:
            return
        if answer.accepts:
            self.match.agree_draw(offerer)
            self.game_ended()
            return
        why = f": {answer.reason}" if answer.reason else ""
        self.notify(f"{answer.seat} declines the draw{why}", title="Draw declined", timeout=5)

    # -- redo --------------------------------------------------------------------------------------
    def action_redo(self) -> None:
        match = self.match
        count = match.redo_count() if not match.is_over else 0
        if count == 0:
            self.notify("there is nothing to redo (u takes moves back; a new move clears the redo)",
                        title="No redo", timeout=4)
            return
        saved = match.to_saved()
        longer = replace(saved, moves=saved.moves + match.redo[:count], result="", finished=False)
        self.stop_turns()
        self.set_status(Text(f"replaying {counted(count, 'move')}...", style="bold"))
        self.rebuild(self.token, longer, match.save_path, match.redo[count:], f"replayed {counted(count, 'move')}",
                     "Redo")
