"""Browsers that have logged in, and the brake on guessing tokens.

A login (a token from the operator's file, or a guest when the operator allows guests) gives the
browser a *visit*: a random 256-bit value in a cookie (``HttpOnly``, ``SameSite=Strict``), never
the token itself, so the token is typed once, travels once (in a POST body: never in a URL,
never in the browser's history) and is not kept by the browser. The server keeps only each
visit's SHA-256, so looking one up reveals nothing through timing. Visits expire
(``VISIT_SECONDS``) and are capped (``MAX_VISITS_PER_PLAYER`` per player, ``MAX_VISITS`` for the
token players together, ``MAX_GUEST_VISITS`` for guests together: in each the oldest goes
first), so logging in again and again grows nothing; and since guests make room only among
guests, a flood of guest logins cannot log the token players out (it once did: 512 guest
logins ended every visit).

A token visit remembers the SHA-256 of the token it came with, so the door can check at each
session that the operator's file still lists that token for that name.

``LoginBrake`` counts failed logins in a sliding window: at most ``per_source`` from one source
network (an IPv4 address, an IPv6 ``/64``: ``admission.source_network``) and ``total`` from
everywhere together. Past ``per_source`` a network's logins are refused until the window has
moved on; past ``total`` (a guesser spread over many addresses), so are those of every network
that has failed in the window, but not those of a network that has not: a guesser with a
dozen addresses once kept every player out, the right token refused, for as long as it went
on. With tokens of 128 bits this is not what keeps them secret; it keeps a guesser from filling
the log and using the server's time, and protects a weak token an operator chose.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass

from swarmtui.serve.players import Player

VISIT_SECONDS = 12 * 60 * 60
MAX_VISITS = 512
MAX_GUEST_VISITS = 256
MAX_VISITS_PER_PLAYER = 8
LOGIN_WINDOW_SECONDS = 60.0
FAILED_LOGINS_PER_SOURCE = 5
FAILED_LOGINS_TOTAL = 60


@dataclass(frozen=True)
class Visit:
    """A logged-in browser: its player (None for a guest: each of a guest's apps is a new
    guest, as each guest SSH connection is) and the name shown at tables."""

    player: Player | None
    name: str
    expires: float
    token: bytes = b""
    """The SHA-256 of the token the visit came with (empty for a guest)."""


def _key(cookie: str) -> bytes:
    return hashlib.sha256(cookie.encode("utf-8", "replace")).digest()


class Visitors:
    """The visits now valid, oldest first."""

    def __init__(self, lifetime: float = VISIT_SECONDS, capacity: int = MAX_VISITS,
                 per_player: int = MAX_VISITS_PER_PLAYER, guests: int = MAX_GUEST_VISITS) -> None:
        self.lifetime = lifetime
        self.capacity = capacity
        self.per_player = per_player
        self.guests = guests
        self._visits: OrderedDict[bytes, Visit] = OrderedDict()

    def __len__(self) -> int:
        return len(self._visits)

    def admit(self, player: Player | None, name: str, now: float | None = None, token: bytes = b"") -> str:
        """A new visit for ``player`` (None: a guest), who logged in with the token of SHA-256
        ``token``; returns the cookie's value (shown to this browser only). Room is made among
        the player's own visits, then among visits of the same kind (guests, or token players)."""
        now = time.monotonic() if now is None else now
        self._expire(now)
        if player is not None:
            self._make_room([k for k, v in self._visits.items() if v.player == player], self.per_player)
        self._make_room([k for k, v in self._visits.items() if (v.player is None) == (player is None)],
                        self.guests if player is None else self.capacity)
        cookie = secrets.token_urlsafe(32)
        self._visits[_key(cookie)] = Visit(player, name, now + self.lifetime, token)
        return cookie

    def _make_room(self, keys: list[bytes], cap: int) -> None:
        """Forget the oldest of ``keys`` (oldest first) until one more fits under ``cap``."""
        for key in keys[:max(0, len(keys) - cap + 1)]:
            del self._visits[key]

    def find(self, cookie: str | None, now: float | None = None) -> Visit | None:
        """The visit of ``cookie``, while it lasts."""
        if not cookie or len(cookie) > 128:
            return None
        now = time.monotonic() if now is None else now
        visit = self._visits.get(_key(cookie))
        if visit is None or visit.expires <= now:
            return None
        return visit

    def forget(self, cookie: str | None) -> Visit | None:
        """Log this browser out; the visit it ended, if any."""
        return self._visits.pop(_key(cookie), None) if cookie else None

    def _expire(self, now: float) -> None:
        for key in [k for k, v in self._visits.items() if v.expires <= now]:
            del self._visits[key]


class LoginBrake:
    """Failed logins in the last ``window`` seconds, per source network and in all."""

    def __init__(self, per_source: int = FAILED_LOGINS_PER_SOURCE, total: int = FAILED_LOGINS_TOTAL,
                 window: float = LOGIN_WINDOW_SECONDS) -> None:
        self.per_source = per_source
        self.total = total
        self.window = window
        self._all: deque[float] = deque()
        self._by_source: dict[str, deque[float]] = {}

    def refusal(self, source: str, now: float | None = None) -> str | None:
        """Why a login from ``source`` is not tried now, or None."""
        now = time.monotonic() if now is None else now
        self._forget_before(now - self.window)
        failures = self._by_source.get(source)
        if failures is not None and len(failures) >= self.per_source:
            return f"too many failed logins from your address; try again in {self._wait(failures, now)} s"
        if failures and len(self._all) >= self.total:  # a network that has not failed still tries
            return f"too many failed logins; try again in {self._wait(failures, now)} s"
        return None

    def failed(self, source: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._all.append(now)
        self._by_source.setdefault(source, deque()).append(now)

    def _wait(self, failures: deque[float], now: float) -> int:
        return max(1, round(failures[0] + self.window - now))

    def _forget_before(self, moment: float) -> None:
        while self._all and self._all[0] <= moment:
            self._all.popleft()
        for source in [s for s, d in self._by_source.items() if not d or d[-1] <= moment]:
            del self._by_source[source]
        for failures in self._by_source.values():
            while failures and failures[0] <= moment:
                failures.popleft()
