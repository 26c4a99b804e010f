"""The user's config file: TUI preferences read once at start-up (TOML, ``tomllib``).

Where: ``--config PATH``, else ``config.toml`` in the platform's config directory
(``platformdirs.user_config_dir("swarmtui")``, e.g. ``~/.config/swarmtui/config.toml``). A missing
file means defaults. Every key is optional::

    [tui]
    theme = "nord"          # any theme --theme takes
    ascii = false           # plain ASCII glyphs
    mouse = true            # capture the mouse
    speed = "fast"          # animation: slow, normal, fast, instant
    seed = 7                # default seed of new games (blank in setup = this one)

    [seats.halma]           # a game's default seats in its setup screen
    players = 3
    agents = ["human", "aco-bco", "greedy"]

A damaged file (not TOML, an unknown key, a value of the wrong kind) is reported in one line
naming the file and the key, and the app starts with every default: a typo never locks anyone
out of the program. Command-line options win over the file. Nothing here imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.tui.panels.playback import SPEEDS

MAX_CONFIG_BYTES = 64 * 1024


class ConfigError(ValueError):
    """A config file that cannot be used: the message names the file and the key."""


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
    seed: int | None = None
    seats: dict[str, SeatDefaults] = field(default_factory=dict)


def default_path() -> Path:
    """``config.toml`` in the platform's user config directory."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("swarmtui")) / "config.toml"


def _expect(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise ConfigError(f"{where}: expected {what}, got {value!r}")
    return value


def _tui(table: Any, where: str) -> dict[str, Any]:
    _expect(table, dict, where, "a table")
    known = {"theme": (str, "a theme name"), "ascii": (bool, "true or false"), "mouse": (bool, "true or false"),
             "speed": (str, "one of " + ", ".join(SPEEDS)), "seed": (int, "a whole number >= 0")}
    found: dict[str, Any] = {}
    for key, value in table.items():
        if key not in known:
            raise ConfigError(f"{where}.{key}: unknown key (known: {', '.join(known)})")
        kind, what = known[key]
        found[key] = _expect(value, kind, f"{where}.{key}", what)
    if found.get("speed", "normal") not in SPEEDS:
        raise ConfigError(f"{where}.speed: expected one of {', '.join(SPEEDS)}, got {found['speed']!r}")
    if found.get("seed", 0) < 0:
        raise ConfigError(f"{where}.seed: expected a whole number >= 0, got {found['seed']!r}")
    return found


def _seats(table: Any, where: str) -> dict[str, SeatDefaults]:
    from swarmtui.games import GAMES

    _expect(table, dict, where, "a table of games")
    seats: dict[str, SeatDefaults] = {}
    for game_id, entry in table.items():
        here = f"{where}.{game_id}"
        if game_id not in GAMES:
            raise ConfigError(f"{here}: unknown game (known: {', '.join(GAMES)})")
        _expect(entry, dict, here, "a table with players and/or agents")
        unknown = set(entry) - {"players", "agents"}
        if unknown:
            raise ConfigError(f"{here}.{sorted(unknown)[0]}: unknown key (known: players, agents)")
        players = entry.get("players")
        if players is not None:
            _expect(players, int, f"{here}.players", "a number of players")
            counts = GAMES[game_id].player_counts
            if players not in counts:
                raise ConfigError(f"{here}.players: {GAMES[game_id].title} takes {counts}, not {players}")
        agents = entry.get("agents", [])
        _expect(agents, list, f"{here}.agents", "a list of agent names")
        for name in agents:
            _expect(name, str, f"{here}.agents", "a list of agent names")
        seats[game_id] = SeatDefaults(players, tuple(agents))
    return seats


def parse(text: str, where: str) -> Preferences:
    """The preferences in ``text`` (TOML); ``ConfigError`` naming ``where`` and the key otherwise."""
    import tomllib  # here: the app starts without a config file as often as with one

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML ({error})") from None
    unknown = set(document) - {"tui", "seats"}
    if unknown:
        raise ConfigError(f"{where}: [{sorted(unknown)[0]}] is not a section (known: [tui], [seats.GAME])")
    tui = _tui(document.get("tui", {}), f"{where}: tui")
    seats = _seats(document.get("seats", {}), f"{where}: seats")
    return Preferences(seats=seats, **tui)


def load(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The preferences at ``path`` (default: :func:`default_path`) and a problem line, if any.

    A missing default file is no problem; a missing ``--config`` file, an unreadable, oversized or
    damaged one gives the defaults and one line saying why.
    """
    chosen = path or default_path()
    try:
        if not chosen.is_file():
            return Preferences(), (f"config file {chosen} does not exist (using the defaults)" if path else None)
        if chosen.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{chosen}: larger than {MAX_CONFIG_BYTES // 1024} KiB; is it the right file?")
        text = chosen.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return Preferences(), f"config file {chosen} cannot be read ({error}); using the defaults"
    except ConfigError as error:
        return Preferences(), f"{error}; using the defaults"
    try:
        return parse(text, str(chosen)), None
    except ConfigError as error:
        return Preferences(), f"{error}; using the defaults"
