"""The caps a server enforces, and the counters held against them.

Concurrent sessions are capped globally and per player (a key fingerprint; every guest
session is its own player, so guests share only the global cap). Connections are capped
too, before any session exists: in total, while not yet logged in (like sshd's
``MaxStartups``), per key, and for all guests together, so connections that never open a
session cannot exhaust the server's file descriptors and lock out a key; a logged-in
connection with no session open is closed after ``login_seconds``. Idle time (no
keystroke) and total time end a session; the client's terminal size is clamped to
``max_columns`` x ``max_rows``; the child's address space and CPU time are capped with
``setrlimit`` in the child (see ``terminal``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


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
    max_connections: int = 32
    max_unauthenticated: int = 10
    max_connections_per_player: int = 4
    max_guest_connections: int = 8
    max_columns: int = 500
    max_rows: int = 200
    """A larger terminal is drawn at this size (a 65535x65535 pty would drive the app to GiBs)."""

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_sessions_per_player", "memory_bytes", "cpu_seconds", "max_connections",
                     "max_unauthenticated", "max_connections_per_player", "max_guest_connections",
                     "max_columns", "max_rows"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1 (got {getattr(self, name)})")
        for name in ("idle_seconds", "session_seconds", "login_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive (got {getattr(self, name)})")


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
        self.per_player[player] -= 1
        if self.per_player[player] <= 0:
            del self.per_player[player]


GUESTS = "guests"
"""The one bucket every guest connection counts in (each guest is a new player)."""


class ConnectionCount:
    """Connections open now: all of them, the ones not logged in yet, and per player (key) or
    ``GUESTS``; ``refuse_new`` and ``refuse_login`` say why one more would exceed a cap."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.unauthenticated = 0
        self.per_player: Counter[str] = Counter()

    def refuse_new(self) -> str | None:
        if self.total >= self.limits.max_connections:
            return f"the server has {self.limits.max_connections} connections open"
        if self.unauthenticated >= self.limits.max_unauthenticated:
            return f"{self.limits.max_unauthenticated} connections are logging in already"
        return None

    def opened(self) -> None:
        self.total += 1
        self.unauthenticated += 1

    def refuse_login(self, player: str) -> str | None:
        cap = self.limits.max_guest_connections if player == GUESTS else self.limits.max_connections_per_player
        if self.per_player[player] >= cap:
            who = "guests have" if player == GUESTS else "this key has"
            return f"{who} {cap} connections open already"
        return None

    def logged_in(self, player: str) -> None:
        self.unauthenticated -= 1
        self.per_player[player] += 1

    def closed(self, player: str | None) -> None:
        """A connection ended: ``player`` is its bucket once logged in, None before."""
        self.total -= 1
        if player is None:
            self.unauthenticated -= 1
            return
        self.per_player[player] -= 1
        if self.per_player[player] <= 0:
            del self.per_player[player]
