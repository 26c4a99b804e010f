"""A seat played somewhere else: its moves come from the table, not from an algorithm."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision, NoTrace, Trace
from swarmtui.tables.client import TableLink


class RemoteSeat:
    """The agent of a seat another app plays (a connected person, or the host's computer player).

    ``decide`` blocks until the table delivers the move of ``state.ply`` and returns it with
    the deliberation its player sent (read by ``read_trace``; ``NoTrace`` for a person's move
    or one that cannot be read), so the game screen shows a remote AI's reasoning like a local
    one's. ``cancelled`` lets the screen stop the wait (``TableClosed`` is raised then).
    """

    id = "remote"

    def __init__(self, link: TableLink, seat: str, read_trace: Callable[[Any], Trace]) -> None:
        self.link = link
        self.seat = seat
        self.read_trace = read_trace
        self.cancelled: Callable[[], bool] = lambda: False

    def decide(self, state: GameState) -> Decision:
        text, trace = self.link.wait_move(state.ply, self.cancelled)
        move = state.parse_move(text)
        try:
            read = self.read_trace(trace) if trace is not None else NoTrace()
        except ValueError:
            read = NoTrace()
        return Decision(move, read)
