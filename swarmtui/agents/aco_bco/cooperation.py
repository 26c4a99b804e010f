"""Who a cooperating ACO-BCO player exchanges pheromones with (Kuehner & Stock, V-F, eq. 18).

In a cooperative two-player game "after each move, the two players exchange their pheromone
distribution". Agents are built one per seat by the registry's factory and know nothing of
each other, so cooperating agents meet in a lobby: a new cooperating agent is linked to the
most recently built cooperating agent of another seat that is still alive and not yet linked.
``sim.match.play_match`` and the TUI build a game's agents together, one after the other, so
the two seats of a game pair up; the lobby holds weak references only, so agents of finished
games drop out. Experiments that build agents themselves link them with ``link``.
"""

from __future__ import annotations

import weakref
from typing import Protocol, Self, TypeVar


class Cooperator(Protocol):
    """A cooperating player as the lobby sees it (``agent.AcoBcoAgent``): its seat and partner."""

    seat: str
    partner: Self | None


C = TypeVar("C", bound=Cooperator)

_LOBBY: list[weakref.ref] = []


def link(a: C, b: C) -> None:
    """Make ``a`` and ``b`` exchange pheromones with each other."""
    a.partner = b
    b.partner = a


def join(agent: Cooperator) -> None:
    """Pair ``agent`` with the latest waiting cooperator of another seat, or let it wait."""
    _LOBBY[:] = [ref for ref in _LOBBY if (waiting := ref()) is not None and waiting.partner is None]
    for ref in reversed(_LOBBY):
        waiting = ref()
        if waiting is not None and waiting.seat != agent.seat:
            link(agent, waiting)
            _LOBBY.remove(ref)
            return
    _LOBBY.append(weakref.ref(agent))
