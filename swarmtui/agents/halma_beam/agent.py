"""The ``beam`` agent: plans the fastest crossing of the Halma star and plays it.

Bell (2009, ref. [2] of Kuehner & Stock) proved that one player needs at least 27 moves to
bring all ten pieces across the star; the paper's swarm needed 68 at best (section VI-B). The
plan comes from ``halma_crossing.CrossingSearch`` (a beam search over bit-set positions that
meets itself in the middle; its docstring has the details), which finds Bell's 27-move optimum
alone from the standard start.

With other players on the board (any seat count) the agent plans its own crossing with their
pieces as fixed obstacles (without the turned lookup unless the obstacles are symmetric) and
replans, with a narrower and shorter beam, whenever its plan no longer fits the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from swarmtui.agents.halma_crossing import ROTATE, Crossing, CrossingParams, CrossingSearch
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games.halma.geometry import STAR
from swarmtui.games.halma.rules import Board, Move

__all__ = ["ROTATE", "BeamAgent", "BeamParams", "Crossing", "CrossingSearch", "plan_crossing"]


@dataclass(frozen=True)
class BeamParams(CrossingParams):
    replan_width: int = field(default=30, metadata={"help": "beam width when replanning among other players"})
    replan_depth: int = field(default=30, metadata={"help": "plan length when replanning among other players"})


def plan_crossing(board: Board, params: BeamParams = BeamParams()) -> tuple[list[Move], Crossing]:
    """The beam search's crossing from ``board`` for the side to move, as Moves with paths."""
    crossing = CrossingSearch(board, params).solve()
    replay, seat = board.copy(), board.to_move
    moves = []
    for start, end in crossing.moves:
        if replay.to_move != seat or replay.outcome is not None:
            moves.append(Move(STAR[start], STAR[end]))  # others move first: the board picks the route
            continue
        move = next(m for m in replay.moves_from(STAR[start]) if m.end == STAR[end])
        moves.append(move)
        replay.play(move)
    return moves, crossing


def _layout(board: Board) -> str:
    """The position without its move counters: what a plan depends on."""
    return board.text.split()[0]


class BeamAgent:
    """Plans a crossing with ``CrossingSearch`` and plays it, replanning when it no longer fits."""

    id = "beam"

    def __init__(self, rng: np.random.Generator, params: BeamParams = BeamParams()) -> None:
        self.rng = rng
        self.params = params
        self.plan: list[Move] = []
        self.expect = ""
        self.expanded = 0
        self.complete = False

    def decide(self, state: Board) -> Decision:
        if not (self.plan and self.expect == _layout(state) and state.is_legal(self.plan[0])):
            params = self.params if state.players == 1 else replace(
                self.params, width=self.params.replan_width, max_width=self.params.replan_width,
                depth=self.params.replan_depth)
            self.plan, crossing = plan_crossing(state, params)
            self.expanded, self.complete = crossing.expanded, crossing.complete
            if not self.plan:
                raise ValueError("no legal move to choose from")
        move = self.plan.pop(0)
        after = state.copy()
        after.play(move)
        self.expect = _layout(after)
        return Decision(move, self._trace(state, move))

    def _trace(self, state: Board, move: Move) -> SearchTrace:
        ahead = [move, *self.plan]
        what = "crossing" if self.complete else "best partial plan"
        candidates = tuple(
            CandidateMove(state.format_move(m), float(i + 1), note=f"{what}, move {state.ply + i + 1}")
            for i, m in enumerate(ahead[:8])
        )
        return SearchTrace(
            algorithm=f"beam search, width {self.params.width}: {len(ahead)} moves to go",
            candidates=candidates, best=(state.format_move(move),), chosen=state.format_move(move),
            nodes=self.expanded, plan=True,
        )


def build(game_id: str, seat: str, rng: np.random.Generator, params: BeamParams | None) -> BeamAgent:
    return BeamAgent(rng, params or BeamParams())
