"""The ``greedy`` agent: plays the move of largest value under the game's ``heuristic`` service.

The non-swarm baseline, so every swarm result has a reference (in Halma: the largest progress
towards the goal, longest jump chain on ties; ``games/halma/heuristic.py``). It plays every game
that provides a heuristic (``core.services.Heuristic``): it takes a move of the highest key, a
move that merely reverses the side's previous move only when nothing else is as good, and breaks
the ties that remain with its seeded generator, so the same seed plays the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swarmtui.core.agent import ANY, AgentSpec
from swarmtui.core.services import HEURISTIC, Heuristic
from swarmtui.core.state import GameState
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace

if TYPE_CHECKING:
    import numpy as np  # annotations only: the spec is read without NumPy


@dataclass(frozen=True)
class GreedyParams:
    shown: int = field(default=8, metadata={"help": "candidate moves kept in the trace"})


class GreedyAgent:
    """The highest key first, seeded tie-breaks (module docstring)."""

    id = "greedy"

    def __init__(self, heuristic: Heuristic, rng: np.random.Generator, params: GreedyParams = GreedyParams()) -> None:
        self.heuristic = heuristic
        self.rng = rng
        self.params = params

    def decide(self, state: GameState) -> Decision:
        scored = self.heuristic.scored_moves(state)
        if not scored:
            raise ValueError("no legal move to choose from")
        fresh = [(key, move) for key, move in scored if not self.heuristic.reverses(state, move)]
        scored = fresh or scored
        best_key = max(key for key, _ in scored)
        best = [move for key, move in scored if key == best_key]
        move = best[int(self.rng.integers(len(best)))] if len(best) > 1 else best[0]
        return Decision(move, self._trace(state, scored, best, move))

    def _trace(self, state: GameState, scored: list, best: list, move: Any) -> SearchTrace:
        top = sorted(scored, key=lambda item: item[0], reverse=True)[: self.params.shown]
        candidates = tuple(CandidateMove(state.format_move(m), float(k[0]), note=self.heuristic.describe(k))
                           for k, m in top)
        return SearchTrace(
            algorithm="greedy progress", candidates=candidates, best=tuple(state.format_move(m) for m in best),
            chosen=state.format_move(move), nodes=len(scored),
        )


def build(game_id: str, seat: str, rng: np.random.Generator, params: GreedyParams | None) -> GreedyAgent:
    from swarmtui.games import get_game

    return GreedyAgent(get_game(game_id).service(HEURISTIC), rng, params or GreedyParams())


SPEC = AgentSpec(
    "greedy", "Greedy", ANY, build, GreedyParams, needs=(HEURISTIC,),
    description="the move the game's heuristic values most (Halma: largest progress towards the goal, longest "
                "jump chain on ties; the baseline)",
)
