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

from swarmtui.core.agent import Agent
from swarmtui.core.limits import Limit, LimitedAgent
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
