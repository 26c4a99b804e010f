"""Zobrist keys of Hive positions: one 64-bit key per piece, cell and height, one for Black to move.

Every position carries a 64-bit Zobrist hash (``Board.zobrist``), updated incrementally by
``play``/``undo``: the XOR of one key per piece in play, drawn from the piece's colour, bug and
number, its cell and its height in the stack, plus one key when Black is to move. Search players
key their transposition tables by it. The board is unbounded, so keys are made on first use
from a hash of the piece's name and the cell, the same in every run.
"""

from __future__ import annotations

import hashlib

from swarmtui.games.hive.pieces import ALL_PIECES, Piece

_MASK64 = (1 << 64) - 1


def _mix64(x: int) -> int:
    """The splitmix64 finaliser: a 64-bit bijection that scatters nearby integers."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _piece_seed(piece: Piece) -> int:
    """A fixed 64-bit number per tile, from its colour, bug letter and number only (so new bug
    kinds get keys without a table, and keys do not depend on the order of ``ALL_PIECES``)."""
    name = f"{piece.colour}{piece.bug.value}{piece.number}".encode()
    return int.from_bytes(hashlib.blake2b(name, digest_size=8, person=b"swarmtui-hive").digest(), "big")


_PIECE_SEED: tuple[int, ...] = tuple(_piece_seed(p) for p in ALL_PIECES)
ZOBRIST_BLACK_TO_MOVE = _mix64(0x5EED_B1AC)  # XORed in when Black is to move
ZOBRIST_LAST_MOVED: tuple[int, ...] = tuple(_mix64(seed ^ 0x1A57_B0B) for seed in _PIECE_SEED)  # Pillbug games


def zobrist_index(code: int, cell: int, height: int) -> int:
    """The ``ZOBRIST`` index of piece ``code`` at ``height`` (1 = on the ground) on ``cell``."""
    return (cell << 10) | (height << 6) | code


class _ZobristKeys(dict):
    """``zobrist_index(code, cell, height)`` -> 64-bit key, made on first use (the board is
    unbounded, so keys cannot be tabled in advance) and deterministic across runs."""

    def __missing__(self, index: int) -> int:
        code, height, cell = index & 63, (index >> 6) & 15, index >> 10
        key = self[index] = _mix64(_PIECE_SEED[code] ^ _mix64((cell & _MASK64) ^ (height << 58)))
        return key


ZOBRIST = _ZobristKeys()
assert len(ALL_PIECES) <= 64  # zobrist_index packs the piece code into 6 bits
