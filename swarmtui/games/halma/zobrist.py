"""Zobrist keys for Halma positions (Zobrist 1970): one random 64-bit key per (hole, seat).

A position's hash is the XOR of the keys of its occupied holes, so a move changes it by two
XORs (``key(start, seat) ^ key(end, seat)``): searches keep it up to date as they play and
take back moves, and use it to key their transposition tables. The keys come from a fixed seed,
so a hash means the same position in every process (and so a search is reproducible).
"""

from __future__ import annotations

import numpy as np

from swarmtui.games.halma.geometry import STAR

MAX_SEATS = 6
SEED = 0x5A1A
"""The keys' fixed seed (any value works; a fixed one makes hashes reproducible)."""

KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(v) for v in row)
    for row in np.random.default_rng(SEED).integers(1, 2**63 - 1, size=(MAX_SEATS + 1, len(STAR)), dtype=np.int64)
)
"""``KEYS[seat][hole]``: the key of seat number ``seat`` (1-6) on hole index ``hole``; row 0 unused."""

TURN_KEYS: tuple[int, ...] = tuple(
    int(v) for v in np.random.default_rng(SEED + 1).integers(1, 2**63 - 1, size=MAX_SEATS + 1, dtype=np.int64)
)
"""``TURN_KEYS[k]``: XORed in when seat number ``k`` is to move (searches add their own)."""


def position_hash(occupancy: list[int] | tuple[int, ...]) -> int:
    """The hash of a board's occupancy (per hole index: 0 empty, else the seat number)."""
    h = 0
    for hole, seat in enumerate(occupancy):
        if seat:
            h ^= KEYS[seat][hole]
    return h
