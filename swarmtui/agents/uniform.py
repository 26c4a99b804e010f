"""The ``random`` agent: a uniformly random legal move, drawn from the agent's own generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmtui.core.agent import ANY, AgentSpec
from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision, NoTrace

if TYPE_CHECKING:
    import numpy as np  # annotations only: a command that never draws a number needs no NumPy

    from swarmtui.core.limits import Limit  # annotations only: the menu reads this spec


class RandomAgent:
    """Uniform over ``state.legal_moves()``; the same seed gives the same choices."""

    id = "random"

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def decide(self, state: GameState) -> Decision:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        move = moves[int(self.rng.integers(len(moves)))]
        return Decision(move, NoTrace(note=f"uniform choice among {len(moves)} legal moves"))

    def decide_within(self, state: GameState, limit: Limit) -> Decision:
        """A uniform choice takes no time and has no depth: ``limit`` changes nothing."""
        return self.decide(state)


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: None) -> RandomAgent:
    return RandomAgent(rng)


SPEC = AgentSpec(
    "random", "Random", ANY, _factory, None,
    description="uniform over legal moves",
)
