"""The ``human`` seat: its moves come from the keyboard or mouse in the TUI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmtui.core.agent import ANY, AgentSpec
from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision

if TYPE_CHECKING:
    import numpy as np  # annotations only: the menu reads this spec without NumPy


class HumanAgent:
    """A seat taken by a person: the TUI supplies its moves, so ``decide`` is never called."""

    id = "human"

    def __init__(self, seat: str) -> None:
        self.seat = seat

    def decide(self, state: GameState) -> Decision:
        raise RuntimeError("a human seat gets its moves from the TUI, not from decide()")


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: None) -> HumanAgent:
    return HumanAgent(seat)


SPEC = AgentSpec(
    "human", "Human", ANY, _factory, None, interactive=True,
    description="you, at the keyboard",
)
