"""The machine owner's config file, read once at start-up by each face (TOML, ``tomllib``).

Where: ``--config PATH``, else ``config.toml`` in the platform's config directory
(``platformdirs.user_config_dir("swarmtui")``, e.g. ``~/.config/swarmtui/config.toml``). A missing
default file means defaults. Its sections belong to their readers: ``[tui]`` and ``[seats.GAME]``
to the TUI (``tui.config``), ``[engines]`` to every face that plays (``core.engines``),
``[serve]`` to ``swarmtui serve``. This module only finds, bounds and parses the file, and says
in one line what is wrong with it: a typo never locks anyone out of the program.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

MAX_CONFIG_BYTES = 64 * 1024
SECTIONS = ("tui", "seats", "coach", "clock", "engines", "serve")
"""Every section the file may have (``[seats.GAME]`` tables live under ``seats``)."""


class ConfigError(ValueError):
    """A config file that cannot be used: the message names the file and the key."""


def default_path() -> Path:
    """``config.toml`` in the platform's user config directory."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("swarmtui")) / "config.toml"


def expect(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    """``value`` when it is of ``kind`` (a bool is not an int here); ``ConfigError`` otherwise."""
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise ConfigError(f"{where}: expected {what}, got {value!r}")
    return value


def parse_document(text: str, where: str) -> dict[str, Any]:
    """The TOML document ``text``, its sections checked; ``ConfigError`` naming ``where`` otherwise."""
    import tomllib  # here: most runs have no config file

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML ({error})") from None
    unknown = set(document) - set(SECTIONS)
    if unknown:
        raise ConfigError(f"{where}: [{sorted(unknown)[0]}] is not a section "
                          "(known: [tui], [seats.GAME], [engines], [serve])")
    return document


def read_document(path: Path | None, default: Path) -> tuple[dict[str, Any], str, str | None]:
    """The document at ``path`` (or ``default``), the name it is known by, and a problem line.

    A missing default file is no problem (an empty document); a missing ``--config`` file, an
    unreadable, oversized or damaged one gives an empty document and one line saying why, which
    ends without the consequence (each face adds its own, e.g. "using the defaults").
    """
    chosen = path or default
    try:
        if not chosen.is_file():
            return {}, str(chosen), (f"config file {chosen} does not exist" if path else None)
        if chosen.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{chosen}: larger than {MAX_CONFIG_BYTES // 1024} KiB; is it the right file?")
        text = chosen.read_text(encoding="utf-8")
        return parse_document(text, str(chosen)), str(chosen), None
    except (OSError, UnicodeDecodeError) as error:
        return {}, str(chosen), f"config file {chosen} cannot be read ({error})"
    except ConfigError as error:
        return {}, str(chosen), str(error)


def read_config(path: Path | None, default: Path, reader: Callable[[dict[str, Any], str], T], empty: T,
                consequence: str) -> tuple[T, str | None]:
    """What ``reader(document, where)`` makes of the file at ``path`` (or ``default``), and a
    problem line: when the file cannot be used, or ``reader`` raises ``ConfigError``, ``empty``
    and the problem followed by ``; {consequence}`` (what the face does instead)."""
    document, where, problem = read_document(path, default)
    if problem is None:
        try:
            return reader(document, where), None
        except ConfigError as error:
            problem = str(error)
    return empty, f"{problem}; {consequence}"
