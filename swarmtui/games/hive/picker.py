"""A playout's move picker: one uniformly random legal move, drawn without listing them all.

MCTS playouts (thesis section 3.4.2) need one uniform move per ply, not the whole list; this
draws it by rejection sampling over cheap per-piece upper bounds (``random_move``), and a
chi-square test checks that the draw is uniform.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmtui.games.hive.cells import BITS, STEPS
from swarmtui.games.hive.generation import MoveGenerator
from swarmtui.games.hive.moves import MOVEMENTS, PASS, PLACEMENTS, Move, look_up
from swarmtui.games.hive.pieces import BEETLE, GRASSHOPPER, KIND, KIND_START, MOSQUITO, PIECES_PER_SIDE, PILLBUG, QUEEN

if TYPE_CHECKING:
    import numpy as np


class RandomMoves(MoveGenerator):
    """``random_move`` (module docstring)."""

    def random_move(self, rng: np.random.Generator) -> Move:
        """A uniformly random legal move (each move of ``legal_moves()`` with probability
        1 / its length), drawn without listing every move: a playout's move picker.

        Rejection sampling over upper bounds: placements are counted exactly (bugs x cells);
        each piece in play gets a cheap bound on its move count (6 for a queen, beetle,
        grasshopper or a bug on top of the hive; the number of empty cells touching the hive
        for an ant, spider or ladybug; that plus 6 for a mosquito); a draw among all bound
        slots that falls on a piece generates that piece's moves only, and lands on one of
        them or, past their number, is drawn again with the piece's bound now exact. Every
        legal move owns one slot in every draw, so the accepted move is uniform; a piece is
        generated at most once. With the Pillbug in play (a throw may repeat a walk) the move
        is drawn from the full list. Draws are ``floor(u * n)`` of ``u = rng.random()`` (uniform
        up to n / 2**53, and cheaper than ``rng.integers``). ``ValueError`` once the game is over.
        """
        if self._outcome is not None:
            raise ValueError("the game is over: no move to draw")
        if self._pillbug:
            legal = self.legal_moves()
            return legal[int(rng.random() * len(legal))]
        colour = self._ply & 1
        base = colour * PIECES_PER_SIDE
        placed = self._placed[colour]
        codes = [base + KIND_START[k] + placed[k] for k in self._placeable_kinds(colour)]
        cells = self._placement_cells(colour) if codes else []
        spots = len(cells)
        placing = len(codes) * spots
        pieces, homes, bounds = self._move_bounds(colour) if self._pos[base] is not None else ([], [], [])
        total = placing + sum(bounds)
        generated: dict[int, list[Move]] = {}
        draw = rng.random  # a float draw is several times cheaper than rng.integers; floor(u * n) is
        while total:        # uniform on 0..n-1 up to n / 2**53
            k = int(draw() * total)
            if k < placing:
                move = PLACEMENTS[codes[k // spots]][cells[k % spots]]
                self._drawn = move
                return move
            k -= placing
            i = 0
            while k >= bounds[i]:
                k -= bounds[i]
                i += 1
            code = pieces[i]
            moves = generated.get(code)
            if moves is None:
                moves = generated[code] = self._own_moves(code, homes[i])
                total += len(moves) - bounds[i]
                bounds[i] = len(moves)
            if k < len(moves):
                move = moves[k]
                self._drawn = move
                return move
        return PASS

    def _move_bounds(self, colour: int) -> tuple[list[int], list[int], list[int]]:
        """The pieces of ``colour`` that may move (not covered), their cells, and an upper bound
        on each one's moves (``random_move``)."""
        stacks, pos, nmask = self._stacks, self._pos, self._nmask
        perimeter = len(nmask) - len(stacks) if len(stacks) > 1 else 6  # empty cells touching the hive
        pieces: list[int] = []
        homes: list[int] = []
        bounds: list[int] = []
        for code in self._codes[colour]:
            cell = pos[code]
            if cell is None:
                continue
            st = stacks[cell]
            if st[-1] != code:
                continue  # pinned under a beetle
            kind = KIND[code]
            if len(st) > 1:
                bound = 6  # on top of the hive: one step per direction
            elif kind == QUEEN or kind == PILLBUG:
                bound = len(STEPS[nmask.get(cell, 0)])  # its slides (exact unless One Hive pins it)
            elif kind == GRASSHOPPER:
                bound = len(BITS[nmask.get(cell, 0)])  # one jump over each occupied neighbour
            elif kind == BEETLE:
                bound = len(STEPS[nmask.get(cell, 0)]) + len(BITS[nmask.get(cell, 0)])  # slides and climbs
            elif kind == MOSQUITO:
                bound = perimeter + 6
            else:
                bound = perimeter  # ant, spider, ladybug: they end on an empty cell touching the hive
            pieces.append(code)
            homes.append(cell)
            bounds.append(bound)
        return pieces, homes, bounds

    def _own_moves(self, code: int, cell: int) -> list[Move]:
        """The moves of the piece ``code`` on ``cell`` (uncovered or on top), One Hive checked
        by :meth:`_splits` while no Tarjan pass is at hand."""
        moves: list[Move] = []
        if self._cut is not None or len(self._stacks[cell]) > 1 or not self._splits(cell):
            dests = self._dests(code, free=self._cut is None)
            if dests:
                moves += look_up(MOVEMENTS[code][cell], dests)
        return moves
