"""The agent protocol (OpenSpiel-style split: games know rules, agents know how to choose).

An agent is built for one game and one seat, owns its ``numpy.random.Generator`` (seeded from
the match seed) and its long-lived memory, and answers ``decide(state) -> Decision``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from swarmtui.core.lazy import resolved
from swarmtui.core.services import ServiceProvider, params_with_services, service_weights
from swarmtui.core.state import GameState
from swarmtui.core.trace import Decision

if TYPE_CHECKING:
    import numpy as np  # annotations only: a command that never draws a number needs no NumPy

S = TypeVar("S", bound=GameState, contravariant=True)
"""The state type an agent decides in (``Agent[halma.Board]``); bare ``Agent`` takes any."""
P = TypeVar("P")
"""An agent kind's parameter dataclass (``AgentSpec[MctsParams]``); ``None`` when it has none."""

ANY: tuple[str, ...] = ("*",)
"""``AgentSpec.games`` of an agent that plays every registered game that provides the services
it needs (none: it needs only the ``GameState`` protocol, as ``random``, ``mcts`` and ``human``;
``alphabeta`` needs an evaluation)."""


@runtime_checkable
class Agent(Protocol[S]):
    """Anything that picks moves in states of type ``S``."""

    id: str

    def decide(self, state: S) -> Decision: ...


class AgentForfeit(Exception):
    """An agent that cannot go on (an external engine crashed, hung, or played an illegal move):
    its side loses the game, and the message is the reason recorded."""


class TurnAbandoned(Exception):
    """A turn that could not be asked for through no fault of the seat (the table it is played
    at closed, the wait was cancelled): the referee passes it on and nobody forfeits."""


@runtime_checkable
class ClosableAgent(Protocol):
    """An agent holding an outside resource (a process): ``close()`` releases it when the game ends."""

    def close(self) -> None: ...


def close_agent(agent: object) -> None:
    """Release what ``agent`` holds, if anything (safe to call on any agent, more than once).

    Looked up directly rather than by ``isinstance(agent, ClosableAgent)``: a runtime protocol
    check costs microseconds, and every game of a batch closes its agents."""
    close = getattr(agent, "close", None)
    if callable(close):
        close()


def engines_played(agents: Mapping[str, object]) -> dict[str, dict[str, str]]:
    """Seat -> ``{"name": ..., "id": ...}`` for the seats an external engine played: the owner's
    name for it and what it says it is (UHP's ``id`` line, as the agent keeps it: cut short).
    What saves and result files record of an engine, never its command line; an engine that
    never started (no ``identity`` yet) is left out."""
    played = {}
    for seat, agent in agents.items():
        identity = getattr(agent, "identity", None)
        if isinstance(identity, str) and identity:
            played[seat] = {"name": str(getattr(agent, "name", "")), "id": identity}
    return played


AgentFactory = Callable[[str, str, "np.random.Generator", Any], Agent]
"""``factory(game_id, seat, rng, params) -> Agent``."""


@dataclass(frozen=True)
class AgentSpec(Generic[P]):
    """A registered kind of agent, written once: its menus' title and description, which games
    it plays, its parameters, how to build it. The menus, the About panel, ``--help``, the
    setup screen and every run read this and nothing else.

    ``games`` lists the game ids it plays, or is ``ANY`` for an agent that plays every
    registered game; ``needs`` names the services a game must provide for it to play there
    (``core.services``: ``alphabeta`` needs an ``evaluation`` and plays every game that has one).
    ``params`` is a dataclass type whose fields (with the papers' defaults)
    are the agent's tunable constants, handed to ``factory`` as an instance; ``None`` when it
    has none. ``interactive`` agents (humans) are driven by the TUI and cannot run headless.
    ``check(game_id, seat, params)`` raises what building would (a strategy or memory file that
    cannot be read, an external engine not declared here) without building the agent, so a run can
    refuse bad settings before its first game (``referee.seating.check_seats``); None when the
    parameters' own checks are all there is.
    ``external`` agents are another program (an engine the machine's owner declared,
    ``core.engines``): they keep no trace and are not seeded by ours, so their turns are never
    re-decided to rebuild reasoning or memory, and a face offers them only when an engine is
    declared.

    ``factory``, ``params`` and ``check`` are the objects or their ``"module:name"`` paths
    (``core.lazy``): a shipped agent's spec names its implementation by path, so listing every
    agent (the menu) imports none of them. ``traces`` maps the trace kinds the agent writes to
    the module defining each, so a trace read back finds its class without the agent
    (``core.trace.declare_kinds``; a kind defined in the agent's own module needs no entry).
    """

    id: str
    title: str
    games: tuple[str, ...]
    factory: Callable[[str, str, np.random.Generator, P], Agent] | str
    params: type[P] | str | None = None
    interactive: bool = False
    description: str = ""
    check: Callable[[str, str, P], None] | str | None = None
    external: bool = False
    needs: tuple[str, ...] = ()
    traces: Mapping[str, str] = field(default_factory=dict, hash=False)

    @property
    def any_game(self) -> bool:
        """True for an agent that plays every registered game (that provides what it needs)."""
        return self.games == ANY

    def plays(self, game: ServiceProvider) -> bool:
        """True if the agent plays ``game``: listed (or ``ANY``) and every need provided."""
        return (self.any_game or game.id in self.games) and all(game.provides(need) for need in self.needs)

    @property
    def params_type(self) -> type[P] | None:
        """The agent's own parameter dataclass (imported now when named by path)."""
        found: type[P] | None = resolved(self.params)
        return found

    def params_for(self, game: ServiceProvider) -> type | None:
        """The agent's parameter dataclass in ``game``: its ``params``, extended by the weights of
        the services it needs there (the Hive evaluation's, for ``alphabeta``)."""
        return params_with_services(self.params_type, service_weights(game, self.needs))

    @property
    def implementation(self) -> str:
        """The module that builds the agent (its factory's)."""
        if isinstance(self.factory, str):
            return self.factory.partition(":")[0]
        return str(getattr(self.factory, "__module__", ""))

    def build(self, game_id: str, seat: str, rng: np.random.Generator, params: P) -> Agent:
        """The agent for ``seat`` of ``game_id`` (its implementation imported now)."""
        built: Agent = resolved(self.factory)(game_id, seat, rng, params)
        return built

    def check_settings(self, game_id: str, seat: str, params: P) -> None:
        """Raise what building the agent with ``params`` would raise (``check``), if anything."""
        if self.check is not None:
            resolved(self.check)(game_id, seat, params)
