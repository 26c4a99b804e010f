"""The caps a server enforces, and the counter of sessions held against them.

Concurrent sessions are capped globally and per player (a key fingerprint; every guest
session is its own player, so guests share only the global cap). Idle time (no keystroke)
and total time end a session; the child's address space and CPU time are capped with
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

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_sessions_per_player", "memory_bytes", "cpu_seconds"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1 (got {getattr(self, name)})")
        for name in ("idle_seconds", "session_seconds", "login_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive (got {getattr(self, name)})")


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
