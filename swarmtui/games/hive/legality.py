"""Why a move is illegal, in one sentence a player can act on.

``illegal_reason`` returns None for a legal move and otherwise names the rule it breaks (whose
turn, the Queen rules, number order, pinned under a beetle, One Hive, the Pillbug's
last-moved rule, or the bug's own way of moving); ``Board.play`` raises it as an
``IllegalMoveError``.
"""

from __future__ import annotations

from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive.cells import HEX
from swarmtui.games.hive.generation import MoveGenerator
from swarmtui.games.hive.moves import PASS, Move
from swarmtui.games.hive.pieces import (
    ALL_PIECES,
    BUG_NAMES,
    COLOUR_NAMES,
    KIND,
    KIND_START,
    PIECE_CODES,
    PIECES_PER_SIDE,
    QUEEN,
    SEATS,
    Bug,
    Piece,
)


class Legality(MoveGenerator):
    """Legality with reasons (module docstring)."""

    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` is not legal here, in one sentence (None if it is legal)."""
        if self._outcome is not None:
            return f"the game is over ({self._outcome.reason})"
        if not isinstance(move, tuple) or len(move) != 3:
            return f"{move!r} is not a Hive move"
        piece, origin, dest = move
        if piece is None:
            if self.legal_moves() == [PASS]:
                return None
            return "passing is allowed only when no other move is legal"
        if piece not in PIECE_CODES or dest is None:
            return f"{move!r} is not a Hive move"
        code = PIECE_CODES[piece]
        colour = code // PIECES_PER_SIDE
        name = str(piece)
        if code % PIECES_PER_SIDE - KIND_START[KIND[code]] >= self._count[KIND[code]]:
            return f"{name} is not in this game ({self.game_type}: no {BUG_NAMES[piece.bug]})"
        if move in self.legal_moves():
            return None  # also a piece of either colour moved by a pillbug
        if colour != self._ply & 1:
            return f"it is {self.to_move}'s turn, and {name} is {COLOUR_NAMES[piece.colour]}'s"
        if origin is None:
            reason = self._placement_reason(piece, code, colour)
        else:
            reason = self._movement_reason(piece, code, colour, origin)
        if reason is not None:
            return reason
        if origin is None:
            return f"{name} cannot be placed there: a new piece must touch its own colour only"
        return f"{name} cannot move there (its way of moving, Freedom to Move or One Hive forbids it)"

    def _placement_reason(self, piece: Piece, code: int, colour: int) -> str | None:
        name, side = str(piece), SEATS[colour]
        if self._pos[code] is not None:
            return f"{name} is already in the hive"
        turn = self._ply >> 1
        if piece.bug is Bug.QUEEN and turn == 0:
            return "the Queen cannot be placed on a player's first turn (tournament rule)"
        if turn == 3 and self._placed[colour][QUEEN] == 0 and piece.bug is not Bug.QUEEN:
            return f"{side} must place the Queen on this, its fourth turn"
        kind = KIND[code]
        expected = self._placed[colour][kind] + 1
        if piece.number and piece.number != expected:
            return f"{name} cannot enter before {piece.colour}{piece.bug.value}{expected}"
        return None

    def _movement_reason(self, piece: Piece, code: int, colour: int, origin: Hex) -> str | None:
        name, side = str(piece), SEATS[colour]
        cell = self._pos[code]
        if cell is None:
            return f"{name} is not in the hive yet"
        if HEX[cell] != origin:
            return f"{name} is at {HEX[cell]}, not at {origin}"
        if self._pos[colour * PIECES_PER_SIDE] is None:
            return f"no {side} piece may move before {side}'s Queen is placed"
        st = self._stacks[cell]
        if st[-1] != code:
            return f"{name} is pinned under {ALL_PIECES[st[-1]]}"
        if len(st) == 1 and self._is_cut(cell):
            return f"moving {name} would split the hive (One Hive rule)"
        if self._pillbug and code == self._stunned():
            return f"{name} was moved on the previous turn, so it cannot move on this one (Pillbug rule)"
        return None
