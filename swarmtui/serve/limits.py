"""The caps a server enforces, and the counters held against them.

Concurrent sessions are capped globally and per player (a key fingerprint; every guest
session is its own player, so guests share only the global cap). Connections are capped
too, before any session exists: in total; while not yet logged in, in all and per source
address, a newcomer from a quiet address displacing the busiest address's oldest (see
``admission``); per key; and for guests, in all and per address. So connections that never
open a session cannot exhaust the server's file descriptors, lock out a key, or keep players
on other addresses out. A connection must ask to log in within ``handshake_seconds`` and be
logged in within ``login_seconds``; a logged-in connection with no session open is closed
after ``login_seconds``. Idle time (no keystroke) and total time end a session; keystrokes
waiting for the app are capped (``max_input_bytes``, with back-pressure: ``input_queue``), and
so is what a watcher has not taken yet (``max_watcher_backlog_bytes``); the client's terminal
size is clamped to ``max_columns`` x ``max_rows``; the child's address space and CPU time are
capped with ``setrlimit`` in the child (see ``terminal``).

Door-neutral (no asyncssh here): the SSH door and the browser door apply the same ``Limits``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from swarmtui.serve.admission import IPV6_PREFIX, Admission, Arrivals, source_network
from swarmtui.serve.input_queue import INPUT_LIMIT

MIN_WINDOW = 4096
"""The smallest SSH channel window a server offers (a few keystrokes' packets)."""


@dataclass(frozen=True)
class Limits:
    """Per-server caps; the defaults suit a small club server on a modest machine."""

    max_sessions: int = 8
    max_sessions_per_player: int = 2
    idle_seconds: float = 30 * 60
    session_seconds: float = 4 * 60 * 60
    memory_bytes: int = 1536 * 1024 * 1024
    cpu_seconds: int = 60 * 60
    login_seconds: float = 30.0
    """Time to log in, and the longest a logged-in connection may stay without a session."""
    handshake_seconds: float = 10.0
    """Time from connecting to asking to log in (version and key exchange take well under a
    second): a connection that says nothing is closed then, not after ``login_seconds``."""
    max_connections: int = 32
    max_unauthenticated: int = 10
    max_unauthenticated_per_address: int = 3
    """Connections one address (an IPv6 ``/ipv6_prefix``) may have logging in at once."""
    ipv6_prefix: int = IPV6_PREFIX
    max_connections_per_player: int = 4
    max_guest_connections: int = 8
    max_guest_connections_per_address: int = 4
    max_input_bytes: int = INPUT_LIMIT
    """Keystrokes waiting for one session's app; the door stops reading the player at half."""
    max_watcher_backlog_bytes: int = 4 * 1024 * 1024
    """Output a watcher has not taken yet; a watcher further behind is let go (it would grow
    the server's memory without bound)."""
    max_columns: int = 500
    max_rows: int = 200
    """A larger terminal is drawn at this size (a 65535x65535 pty would drive the app to GiBs)."""

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_sessions_per_player", "memory_bytes", "cpu_seconds", "max_connections",
                     "max_unauthenticated", "max_unauthenticated_per_address", "max_connections_per_player",
                     "max_guest_connections", "max_guest_connections_per_address", "max_watcher_backlog_bytes",
                     "max_columns", "max_rows"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1 (got {getattr(self, name)})")
        for name in ("idle_seconds", "session_seconds", "login_seconds", "handshake_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive (got {getattr(self, name)})")
        if self.max_input_bytes < 4 * MIN_WINDOW:
            raise ValueError(f"max_input_bytes must be at least {4 * MIN_WINDOW} (got {self.max_input_bytes})")
        if not 1 <= self.ipv6_prefix <= 128:
            raise ValueError(f"ipv6_prefix must be 1 to 128 (got {self.ipv6_prefix})")

    def clamp(self, columns: int, rows: int) -> tuple[int, int]:
        """The terminal size the app is given for a client's ``columns`` x ``rows``."""
        return min(columns, self.max_columns), min(rows, self.max_rows)


class SessionCount:
    """Sessions open now, in total and per player; ``admit`` refuses past either cap."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.per_player: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self.per_player.values())

    def refusal(self, player: str) -> str | None:
        """Why a new session for ``player`` would exceed a cap, or None when it fits."""
        if self.total >= self.limits.max_sessions:
            return f"the server is full ({self.limits.max_sessions} sessions); try again later"
        if self.per_player[player] >= self.limits.max_sessions_per_player:
            return f"you already have {self.limits.max_sessions_per_player} sessions open"
        return None

    def admit(self, player: str) -> None:
        self.per_player[player] += 1

    def release(self, player: str) -> None:
        _uncount(self.per_player, player)


def input_window(limits: Limits) -> int:
    """The SSH channel window: how much a client may send before the server takes it in.

    A quarter of ``max_input_bytes``: less than the room between the keystrokes queue's resume
    mark (an eighth) and its pause mark (a half), so that on a resume every packet asyncssh held
    back while paused is delivered before the queue pauses again. This matters: asyncssh (2.24)
    opens the client's whole window again at the first packet it delivers, even with packets
    still held back, so a pause between two held-back packets would let the client send a full
    window more at every resume, without bound (with its default 2 MiB window, a flood grew the
    server by 80 MiB in 5 s). This way asyncssh holds at most one window per session."""
    return limits.max_input_bytes // 4


GUESTS = "guests"
"""The one bucket every guest connection counts in (each guest is a new player)."""


class ConnectionCount:
    """Connections open now: all of them, the ones not logged in yet (``arriving``, per source
    network), and the logged-in ones per player (key) or ``GUESTS`` (and guests per network).

    A connection is any hashable the door keeps for it (SSH: its ``Gate``). ``open`` admits
    it or says why not, and names the connection it displaced (the door closes that one);
    ``refuse_login`` says why a login would exceed a cap; ``logged_in`` and ``closed`` count.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.arriving: Arrivals[object] = Arrivals(limits.max_unauthenticated, limits.max_unauthenticated_per_address)
        self.per_player: Counter[str] = Counter()
        self.guests_from: Counter[str] = Counter()

    @property
    def unauthenticated(self) -> int:
        return len(self.arriving)

    def source(self, address: str) -> str:
        """The network ``address`` is counted under (see ``admission.source_network``)."""
        return source_network(address, self.limits.ipv6_prefix)

    def open(self, connection: object, source: str) -> Admission[object]:
        if self.total >= self.limits.max_connections:
            return Admission(f"the server has {self.limits.max_connections} connections open")
        admission = self.arriving.arrive(connection, source)
        if admission.refusal is None:
            self.total += 1
        return admission

    def refuse_login(self, player: str, source: str) -> str | None:
        cap = self.limits.max_guest_connections if player == GUESTS else self.limits.max_connections_per_player
        if self.per_player[player] >= cap:
            who = "guests have" if player == GUESTS else "this key has"
            return f"{who} {cap} connections open already"
        if player == GUESTS and self.guests_from[source] >= self.limits.max_guest_connections_per_address:
            return f"guests from your address have {self.limits.max_guest_connections_per_address} connections open"
        return None

    def logged_in(self, connection: object, player: str, source: str) -> None:
        self.arriving.leave(connection)
        self.per_player[player] += 1
        if player == GUESTS:
            self.guests_from[source] += 1

    def closed(self, connection: object, player: str | None, source: str) -> None:
        """A connection ended: ``player`` is its bucket once logged in, None before."""
        self.total -= 1
        self.arriving.leave(connection)
        if player is None:
            return
        _uncount(self.per_player, player)
        if player == GUESTS:
            _uncount(self.guests_from, source)


def duration_text(seconds: float) -> str:
    """A limit as a player reads it: ``30 min``, ``4 h``, ``45 s``."""
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def _uncount(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
