"""Who may start logging in: the connections not logged in yet, counted per source network.

An attacker who opens connections and says nothing holds a place in the login queue until a
deadline passes; with one global cap (sshd's ``MaxStartups``) ten silent sockets kept every
player out. So each source network (an IPv4 address; an IPv6 ``/64``, the block one host
usually gets) may hold at most ``per_source`` of the ``total`` places, and when all are taken a
newcomer whose network holds fewer places than the busiest network takes the place of that
network's oldest connection, which is dropped (like sshd's ``PerSourceMaxStartups`` plus a
fair share). One address then holds ``per_source`` places at most, and a player from a fresh
address always gets a place, however many addresses an attacker spreads over: to keep them
out it must open new connections faster than a login takes.

Door-neutral (no asyncssh here): the SSH door (``server``) and the browser door use it alike.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

IPV6_PREFIX = 64
"""An IPv6 client is counted by its ``/64``: one host can use every address of its block."""


def plain_address(address: str) -> str:
    """An IPv4 client on an IPv6 socket (``::ffff:10.1.2.3``) as its IPv4 address, as sshd
    matches it; any other address as it is."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return address


def source_network(address: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The key ``address`` is counted under: an IPv4 address (also written IPv4-mapped), an
    IPv6 address's ``/ipv6_prefix`` network, anything else (a Unix socket's name) as it is."""
    address = plain_address(address)
    try:
        parsed = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((parsed, ipv6_prefix), strict=False))
    return str(parsed)


@dataclass(frozen=True)
class Admission(Generic[T]):
    """The answer to one arrival: why it is refused (None: it has a place), and whom it displaced."""

    refusal: str | None = None
    evicted: T | None = None


class Arrivals(Generic[T]):
    """Places for connections that are not logged in yet: ``total`` in all, ``per_source`` per network.

    ``arrive`` gives ``who`` a place (perhaps taking the oldest place of the busiest network,
    whose holder the door then closes) or says why not; ``leave`` frees it (logged in or gone).
    """

    def __init__(self, total: int, per_source: int) -> None:
        if total < 1 or per_source < 1:
            raise ValueError(f"the places must be at least 1 (got total={total}, per_source={per_source})")
        self.total = total
        self.per_source = per_source
        self._sources: dict[T, str] = {}
        """Each holder's network, in arrival order (the oldest first)."""
        self._held: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._sources)

    def __contains__(self, who: object) -> bool:
        return who in self._sources

    def held(self, source: str) -> int:
        """Places ``source`` holds now."""
        return self._held[source]

    def arrive(self, who: T, source: str) -> Admission[T]:
        held = self._held[source]
        if held >= self.per_source:
            return Admission(f"{held} connections from your address are logging in already")
        evicted = None
        if len(self._sources) >= self.total:
            busiest = max(self._held.values())
            if busiest <= held:
                return Admission(f"{self.total} connections are logging in already")
            evicted = next(w for w, s in self._sources.items() if self._held[s] == busiest)
            self.leave(evicted)
        self._sources[who] = source
        self._held[source] += 1
        return Admission(None, evicted)

    def leave(self, who: T) -> None:
        """Free ``who``'s place, if it holds one."""
        source = self._sources.pop(who, None)
        if source is not None:
            self._held[source] -= 1
            if self._held[source] <= 0:
                del self._held[source]
