"""The SSH server: who may log in, what they may ask for, and starting it.

- Public-key authentication against an authorized_keys file (``keys``), re-read at each
  login so a key added or removed takes effect without a restart. It fails closed: while
  the file cannot be read, does not parse, or lists no key, no key logs in (logged as an
  error at every attempt). OpenSSH's options are parsed as sshd parses them; ``from=`` and
  ``expiry-time=`` are honoured, a key with ``command=`` or another restriction the server
  cannot honour is refused (``keys`` lists them).
- Connections are counted (in total; while logging in, in all and per source address, see
  ``admission``; per key; guests in all and per address). A connection that has not asked to
  log in within ``handshake_seconds`` is closed, one not logged in within ``login_seconds``
  too, and so is a logged-in connection that holds no session for ``login_seconds`` (``limits``).
- The operator's files (authorized_keys, at every login; the host key, at start) are read
  only when they are regular files, up to a size limit, in a worker thread: a FIFO, a device
  or a slow disk in their place never stalls the server (``core.saves.read_text``).
- Guest access only when the operator opts in (``guest=True``), only as user ``guest``,
  and logged as a warning at start and at every guest login.
- User ``show`` plays and lets others watch; user ``watch`` watches a shown game live
  (``watch``); any other user name just plays, and is the name other players see at a table.
- The table hub (``tables.hub``) runs in this process on a Unix socket in a private
  directory; each session's app gets the socket's path and a secret of its own, so players
  can host, join and watch games between them. The hub (with its ratings), the session count,
  the players' root and the app command are the ``venue``'s: the browser door
  (``swarmtui.web``) served by the same process shares them, so its players sit at the same
  tables.
- Only session channels with a pty are served (``session``); port, agent and X11
  forwarding, subsystems (sftp/scp) and remote forwarding are all refused (asyncssh's
  defaults for a server without those callbacks, plus ``agent_forwarding=False`` and
  ``x11_forwarding=False``); the line editor is off (the app reads raw keys).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import asyncssh

from swarmtui.serve.admission import plain_address
from swarmtui.serve.hostkey import load_or_create
from swarmtui.serve.keys import AuthorizedKeysError, read_authorized_keys
from swarmtui.serve.limits import GUESTS, input_window
from swarmtui.serve.players import Player
from swarmtui.serve.session import AppSession
from swarmtui.serve.state import ServeConfig, ServeState
from swarmtui.serve.venue import Venue
from swarmtui.serve.watch import SHOW_USER, WATCH_USER, WatchSession
from swarmtui.tables.ratings import RatingsError

log = logging.getLogger("swarmtui.serve")

GUEST_USER = "guest"
__all__ = ["AuthorizedKeysError", "RatingsError", "ServeConfig", "read_authorized_keys", "start_server"]


class Gate(asyncssh.SSHServer):
    """One connection: counted against the caps, authenticated, then hands out sessions."""

    def __init__(self, state: ServeState) -> None:
        self.state = state
        self.conn: asyncssh.SSHServerConnection | None = None
        self.player: Player | None = None
        self.offered: asyncssh.SSHKey | None = None
        self.peer = "?"
        self.address = ""
        self.source = ""
        """The network this connection is counted under (``admission.source_network``)."""
        self.username = ""
        self.counted = False
        self.bucket: str | None = None
        """The connection count this connection is held in once logged in (a key's player id, or GUESTS)."""
        self.sessions: list[AppSession | WatchSession] = []
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = plain_address(str(peer[0])) if peer else ""
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        self.source = self.state.connections.source(self.address)
        loop = asyncio.get_running_loop()
        admission = self.state.connections.open(self, self.source)
        if admission.refusal is not None:
            log.warning("refused a connection from %s: %s", self.peer, admission.refusal)
            loop.call_soon(conn.abort)
            return
        if isinstance(admission.evicted, Gate) and admission.evicted.conn is not None:
            log.warning("closed a connection from %s that was still logging in, to make room for one from %s",
                        admission.evicted.peer, self.peer)
            loop.call_soon(admission.evicted.conn.abort)
        self.counted = True
        self.state.gates.add(self)
        self.timer = loop.call_later(self.state.limits.handshake_seconds, self._check_handshake)

    def _check_handshake(self) -> None:
        """Close a connection that has not asked to log in within ``handshake_seconds``."""
        if self.conn is not None:
            log.info("closed the connection from %s: it did not ask to log in within %g s", self.peer,
                     self.state.limits.handshake_seconds)
            self.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.state.gates.discard(self)
        if self.timer is not None:
            self.timer.cancel()
        if self.counted:
            self.counted = False
            self.state.connections.closed(self, self.bucket, self.source)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.state.config.guest and username == GUEST_USER:
            self.player = Player.new_guest()
            log.warning("GUEST LOGIN without authentication from %s as %s", self.peer, self.player.id)
            return False
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = await asyncio.to_thread(self.state.current_keys)
        if keys is None:
            log.info("refused key %s from %s: the authorized keys are unusable", key.get_fingerprint(), self.peer)
            return False
        verdict = keys.check(key, self.address)
        if verdict.allowed:
            self.offered = key  # the signed key is the last one validated before auth completes
            return True
        log.info("refused key %s from %s: %s", key.get_fingerprint(), self.peer, verdict.reason)
        return False

    def auth_completed(self) -> None:
        if self.player is None and self.offered is not None:
            self.player = Player.from_key(self.offered)
        if self.player is None or not self.counted or self.conn is None:
            return
        bucket = GUESTS if self.player.guest else self.player.id
        why = self.state.connections.refuse_login(bucket, self.source)
        if why is not None:
            log.warning("closed the connection of %s from %s: %s", self.player.id, self.peer, why)
            self.player = None
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"swarmtui serve: {why}")
            return
        self.state.connections.logged_in(self, bucket, self.source)
        self.bucket = bucket
        if self.offered is not None:
            log.info("login from %s as %s (%s)", self.peer, self.player.id, self.offered.get_fingerprint())
        self._watch_for_sessions()

    def _watch_for_sessions(self) -> None:
        """Close the connection once it has held no session for ``login_seconds``."""
        limit = self.state.limits.login_seconds
        self.timer = asyncio.get_running_loop().call_later(limit, self._check_sessions, limit)

    def _check_sessions(self, limit: float) -> None:
        self.sessions = [s for s in self.sessions if not s.ended]
        if any(s.admitted for s in self.sessions) or self.conn is None:
            self._watch_for_sessions()
            return
        log.info("closed the connection of %s from %s: no session for %g s", self.player and self.player.id,
                 self.peer, limit)
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, f"swarmtui serve: no session opened in {limit:g} s")

    def session_requested(self) -> AppSession | WatchSession | bool:
        if self.player is None:
            return False
        session: AppSession | WatchSession
        if self.username == WATCH_USER:
            session = WatchSession(self.state, self.player, self.peer)
        else:
            session = AppSession(self.state, self.player, self.peer, shown=self.username == SHOW_USER,
                                 name=self.username)
        self.sessions.append(session)
        return session


@dataclass
class RunningServer:
    """A listening server: its port, its shared state (open sessions), and ``close``."""

    acceptor: asyncssh.SSHAcceptor
    state: ServeState
    owns_venue: bool = True
    """Close the venue (its hub) with the server; False when another door shares it."""

    @property
    def port(self) -> int:
        return self.acceptor.get_port()

    def child_pids(self) -> list[int]:
        return [s.child.pid for s in self.state.sessions if s.child is not None and s.child.pid is not None]

    async def close(self) -> None:
        """Stop listening, hang up every session (each app autosaves), close every connection."""
        self.acceptor.close()
        await asyncio.gather(*(s.child.hang_up() for s in list(self.state.sessions) if s.child is not None))
        for gate in list(self.state.gates):
            if gate.conn is not None:
                gate.conn.close()
        await self.acceptor.wait_closed()
        if self.owns_venue:
            await self.state.venue.close()


async def start_server(config: ServeConfig, venue: Venue | None = None) -> RunningServer:
    """Listen on ``config.host:config.port`` (``port=0``: a free one, see ``RunningServer.port``),
    in ``venue`` when another door shares it, else in a venue of its own made from ``config``.

    Whatever makes the start fail (a bad host key or authorized_keys file, a ratings database
    that is not one, a port in use) leaves nothing behind: a venue of its own (the hub's private
    temporary folder) is closed again."""
    host_key = await asyncio.to_thread(load_or_create, config.host_key)
    if config.authorized_keys is not None:
        for entry in (await asyncio.to_thread(read_authorized_keys, config.authorized_keys)).refused_lines:
            log.warning("authorized keys %s line %s is refused: %s", config.authorized_keys, entry.line,
                        entry.refusal)
    owns_venue = venue is None
    if venue is None:
        venue = await Venue.open(config.players_root, config.limits, config.command, config.ratings_path)
    state = ServeState(config, venue)
    try:
        acceptor = await asyncssh.create_server(
            lambda: Gate(state), config.host, config.port,
            server_host_keys=[host_key], line_editor=False, encoding=None,
            agent_forwarding=False, x11_forwarding=False, allow_pty=True, allow_scp=False,
            login_timeout=config.limits.login_seconds, keepalive_interval=60,
            window=input_window(config.limits), reuse_address=True)
    except BaseException:
        if owns_venue:
            await venue.close()
        raise
    if config.guest:
        log.warning("GUEST ACCESS IS OPEN: anyone who can reach %s:%s may log in as '%s' without a key",
                    config.host, acceptor.get_port(), GUEST_USER)
    return RunningServer(acceptor, state, owns_venue)
