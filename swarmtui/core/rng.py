"""Seeded randomness: one base seed fans out into independent, reproducible generators.

Every random choice in swarmtui is drawn from a ``numpy.random.Generator`` derived from the
match (or run) seed with ``numpy.random.SeedSequence`` spawn keys. The derivation depends
only on the seed and the labels, never on the process, the worker count or the order in
which games are scheduled, so the same seed gives the same game everywhere.
"""

from __future__ import annotations

import zlib

import numpy as np

SEED_LIMIT = 2**63 - 1


def _label_key(label: int | str) -> int:
    """A stable non-negative integer for a label (``hash()`` is salted per process)."""
    if isinstance(label, int):
        if label < 0:
            raise ValueError(f"seed labels must be non-negative, got {label}")
        return label
    return zlib.crc32(label.encode("utf-8"))


def seed_sequence(seed: int, *labels: int | str) -> np.random.SeedSequence:
    """The SeedSequence for ``seed`` refined by ``labels`` (e.g. game index, seat)."""
    if seed < 0:
        raise ValueError(f"seeds must be non-negative, got {seed}")
    return np.random.SeedSequence(entropy=seed, spawn_key=tuple(_label_key(x) for x in labels))


def make_rng(seed: int, *labels: int | str) -> np.random.Generator:
    """An independent generator for ``(seed, *labels)``."""
    return np.random.Generator(np.random.PCG64(seed_sequence(seed, *labels)))


def derive_seed(seed: int, *labels: int | str) -> int:
    """A child seed (a plain int, so it can be written into result files)."""
    return int(seed_sequence(seed, *labels).generate_state(1, dtype=np.uint64)[0] & SEED_LIMIT)


def seat_rng(game_seed: int, seat: str) -> np.random.Generator:
    """The generator of the agent in ``seat`` of the game seeded ``game_seed``.

    The TUI and ``swarmtui sim`` both use this, so the ``seed`` of a game in a result file
    replays that game in the TUI.
    """
    return make_rng(game_seed, "seat", seat)
