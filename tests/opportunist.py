"""``opportunist``: an agent that plays every game, in one file (docs/architecture.md's "Adding
an agent"; it lives only in the tests).

It takes a move that wins at once when there is one, else a move drawn uniformly from the legal
moves with its own seeded generator (same seed, same game). It needs nothing but the
``GameState`` protocol, so ``games=ANY`` and no ``needs``; its parameter is a dataclass; its
deliberation is a ``SearchTrace`` (the moves it looked at), which the TUI's search panel draws
and result files keep. ``register(SPEC)`` (or the entry point ``swarmtui.agents``) is its one
registration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swarmtui.core.agent import ANY, AgentSpec
from swarmtui.core.state import GameState
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace


@dataclass(frozen=True)
class OpportunistParams:
    look: bool = field(default=True, metadata={"help": "look for a move that wins at once (false: random only)"})


class Opportunist:
    """A winning move when there is one, else a random legal move (module docstring)."""

    id = "opportunist"

    def __init__(self, rng: Any, params: OpportunistParams) -> None:
        self.rng = rng
        self.params = params

    def decide(self, state: GameState) -> Decision:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        winning = [move for move in moves if self.params.look and wins(state, move)]
        move = winning[0] if winning else moves[int(self.rng.integers(len(moves)))]
        shown = tuple(CandidateMove(state.format_move(m), 1.0, note="wins at once") for m in winning)
        trace = SearchTrace(algorithm="opportunist", candidates=shown, chosen=state.format_move(move),
                            nodes=len(moves) if self.params.look else 0)
        return Decision(move, trace)


def wins(state: GameState, move: Any) -> bool:
    """True if ``move`` ends the game with the side to move winning."""
    mover = state.to_move
    state.play(move)
    try:
        return state.outcome is not None and state.outcome.winner == mover
    finally:
        state.undo()


def build(game_id: str, seat: str, rng: Any, params: OpportunistParams) -> Opportunist:
    return Opportunist(rng, params)


SPEC = AgentSpec(
    "opportunist", "Opportunist", ANY, build, OpportunistParams,
    description="wins at once when it can, else plays at random",
)
