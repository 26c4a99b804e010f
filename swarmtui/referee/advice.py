"""Asking an agent about a position: the one place outside the agents that calls ``decide``.

:func:`consult` is the call itself: ``decide_within(state, limit)`` for an agent that honours a
:class:`~swarmtui.core.limits.Limit` when there is one, plain ``decide(state)`` otherwise. The
referee's turns (``referee.game``), :func:`advise` (a coach's suggestion, UHP's ``bestmove``,
``swarmtui hint``) and :func:`redecide` (the reasoning a logged game did not keep) all go
through it; ``tests/test_layering.py`` checks that nothing else outside ``swarmtui/agents/``
calls either method.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from swarmtui.core.agent import Agent
from swarmtui.core.limits import Limit, LimitedAgent
from swarmtui.core.rating import MoveRating, RatingAgent, rank_among
from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision
from swarmtui.records.replay import Recording


def consult(agent: Agent, state: GameState, limit: Limit | None = None) -> Decision:
    """``agent``'s decision in ``state``, within ``limit`` when it honours limits (the caller
    says so to the user when it does not: the limit is ignored)."""
    if limit is not None and isinstance(agent, LimitedAgent):
        return agent.decide_within(state, limit)
    return agent.decide(state)


def advise(state: GameState, agent: Agent, limit: Limit | None = None) -> Decision:
    """What ``agent`` would play in ``state`` (a copy is what it thinks on: the position asked
    about is left as it was). A suggestion, never played: a coach, a hint, an engine's
    ``bestmove``."""
    return consult(agent, state.copy(), limit)


@dataclass(frozen=True)
class Suggestion:
    """A coach's answer about a position: the agent's ``decision`` (its deliberation, animated as
    an AI turn's; ``choice`` its move in notation) and the move suggested (``move``, ``text``),
    which is the agent's own unless it missed a move that wins at once (``winning``: every such
    move, in notation; ``overruled``: the agent's choice was not one of them, so the first is
    suggested instead)."""

    decision: Decision
    choice: str
    move: Any
    text: str
    winning: tuple[str, ...] = ()
    overruled: bool = False

    def summary(self) -> str:
        """The agent's deliberation in one line, and the winning move it missed, if any."""
        line = self.decision.trace.summary()
        if self.overruled:
            line += f"; but {self.text} wins at once (the agent chose {self.choice})"
        return line


def winning_moves(state: GameState) -> list[Any]:
    """The legal moves after which the side to move has won the game."""
    mover = state.to_move
    board = state.copy()
    found = []
    for move in board.legal_moves():
        board.play(move)
        outcome = board.outcome
        board.undo()
        if outcome is not None and outcome.winner == mover:
            found.append(move)
    return found


def suggest(state: GameState, agent: Agent, limit: Limit | None = None, decision: Decision | None = None) -> Suggestion:
    """What the coach ``agent`` suggests in ``state``: its decision (:func:`advise`; ``decision``
    when it was asked already, by :func:`rate`), or a move that wins at once when it chose one
    that does not (a coach never misses a win in one)."""
    decision = decision if decision is not None else advise(state, agent, limit)
    wins = winning_moves(state)
    overruled = bool(wins) and decision.move not in wins
    move = wins[0] if overruled else decision.move
    return Suggestion(decision, state.format_move(decision.move), move, state.format_move(move),
                      tuple(state.format_move(m) for m in wins), overruled)


def rate(state: GameState, agent: Agent, move: object, limit: Limit | None = None, name: str = "",
         decision: Decision | None = None) -> tuple[Decision, MoveRating]:
    """How ``agent`` rates ``move`` against its own choice in ``state`` (``core.rating``): a
    search's scores when it can give them, else the move's rank among the moves its deliberation
    proposed (``decision``'s, when the coach was asked already), else a rating that says it
    cannot (``how="none"``). ``state`` is left as it was; ``name`` names the agent in the verdict."""
    if not state.is_legal(move):
        raise ValueError(f"{state.format_move(move)} is not a legal move here")
    if isinstance(agent, RatingAgent):
        decision, rating = agent.rate(state.copy(), move, limit)
    else:
        decision = decision if decision is not None else advise(state, agent, limit)
        rating = rank_among(state, move, decision, getattr(agent, "id", ""))
    if name:
        rating = replace(rating, agent=name)
    return decision, rating


def redecide(recording: Recording, agents: Mapping[str, Agent] | str,
             stop: Callable[[], bool] = lambda: False) -> int:
    """Rebuild the traces ``recording``'s log did not keep by letting each AI seat decide its
    turns again.

    A ``swarmtui sim`` game is a pure function of its seed: each seat's agent is built with
    ``seat_rng(seed, seat)`` and its parameter overrides (``referee.seating.seat_agents``),
    so deciding every AI turn again in order gives the very moves of the log, and with them
    the traces the file did not keep. ``agents`` are those rebuilt agents (AI seats only), or
    the sentence saying why they cannot be built. The first turn that comes out differently
    (another swarmtui version, a game that did not start from the usual position) ends the
    rebuild: later turns keep no trace. Returns how many traces were rebuilt;
    ``recording.redecided`` says it. ``stop()`` is polled between turns (a cancelled worker).
    """
    if isinstance(agents, str):
        recording.redecided = agents
        return 0
    rebuilt = 0
    for ply, (seat, text) in enumerate(zip(recording.movers, recording.moves, strict=False)):
        if stop():
            break
        if seat not in agents or ply in recording.traces:
            continue
        state = recording.positions.at(ply)
        decision = advise(state, agents[seat])
        if state.format_move(decision.move) != text:
            recording.redecided = f"re-deciding from the seed differs at move {ply + 1}: no reasoning from there on"
            return rebuilt
        recording.traces[ply] = decision.trace
        rebuilt += 1
    recording.redecided = f"reasoning rebuilt from the seed for {rebuilt} AI moves"
    return rebuilt
