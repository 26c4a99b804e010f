"""The user's config file: TUI preferences read once at start-up (TOML, ``tomllib``).

Where: ``--config PATH``, else ``config.toml`` in the platform's config directory
(``platformdirs.user_config_dir("swarmtui")``, e.g. ``~/.config/swarmtui/config.toml``). A missing
file means defaults. Every key is optional::

    [tui]
    theme = "nord"          # any theme --theme takes
    ascii = false           # plain ASCII glyphs
    mouse = true            # capture the mouse
    speed = "fast"          # animation: slow, normal, fast, instant (the setup's first speed)
    skip_animation = false  # computer seats start with "skip its animation" ticked in setup
    seed = 7                # default seed of new games (blank in setup = this one)

    [seats.halma]           # a game's default seats in its setup screen
    players = 3
    agents = ["human", "aco-bco", "greedy"]

    [coach]                 # a game's coach in its setup screen (off: none)
    hive = "pso-verify"

    [clock]                 # a game's time control in its setup screen (minutes, as setup spells it)
    hive = "5+3"            # 5 minutes + 3 s a move; "1": 1-minute sudden death; "st=10": 10 s a move

    [engines]               # external engines, by name (core.engines)
    mzinga = "/opt/mzinga/MzingaEngine"

    [serve]                 # what swarmtui serve offers its players
    engines = ["mzinga"]

A damaged file (not TOML, an unknown key, a value of the wrong kind) is reported in one line
naming the file and the key, and the app starts with every default: a typo never locks anyone
out of the program. Command-line options win over the file. ``[seats]``, ``[coach]`` and
``[clock]`` give a game's first setup; after a game has started, the setup screen shows its last
choices instead (``tui.setup_memory``). Nothing here imports Textual.
The file is found, bounded and parsed by ``core.config_file``; ``[engines]`` and ``[serve]``
are read by ``core.engines``, which every face that plays shares.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.config_file import ConfigError, default_path, expect, parse_document, read_config
from swarmtui.core.engines import Engine, engines_section, offered_section
from swarmtui.tui.panels.playback import SPEEDS

__all__ = ["ConfigError", "Preferences", "SeatDefaults", "default_path", "load", "parse"]


@dataclass(frozen=True)
class SeatDefaults:
    """A game's seats as the setup screen first shows them."""

    players: int | None = None
    agents: tuple[str, ...] = ()


@dataclass(frozen=True)
class Preferences:
    """Everything the config file can set; the defaults are the program's own."""

    theme: str | None = None
    ascii: bool = False
    mouse: bool = True
    speed: str = "normal"
    skip_animation: bool = False
    """Every computer seat's "skip its animation" starts ticked in the setup screen."""
    seed: int | None = None
    seats: dict[str, SeatDefaults] = field(default_factory=dict)
    coach: dict[str, str] = field(default_factory=dict)
    """A game's coach as its setup screen first shows it (an agent id, or ``off``)."""
    clock: dict[str, str] = field(default_factory=dict)
    """A game's time control as its setup screen first shows it (``"5+3"``, ``"none"``)."""
    engines: dict[str, Engine] = field(default_factory=dict)
    """The owner's external engines (``[engines]``), declared by the face at start-up."""


def _tui(table: Any, where: str) -> dict[str, Any]:
    expect(table, dict, where, "a table")
    known = {"theme": (str, "a theme name"), "ascii": (bool, "true or false"), "mouse": (bool, "true or false"),
             "speed": (str, "one of " + ", ".join(SPEEDS)), "seed": (int, "a whole number >= 0"),
             "skip_animation": (bool, "true or false")}
    found: dict[str, Any] = {}
    for key, value in table.items():
        if key not in known:
            raise ConfigError(f"{where}.{key}: unknown key (known: {', '.join(known)})")
        kind, what = known[key]
        found[key] = expect(value, kind, f"{where}.{key}", what)
    if found.get("speed", "normal") not in SPEEDS:
        raise ConfigError(f"{where}.speed: expected one of {', '.join(SPEEDS)}, got {found['speed']!r}")
    if found.get("seed", 0) < 0:
        raise ConfigError(f"{where}.seed: expected a whole number >= 0, got {found['seed']!r}")
    return found


def _seats(table: Any, where: str) -> dict[str, SeatDefaults]:
    from swarmtui.games import GAMES

    expect(table, dict, where, "a table of games")
    seats: dict[str, SeatDefaults] = {}
    for game_id, entry in table.items():
        here = f"{where}.{game_id}"
        if game_id not in GAMES:
            raise ConfigError(f"{here}: unknown game (known: {', '.join(GAMES)})")
        expect(entry, dict, here, "a table with players and/or agents")
        unknown = set(entry) - {"players", "agents"}
        if unknown:
            raise ConfigError(f"{here}.{sorted(unknown)[0]}: unknown key (known: players, agents)")
        players = entry.get("players")
        if players is not None:
            expect(players, int, f"{here}.players", "a number of players")
            counts = GAMES[game_id].player_counts
            if players not in counts:
                raise ConfigError(f"{here}.players: {GAMES[game_id].title} takes {counts}, not {players}")
        agents = entry.get("agents", [])
        expect(agents, list, f"{here}.agents", "a list of agent names")
        for name in agents:
            expect(name, str, f"{here}.agents", "a list of agent names")
        seats[game_id] = SeatDefaults(players, tuple(agents))
    return seats


def _per_game(table: Any, where: str, what: str) -> dict[str, str]:
    """A table of games, each with a text (``[coach]``, ``[clock]``): the games known, the values texts."""
    from swarmtui.games import GAMES

    expect(table, dict, where, "a table of games")
    for game_id, value in table.items():
        if game_id not in GAMES:
            raise ConfigError(f"{where}.{game_id}: unknown game (known: {', '.join(GAMES)})")
        expect(value, str, f"{where}.{game_id}", what)
    return dict(table)


def _coach(table: Any, where: str) -> dict[str, str]:
    return _per_game(table, where, "an agent name, or off")


def _clock(table: Any, where: str) -> dict[str, str]:
    from swarmtui.core.clock import TimeControl

    clocks = _per_game(table, where, 'a time control such as "5+3"')
    for game_id, spelt in clocks.items():
        try:
            TimeControl.parse_minutes(spelt)
        except ValueError as error:  # ParamError
            raise ConfigError(f"{where}.{game_id}: {error}") from None
    return clocks


def parse(text: str, where: str) -> Preferences:
    """The preferences in ``text`` (TOML); ``ConfigError`` naming ``where`` and the key otherwise."""
    return _preferences(parse_document(text, where), where)


def _preferences(document: dict[str, Any], where: str) -> Preferences:
    tui = _tui(document.get("tui", {}), f"{where}: tui")
    seats = _seats(document.get("seats", {}), f"{where}: seats")
    coach = _coach(document.get("coach", {}), f"{where}: coach")
    clock = _clock(document.get("clock", {}), f"{where}: clock")
    engines = engines_section(document, where)
    offered_section(document, where)  # swarmtui serve's; checked here so a typo is reported at once
    return Preferences(seats=seats, coach=coach, clock=clock, engines=engines, **tui)


def load(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The preferences at ``path`` (default: :func:`default_path`) and a problem line, if any.

    A missing default file is no problem; a missing ``--config`` file, an unreadable, oversized or
    damaged one gives the defaults and one line saying why.
    """
    return read_config(path, default_path(), _preferences, Preferences(), "using the defaults")
