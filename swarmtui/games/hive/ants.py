"""Where a Soldier Ant goes: the empty cells round the hive outside the pockets behind gates.

In a hive without holes one boundary goes all round it, and each step along it is a slide
except at a gate (two empty cells whose two flanking cells are both occupied); each gate is
the only way into the pocket it closes. So an ant reaches every empty cell touching the hive
outside the pockets, less the cells only it touched: the rim and its pockets are found once
per position (``_rim_cells``) and each ant costs a set difference instead of a flood fill.
Ants beside pockets, ants standing in a gate, and hives with holes are handled as
``_ant_dests`` says.
"""

from __future__ import annotations

from swarmtui.games.hive.cells import ARCS, AROUND, BITS, FULL, GATE_DIRS, GATES, NEIGHBOURS, OPEN, STEPS, D
from swarmtui.games.hive.topology import OneHive

POCKET_LIMIT = 12  # empty cells searched a side of a gate before the ants flood instead


class AntReach(OneHive):
    """The ants' destinations (module docstring)."""

    def _ant_dests(self, cell: int) -> set[int]:
        """Every empty cell an ant on ``cell`` reaches by slides.

        In a hive without holes, one boundary goes all round it and each step along it is a
        slide except at a gate (two empty cells whose two flanking cells are both occupied);
        every gate is the only way into the pocket it closes. So the ant reaches every empty
        cell touching the hive outside the pockets (``_rim``), less the cells only the ant
        touched. An ant touching a one-cell pocket (an empty cell with five occupied
        neighbours) flanks its gate (the pocket's one empty neighbour touches the ant too, as
        the ant's empty neighbours are one run of two or more), so lifting it opens that
        pocket and no other; beside larger pockets only those are searched
        (:meth:`_ant_dests_beside_pockets`). An ant leaving a gate where it stood, or in a
        hive with holes, is flooded. The set returned may be the position's own rim set:
        callers read it and never change it.
        """
        nmask = self._nmask
        mask = nmask.get(cell, 0)
        if not self._holes and not GATES[mask] and mask != FULL:
            rim = self._rim
            if rim is None:
                rim = self._rim = self._rim_cells()
            reach, pockets = rim
            if reach is not None:
                alone = [cell + d for d, keep in OPEN[mask] if not nmask[cell + d] & keep]  # only the ant touched
                if not pockets or pockets.isdisjoint(AROUND[cell]):
                    return reach.difference(alone) if alone else reach
                opened = [n for n in AROUND[cell] if n in pockets]
                if all(len(BITS[nmask[n]]) == 5 for n in opened):  # one-cell pockets whose gate the ant flanks
                    dests = reach.difference(alone)
                    dests.update(opened)
                    return dests
                return self._ant_dests_beside_pockets(cell, reach, opened, alone)
        self._lift(cell)
        get, steps = self._nmask.get, STEPS
        seen = {cell}
        mark = seen.add
        todo = [cell]
        push, pop = todo.append, todo.pop
        while todo:
            x = pop()
            for step in steps[get(x, 0)]:
                n = x + step
                if n not in seen:
                    mark(n)
                    push(n)
        self._land(cell)
        seen.discard(cell)
        return seen

    def _ant_dests_beside_pockets(self, cell: int, reach: set[int], beside: list[int], alone: list[int]) -> set[int]:
        """``_ant_dests`` for an ant touching pockets (cells ``beside``) in a hive without holes.

        Lifting the ant changes no pocket it does not touch, adds no gate (the caller checked
        its cell), and every gate it opens joins two of its neighbours; the rim outside the
        pockets (``reach``) stays one slide-connected whole. So only the pockets beside it are
        searched, from the ant's cell and from each of those pocket cells, without entering
        ``reach``: the ant reaches its own search's cells, and if that search touched
        ``reach``, all of ``reach`` (less the cells only the ant touched, ``alone``) and every
        other search that touched it.
        """
        self._lift(cell)
        get = self._nmask.get
        seen = {cell}

        def search(start: int) -> tuple[list[int], bool]:
            found, touched = [start], False
            seen.add(start)
            for x in found:  # grows while it is walked
                for step in STEPS[get(x, 0)]:
                    n = x + step
                    if n not in seen:
                        if n in reach:
                            touched = True
                        else:
                            seen.add(n)
                            found.append(n)
            return found, touched

        own, touched = search(cell)
        if touched:
            out = reach.difference(alone)
            out.update(own)
            for start in beside:
                if start not in seen:
                    found, joined = search(start)
                    if joined:
                        out.update(found)
        else:
            out = set(own)
        self._land(cell)
        out.discard(cell)
        return out

    def _rim_cells(self) -> tuple[set[int] | None, set[int]]:
        """For a hive without holes: the empty cells touching the hive outside every pocket
        (None if a pocket is too big to follow: the caller floods instead), and the pockets'
        cells. A gate's pocket holds one of its two cells, and the pieces that close a
        pocket or flank its gate all touch a pocket cell."""
        nmask = self._nmask
        reach = nmask.keys() - self._stacks.keys()
        gated = [x for x in reach if GATES[nmask[x]]]
        if not gated:
            return reach, set()
        pockets = {x for x in gated if ARCS[nmask[x]] == 1}  # one-cell pockets: five neighbours
        for x in gated:
            if x in pockets:
                continue  # in a pocket found through another gate (nested) or the same one
            for i in GATE_DIRS[nmask[x]]:
                y = x + D[i]
                if y not in pockets:
                    pocket = self._pocket(x, y)
                    if pocket is None:
                        return None, pockets
                    pockets |= pocket
        reach -= pockets
        return reach, pockets

    def _pocket(self, x: int, y: int) -> set[int] | None:
        """The empty cells on the closed side of the gate between empty cells ``x`` and ``y``.

        The gate's flanking pieces are joined through the hive, and that chain with the gate
        closes a ring: the cells on one side meet the others only across the gate, and one
        side is finite. Each side is searched (empty neighbours, not across the gate), the
        more enclosed end first, until one runs out within ``POCKET_LIMIT`` cells; None if
        neither does.
        """
        nmask = self._nmask
        if len(BITS[nmask[y]]) > len(BITS[nmask[x]]):
            x, y = y, x
        for start, other in ((x, y), (y, x)):
            seen = {start, other}  # the gate's other end is never crossed into
            todo = [start]
            for c in todo:  # grows while it is walked
                for step in NEIGHBOURS[63 ^ nmask.get(c, 0)]:  # the empty neighbours
                    n = c + step
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
                if len(todo) > POCKET_LIMIT:
                    break
            else:
                seen.discard(other)
                return seen
        return None
