"""Who sits where in a headless match: an agent id per seat plus its parameter overrides.

``--param name=value`` applies to every seat whose agent has a parameter ``name``;
``--param SEAT.name=value`` (e.g. ``O.quickest=false``) or ``--param AGENT.name=value``
(e.g. ``ga.strategy=...``) narrows it to matching seats. A parameter no seated agent takes
is an error, so a typo never silently does nothing.

A Hive seat may be an external UHP engine the machine's owner declared (``core.engines``:
``[engines]`` in the config file, or ``--engine NAME=COMMAND``), chosen by its name:
``uhp:NAME`` (the ``uhp`` agent with ``engine=NAME``), e.g. ``--players pso-plus,uhp:mzinga``;
its own time or depth per move are ``--param uhp.time=2`` / ``--param Black.depth=3``. What
follows ``uhp:`` is a name, never a command line: a run header of an older swarmtui that
wrote ``uhp:"/path/to/engine args"`` is refused with one sentence, and nothing is run.
"""

from __future__ import annotations

from swarmtui.agents import get_spec
from swarmtui.core.engines import ENGINE_NAME, shown_name
from swarmtui.core.params import ParamError, apply_overrides, param_fields, split_assignment
from swarmtui.games import GameSpec
from swarmtui.referee.seating import Seat

__all__ = ["Seat", "assign_params", "parse_players", "seat_agent", "split_players", "split_rules"]


EXTERNAL_PREFIX = "uhp:"


def split_players(text: str) -> list[str]:
    """``'pso-plus,uhp:mzinga'`` -> ``["pso-plus", "uhp:mzinga"]``: commas split players except
    inside double quotes (kept, so an older run header's entries join back the same and its
    ``uhp:"..."`` is refused by ``seat_agent`` with its own sentence)."""
    players, current, quoted = [], [], False
    for char in text:
        if char == '"':
            quoted = not quoted
            current.append(char)
        elif char == "," and not quoted:
            players.append("".join(current))
            current = []
        else:
            current.append(char)
    if quoted:
        raise ParamError(f"--players {text!r} has an unclosed double quote")
    players.append("".join(current))
    return [p.strip() for p in players if p.strip()]


def seat_agent(player: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A player entry -> its agent id and the overrides the entry itself carries (a
    ``uhp:NAME`` seat's ``engine``); ``ParamError`` for a ``uhp:`` followed by anything but a name."""
    if player.startswith(EXTERNAL_PREFIX):
        name = player[len(EXTERNAL_PREFIX):].strip()
        if not ENGINE_NAME.fullmatch(name):
            raise ParamError(
                f"{shown_name(player)}: an external engine is chosen by name, uhp:NAME, never by a command line or "
                "a path (the machine's owner declares NAME = \"command line\" in the config file's [engines], or "
                "with --engine NAME=COMMAND)")
        return "uhp", (("engine", name),)
    return player, ()


def parse_players(game: GameSpec, text: str) -> list[str]:
    """``"ga,random"`` -> player entries in seat order (agent ids, or ``uhp:NAME`` for an
    external engine), checked against the game."""
    agents = split_players(text)
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
        spec = get_spec(seat_agent(agent)[0], game.id)
        if spec.interactive:
            raise ParamError(f"agent {agent!r} needs the TUI; headless runs take computer players only")
    return agents


def split_rules(game: GameSpec, agents: list[str],
                assignments: list[str]) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """Separate the game's rule variants from the players' parameters.

    ``rules.NAME=value``, or a bare ``NAME=value`` that names a field of the game's rule variants
    (Halma: ``neutral``, ``leave_goal``, ``blocked_goal``; Hive: the game type) and no player's
    parameter, sets a rule; everything else is a player's parameter. The rules are checked here
    (``ParamError`` for an unknown name or a bad value).
    """
    fields = param_fields(game.rules_type()) if game.rules else set()
    players: list[str] = []
    rules: list[tuple[str, str]] = []
    for text in assignments:
        name, value = split_assignment(text)
        if name.startswith("rules."):
            bare = name.removeprefix("rules.")
            if bare not in fields:
                known = ", ".join(sorted(fields)) or "none"
                raise ParamError(f"{game.title} has no rule {bare!r} (rule variants: {known})")
            rules.append((bare, value))
        elif name in fields and not any(name in param_fields(get_spec(seat_agent(a)[0]).params_for(game))
                                        for a in agents):
            rules.append((name, value))
        else:
            players.append(text)
    if rules:
        apply_overrides(game.rules_type()(), rules)  # a bad value is a ParamError now, not in a worker
    return players, tuple(rules)


def assign_params(game: GameSpec, agents: list[str], assignments: list[str]) -> list[Seat]:
    """Distribute ``name=value`` strings over the seats (see the module docstring)."""
    per_seat: list[list[tuple[str, str]]] = [list(seat_agent(a)[1]) for a in agents]
    ids = [seat_agent(a)[0] for a in agents]
    for text in assignments:
        name, value = split_assignment(text)
        scope, _, bare = name.rpartition(".")
        taken = False
        for i, (seat, agent) in enumerate(zip(game.seats_for(len(agents)), ids, strict=True)):
            if scope and scope not in (seat, agent):
                continue
            if bare in param_fields(get_spec(agent).params_for(game)):
                per_seat[i].append((bare, value))
                taken = True
        if not taken:
            where = f" matching {scope!r}" if scope else ""
            raise ParamError(f"no player{where} takes parameter {bare!r} (players: {', '.join(agents)})")
    return [Seat(s, a, tuple(o)) for s, a, o in zip(game.seats_for(len(agents)), ids, per_seat, strict=True)]
