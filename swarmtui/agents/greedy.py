"""The ``greedy`` agent: the non-swarm Halma baseline, so every swarm result has a reference.

Each turn it looks at every path of every piece of its seat (``Board.paths_from``: steps and all
jump chains) and takes the one with the largest progress towards its goal, progress being the
change of ``geometry.advance`` (the distance gained along the axis from its home tip to its goal
tip). Ties go to the path that brings its piece more steps nearer the goal's tip (this pulls
stragglers in from the side points), then to the longer jump chain; a move that merely reverses
the seat's previous move is taken only when nothing else is as good, and the ties that remain are
broken by the agent's seeded generator, so the same seed plays the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.agent import AgentSpec
from swarmtui.core.hexgrid import distance
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games.halma.geometry import advance, opposite, tip
from swarmtui.games.halma.rules import Board, Move


@dataclass(frozen=True)
class GreedyParams:
    shown: int = field(default=8, metadata={"help": "candidate moves kept in the trace"})


def path_key(path: tuple, goal_corner: int) -> tuple[int, int, int]:
    """The greedy order of a path: (progress, steps it saves towards the goal's tip, jumps)."""
    start, end = path[0], path[-1]
    jumps = len(path) - 1 if distance(path[0], path[1]) == 2 else 0
    apex = tip(goal_corner)
    closer = distance(start, apex) - distance(end, apex)
    return advance(end, goal_corner) - advance(start, goal_corner), closer, jumps


class GreedyAgent:
    """Largest progress first, long jump chains preferred, seeded tie-breaks."""

    id = "greedy"

    def __init__(self, rng: np.random.Generator, params: GreedyParams = GreedyParams()) -> None:
        self.rng = rng
        self.params = params

    def decide(self, state: Board) -> Decision:
        seat = state.to_move
        goal = opposite(state.corner(seat))
        scored = [
            (path_key(path, goal), path)
            for cell in sorted(state.pieces(seat))
            for path in state.paths_from(cell)
        ]
        if not scored:
            raise ValueError("no legal move to choose from")
        last = self._last_move(state, seat)
        if last is not None:
            fresh = [(key, path) for key, path in scored if (path[0], path[-1]) != (last.end, last.start)]
            scored = fresh or scored
        best_key = max(key for key, _ in scored)
        best = [path for key, path in scored if key == best_key]
        path = best[int(self.rng.integers(len(best)))] if len(best) > 1 else best[0]
        move = Move(path[0], path[-1], path)
        return Decision(move, self._trace(state, scored, best, move))

    @staticmethod
    def _last_move(state: Board, seat: str) -> Move | None:
        """The previous move of ``seat`` (played ``players`` plies ago)."""
        history = state.history
        back = len(state.seats)
        return history[-back] if len(history) >= back else None

    def _trace(self, state: Board, scored: list, best: list, move: Move) -> SearchTrace:
        top = sorted(scored, key=lambda item: item[0], reverse=True)[: self.params.shown]
        candidates = tuple(
            CandidateMove(state.format_move(Move(p[0], p[-1], p)), float(k[0]), note=f"{k[1]} jumps")
            for k, p in top
        )
        return SearchTrace(
            algorithm="greedy progress", candidates=candidates,
            best=tuple(state.format_move(Move(p[0], p[-1], p)) for p in best),
            chosen=state.format_move(move), nodes=len(scored),
        )


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: GreedyParams | None) -> GreedyAgent:
    return GreedyAgent(rng, params or GreedyParams())


SPEC = AgentSpec(
    "greedy", "Greedy", ("halma",), _factory, GreedyParams,
    description="largest progress towards the goal, longest jump chain on ties (baseline)",
)
