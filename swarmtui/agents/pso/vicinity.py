"""Vicinities (local-best PSO, section 3.5.4): who each insect can see, and their best member.

Every insect has its own vicinity: the player's insects within ``radius`` hex steps of it,
itself included (the thesis' code built "N vicinities for N particles" the same way). With
the global topology every insect sees the whole swarm (3.5.3).

The vicinity best ``z`` of eq. 2.1 is the *current* cell of the fittest member (the thesis:
each particle "is steered towards the best particle in its vicinity"; its code compared
members' current cells). Ties go to the insect itself — no pull when it is already as good as
anyone it sees — and otherwise to the tied member nearest to it, then by piece name.
"""

from __future__ import annotations

from collections.abc import Sequence

from swarmtui.core.hexgrid import Hex, distance


def vicinity_members(cells: Sequence[Hex], index: int, radius: int | None) -> list[int]:
    """Indices of the insects in the vicinity of insect ``index`` (``radius`` None: global)."""
    if radius is None:
        return list(range(len(cells)))
    centre = cells[index]
    return [j for j, cell in enumerate(cells) if distance(cell, centre) <= radius]


def vicinity_best(members: list[int], index: int, cells: Sequence[Hex], fitnesses: Sequence[int],
                  names: Sequence[str]) -> int:
    """The member whose cell is the vicinity best ``z`` for insect ``index`` (see the docstring)."""
    best = min(fitnesses[j] for j in members)
    if fitnesses[index] == best:
        return index
    tied = [j for j in members if fitnesses[j] == best]
    return min(tied, key=lambda j: (distance(cells[j], cells[index]), names[j]))
