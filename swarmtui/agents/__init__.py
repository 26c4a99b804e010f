"""The agent registry: every kind of player by id, the games it plays and its parameters.

``make_agent`` builds one for a game and a seat, with its own generator and any
``name=value`` parameter overrides (``--param`` on the command line, the TUI's settings).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from swarmtui.core.agent import ANY, Agent, AgentSpec
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.core.services import ServiceProvider
from swarmtui.core.trace import declare_kinds
from swarmtui.games import get_game

if TYPE_CHECKING:
    import numpy as np  # annotations only: a command that never draws a number needs no NumPy

_REGISTRY: dict[str, AgentSpec] = {}

TRACE_KINDS: dict[str, str] = {
    "ant": "swarmtui.agents.aco_bco.trace",
    "bee": "swarmtui.agents.aco_bco.trace",
    "swarm": "swarmtui.agents.aco_bco.trace",
    "colony": "swarmtui.agents.aco_bco_colony.trace",
    "genome": "swarmtui.agents.ga.trace",
    "particle": "swarmtui.agents.pso.trace",
}
"""The agents' own trace kinds by tag and the module defining each: declared to ``core.trace``
so ``trace_from_json`` reads every kind once this package is imported, while a module is loaded
only when a trace of its kind is read (``tests/test_trace_registry.py`` checks the list)."""
declare_kinds(TRACE_KINDS)


def register(spec: AgentSpec) -> AgentSpec:
    _REGISTRY[spec.id] = spec
    return spec


@dataclass(frozen=True)
class AgentEntry:
    """A shipped agent as the menus list it, declared here without importing its module: the
    id, the module whose ``SPEC`` builds it, and the title, games and description that ``SPEC``
    declares (``tests/test_conformance.py`` checks that every entry agrees with its ``SPEC``)."""

    id: str
    module: str
    title: str
    games: tuple[str, ...]
    description: str
    needs: tuple[str, ...] = ()

    def plays(self, game: ServiceProvider) -> bool:
        return (self.games == ANY or game.id in self.games) and all(game.provides(n) for n in self.needs)


CATALOGUE: tuple[AgentEntry, ...] = (
    AgentEntry("human", "swarmtui.agents.human", "Human", ANY, "you, at the keyboard"),
    AgentEntry("random", "swarmtui.agents.uniform", "Random", ANY, "uniform over legal moves"),
    AgentEntry("minimax", "swarmtui.agents.minimax", "Minimax (perfect)", ("noughts",),
               "exact game-tree search; seeded tie-breaks"),
    AgentEntry("ga", "swarmtui.agents.ga", "Genetic algorithm (Ford)", ("noughts",),
               "plays an evolved strategy genome through its base-case symmetry"),
    AgentEntry("mcts", "swarmtui.agents.mcts", "Monte Carlo tree search (UCT)", ANY,
               "depth-limited UCT, terminal rewards only, root parallelisation (McGuile 3.4.2)"),
    AgentEntry("pso", "swarmtui.agents.pso", "Particle swarm with intentions (McGuile)", ("hive",),
               "PSO insects (eq. 2.1, local vicinities) choosing a move by intentions: Velocity + Danger "
               "Theory, or Direct-to-Goal near the opponent Queen"),
    AgentEntry("pso-plus", "swarmtui.agents.pso.plus", "Particle swarm + look-ahead (beyond McGuile)", ("hive",),
               "the thesis swarm plus a winning look-ahead, Queen safety (no one-move loss), surround gain for "
               "pinned endgames and recall against repetition"),
    AgentEntry("greedy", "swarmtui.agents.greedy", "Greedy", ("halma",),
               "largest progress towards the goal, longest jump chain on ties (baseline)"),
    AgentEntry("beam", "swarmtui.agents.halma_beam", "Beam crossing", ("halma",),
               "plans the whole crossing by beam search (alone: Bell's 27-move optimum)"),
    AgentEntry("aco-bco", "swarmtui.agents.aco_bco", "Ant and bee swarm (Kuehner & Stock)", ("halma",),
               "each piece's ant plans a path on the pheromone field; bees recruit the piece that moves"),
    AgentEntry("aco-bco-plus", "swarmtui.agents.aco_bco_plus", "Look-ahead planner (ants, bees)", ("halma",),
               "a four-move greedy roll-out picks the move; the ant trails and bee roulette it keeps add nothing "
               "measurable (ablation in docs/halma.md)"),
    AgentEntry("aco-bco-colony", "swarmtui.agents.aco_bco_colony", "Ant and bee colony (bees recruit to plans)",
               ("halma",),
               "ants build multi-move plans, spreading out over the moves of a position they share, bees recruit to "
               "the best partial plans, the best plan persists between turns; pheromone on moves is a switch, off by "
               "default (ablation in docs/halma.md)"),
    AgentEntry("halma-search", "swarmtui.agents.halma_search", "Search (best-reply alpha-beta)", ("halma",),
               "races for its goal and blocks: 2-6 players, easy to max"),
    AgentEntry("alphabeta", "swarmtui.agents.alphabeta", "Alpha-beta", ANY,
               "engine search, easy to max", ("evaluation",)),
    AgentEntry("pso-verify", "swarmtui.agents.pso.verified", "Particle swarm proposes, search verifies", ("hive",),
               "the pso-plus swarm's insects and the hive propose moves; a three-ply alpha-beta picks among them"),
    AgentEntry("uhp", "swarmtui.agents.external_uhp", "External UHP engine", ("hive",),
               "a Universal Hive Protocol engine the machine's owner declared, chosen by name (uhp:NAME)"),
)
"""The shipped agents in menu order. A module is imported only when its agent is asked for, so a
command that plays two agents loads two, and the menu, which lists them all, loads none."""

BUILTIN: dict[str, str] = {entry.id: entry.module for entry in CATALOGUE}
"""The shipped agents by id and the module whose ``SPEC`` declares each, in menu order."""


def listed_for(game_id: str) -> list[AgentEntry]:
    """The agents that play ``game_id`` as the menus list them, without importing any shipped
    agent: the catalogue's, then any registered at run time, in registry order."""
    game = get_game(game_id)
    shipped = [entry for entry in CATALOGUE if entry.plays(game)]
    extra = [AgentEntry(spec.id, getattr(spec.factory, "__module__", ""), spec.title, spec.games, spec.description,
                        spec.needs) for spec in _REGISTRY.values() if spec.id not in BUILTIN and spec.plays(game)]
    return shipped + extra


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
    return spec.factory(game_id, seat, rng, agent_params(spec, game_id, overrides))
