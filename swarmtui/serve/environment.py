"""The command and environment a session's child process gets: the server's choice, plus a
whitelist of what the client may set (terminal type, locale, colour wishes) — nothing else.

SSH clients may send any variable (``SendEnv``/``SetEnv``); passing them on would let a
client set ``PYTHONPATH``, ``LD_PRELOAD`` or ``SWARMTUI_SAVES`` in a process the server
runs. Values are checked too: a terminal or locale name is a short plain token.

The child is the swarmtui app, given as ``--engine`` options exactly the external engines the
operator offers (``app_command``; none by default): under ``SWARMTUI_CONFINE`` it reads no
engine from any config file, so a player can choose among those names and nothing else.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from swarmtui.core.engines import Engine

CLIENT_VARIABLES = ("LANG", "COLORTERM", "NO_COLOR")
"""Variables a client may pass through, besides ``TERM`` (from the pty request) and ``LC_*``."""

DEFAULT_TERM = "xterm-256color"
DEFAULT_LANG = "C.UTF-8"
_TOKEN = re.compile(r"[A-Za-z0-9_.@+-]{1,64}")
_LOCALE_NAME = re.compile(r"LC_[A-Z]{1,20}")


def app_command(offered: Iterable[Engine] = ()) -> tuple[str, ...]:
    """The command of every session's app: swarmtui, with the ``offered`` engines declared."""
    return (sys.executable, "-m", "swarmtui", *(f"--engine={engine.name}={engine.command}" for engine in offered))


def is_client_variable(name: str) -> bool:
    """True for the variables a client may set: LANG, COLORTERM, NO_COLOR and LC_*."""
    return name in CLIENT_VARIABLES or bool(_LOCALE_NAME.fullmatch(name))


def child_environment(client: Mapping[str, str], term: str | None, saves: Path, home: Path) -> dict[str, str]:
    """The child's whole environment: fixed server values, then the client's whitelisted ones.

    ``NO_COLOR`` counts when set to anything non-empty (no-color.org); a value that is not a
    plain token (spaces, quotes, control characters, over 64 characters) is dropped.
    """
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "SWARMTUI_SAVES": str(saves),
        "SWARMTUI_CONFINE": "1",
        "LANG": DEFAULT_LANG,
        "TERM": term if term and _TOKEN.fullmatch(term) and term != "dumb" else DEFAULT_TERM,
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for name, value in client.items():
        if is_client_variable(name) and _TOKEN.fullmatch(value):
            env[name] = value
    return env
