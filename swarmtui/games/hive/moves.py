"""Hive moves (``Move``, ``PASS``) and the interned move tables the generator hands out.

A move is a piece and where it goes: a placement (``origin`` None), a movement (``origin`` the
cell it leaves), or a pass (all three None). MoveStrings, UHP's text for moves, are in
``notation``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from operator import itemgetter
from typing import NamedTuple

from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive.cells import HEX
from swarmtui.games.hive.pieces import ALL_PIECES, Piece


class Move(NamedTuple):
    """A move: a placement (``origin`` None), a movement, or a pass (all three None)."""

    piece: Piece | None
    origin: Hex | None
    dest: Hex | None

    @property
    def is_placement(self) -> bool:
        return self.piece is not None and self.origin is None


PASS = Move(None, None, None)
"""The pass: legal only when nothing else is."""
_new_move = tuple.__new__  # Move(...) without the namedtuple's Python-level __new__ (hot loop)


# -- interned moves -------------------------------------------------------------------------
# The generator hands out one shared ``Move`` object per (piece, origin, destination) instead
# of building ~65 new tuples per position: a move list is then a run of dict look-ups done in
# C (``look_up``: ``operator.itemgetter``), the cyclic garbage collector sees far fewer new
# objects, and ``play``'s membership test usually succeeds on identity. Moves stay plain
# values: a ``Move`` built by hand equals (and hashes like) the interned one.
INTERNED_MOVES_LIMIT = 200_000  # moves kept before the tables start afresh (a drifting hive in a long-lived process)
_interned = [0]  # moves made so far (shared by every table)


class _PlacementMoves(dict):
    """Integer cell -> the interned placement of one piece on that cell."""

    __slots__ = ("piece",)

    def __init__(self, piece: Piece) -> None:
        super().__init__()
        self.piece = piece

    def __missing__(self, cell: int) -> Move:
        _count_interned()
        move = self[cell] = _new_move(Move, (self.piece, None, HEX[cell]))
        return move


class _StepMoves(dict):
    """Integer destination -> the interned move of one piece from one origin."""

    __slots__ = ("piece", "origin")

    def __init__(self, piece: Piece, origin: Hex) -> None:
        super().__init__()
        self.piece, self.origin = piece, origin

    def __missing__(self, cell: int) -> Move:
        _count_interned()
        move = self[cell] = _new_move(Move, (self.piece, self.origin, HEX[cell]))
        return move


class _OriginMoves(dict):
    """Integer origin -> the :class:`_StepMoves` of one piece from there."""

    __slots__ = ("piece",)

    def __init__(self, piece: Piece) -> None:
        super().__init__()
        self.piece = piece

    def __missing__(self, cell: int) -> _StepMoves:
        table = self[cell] = _StepMoves(self.piece, HEX[cell])
        return table


PLACEMENTS: tuple[_PlacementMoves, ...] = tuple(_PlacementMoves(p) for p in ALL_PIECES)
MOVEMENTS: tuple[_OriginMoves, ...] = tuple(_OriginMoves(p) for p in ALL_PIECES)


def look_up(table: Mapping[int, Move], cells: Collection[int]) -> Sequence[Move]:
    """``[table[c] for c in cells]`` in C: ``operator.itemgetter`` for many cells (about
    twice as fast as ``map(table.__getitem__, cells)`` for an ant's thirty-odd destinations,
    slower for a few)."""
    if len(cells) > 6:
        return itemgetter(*cells)(table)
    return list(map(table.__getitem__, cells))


def _count_interned() -> None:
    """Count one new interned move; past ``INTERNED_MOVES_LIMIT`` empty every table (they
    refill on demand; moves already handed out stay valid values)."""
    _interned[0] += 1
    if _interned[0] > INTERNED_MOVES_LIMIT:
        _interned[0] = 0
        for table in (*PLACEMENTS, *MOVEMENTS):
            table.clear()
