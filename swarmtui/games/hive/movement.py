"""How each bug moves by itself, and the Pillbug's throw (the rules ``rules`` lists).

Queen and Pillbug one slide, Beetle one step on, across or off the hive (gates measured in
stack heights), Spider exactly three slides without revisiting a cell, Grasshopper a jump in
a straight line over at least one piece to the first empty cell, Ladybug two steps on top of
the hive and one down, Mosquito as any bug whose top piece touches it (a Beetle once on top),
Ant any number of slides (``ants``). ``_dests`` answers for one piece, after the checks every
piece shares (covered, One Hive).
"""

from __future__ import annotations

from collections.abc import Sequence

from swarmtui.games.hive.ants import AntReach
from swarmtui.games.hive.cells import ARCS, AROUND, BEETLE_STEPS_FROM, NEIGHBOURS, SLIDES_FROM, STEPS, D
from swarmtui.games.hive.moves import MOVEMENTS, Move, look_up
from swarmtui.games.hive.pieces import (
    ANT,
    BEETLE,
    GRASSHOPPER,
    KIND,
    KIND_START,
    LADYBUG,
    MOSQUITO,
    PIECES_PER_SIDE,
    PILLBUG,
    QUEEN,
    SPIDER,
)


class BugMoves(AntReach):
    """Each piece's own moves, per bug (module docstring)."""

    def _dests(self, code: int, free: bool = False) -> Sequence[int] | set[int]:
        """The cells piece ``code`` can move to by itself (empty when it is in hand, covered or
        pinned by One Hive; ``free``: the caller has checked One Hive already)."""
        cell = self._pos[code]
        if cell is None:
            return []
        st = self._stacks[cell]
        if st[-1] != code:
            return []  # pinned under a beetle
        if len(st) > 1:
            return self._beetle_steps(cell, len(st))  # a beetle or mosquito on top of the hive
        mask = self._nmask.get(cell, 0)
        if not free and ARCS[mask] > 1 and (not self._holes or self._is_cut(cell)):
            return []  # One Hive (see _is_cut: fewer than two arcs never pin, no holes always do)
        kind = KIND[code]
        if kind == ANT:
            return self._ant_dests(cell)
        if kind == GRASSHOPPER:
            return self._jumps(cell)
        if kind == SPIDER:
            return self._spider_dests(cell)
        if kind == QUEEN or kind == PILLBUG:
            return SLIDES_FROM[(cell << 6) | mask]
        if kind == BEETLE:
            if not self._tall:
                return BEETLE_STEPS_FROM[(cell << 6) | mask]
            return [*SLIDES_FROM[(cell << 6) | mask], *self._beetle_steps(cell, 1)]
        if kind == LADYBUG:
            return self._ladybug_dests(cell)
        return self._mosquito_dests(cell)

    def _beetle_steps(self, cell: int, height: int) -> list[int]:
        """Beetle steps onto, across or off the hive (gates measured in stack heights).

        A step to neighbour i is blocked when both flanking stacks are higher than the higher
        of the source (without the beetle) and the target; steps between two ground cells are
        left to the sliding rule.
        """
        get = self._stacks.get
        e, se, sw, w, nw, ne = AROUND[cell]
        heights = (len(get(e, ())), len(get(se, ())), len(get(sw, ())), len(get(w, ())), len(get(nw, ())),
                   len(get(ne, ())))
        below = height - 1
        out = []
        for i in range(6):
            barrier = below if below > heights[i] else heights[i]
            if barrier == 0:
                continue
            if heights[i - 1] > barrier and heights[(i + 1) % 6] > barrier:
                continue
            out.append(cell + D[i])
        return out

    def _ladybug_dests(self, cell: int) -> set[int]:
        """Two steps on top of the hive, then one down to an empty cell other than the start.

        Each step passes a gate as a beetle does; heights are those without the ladybug.
        """
        stacks = self._stacks

        def height(x: int) -> int:
            return len(stacks[x]) if x in stacks and x != cell else 0

        def passes(a: int, i: int) -> bool:
            """Can a bug on stack ``a`` (of its height without the bug) step in direction ``i``?"""
            barrier = max(height(a), height(a + D[i]))
            return not (height(a + D[i - 1]) > barrier and height(a + D[(i + 1) % 6]) > barrier)

        out: set[int] = set()
        for i in range(6):
            s1 = cell + D[i]
            if not height(s1) or not passes(cell, i):
                continue
            for j in range(6):
                s2 = s1 + D[j]
                if not height(s2) or not passes(s1, j):
                    continue
                for k in range(6):
                    s3 = s2 + D[k]
                    if s3 != cell and not height(s3) and passes(s2, k):
                        out.add(s3)
        return out

    def _mosquito_dests(self, cell: int) -> set[int]:
        """A ground mosquito's moves: those of every bug whose top piece touches it."""
        stacks = self._stacks
        kinds = {KIND[stacks[cell + d][-1]] for d in NEIGHBOURS[self._nmask.get(cell, 0)]}
        out: set[int] = set()
        if ANT in kinds:
            out.update(self._ant_dests(cell))  # an ant's slides include every single slide
        elif kinds & {QUEEN, PILLBUG, BEETLE}:
            out.update(cell + step for step in STEPS[self._nmask.get(cell, 0)])
        if SPIDER in kinds:
            out.update(self._spider_dests(cell))
        if GRASSHOPPER in kinds:
            out.update(self._jumps(cell))
        if BEETLE in kinds:
            out.update(self._beetle_steps(cell, 1))
        if LADYBUG in kinds:
            out.update(self._ladybug_dests(cell))
        return out

    def _throws(self, colour: int, stunned: int, moves: list[Move]) -> bool:
        """Add the pillbugs' special-ability moves of ``colour``; True if any was added.

        A ground pillbug, or a ground mosquito touching a pillbug's top piece, uncovered and
        not moved on the previous turn (``stunned``), may move an adjacent uncovered piece
        that is not ``stunned`` and not pinned by One Hive up onto itself and down to an empty
        neighbour. Both steps pass gates as a beetle does: with the thrower a stack of one, a
        step is blocked when both flanking stacks are two or more high.
        """
        stacks, pos = self._stacks, self._pos
        base = colour * PIECES_PER_SIDE
        added = False
        for code in (base + KIND_START[PILLBUG], base + KIND_START[MOSQUITO]):
            cell = pos[code]
            if cell is None or code == stunned or len(stacks[cell]) != 1:
                continue
            nbrs = NEIGHBOURS[self._nmask.get(cell, 0)]
            if code != base + KIND_START[PILLBUG] and not any(KIND[stacks[cell + d][-1]] == PILLBUG for d in nbrs):
                continue
            tall = [cell + D[i] in stacks and len(stacks[cell + D[i]]) > 1 for i in range(6)]
            open_dirs = [i for i in range(6) if not (tall[i - 1] and tall[(i + 1) % 6])]
            sources = [i for i in open_dirs if cell + D[i] in stacks and len(stacks[cell + D[i]]) == 1]
            targets = [cell + D[i] for i in open_dirs if cell + D[i] not in stacks]
            if not targets:
                continue
            for i in sources:
                src = cell + D[i]
                victim = stacks[src][0]
                if victim == stunned or self._is_cut(src):
                    continue
                moves += look_up(MOVEMENTS[victim][src], targets)
                added = True
        return added

    def _jumps(self, cell: int) -> list[int]:
        stacks = self._stacks
        out = []
        for d in NEIGHBOURS[self._nmask.get(cell, 0)]:  # over each occupied neighbour
            n = cell + d + d
            while n in stacks:
                n += d
            out.append(n)
        return out

    def _spider_dests(self, cell: int) -> set[int]:
        self._lift(cell)
        nmask = self._nmask
        out = set()
        for step in STEPS[nmask.get(cell, 0)]:
            a = cell + step
            for step2 in STEPS[nmask.get(a, 0)]:
                b = a + step2
                if b == cell:
                    continue
                for step3 in STEPS[nmask.get(b, 0)]:
                    e = b + step3
                    if e != a and e != cell:
                        out.add(e)
        self._land(cell)
        return out
