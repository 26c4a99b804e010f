"""Rating a given move: a capability an agent may provide, for the coach's "why not my move?".

A coach is asked about a move the player chose: how does it compare with the coach's own
choice? Agents answer in one of two ways, whichever their algorithm has:

- a **search** scores both moves in the same units and to the same depth (``how="score"``):
  ``alphabeta`` and ``minimax`` exactly, ``halma-search`` with its best-reply value. Such an
  agent implements :class:`RatingAgent` (``rate(state, move, limit)``).
- a **swarm** proposes moves and picks one (``how="rank"``): whether the player's move was
  among its proposals and how it ranked. Any agent whose trace lists what it proposed
  (``Trace.proposals``, best first: the bees' recruiting shares, the particles' intention
  scores, the colony's plans, a search's candidates) is ranked this way by the referee's
  ``rate`` service, with no code of its own.

An agent that does neither (``random``: a uniform draw; an external engine: no trace) cannot
rate a move, and :class:`MoveRating` says so plainly (``how="none"``) instead of guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from swarmtui.core.limits import Limit
from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision

How = Literal["score", "rank", "none"]


@dataclass(frozen=True)
class MoveRating:
    """How an agent rates ``move`` (the player's, in notation) against its own ``choice``.

    ``how="score"``: ``score`` and ``choice_score`` are the search's values of both moves for
    the side to move (higher is better), ``notes`` their meaning in words ("wins in 3").
    ``how="rank"``: ``rank`` is the move's place among the ``proposals`` the agent considered
    (1: its choice; None: it did not propose the move). ``how="none"``: the agent cannot rate
    moves; ``reason`` says why.
    """

    move: str
    choice: str
    how: How
    score: float | None = None
    choice_score: float | None = None
    notes: tuple[str, str] = ("", "")
    rank: int | None = None
    proposals: int = 0
    agent: str = ""
    reason: str = ""

    @property
    def same(self) -> bool:
        """The player's move is the agent's own choice."""
        return self.move == self.choice

    def verdict(self) -> str:
        """One or two sentences for the player (the status line, ``swarmtui hint --rate``)."""
        who = self.agent or "the coach"
        if self.how == "none":
            return f"{who} cannot rate a move: {self.reason} It would play {self.choice}."
        if self.how == "score":
            mine = f"{self.move} scores {_value(self.score, self.notes[0])}"
            if self.same:
                return f"{mine}: {who}'s own choice."
            return f"{mine}; {who} prefers {self.choice}: {_value(self.choice_score, self.notes[1])}."
        if self.same:
            return f"{self.move} is {who}'s own choice (first of {self.proposals} proposals)."
        scores = ""
        if self.score is not None and self.choice_score is not None:
            scores = f" (scored {self.score:+g} against {self.choice_score:+g})"
        if self.rank is None:
            return f"{who} did not propose {self.move} among its {self.proposals}; it plays {self.choice}."
        return f"{who} ranked {self.move} {self.rank} of {self.proposals} proposals{scores}; it plays {self.choice}."


def _value(score: float | None, note: str) -> str:
    """``+1 (wins in 1)``."""
    return ("?" if score is None else f"{score:+g}") + (f" ({note})" if note else "")


@runtime_checkable
class RatingAgent(Protocol):
    """An agent that scores a given move against its own choice (a search)."""

    def rate(self, state: GameState, move: object, limit: Limit | None = None) -> tuple[Decision, MoveRating]: ...


def rank_among(state: GameState, move: object, decision: Decision, agent: str = "") -> MoveRating:
    """Rate ``move`` by its place among what ``decision``'s trace proposed (``how="rank"``), or
    say that the agent proposes nothing it could be ranked among (``how="none"``)."""
    text, choice = state.format_move(move), state.format_move(decision.move)
    proposed: Sequence[str] = decision.trace.proposals()
    if not proposed:
        if text == choice:
            return MoveRating(text, choice, "rank", rank=1, proposals=1, agent=agent)
        return MoveRating(text, choice, "none", agent=agent,
                          reason="it shows no other move it considered.")
    ranked = [choice] + [p for p in proposed if p != choice]
    rank = next((i for i, p in enumerate(ranked, start=1) if _same_move(state, p, move, text)), None)
    return MoveRating(text, choice, "rank", rank=rank, proposals=len(ranked), agent=agent)


def _same_move(state: GameState, proposal: str, move: object, text: str) -> bool:
    """``proposal`` (notation) names ``move``: the same text, or parsed, an equal move (a Halma
    step written with another route)."""
    if proposal == text:
        return True
    try:
        return bool(state.parse_move(proposal) == move)
    except (ValueError, LookupError, TypeError):  # NotationError and IllegalMoveError are ValueErrors
        return False
