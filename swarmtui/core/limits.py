"""How long an agent may think: one limit type for UHP's ``bestmove``, the TUI and ``sim``.

Modelled on python-chess's ``chess.engine.Limit``. An agent that can honour a budget
implements ``decide_within(state, limit)``; the referee (``referee.advice.consult``) calls it
when present and falls back to plain ``decide`` otherwise (the caller says so to the user: the
limit is ignored).
What ``depth`` means is the agent's own and documented on it (a search: plies; MCTS: a scale of
its iterations; a swarm: ignored).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision


@dataclass(frozen=True)
class Limit:
    """A thinking budget: wall-clock ``time`` in seconds, ``depth``, and a ``stop`` event.

    Every field is optional; ``None`` means the agent's own default. ``stop`` lets a caller end
    the thinking early (the agent then answers its best move so far).
    """

    time: float | None = None
    depth: int | None = None
    stop: threading.Event | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.time is not None and not self.time > 0:
            raise ValueError(f"a time limit must be positive, not {self.time}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"a depth limit must be at least 1, not {self.depth}")


@runtime_checkable
class LimitedAgent(Protocol):
    """An agent that can think within a :class:`Limit`."""

    def decide_within(self, state: GameState, limit: Limit) -> Decision: ...


def honours_limits(agent: object) -> bool:
    """Whether ``agent`` implements ``decide_within``."""
    return isinstance(agent, LimitedAgent)
