"""Who sits where in a headless match: an agent id per seat plus its parameter overrides.

``--param name=value`` applies to every seat whose agent has a parameter ``name``;
``--param SEAT.name=value`` (e.g. ``O.quickest=false``) or ``--param AGENT.name=value``
(e.g. ``ga.strategy=...``) narrows it to matching seats. A parameter no seated agent takes
is an error, so a typo never silently does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.agents import get_spec
from swarmtui.core.params import ParamError, param_fields, split_assignment
from swarmtui.games import GameSpec


@dataclass(frozen=True)
class Seat:
    """One seat of a match: its name, the agent id and that agent's overrides."""

    name: str
    agent: str
    overrides: tuple[tuple[str, str], ...] = ()


def parse_players(game: GameSpec, text: str) -> list[str]:
    """``"ga,random"`` -> agent ids in seat order, checked against the game."""
    agents = [p.strip() for p in text.split(",") if p.strip()]
    if len(agents) not in game.player_counts:
        if not game.seat_counts:
            raise ParamError(
                f"{game.id} has {len(game.seats)} seats ({', '.join(game.seats)}); "
                f"--players needs {len(game.seats)} comma-separated agents, got {len(agents)}"
            )
        *most, last = map(str, game.player_counts)
        counts = f"{', '.join(most)} or {last}" if most else last
        raise ParamError(
            f"{game.id} is played by {counts} players; --players needs one agent per player "
            f"(comma-separated), got {len(agents)}"
        )
    for agent in agents:
        spec = get_spec(agent, game.id)
        if spec.interactive:
            raise ParamError(f"agent {agent!r} needs the TUI; headless runs take computer players only")
    return agents


def assign_params(game: GameSpec, agents: list[str], assignments: list[str]) -> list[Seat]:
    """Distribute ``name=value`` strings over the seats (see the module docstring)."""
    per_seat: list[list[tuple[str, str]]] = [[] for _ in agents]
    for text in assignments:
        name, value = split_assignment(text)
        scope, _, bare = name.rpartition(".")
        taken = False
        for i, (seat, agent) in enumerate(zip(game.seats_for(len(agents)), agents, strict=True)):
            if scope and scope not in (seat, agent):
                continue
            if bare in param_fields(get_spec(agent).params):
                per_seat[i].append((bare, value))
                taken = True
        if not taken:
            where = f" matching {scope!r}" if scope else ""
            raise ParamError(f"no player{where} takes parameter {bare!r} (players: {', '.join(agents)})")
    return [Seat(s, a, tuple(o)) for s, a, o in zip(game.seats_for(len(agents)), agents, per_seat, strict=True)]
