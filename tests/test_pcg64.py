"""``core.pcg64`` and the seats' generators give exactly NumPy's numbers (same seed, same game).

The seats' generators (``core.rng.seat_rng``) and derived seeds are computed without NumPy for
start-up's sake; every number must still be the one ``numpy.random.SeedSequence`` /
``Generator(PCG64)`` gives, or a seed written in a result file would replay another game.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from swarmtui.core.pcg64 import Pcg64, generate_state
from swarmtui.core.rng import SeatGenerator, derive_seed, make_rng, seat_rng, seed_sequence

BOUNDS = (1, 2, 3, 5, 7, 9, 10, 100, 1000, 2**31, 2**32 - 1, 2**32)


def _cases(count: int, seed: int = 7) -> list[tuple[int, tuple[int, ...]]]:
    draw = random.Random(seed)
    small = [(s, ()) for s in range(4)] + [(0, (0,)), (1, (1, 2)), (2**32, (2**32 - 1,)), (2**63 - 1, (5, 6, 7))]
    return small + [(draw.randrange(2**64 if i % 2 else 2**20),
                     tuple(draw.randrange(2**40 if i % 3 else 9) for _ in range(draw.randrange(5))))
                    for i in range(count)]


def test_the_seed_sequence_state_is_numpys() -> None:
    for entropy, key in _cases(300):
        expected = np.random.SeedSequence(entropy=entropy, spawn_key=key).generate_state(5, dtype=np.uint64)
        assert generate_state(entropy, key, 5) == [int(x) for x in expected], (entropy, key)


def test_bounded_draws_are_numpys_and_numpy_continues_the_stream() -> None:
    draw = random.Random(3)
    for entropy, key in _cases(120):
        numpy = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy=entropy, spawn_key=key)))
        ours = Pcg64(entropy, key)
        for _ in range(60):
            n = draw.choice(BOUNDS) if draw.random() < 0.5 else draw.randrange(1, 2**32)
            assert ours.below(n) == int(numpy.integers(n)), (entropy, key, n)
        bits = np.random.PCG64()
        bits.state = ours.numpy_state()  # type: ignore[assignment]  # NumPy's documented dict form
        after = np.random.Generator(bits)
        assert after.random(3).tolist() == numpy.random(3).tolist()
    with pytest.raises(ValueError):
        Pcg64(1).below(0)


def test_derived_seeds_are_the_numpy_derivation() -> None:
    for seed, labels in [(0, ("game", 0)), (5, ("game", 41)), (2**40, ("halma-swarm", 3, 1)), (9, ())]:
        state = seed_sequence(seed, *labels).generate_state(1, dtype=np.uint64)[0]
        assert derive_seed(seed, *labels) == int(state) & (2**63 - 1)


def test_a_seat_generator_is_make_rng_drawn_any_way() -> None:
    """Bounded integers in pure Python, then any other draw from NumPy at the same position: the
    numbers of ``make_rng(seed, "seat", seat)`` whatever the mix of calls."""
    for seed in range(20):
        reference = make_rng(seed, "seat", "X")
        lazy = seat_rng(seed, "X")
        assert isinstance(lazy, SeatGenerator)
        for n in (9, 8, 7, 2**32, 1):
            assert lazy.integers(n) == reference.integers(n)
        assert lazy.random() == reference.random()  # hands over to NumPy here
        assert lazy.integers(5) == reference.integers(5)
        assert lazy.integers(2, 9, size=3).tolist() == reference.integers(2, 9, size=3).tolist()
        assert lazy.choice(10) == reference.choice(10)
        assert lazy.integers == lazy.numpy().integers  # later calls go straight to NumPy's methods


def test_a_seat_generator_pickles_and_copies_as_the_numpy_generator_at_its_position() -> None:
    lazy, reference = seat_rng(3, "O"), make_rng(3, "seat", "O")
    assert lazy.integers(9) == reference.integers(9)
    for twin in (pickle.loads(pickle.dumps(lazy)), copy.deepcopy(lazy), copy.copy(lazy)):
        assert isinstance(twin, np.random.Generator)
        assert twin.integers(1000) == copy.deepcopy(reference).integers(1000)
    fresh = seat_rng(4, "O")
    assert "NumPy" not in repr(fresh)
