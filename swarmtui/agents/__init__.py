"""The agent registry: every kind of player by id, the games it plays and its parameters.

Each agent declares itself once, in its own ``SPEC`` (``core.agent.AgentSpec``); a shipped agent
is one line of ``SHIPPED``, an agent of another package an entry point of ``ENTRY_POINT_GROUP``
or a ``register(SPEC)`` call. ``make_agent`` builds one for a game and a seat, with its own
generator and any ``name=value`` parameter overrides (``--param`` on the command line, the TUI's
settings).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from swarmtui.core.agent import Agent, AgentSpec
from swarmtui.core.lazy import load
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.core.trace import declare_finder, declare_kinds
from swarmtui.games import get_game

if TYPE_CHECKING:
    import numpy as np  # annotations only: a command that never draws a number needs no NumPy

_REGISTRY: dict[str, AgentSpec] = {}

SHIPPED: dict[str, str] = {
    "human": "swarmtui.agents.human:SPEC",
    "random": "swarmtui.agents.uniform:SPEC",
    "minimax": "swarmtui.agents.minimax:SPEC",
    "ga": "swarmtui.agents.ga:SPEC",
    "mcts": "swarmtui.agents.mcts:SPEC",
    "pso": "swarmtui.agents.pso:SPEC",
    "pso-plus": "swarmtui.agents.pso:PLUS",
    "greedy": "swarmtui.agents.greedy:SPEC",
    "beam": "swarmtui.agents.halma_beam:SPEC",
    "aco-bco": "swarmtui.agents.aco_bco:SPEC",
    "aco-bco-plus": "swarmtui.agents.aco_bco_plus:SPEC",
    "aco-bco-colony": "swarmtui.agents.aco_bco_colony:SPEC",
    "halma-search": "swarmtui.agents.halma_search:SPEC",
    "alphabeta": "swarmtui.agents.alphabeta:SPEC",
    "pso-verify": "swarmtui.agents.pso:VERIFIED",
    "uhp": "swarmtui.agents.external_uhp:SPEC",
}
"""The shipped agents in menu order: one registration line each, the id and where its ``SPEC``
is. A spec module is light (title, games, needs, description, and its implementation named by
path), so the menu lists every agent and imports none, and a command that plays two agents
builds two."""

ENTRY_POINT_GROUP = "swarmtui.agents"
"""Agents of other installed packages: ``[project.entry-points."swarmtui.agents"] myagent =
"mypkg.myagent:SPEC"``, loaded when the agents are listed or one is not found."""

_plugins_loaded = False


def register(spec: AgentSpec) -> AgentSpec:
    """Add ``spec`` to the registry (a spec registered again under its id replaces it) and
    declare its trace kinds (``AgentSpec.traces``), so a trace it wrote reads back."""
    if not isinstance(spec, AgentSpec):
        raise TypeError(f"an agent registers an AgentSpec, not {type(spec).__name__}")
    _REGISTRY[spec.id] = spec
    declare_kinds(spec.traces)
    return spec


def unregister(agent_id: str) -> None:
    """Remove an agent added with ``register`` (tests that register an agent of their own)."""
    _REGISTRY.pop(agent_id, None)


def _load(agent_id: str) -> AgentSpec | None:
    if agent_id not in _REGISTRY and agent_id in SHIPPED:
        spec = load(SHIPPED[agent_id])
        if spec.id != agent_id:
            raise RuntimeError(f"{SHIPPED[agent_id]} declares {spec.id!r}, not {agent_id!r}")
        register(spec)
    if agent_id not in _REGISTRY:
        _load_plugins()
    return _REGISTRY.get(agent_id)


def _load_plugins() -> None:
    """Agents other installed packages declare (entry points), once; a broken one is skipped
    with a warning."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            register(point.load())
        except Exception as error:  # a plugin's bug must not stop swarmtui
            warnings.warn(f"agent {point.name!r} from {point.value} is not loaded: {error}", stacklevel=2)


def _declare_traces() -> None:
    """Every shipped agent's trace kinds for ``core.trace`` (registering a spec declares its
    kinds): run when a trace of a kind not yet known is read, so reading one imports the specs
    and the module defining its kind, and no agent."""
    for agent_id in SHIPPED:
        _load(agent_id)


declare_finder(_declare_traces)


def agent_specs() -> dict[str, AgentSpec]:
    """All registered agents by id: the shipped ones in menu order, then any registered later
    (at run time or by an installed package)."""
    for agent_id in SHIPPED:
        _load(agent_id)
    _load_plugins()
    ordered = {agent_id: _REGISTRY[agent_id] for agent_id in SHIPPED}
    return {**ordered, **_REGISTRY}


def agents_for(game_id: str) -> list[AgentSpec]:
    """The agents that play ``game_id``, in menu order (the menus and setup list these: only
    specs are imported, no agent's implementation)."""
    game = get_game(game_id)
    return [s for s in agent_specs().values() if s.plays(game)]


def get_spec(agent_id: str, game_id: str | None = None) -> AgentSpec:
    """The spec of ``agent_id``; ``ParamError`` (a clear sentence) when unknown or not for the game."""
    spec = _load(agent_id)
    if spec is None:
        raise ParamError(f"unknown agent {agent_id!r} (known: {', '.join(agent_specs())})")
    if game_id is not None and not spec.plays(get_game(game_id)):
        able = ", ".join(s.id for s in agents_for(game_id))
        raise ParamError(f"agent {agent_id!r} does not play {game_id} (agents for {game_id}: {able})")
    return spec


def agent_params(spec: AgentSpec, game_id: str, overrides: Iterable[tuple[str, str]] = ()) -> Any:
    """``spec``'s parameters in ``game_id`` (``AgentSpec.params_for``) with the ``name=value``
    overrides applied (None for an agent without parameters); ``ParamError`` for an unknown
    name or a bad value."""
    overrides = list(overrides)
    params = spec.params_for(get_game(game_id))
    if params is not None:
        return apply_overrides(params(), overrides)
    if overrides:
        raise ParamError(f"agent {spec.id!r} has no parameters (got {overrides[0][0]!r})")
    return None


def make_agent(agent_id: str, game_id: str, seat: str, rng: np.random.Generator,
               overrides: Iterable[tuple[str, str]] = ()) -> Agent:
    """Build ``agent_id`` for ``seat`` of ``game_id`` with ``rng`` and parameter overrides."""
    spec = get_spec(agent_id, game_id)
    return spec.build(game_id, seat, rng, agent_params(spec, game_id, overrides))
