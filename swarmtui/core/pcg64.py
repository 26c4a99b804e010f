"""NumPy's seeding and PCG64 stream in pure Python, for the draws a short command makes.

``core.rng`` derives every seed with ``numpy.random.SeedSequence`` and gives every agent a
``numpy.random.Generator(PCG64(...))``. Importing NumPy takes longer than the whole of a one-game
noughts batch, which draws only a few bounded integers (the ``random`` agent's choices) and
derives a few seeds. This module computes exactly the numbers NumPy would, without NumPy:

- ``generate_state``: ``SeedSequence(entropy, spawn_key).generate_state(n, uint64)`` — O'Neill's
  seed-sequence hash (NumPy's ``bit_generator.pyx``: ``hashmix``, ``mix``, pool size 4);
- ``Pcg64``: the PCG64 bit generator (128-bit LCG, XSL-RR output) seeded from four words as
  NumPy's ``PCG64(SeedSequence)`` does, with its buffered 32-bit draw (``has_uint32``);
- ``Pcg64.below(n)``: ``Generator.integers(n)`` for ``1 <= n <= 2**32`` (Lemire's bounded draw,
  NumPy's ``buffered_bounded_lemire_uint32``).

``tests/test_pcg64.py`` checks all three against NumPy over many seeds, labels and bounds, and
that ``Pcg64.numpy_state`` continues NumPy's stream exactly where this one stopped.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1
MASK128 = (1 << 128) - 1

POOL_SIZE = 4
INIT_A = 0x43B0D7E5
MULT_A = 0x931E8875
INIT_B = 0x8B51F9DD
MULT_B = 0x58F38DED
MIX_MULT_L = 0xCA01F9DD
MIX_MULT_R = 0x4973F715
XSHIFT = 16
"""SeedSequence's constants (NumPy ``bit_generator.pyx``, after O'Neill's ``seed_seq_fe``)."""

PCG_MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645
"""PCG64's 128-bit LCG multiplier (NumPy ``pcg64.h``, ``PCG_DEFAULT_MULTIPLIER_128``)."""


def _words(value: int) -> list[int]:
    """A non-negative int as little-endian 32-bit words (``[0]`` for 0), as SeedSequence reads it."""
    if value < 0:
        raise ValueError(f"seed material must be non-negative, got {value}")
    words = [value & MASK32]
    value >>= 32
    while value:
        words.append(value & MASK32)
        value >>= 32
    return words


def _pool(entropy: int, spawn_key: Iterable[int]) -> list[int]:
    """SeedSequence's mixed entropy pool (``mix_entropy`` over the assembled entropy)."""
    run = _words(entropy)
    spawn = [word for key in spawn_key for word in _words(key)]
    if spawn and len(run) < POOL_SIZE:
        run += [0] * (POOL_SIZE - len(run))
    data = run + spawn
    hash_const = INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * MULT_A) & MASK32
        value = (value * hash_const) & MASK32
        return value ^ (value >> XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32
        return result ^ (result >> XSHIFT)

    pool = [hashmix(data[i] if i < len(data) else 0) for i in range(POOL_SIZE)]
    for source in range(POOL_SIZE):
        for target in range(POOL_SIZE):
            if source != target:
                pool[target] = mix(pool[target], hashmix(pool[source]))
    for source in range(POOL_SIZE, len(data)):
        for target in range(POOL_SIZE):
            pool[target] = mix(pool[target], hashmix(data[source]))
    return pool


def generate_state(entropy: int, spawn_key: Iterable[int], words: int) -> list[int]:
    """``SeedSequence(entropy, spawn_key=spawn_key).generate_state(words, numpy.uint64)`` as ints."""
    pool = _pool(entropy, spawn_key)
    hash_const = INIT_B
    halves = []
    for i in range(2 * words):
        value = pool[i % POOL_SIZE] ^ hash_const
        hash_const = (hash_const * MULT_B) & MASK32
        value = (value * hash_const) & MASK32
        halves.append(value ^ (value >> XSHIFT))
    return [halves[2 * i] | (halves[2 * i + 1] << 32) for i in range(words)]


class Pcg64:
    """NumPy's ``PCG64(SeedSequence(entropy, spawn_key=spawn_key))``: the same stream of numbers."""

    __slots__ = ("state", "increment", "has_uint32", "uinteger")

    def __init__(self, entropy: int, spawn_key: Iterable[int] = ()) -> None:
        seed = generate_state(entropy, spawn_key, 4)
        initial_state = (seed[0] << 64) | seed[1]
        sequence = (seed[2] << 64) | seed[3]
        self.increment = ((sequence << 1) | 1) & MASK128
        self.state = 0
        self._step()
        self.state = (self.state + initial_state) & MASK128
        self._step()
        self.has_uint32 = 0
        self.uinteger = 0

    def _step(self) -> None:
        self.state = (self.state * PCG_MULTIPLIER + self.increment) & MASK128

    def next64(self) -> int:
        """The next 64-bit output (XSL-RR of the advanced state)."""
        self._step()
        state = self.state
        mixed = ((state >> 64) ^ state) & MASK64
        rotation = state >> 122
        return ((mixed >> rotation) | (mixed << (-rotation & 63))) & MASK64

    def next32(self) -> int:
        """The next 32-bit output: the low half of a 64-bit draw, then its high half."""
        if self.has_uint32:
            self.has_uint32 = 0
            return self.uinteger
        draw = self.next64()
        self.has_uint32 = 1
        self.uinteger = draw >> 32
        return draw & MASK32

    def below(self, n: int) -> int:
        """``Generator.integers(n)``: uniform in ``[0, n)`` for ``1 <= n <= 2**32``."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"below(n) takes 1 <= n <= 2**32, got {n}")
        bound = n - 1
        if bound == 0:
            return 0
        if bound == MASK32:
            return self.next32()
        product = self.next32() * n
        leftover = product & MASK32
        if leftover < n:
            threshold = (MASK32 - bound) % n
            while leftover < threshold:
                product = self.next32() * n
                leftover = product & MASK32
        return product >> 32

    def numpy_state(self) -> dict[str, Any]:
        """This stream's position as ``numpy.random.PCG64().state`` takes it (to continue there)."""
        return {"bit_generator": "PCG64", "state": {"state": self.state, "inc": self.increment},
                "has_uint32": self.has_uint32, "uinteger": self.uinteger}
