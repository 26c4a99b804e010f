"""The coach on the game screen: asked on your own turn, it thinks aloud on your position.

``a`` asks the coach (``Match.coach``: any agent of the game, the game's strongest by default)
what it would play for the person to move. Its agent thinks in a thread worker
(``referee.suggest``, with a ``Limit`` whose ``stop`` event cancels it) and its deliberation is
animated in the panel and on the board exactly as an AI turn's is (the same frames and
overlays); when the last phase is on screen the suggested move is highlighted on the board (the
piece selected and the cursor on its destination, so Enter plays it) and the status line says
so; ``g`` plays it. ``y`` ("why not my move?") asks the coach to rate the move Enter would play
now against its own choice (``referee.rate``: a search's scores for both, a swarm's rank, or
that the agent cannot rate moves), shown in the status line after the deliberation.

Asking again, a move played, a restart or leaving cancels a coach that is still thinking or
being shown: its stop event is set, its worker cancelled and its answer (carrying an old
``ask`` number) ignored. Every answer counts as a hint of the seat that asked
(``Match.hints``: saved, and shown when the game ends).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.message import Message

from swarmtui.core.limits import Limit
from swarmtui.core.rating import MoveRating
from swarmtui.core.safe_text import safe_text
from swarmtui.core.state import GameState
from swarmtui.referee import Suggestion, rate, suggest
from swarmtui.tui.match import Match
from swarmtui.tui.panels.deliberation import DeliberationPanel
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.screens.panel_screen import PanelScreen


@dataclass(frozen=True)
class Advice:
    """One answer of the coach for ``seat`` at ``ply``: its suggestion, the rating of the
    player's move when one was asked for, and the deliberation shown."""

    seat: str
    ply: int
    suggestion: Suggestion
    rating: MoveRating | None
    deliberation: Deliberation


class CoachedScreen(PanelScreen):
    """The coach's keys and worker for a screen that plays a ``Match`` (the game screen)."""

    match: Match
    token: int

    class CoachAnswered(Message):
        """The coach's worker answered ask number ``ask`` (``rating``: the player's move, if asked)."""

        def __init__(self, ask: int, seat: str, ply: int, suggestion: Suggestion, rating: MoveRating | None) -> None:
            super().__init__()
            self.ask, self.seat, self.ply, self.suggestion, self.rating = ask, seat, ply, suggestion, rating

    class CoachFailed(Message):
        """The coach could not answer ask number ``ask``."""

        def __init__(self, ask: int, error: Exception) -> None:
            super().__init__()
            self.ask, self.error = ask, error

    ask = 0
    """The number of the latest question to the coach (answers to older ones are ignored)."""
    coach_stop: threading.Event | None = None
    coaching: Advice | None = None
    """The answer whose deliberation is on screen (None: the coach is not being shown)."""
    advice: Advice | None = None
    """The last answer shown in full, for ``g`` while its position is on the board."""

    # -- keys ---------------------------------------------------------------------------------
    def action_coach(self) -> None:
        """``a``: ask the coach what it would play here (``c`` is the chat at a table)."""
        self.ask_coach(None)

    def action_why(self) -> None:
        """``y``: ask the coach to rate the move Enter would play now against its own choice."""
        move = self.board.cursor_move() if self.match.human_to_move else None
        if move is None and self.match.human_to_move:
            self.notify("select a piece and put the cursor on one of its destinations: y rates the move Enter "
                        "would play", title="Why not my move?", timeout=5)
            return
        self.ask_coach(move)

    def action_play_suggestion(self) -> None:
        """``g``: play the coach's suggestion (shown, on the position it was made for)."""
        advice, match = self.advice, self.match
        if advice is None or advice.ply != match.state.ply or not match.human_to_move:
            self.notify("ask the coach first (a)", title="No suggestion", timeout=3)
            return
        self.play(advice.suggestion.move)
        self.next_turn()

    # -- asking -------------------------------------------------------------------------------
    def ask_coach(self, move: Any | None) -> None:
        """Ask the coach about the position, and to rate ``move`` when given."""
        match = self.match
        if match.coach is None:
            why = "it is off at this table (not everyone agreed)" if match.table is not None else "it is off"
            self.notify(f"this game has no coach: {why}", title="No coach", timeout=4)
            return
        if not match.human_to_move:
            self.notify("the coach helps on your own turn", title="Coach", timeout=3)
            return
        self.cancel_coach()
        self.ask += 1
        stop = threading.Event()
        self.coach_stop = stop
        seat = match.to_move
        question = "rating your move" if move is not None else "thinking about your move"
        self.set_status(Text.assemble((f"{seat} to move (you)\n", "bold"),
                                      safe_text(f"coach ({match.coach_title()}) {question}...")))
        self.coach_think(match, self.ask, seat, match.state.copy(), move, stop)

    @work(thread=True, exclusive=True, group="coach")
    def coach_think(self, match: Match, ask: int, seat: str, state: GameState, move: Any | None,
                    stop: threading.Event) -> None:
        """The coach's agent thinks off the event loop (one at a time: ``Match.coach_lock``)."""
        try:
            with match.coach_lock:
                if stop.is_set():
                    return
                agent, limit = match.coach_agent(seat), Limit(stop=stop)
                decision, rating = (None, None) if move is None else rate(state, agent, move, limit,
                                                                           match.coach_title())
                suggestion = suggest(state, agent, limit, decision)
        except Exception as error:  # noqa: BLE001 - a coach that fails says so; the game goes on
            if not stop.is_set():
                self.post_message(self.CoachFailed(ask, error))
            return
        if not stop.is_set():
            self.post_message(self.CoachAnswered(ask, seat, state.ply, suggestion, rating))

    def cancel_coach(self) -> None:
        """Stop a coach that thinks or is being shown (a move, a new question, leaving)."""
        if self.coach_stop is not None:
            self.coach_stop.set()
            self.coach_stop = None
        self.workers.cancel_group(self, "coach")
        self.ask += 1
        self.advice = None
        if self.coaching is not None:
            self.coaching = None
            self.panel.clear()

    # -- answers ------------------------------------------------------------------------------
    def on_coached_screen_coach_answered(self, message: CoachAnswered) -> None:
        match = self.match
        if message.ask != self.ask or message.ply != match.state.ply or not match.human_to_move:
            return
        match.hints[message.seat] = match.hints.get(message.seat, 0) + 1
        suggestion = message.suggestion
        deliberation = Deliberation(message.seat, f"coach: {match.coach_title()}", suggestion.decision.trace,
                                    suggestion.choice)
        self.coaching = Advice(message.seat, message.ply, suggestion, message.rating, deliberation)
        self.set_status(Text.assemble((f"{message.seat} to move (you)\n", "bold"),
                                      safe_text(f"coach ({match.coach_title()}) shows its reasoning")))
        self.panel.show(deliberation)

    def on_coached_screen_coach_failed(self, message: CoachFailed) -> None:
        if message.ask == self.ask:
            self.notify(f"{self.match.coach_title()} could not answer: {message.error}", title="Coach",
                        severity="error", timeout=6)
            self.refresh_views()

    @on(DeliberationPanel.Finished)
    def coach_shown(self, message: DeliberationPanel.Finished) -> None:
        """The coach's last phase is on screen: highlight its suggestion and say what it thinks."""
        advice = self.coaching
        if advice is None or message.deliberation is not advice.deliberation:
            return
        self.coaching = None
        self.advice = advice
        if advice.ply != self.match.state.ply:
            return
        suggestion = advice.suggestion
        if advice.rating is None:
            self.board.show_move(suggestion.move)
        self.set_status(advice_text(advice, self.match.coach_title()))

    # -- what the screen provides -------------------------------------------------------------
    def play(self, move: Any) -> None:
        raise NotImplementedError

    def next_turn(self) -> None:
        raise NotImplementedError

    def refresh_views(self) -> None:
        raise NotImplementedError

    def set_status(self, text: Text) -> None:
        raise NotImplementedError


def advice_text(advice: Advice, coach: str) -> Text:
    """The status lines after the coach has spoken: its suggestion and how to play it, the win
    in one it missed, or its verdict on the player's move."""
    suggestion = advice.suggestion
    text = Text(f"{advice.seat} to move (you)\n", "bold")
    if advice.rating is not None:
        text.append_text(safe_text(advice.rating.verdict()))
        if suggestion.overruled:
            text.append_text(safe_text(f" But {suggestion.text} wins at once."))
        text.append(f"\ng plays {suggestion.text}")
        return text
    text.append_text(safe_text(f"coach ({coach}): {suggestion.text}"))
    if suggestion.overruled:
        text.append_text(safe_text(f" wins at once (it chose {suggestion.choice})"))
    text.append("\nenter or g plays it")
    return text
