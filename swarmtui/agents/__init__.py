"""The agent registry: every kind of player by id, the games it plays and its parameters.

``make_agent`` builds one for a game and a seat, with its own generator and any
``name=value`` parameter overrides (``--param`` on the command line, the TUI's settings).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

import numpy as np

from swarmtui.agents.aco_bco import trace as _aco_bco_trace  # noqa: F401  (registers the agents' trace kinds,
from swarmtui.agents.aco_bco_colony import trace as _colony_trace  # noqa: F401
from swarmtui.agents.ga import trace as _ga_trace  # noqa: F401  so core.trace.trace_from_json reads every kind
from swarmtui.agents.pso import trace as _pso_trace  # noqa: F401  once the agents package is imported)
from swarmtui.core.agent import Agent, AgentSpec
from swarmtui.core.params import ParamError, apply_overrides

_REGISTRY: dict[str, AgentSpec] = {}


def register(spec: AgentSpec) -> AgentSpec:
    _REGISTRY[spec.id] = spec
    return spec


BUILTIN: dict[str, str] = {
    "human": "swarmtui.agents.human",
    "random": "swarmtui.agents.uniform",
    "minimax": "swarmtui.agents.minimax",
    "ga": "swarmtui.agents.ga",
    "mcts": "swarmtui.agents.mcts",
    "pso": "swarmtui.agents.pso",
    "pso-plus": "swarmtui.agents.pso.plus",
    "greedy": "swarmtui.agents.greedy",
    "beam": "swarmtui.agents.halma_beam",
    "aco-bco": "swarmtui.agents.aco_bco",
    "aco-bco-plus": "swarmtui.agents.aco_bco_plus",
    "aco-bco-colony": "swarmtui.agents.aco_bco_colony",
    "halma-search": "swarmtui.agents.halma_search",
    "alphabeta": "swarmtui.agents.alphabeta",
    "pso-verify": "swarmtui.agents.pso.verified",
    "uhp": "swarmtui.agents.external_uhp",
}
"""The shipped agents by id and the module whose ``SPEC`` declares each, in menu order. A module
is imported only when its agent is asked for, so a command that plays two agents loads two."""


def _load(agent_id: str) -> AgentSpec | None:
    if agent_id not in _REGISTRY and agent_id in BUILTIN:
        spec = importlib.import_module(BUILTIN[agent_id]).SPEC
        if spec.id != agent_id:
            raise RuntimeError(f"{BUILTIN[agent_id]} declares {spec.id!r}, not {agent_id!r}")
        register(spec)
    return _REGISTRY.get(agent_id)


def agent_specs() -> dict[str, AgentSpec]:
    """All registered agents by id: the shipped ones in menu order, then any registered later."""
    for agent_id in BUILTIN:
        _load(agent_id)
    ordered = {agent_id: _REGISTRY[agent_id] for agent_id in BUILTIN}
    return {**ordered, **_REGISTRY}


def agents_for(game_id: str) -> list[AgentSpec]:
    """The agents that play ``game_id``, in registry order."""
    return [s for s in agent_specs().values() if s.plays(game_id)]


def get_spec(agent_id: str, game_id: str | None = None) -> AgentSpec:
    """The spec of ``agent_id``; ``ParamError`` (a clear sentence) when unknown or not for the game."""
    spec = _load(agent_id)
    if spec is None:
        raise ParamError(f"unknown agent {agent_id!r} (known: {', '.join(agent_specs())})")
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
