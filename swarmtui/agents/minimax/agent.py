"""The ``minimax`` agent: exact game-theoretic play for small games (noughts), the reference.

Negamax with a transposition table keyed on ``state.key``. A finished game scores
``-(10 - ply)`` for the side to move when the opponent has just won (so a sooner loss is
worse), 0 for a draw. The game value of a move is the sign of its score (+1 win, 0 draw,
-1 loss). With ``quickest`` (default) the agent prefers the fastest win and the slowest loss
among moves of equal value; either way the remaining ties are broken by the agent's seeded
generator, so it plays perfectly and still varies its games.

``rate`` (the coach's "why not my move?", ``core.rating``) gives both moves' exact game values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.limits import Limit
from swarmtui.core.rating import MoveRating
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games.noughts.rules import Board

WIN_HORIZON = 10
"""Score scale: a win at ply p is worth WIN_HORIZON - p (noughts ends by ply 9)."""

_TABLE: dict[int, int] = {}


@dataclass(frozen=True)
class MinimaxParams:
    quickest: bool = field(default=True, metadata={"help": "prefer faster wins and slower losses among equal values"})


def negamax(state: Board, counter: list[int] | None = None) -> int:
    """Exact score of ``state`` for the side to move (see module docstring)."""
    key = state.key
    cached = _TABLE.get(key)
    if cached is not None:
        return cached
    if counter is not None:
        counter[0] += 1
    outcome = state.outcome
    if outcome is not None:
        score = 0 if outcome.winner is None else -(WIN_HORIZON - state.ply)
    else:
        score = -WIN_HORIZON - 1
        for move in state.legal_moves():
            state.play(move)
            score = max(score, -negamax(state, counter))
            state.undo()
    _TABLE[key] = score
    return score


def describe_score(score: int, ply: int) -> str:
    """``"wins in 3"``, ``"draw"`` or ``"loses in 2"`` (plies from now, this move included)."""
    if score == 0:
        return "draw"
    plies = WIN_HORIZON - abs(score) - ply
    return f"{'wins' if score > 0 else 'loses'} in {plies}"


class MinimaxAgent:
    """Perfect play; see the module docstring for scores and tie-breaking."""

    id = "minimax"

    def __init__(self, rng: np.random.Generator, params: MinimaxParams) -> None:
        self.rng = rng
        self.params = params

    def decide(self, state: Board) -> Decision:
        board = state.copy()
        counter = [0]
        scored = []
        for move in board.legal_moves():
            board.play(move)
            scored.append((move, -negamax(board, counter)))
            board.undo()
        if not scored:
            raise ValueError("no legal move to choose from")
        rank = (lambda s: s) if self.params.quickest else (lambda s: (s > 0) - (s < 0))
        top = max(rank(s) for _, s in scored)
        best = [m for m, s in scored if rank(s) == top]
        move = best[int(self.rng.integers(len(best)))]
        ply = state.ply
        candidates = tuple(
            CandidateMove(state.format_move(m), float((s > 0) - (s < 0)), note=describe_score(s, ply))
            for m, s in sorted(scored, key=lambda ms: -ms[1])
        )
        trace = SearchTrace(
            algorithm="minimax", candidates=candidates,
            best=tuple(state.format_move(m) for m in best), chosen=state.format_move(move), nodes=counter[0],
        )
        return Decision(move, trace)


    def rate(self, state: Board, move: int, limit: Limit | None = None) -> tuple[Decision, MoveRating]:
        """``move``'s exact value against this agent's choice (+1 win, 0 draw, -1 loss)."""
        decision = self.decide(state)
        scores = {}
        board = state.copy()
        for m in {move, decision.move}:
            board.play(m)
            scores[m] = -negamax(board)
            board.undo()
        values = [float((scores[m] > 0) - (scores[m] < 0)) for m in (move, decision.move)]
        notes = (describe_score(scores[move], state.ply), describe_score(scores[decision.move], state.ply))
        return decision, MoveRating(state.format_move(move), state.format_move(decision.move), "score", values[0],
                                    values[1], notes, agent="minimax")


def build(game_id: str, seat: str, rng: np.random.Generator, params: MinimaxParams) -> MinimaxAgent:
    return MinimaxAgent(rng, params)
