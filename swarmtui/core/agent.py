"""The agent protocol (OpenSpiel-style split: games know rules, agents know how to choose).

An agent is built for one game and one seat, owns its ``numpy.random.Generator`` (seeded from
the match seed) and its long-lived memory, and answers ``decide(state) -> Decision``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

import numpy as np

from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision


@runtime_checkable
class Agent(Protocol):
    """Anything that picks moves."""

    id: str

    def decide(self, state: GameState) -> Decision: ...


AgentFactory = Callable[[str, str, np.random.Generator, Any], Agent]
"""``factory(game_id, seat, rng, params) -> Agent``."""


@dataclass(frozen=True)
class AgentSpec:
    """A registered kind of agent: which games it plays, its parameters, how to build it.

    ``params`` is a dataclass type whose fields (with the papers' defaults) are the agent's
    tunable constants; ``None`` when it has none. ``interactive`` agents (humans) are driven
    by the TUI and cannot run headless.
    """

    id: str
    title: str
    games: tuple[str, ...]
    factory: AgentFactory
    params: type | None = None
    interactive: bool = False
    description: str = ""

    def plays(self, game_id: str) -> bool:
        return game_id in self.games
