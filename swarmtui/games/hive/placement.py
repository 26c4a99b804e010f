"""Placement: which bugs may enter the hive and on which cells.

The first piece goes anywhere (UHP puts it at the origin), the second player's first piece
next to it, every later piece on an empty cell touching its own colour only. Tournament rule:
no Queen on a player's first turn, and the Queen by the fourth; identical bugs enter in
number order (McGuile section 3.2.1 and the rulebook).
"""

from __future__ import annotations

from swarmtui.games.hive.cells import AROUND
from swarmtui.games.hive.moves import PLACEMENTS, Move, look_up
from swarmtui.games.hive.pieces import COLOUR_OF, KIND_START, PIECES_PER_SIDE, QUEEN
from swarmtui.games.hive.stacks import HiveStacks


class Placements(HiveStacks):
    """The placements of a position (module docstring)."""

    def _placeable_kinds(self, colour: int) -> list[int]:
        turn = self._ply >> 1
        placed = self._placed[colour]
        if turn == 3 and placed[QUEEN] == 0:
            return [QUEEN]  # the Queen must be in play by the fourth turn
        count = self._count
        return [k for k in self._kinds if placed[k] < count[k] and not (k == QUEEN and turn == 0)]

    def _placeable_codes(self, colour: int) -> list[int]:
        """The pieces ``colour`` may place now (the lowest-numbered in hand of each bug kind
        it may place), in code order."""
        if not self._hand_kinds[colour]:
            return []  # every piece is in play
        base, placed = colour * PIECES_PER_SIDE, self._placed[colour]
        return [base + KIND_START[k] + placed[k] for k in self._placeable_kinds(colour)]

    def _placement_cells(self, colour: int) -> list[int]:
        """The empty cells where ``colour`` may place a piece, in ascending cell number."""
        return sorted(self._placement_set(colour))

    def _placement_set(self, colour: int) -> set[int]:
        stacks = self._stacks
        if not stacks:
            return {0}
        if not any(self._placed[colour]):  # the second player's first piece: beside the others
            beside: set[int] = set()
            for cell in stacks:
                beside.update(AROUND[cell])
            beside.difference_update(stacks)
            return beside
        own: set[int] = set()
        enemy = []
        around = AROUND
        for cell, st in stacks.items():
            if COLOUR_OF[st[-1]] == colour:
                own.update(around[cell])
            else:
                enemy.append(cell)
        for cell in enemy:
            own.difference_update(around[cell])
        own.difference_update(stacks)
        return own

    def _placements(self, colour: int, only: int | None, cells: list[int] | None = None) -> list[Move]:
        """``colour``'s placements (of piece ``only``, if given) in ``legal_moves``' order, on
        ``cells`` (ascending; by default ``_placement_cells``)."""
        codes = self._placeable_codes(colour)
        if only is not None:
            codes = [c for c in codes if c == only]
        if not codes:
            return []
        if cells is None:
            cells = self._placement_cells(colour)
        moves: list[Move] = []
        for code in codes:
            moves += look_up(PLACEMENTS[code], cells)
        return moves
