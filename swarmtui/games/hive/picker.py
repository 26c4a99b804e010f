"""A playout's move picker: one uniformly random legal move, drawn without listing them all.

MCTS playouts (thesis section 3.4.2) need one uniform move per ply, not the whole list; this
draws it by rejection sampling over cheap per-piece upper bounds (``random_move``), and a
chi-square test checks that the draw is uniform.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmtui.games.hive.cells import ARCS, BITS, STEPS
from swarmtui.games.hive.generation import MoveGenerator
from swarmtui.games.hive.moves import MOVEMENTS, PASS, PLACEMENTS, Move
from swarmtui.games.hive.pieces import BEETLE, GRASSHOPPER, KIND, KIND_START, MOSQUITO, PIECES_PER_SIDE, PILLBUG, QUEEN

if TYPE_CHECKING:
    import numpy as np


_SLIDES_N = tuple(len(STEPS[m]) for m in range(64))
# Per bug kind, its move bound on the ground by neighbour mask, or () for the bugs bounded by
# the perimeter: the Queen and Pillbug slide (exact unless One Hive pins them), a Grasshopper
# jumps over each occupied neighbour, a Beetle slides and climbs.
GROUND_BOUND: tuple[tuple[int, ...], ...] = tuple(
    _SLIDES_N if kind in (QUEEN, PILLBUG) else
    tuple(len(BITS[m]) for m in range(64)) if kind == GRASSHOPPER else
    tuple(_SLIDES_N[m] + len(BITS[m]) for m in range(64)) if kind == BEETLE else ()
    for kind in range(8))
MOSQUITO_EXTRA = tuple(6 if kind == MOSQUITO else 0 for kind in range(8))  # a mosquito may also step or jump


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
        generated at most once. A ground piece that One Hive pins in a hive without holes (its
        neighbours form two arcs: ``topology``) gets no slot at all (since issue 31: before, its
        bound was drawn and rejected, and generating it was most of a playout's cost). With the
        Pillbug in play (a throw may repeat a walk) the move
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
        cells = self._placement_set(colour) if codes else ()
        spots = len(cells)
        placing = len(codes) * spots
        pieces, homes, bounds = self._move_bounds(colour) if self._pos[base] is not None else ([], [], [])
        total = placing + sum(bounds)
        generated: dict[int, list[int]] = {}
        draw = rng.random  # a float draw is several times cheaper than rng.integers; floor(u * n) is
        while total:        # uniform on 0..n-1 up to n / 2**53
            k = int(draw() * total)
            if k < placing:
                move = PLACEMENTS[codes[k // spots]][list(cells)[k % spots]]
                self._drawn = move
                return move
            k -= placing
            i = 0
            while k >= bounds[i]:
                k -= bounds[i]
                i += 1
            code = pieces[i]
            dests = generated.get(code)
            if dests is None:
                dests = generated[code] = self._own_dests(code, homes[i])
                total += len(dests) - bounds[i]
                bounds[i] = len(dests)
            if k < len(dests):
                move = MOVEMENTS[code][homes[i]][dests[k]]
                self._drawn = move
                return move
        return PASS

    def _move_bounds(self, colour: int) -> tuple[list[int], list[int], list[int]]:
        """The pieces of ``colour`` that may move (not covered, not pinned by One Hive where the
        neighbour mask tells), their cells, and an upper bound
        on each one's moves (``random_move``): 6 on top of the hive, else ``GROUND_BOUND``'s
        count from the neighbour mask, or the empty cells touching the hive (the perimeter,
        plus 6 for a mosquito) for the bugs that may end anywhere round it."""
        stacks, pos, nmask, holes = self._stacks, self._pos, self._nmask, self._holes
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
            if len(st) > 1:
                bound = 6  # on top of the hive: one step per direction
            else:
                mask = nmask.get(cell, 0)
                if not holes and ARCS[mask] > 1:
                    continue  # One Hive pins it (a hive without holes: two arcs always pin)
                counts = GROUND_BOUND[KIND[code]]
                bound = counts[mask] if counts else perimeter + MOSQUITO_EXTRA[KIND[code]]
            pieces.append(code)
            homes.append(cell)
            bounds.append(bound)
        return pieces, homes, bounds

    def _own_dests(self, code: int, cell: int) -> list[int]:
        """The destinations of the piece ``code`` on ``cell`` (uncovered or on top), in the
        order ``legal_moves`` lists its moves; One Hive checked by :meth:`_splits` while no
        Tarjan pass is at hand. Only the move drawn is looked up as a ``Move``."""
        if self._cut is not None or len(self._stacks[cell]) > 1 or not self._splits(cell):
            return list(self._dests(code, free=self._cut is None))
        return []
