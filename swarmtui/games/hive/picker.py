"""A playout's move picker: one uniformly random legal move.

MCTS playouts (thesis section 3.4.2) need one uniform move per ply. ``random_move`` indexes
the canonical move list (``generation``) with one float draw: with the compiled kernel the
whole list costs less than the rejection sampler over per-piece bounds that stood here before
(issue 31), and the draw is the same whichever path listed the moves. A chi-square test
checks that it is uniform.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmtui.games.hive.compiled import KINDS, kernel
from swarmtui.games.hive.generation import MoveGenerator
from swarmtui.games.hive.moves import MOVEMENTS, PASS, PLACEMENTS, Move
from swarmtui.games.hive.pieces import PIECES_PER_SIDE

if TYPE_CHECKING:
    import numpy as np


class RandomMoves(MoveGenerator):
    """``random_move`` (module docstring)."""

    def random_move(self, rng: np.random.Generator) -> Move:
        """A uniformly random legal move: ``legal_moves()[floor(u * n)]`` for one
        ``u = rng.random()`` (uniform up to n / 2**53, and cheaper than ``rng.integers``).
        The move is remembered as drawn here, so ``play`` accepts it without a look-up.
        ``ValueError`` once the game is over."""
        if self._outcome is not None:
            raise ValueError("the game is over: no move to draw")
        legal = self._legal
        if legal is None:
            ready = kernel() if self._plain else None
            if ready is not None:  # the same entry, drawn by the kernel without the list
                colour = self._ply & 1
                codes = self._placeable_codes(colour)
                which, cell = ready[1](self._where, KINDS, colour, self._pos[colour * PIECES_PER_SIDE] is not None,
                                       self._holes, len(codes), rng.random())
                if which >= 0:
                    move = MOVEMENTS[which][self._pos[which]][cell]
                elif -1 - which < len(codes):
                    move = PLACEMENTS[codes[-1 - which]][cell]
                else:
                    move = PASS
                self._drawn = move
                return move
            legal = self.legal_moves()
        move = legal[int(rng.random() * len(legal))]
        self._drawn = move
        return move
