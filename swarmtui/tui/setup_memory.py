"""The setup screen's memory: each game's last seats, parameters, rules, coach, clock, speed and
skipped animations, kept across app restarts in ``setup.json`` in the saves folder.

The file is the player's own: it lives in their saves folder, which ``swarmtui serve`` and
``swarmtui web`` give each player separately (``serve.players``), so one player's choices are
never shown to another. It is written atomically (``core.saves.write_json``) each time a game
is started from its setup, and read once when the app first opens a setup screen. It is
bounded: a file larger than ``MAX_MEMORY_BYTES`` is not read, a string longer than
``MAX_TEXT`` is not kept, and only registered games are. A missing file is the first visit; a
damaged one (not JSON, the wrong shape, too large) is ignored with one notice and replaced by
the next start. What it holds only suggests: the setup screen offers each remembered value
again only when it still fits (an agent this app still offers for the game, a player count
the game takes); anything else quietly falls back to the defaults. Nothing here imports Textual.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swarmtui.core.saves import SaveError, read_text, saves_dir, write_json

FILE_NAME = "setup.json"
KIND = "setup memory"
FORMAT = 1
MAX_MEMORY_BYTES = 64 * 1024
"""A memory file larger than this is not read (every game's setup fits in a few KiB)."""
MAX_TEXT = 200
"""Characters of the longest value kept (an agent id, a parameter, a clock)."""
MAX_SEATS = 8
MAX_FIELDS = 64
"""Seats of a game and parameters of a seat kept, at most."""


@dataclass(frozen=True)
class LastSetup:
    """One game's choices when it was last started from its setup screen."""

    players: int | None = None
    agents: tuple[str, ...] = ()
    params: tuple[tuple[tuple[str, str], ...], ...] = ()
    """Each seat's parameter overrides (``name``, ``value``), as the setup screen keeps them."""
    rules: tuple[tuple[str, str], ...] = ()
    coach: str | None = None
    """The coach chosen: an agent id or ``off``; None: the game's default."""
    clock: str = ""
    """The time control as typed (``"5+3"``); blank: none."""
    speed: str | None = None
    skip: tuple[bool, ...] = ()
    """Per seat: its animation is skipped (the move is shown at once)."""

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "agents": list(self.agents),
                "params": [[list(pair) for pair in seat] for seat in self.params],
                "rules": [list(pair) for pair in self.rules], "coach": self.coach, "clock": self.clock,
                "speed": self.speed, "skip": list(self.skip)}


def memory_path(folder: Path | None = None) -> Path:
    """Where the memory is kept: ``setup.json`` in the saves folder (or ``folder``)."""
    return (saves_dir() if folder is None else folder) / FILE_NAME


class _Damaged(ValueError):
    """The file's content is not a setup memory."""


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _Damaged(f"expected text of at most {MAX_TEXT} characters")
    return value


def _pairs(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or len(value) > MAX_FIELDS:
        raise _Damaged("expected a list of name, value pairs")
    pairs = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise _Damaged("expected a name, value pair")
        pairs.append((_text(pair[0]), _text(pair[1])))
    return tuple(pairs)


def _seats(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        raise _Damaged(f"expected a list of at most {MAX_SEATS} seats")
    return value


def _entry(entry: Any) -> LastSetup:
    if not isinstance(entry, dict):
        raise _Damaged("expected an object per game")
    players = entry.get("players")
    if players is not None and (type(players) is not int or not 1 <= players <= MAX_SEATS):
        raise _Damaged("players: expected a number of seats")
    skip = _seats(entry.get("skip", []))
    if not all(isinstance(flag, bool) for flag in skip):
        raise _Damaged("skip: expected true or false per seat")
    coach, speed = entry.get("coach"), entry.get("speed")
    return LastSetup(
        players=players,
        agents=tuple(_text(agent) for agent in _seats(entry.get("agents", []))),
        params=tuple(_pairs(seat) for seat in _seats(entry.get("params", []))),
        rules=_pairs(entry.get("rules", [])),
        coach=None if coach is None else _text(coach),
        clock=_text(entry.get("clock", "")),
        speed=None if speed is None else _text(speed),
        skip=tuple(skip),
    )


def parse_memory(text: str, games: Mapping[str, object]) -> dict[str, LastSetup]:
    """The remembered setups in ``text`` for the games in ``games`` (others are dropped);
    ``ValueError`` when it is not a setup memory."""
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as error:
        raise _Damaged(f"not JSON ({error.msg}, line {error.lineno})") from None
    if not isinstance(payload, dict) or payload.get("kind") != KIND or payload.get("format") != FORMAT:
        raise _Damaged(f"not a {KIND} of format {FORMAT}")
    entries = payload.get("games", {})
    if not isinstance(entries, dict):
        raise _Damaged("games: expected an object")
    return {game: _entry(entry) for game, entry in entries.items() if game in games}


def load_memory(games: Mapping[str, object], folder: Path | None = None) -> tuple[dict[str, LastSetup], str | None]:
    """Every remembered setup of ``games`` and a notice when the file could not be used (a
    missing file is no problem: nothing was remembered yet)."""
    path = memory_path(folder)
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        return parse_memory(read_text(path, limit=MAX_MEMORY_BYTES, what=KIND), games), None
    except (SaveError, ValueError) as error:
        return {}, f"{path}: {error}; the setup screens start from their defaults (the next start replaces it)"


def fits(setup: LastSetup) -> LastSetup:
    """``setup`` cut to the file's bounds: values too long to keep are left out."""
    def kept(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        return tuple((name, value) for name, value in pairs if len(name) <= MAX_TEXT and len(value) <= MAX_TEXT)[
            :MAX_FIELDS]

    return LastSetup(
        players=setup.players,
        agents=tuple(a if len(a) <= MAX_TEXT else "" for a in setup.agents[:MAX_SEATS]),
        params=tuple(kept(seat) for seat in setup.params[:MAX_SEATS]),
        rules=kept(setup.rules),
        coach=setup.coach if setup.coach is None or len(setup.coach) <= MAX_TEXT else None,
        clock=setup.clock if len(setup.clock) <= MAX_TEXT else "",
        speed=setup.speed,
        skip=setup.skip[:MAX_SEATS],
    )


def save_memory(memory: Mapping[str, LastSetup], folder: Path | None = None) -> Path:
    """Write every game's remembered setup, atomically; ``SaveError`` when it cannot be written."""
    games = {game: fits(setup).to_json() for game, setup in memory.items()}
    if len(json.dumps(games)) > MAX_MEMORY_BYTES // 2:  # far beyond any real setup: keep the file readable
        games = {game: {**entry, "params": []} for game, entry in games.items()}
    path = memory_path(folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None
    return write_json(path, {"kind": KIND, "format": FORMAT, "games": games})
