"""The SSH server: who may log in, what they may ask for, and starting it.

- Public-key authentication against an authorized_keys file (re-read at each login, so a
  key added or removed takes effect without a restart; options before a key are ignored).
- Guest access only when the operator opts in (``guest=True``), only as user ``guest``,
  and logged as a warning at start and at every guest login.
- User ``show`` plays and lets others watch; user ``watch`` watches a shown game live
  (``watch``); any other user name just plays, and is the name other players see at a table.
- The table hub (``tables.hub``) runs in this process on a Unix socket in a private
  directory; each session's app gets the socket's path and a secret of its own, so players
  can host, join and watch games between them.
- Only session channels with a pty are served (``session``); port, agent and X11
  forwarding, subsystems (sftp/scp) and remote forwarding are all refused (asyncssh's
  defaults for a server without those callbacks, plus ``agent_forwarding=False`` and
  ``x11_forwarding=False``); the line editor is off (the app reads raw keys).
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from swarmtui.serve.hostkey import load_or_create
from swarmtui.serve.limits import Limits, SessionCount
from swarmtui.serve.players import Player
from swarmtui.serve.session import AppSession
from swarmtui.serve.watch import SHOW_USER, WATCH_USER, WatchSession
from swarmtui.tables.hub import Hub

log = logging.getLogger("swarmtui.serve")

GUEST_USER = "guest"


class AuthorizedKeysError(Exception):
    """The authorized_keys file cannot be read or holds no usable key; the message is for the user."""


def read_authorized_keys(path: Path) -> frozenset[bytes]:
    """The public keys (wire format) listed in an OpenSSH authorized_keys file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise AuthorizedKeysError(f"cannot read authorized keys {path}: {reason}") from None
    keys = set()
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key = _public_key(line)
        if key is None:
            raise AuthorizedKeysError(f"{path} line {number} is not a public key")
        keys.add(key.public_data)
    if not keys:
        raise AuthorizedKeysError(f"{path} lists no public key")
    return frozenset(keys)


def _public_key(line: str) -> asyncssh.SSHKey | None:
    fields = line.split()
    for start in range(min(len(fields), 2)):  # an options field may come first
        try:
            return asyncssh.import_public_key(" ".join(fields[start:start + 2]))
        except (asyncssh.KeyImportError, ValueError):
            continue
    return None


@dataclass
class ServeConfig:
    """Everything ``swarmtui serve`` needs; ``port=0`` picks a free port (tests)."""

    host_key: Path
    players_root: Path
    authorized_keys: Path | None = None
    guest: bool = False
    host: str = "127.0.0.1"
    port: int = 2222
    limits: Limits = field(default_factory=Limits)
    command: tuple[str, ...] = (sys.executable, "-m", "swarmtui")

    def __post_init__(self) -> None:
        if self.authorized_keys is None and not self.guest:
            raise ValueError("nobody could log in: give an authorized_keys file, or allow guests")


class ServeState:
    """What every connection of one server shares: config, the session count, the keys."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.limits = config.limits
        self.count = SessionCount(config.limits)
        self.players_root = config.players_root
        self.command = config.command
        self.keys = read_authorized_keys(config.authorized_keys) if config.authorized_keys else frozenset()
        self.sessions: set[AppSession] = set()
        self.hub = Hub(Path(tempfile.mkdtemp(prefix="swarmtui-tables-")) / "hub.sock")

    def current_keys(self) -> frozenset[bytes]:
        """Re-read the authorized keys; on a read error keep the last good set (and log it)."""
        if self.config.authorized_keys is not None:
            try:
                self.keys = read_authorized_keys(self.config.authorized_keys)
            except AuthorizedKeysError as error:
                log.error("%s; using the keys read before", error)
        return self.keys


class Gate(asyncssh.SSHServer):
    """One connection's authentication; hands out an ``AppSession`` once it knows the player."""

    def __init__(self, state: ServeState) -> None:
        self.state = state
        self.player: Player | None = None
        self.offered: asyncssh.SSHKey | None = None
        self.peer = "?"
        self.username = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.state.config.guest and username == GUEST_USER:
            self.player = Player.new_guest()
            log.warning("GUEST LOGIN without authentication from %s as %s", self.peer, self.player.id)
            return False
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if key.public_data in self.state.current_keys():
            self.offered = key  # the signed key is the last one validated before auth completes
            return True
        log.info("refused key %s from %s", key.get_fingerprint(), self.peer)
        return False

    def auth_completed(self) -> None:
        if self.player is None and self.offered is not None:
            self.player = Player.from_key(self.offered)
            log.info("login from %s as %s (%s)", self.peer, self.player.id, self.offered.get_fingerprint())

    def session_requested(self) -> AppSession | WatchSession | bool:
        if self.player is None:
            return False
        if self.username == WATCH_USER:
            return WatchSession(self.state, self.player, self.peer)
        return AppSession(self.state, self.player, self.peer, shown=self.username == SHOW_USER,
                          name=self.username)


@dataclass
class RunningServer:
    """A listening server: its port, its shared state (open sessions), and ``close``."""

    acceptor: asyncssh.SSHAcceptor
    state: ServeState

    @property
    def port(self) -> int:
        return self.acceptor.get_port()

    def child_pids(self) -> list[int]:
        return [s.child.pid for s in self.state.sessions if s.child is not None and s.child.pid is not None]

    async def close(self) -> None:
        """Stop listening and hang up every session (each app autosaves)."""
        self.acceptor.close()
        await asyncio.gather(*(s.child.hang_up() for s in list(self.state.sessions) if s.child is not None))
        await self.acceptor.wait_closed()
        await self.state.hub.close()
        shutil.rmtree(self.state.hub.path.parent, ignore_errors=True)


async def start_server(config: ServeConfig) -> RunningServer:
    """Listen on ``config.host:config.port`` (``port=0``: a free one, see ``RunningServer.port``)."""
    state = ServeState(config)
    host_key = load_or_create(config.host_key)
    await state.hub.start()
    if config.guest:
        log.warning("GUEST ACCESS IS OPEN: anyone who can reach %s:%s may log in as '%s' without a key",
                    config.host, config.port, GUEST_USER)
    acceptor = await asyncssh.create_server(
        lambda: Gate(state), config.host, config.port,
        server_host_keys=[host_key], line_editor=False, encoding=None,
        agent_forwarding=False, x11_forwarding=False, allow_pty=True, allow_scp=False,
        login_timeout=config.limits.login_seconds, keepalive_interval=60,
        reuse_address=True)
    return RunningServer(acceptor, state)
