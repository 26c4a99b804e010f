"""The games swarmtui knows, and the registry every face reads (CLI, sim, TUI, tables, UHP).

Each game package exports one ``SPEC`` (a ``GameSpec``); this module registers the built-in
ones, then any game an installed package declares under the entry-point group
``swarmtui.games`` (its value is a ``GameSpec``), and ``register_game`` adds one at run time.
The order of ``GAMES`` is the order menus show.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

from swarmtui.games.descriptor import GameSpec


class _Registry(dict[str, GameSpec]):
    """The games by id; reading it first loads the games other packages declare (entry points),
    so a command that never lists games does not pay for scanning the installed packages."""

    _plugins_loaded = False

    def _plugins(self) -> None:
        if not self._plugins_loaded:
            self._plugins_loaded = True
            _register_entry_points()

    def __getitem__(self, key: str) -> GameSpec:
        if not dict.__contains__(self, key):
            self._plugins()
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        if not dict.__contains__(self, key):
            self._plugins()
        return dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __iter__(self) -> Iterator[str]:
        self._plugins()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._plugins()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._plugins()
        return dict.keys(self)

    def values(self) -> Any:
        self._plugins()
        return dict.values(self)

    def items(self) -> Any:
        self._plugins()
        return dict.items(self)


GAMES: dict[str, GameSpec] = _Registry()
"""Every registered game by id, in registration order."""

ENTRY_POINT_GROUP = "swarmtui.games"


def register_game(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (``ValueError`` if another game already has its id)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"a game registers a GameSpec, not {type(spec).__name__}")
    known = dict.get(GAMES, spec.id)
    if known is not None and known is not spec:
        raise ValueError(f"a game with id {spec.id!r} is already registered ({known.title})")
    dict.__setitem__(GAMES, spec.id, spec)
    return spec


def unregister_game(game_id: str) -> None:
    """Remove a game added with ``register_game`` (tests that register a game of their own)."""
    dict.pop(GAMES, game_id, None)


def get_game(game_id: str) -> GameSpec:
    """The registered game ``game_id`` (KeyError with the known ids otherwise)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None


def _register_builtin() -> None:
    from swarmtui.games import halma, hive, noughts

    for package in (noughts, halma, hive):
        register_game(package.SPEC)


def _register_entry_points() -> None:
    """Games of other installed packages; a broken one is skipped with a warning, not a crash."""
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            register_game(point.load())
        except Exception as error:  # a plugin's bug must not stop swarmtui
            warnings.warn(f"game {point.name!r} from {point.value} is not loaded: {error}", stacklevel=2)


_register_builtin()

__all__ = ["ENTRY_POINT_GROUP", "GAMES", "GameSpec", "get_game", "register_game", "unregister_game"]
