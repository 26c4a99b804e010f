"""One Hive: which pieces the hive's shape pins (articulation points), and its holes.

A ground piece whose cell is an articulation point of the hive graph cannot move (instead of
McGuile's search per candidate move, thesis section 3.3.2). Only a cell whose occupied
neighbours form two or more arcs can be one, and in a hive without holes every such cell is
one, so the neighbour mask answers most questions; ``play``/``undo`` count the holes (Euler's
formula, ``cells.HOLES_MADE``) and only while there is one does a Tarjan pass (once per
position) or a breadth-first search (``_splits``, for a piece or two) decide.
"""

from __future__ import annotations

from swarmtui.games.hive.cells import ARC_STARTS, ARCS, BITS, NEIGHBOURS, D
from swarmtui.games.hive.stacks import HiveStacks


class OneHive(HiveStacks):
    """The One Hive rule's questions about a position (module docstring)."""

    def _is_cut(self, cell: int) -> bool:
        """Would lifting the piece on ``cell`` split the hive?

        Only a cell whose occupied neighbours form two or more separate arcs can be an
        articulation point (one arc stays joined round it), so most cells are answered from
        the neighbour mask. In a hive without holes every such cell is one: two arcs joined
        by a path that avoids the cell would close a ring round the empty cells between them
        (a hole). With holes, one Tarjan pass answers, kept until the hive changes.
        """
        if ARCS[self._nmask.get(cell, 0)] < 2:
            return False
        if not self._holes:
            return True
        if self._cut is None:
            self._cut = self._cut_cells()
        return cell in self._cut

    def _splits(self, cell: int) -> bool:
        """Would lifting the piece on ``cell`` split the hive? One breadth-first search over the
        hive without ``cell``, from one arc of its neighbours until it has met every other arc
        (a piece on a ring usually closes it within a few cells): cheaper than a Tarjan pass
        when only one or two pieces are asked about (``random_move``). Without holes the
        neighbour mask answers, as in :meth:`_is_cut`."""
        nmask = self._nmask
        mask = nmask.get(cell, 0)
        starts = ARC_STARTS[mask]
        if len(starts) < 2:
            return False
        if not self._holes:
            return True  # see _is_cut
        others = {cell + D[i] for i in starts[1:]}
        first = cell + D[starts[0]]
        seen = {cell, first}
        order = [first]
        left = len(others)
        for x in order:  # grows while it is walked: breadth-first
            for step in NEIGHBOURS[nmask[x]]:
                n = x + step
                if n not in seen:
                    if n in others:
                        left -= 1
                        if not left:
                            return False
                    seen.add(n)
                    order.append(n)
        return True

    def _holes_from_scratch(self) -> int:
        """``_holes`` recomputed: 1 + E - V - T over the hive graph (cells, touching pairs and
        triangles of three mutually touching cells); the holes of a connected hive."""
        nmask = self._nmask
        edges = triangles = 0
        for cell in self._stacks:
            mask = nmask.get(cell, 0)
            edges += len(BITS[mask])
            triangles += len(BITS[mask & ((mask >> 1) | ((mask & 1) << 5))])  # neighbours i, i+1 both occupied
        return 1 + edges // 2 - len(self._stacks) - triangles // 3

    def _cut_cells(self) -> set[int]:
        """Articulation points of the hive (cells whose removal splits it): Tarjan, one pass."""
        stacks, nmask = self._stacks, self._nmask
        cut: set[int] = set()
        if len(stacks) < 3:
            return cut
        num: dict[int, int] = {}

        def visit(cell: int, parent: int | None) -> int:
            n = num[cell] = len(num)
            lowest = n
            children = 0
            for step in NEIGHBOURS[nmask[cell]]:
                nb = cell + step
                seen = num.get(nb)
                if seen is None:
                    children += 1
                    sub = visit(nb, cell)
                    if sub < lowest:
                        lowest = sub
                    if sub >= n and parent is not None:
                        cut.add(cell)
                elif nb != parent and seen < lowest:
                    lowest = seen
            if parent is None and children > 1:
                cut.add(cell)
            return lowest

        visit(next(iter(stacks)), None)
        return cut

    def _connected_cells(self) -> set[int]:
        start = next(iter(self._stacks))
        seen, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for i in BITS[self._nmask[cell]]:
                n = cell + D[i]
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen
