"""The agent registry: every kind of player by id, the games it plays and its parameters.

``make_agent`` builds one for a game and a seat, with its own generator and any
``name=value`` parameter overrides (``--param`` on the command line, the TUI's settings).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from swarmtui.agents.aco_bco import trace as _aco_bco_trace  # noqa: F401  (registers the agents' trace kinds,
from swarmtui.agents.ga import trace as _ga_trace  # noqa: F401  so core.trace.trace_from_json reads every kind
from swarmtui.agents.pso import trace as _pso_trace  # noqa: F401  once the agents package is imported)
from swarmtui.core.agent import Agent, AgentSpec
from swarmtui.core.params import ParamError, apply_overrides

_REGISTRY: dict[str, AgentSpec] = {}


def register(spec: AgentSpec) -> AgentSpec:
    _REGISTRY[spec.id] = spec
    return spec


def _load_builtin() -> None:
    if _REGISTRY:
        return
    from swarmtui.agents import ga, human, mcts, minimax, pso, uniform
    from swarmtui.agents.pso import plus as pso_plus

    for module in (human, uniform, minimax, ga, mcts, pso):
        register(module.SPEC)
    register(pso_plus.SPEC)
    from swarmtui.agents import greedy, halma_beam

    register(greedy.SPEC)
    register(halma_beam.SPEC)
    from swarmtui.agents import aco_bco, aco_bco_plus

    register(aco_bco.SPEC)
    register(aco_bco_plus.SPEC)
    from swarmtui.agents import alphabeta

    register(alphabeta.SPEC)


def agent_specs() -> dict[str, AgentSpec]:
    """All registered agents by id."""
    _load_builtin()
    return dict(_REGISTRY)


def agents_for(game_id: str) -> list[AgentSpec]:
    """The agents that play ``game_id``, in registry order."""
    return [s for s in agent_specs().values() if s.plays(game_id)]


def get_spec(agent_id: str, game_id: str | None = None) -> AgentSpec:
    """The spec of ``agent_id``; ``ParamError`` (a clear sentence) when unknown or not for the game."""
    specs = agent_specs()
    if agent_id not in specs:
        raise ParamError(f"unknown agent {agent_id!r} (known: {', '.join(specs)})")
    spec = specs[agent_id]
    if game_id is not None and not spec.plays(game_id):
        able = ", ".join(s.id for s in agents_for(game_id))
        raise ParamError(f"agent {agent_id!r} does not play {game_id} (agents for {game_id}: {able})")
    return spec


def make_agent(agent_id: str, game_id: str, seat: str, rng: np.random.Generator,
               overrides: Iterable[tuple[str, str]] = ()) -> Agent:
    """Build ``agent_id`` for ``seat`` of ``game_id`` with ``rng`` and parameter overrides."""
    spec = get_spec(agent_id, game_id)
    overrides = list(overrides)
    params = None
    if spec.params is not None:
        params = apply_overrides(spec.params(), overrides)
    elif overrides:
        raise ParamError(f"agent {agent_id!r} has no parameters (got {overrides[0][0]!r})")
    return spec.factory(game_id, seat, rng, params)
