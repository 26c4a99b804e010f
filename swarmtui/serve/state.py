"""What every connection of one SSH server shares: its config and its state.

Kept apart from the server, the sessions and the watchers (which all read it), so none of them
imports another to name it: the server makes the state and its connections (``Gate``), a
session adds itself to ``ServeState.sessions``, a watcher looks there for a game to mirror. The
sessions and connections are seen through the small protocols below (``Hosted``, ``Mirror``,
``Connection``), which ``session.AppSession``, ``watch.WatchSession`` and ``server.Gate`` fulfil.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import asyncssh

from swarmtui.serve.keys import AuthorizedKeys, AuthorizedKeysError, read_authorized_keys
from swarmtui.serve.limits import ConnectionCount, Limits
from swarmtui.serve.players import Player
from swarmtui.serve.terminal import PtyChild
from swarmtui.serve.venue import Venue
from swarmtui.tables.ratings import FILE_NAME

log = logging.getLogger("swarmtui.serve")


class Mirror(Protocol):
    """Something that shows a session's output elsewhere (a watcher, ``watch.WatchSession``):
    ``mirror`` each output, ``leave`` when the session ends, saying why."""

    def mirror(self, data: bytes) -> None: ...

    def leave(self, reason: str) -> None: ...


class Hosted(Protocol):
    """A running app session as the server and the watchers see it (``session.AppSession``)."""

    player: Player
    shown: bool
    started: float
    size: tuple[int, int]
    child: PtyChild | None
    watchers: set[Mirror]

    def describe(self) -> str: ...

    async def repaint(self) -> None: ...


class Connection(Protocol):
    """An open connection as the server closes it (``server.Gate``)."""

    conn: asyncssh.SSHServerConnection | None


def ratings_beside(players_root: Path) -> Path:
    """The default ratings database of a server whose players' folder is ``PLAYERS``:
    ``PLAYERS-ratings.sqlite3`` beside it (inside, it would sit among the players' homes)."""
    return players_root.with_name(f"{players_root.name}-{FILE_NAME}")


@dataclass
class ServeConfig:
    """Everything ``swarmtui serve`` needs; ``port=0`` picks a free port (tests). ``players_root``,
    ``limits``, ``command`` and ``ratings`` make the server's own venue, unless one is shared with it."""

    host_key: Path
    players_root: Path
    authorized_keys: Path | None = None
    guest: bool = False
    host: str = "127.0.0.1"
    port: int = 2222
    limits: Limits = field(default_factory=Limits)
    command: tuple[str, ...] = (sys.executable, "-m", "swarmtui")
    ratings: Path | None = None
    """The ratings database of the tables (default: ``PLAYERS-ratings.sqlite3`` beside the
    players' folder ``PLAYERS``: inside it, it would sit among the players' homes)."""

    @property
    def ratings_path(self) -> Path:
        return self.ratings or ratings_beside(self.players_root)

    def __post_init__(self) -> None:
        if self.authorized_keys is None and not self.guest:
            raise ValueError("nobody could log in: give an authorized_keys file, or allow guests")


class ServeState:
    """What every connection of one server shares: config, the counters, the keys, and the
    venue's hub, session count, players' root, app command and limits."""

    def __init__(self, config: ServeConfig, venue: Venue) -> None:
        self.config = config
        self.venue = venue
        self.limits = venue.limits
        self.count = venue.count
        self.connections = ConnectionCount(venue.limits)
        self.players_root = venue.players_root
        self.command = venue.command
        self.sessions: set[Hosted] = set()
        self.gates: set[Connection] = set()
        """Every open connection (closed with the server)."""
        self.hub = venue.hub

    def current_keys(self) -> AuthorizedKeys | None:
        """The authorized keys as the file says now; None (nobody logs in with a key, logged as
        an error) while it cannot be read, does not parse or lists no key: fail closed."""
        if self.config.authorized_keys is None:
            return None
        try:
            return read_authorized_keys(self.config.authorized_keys)
        except AuthorizedKeysError as error:
            log.error("%s; NOBODY CAN LOG IN WITH A KEY until it is fixed", error)
            return None
