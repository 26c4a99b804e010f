"""Seeded randomness: one base seed fans out into independent, reproducible generators.

Every random choice in swarmtui is drawn from a ``numpy.random.Generator`` derived from the
match (or run) seed with ``numpy.random.SeedSequence`` spawn keys. The derivation depends
only on the seed and the labels, never on the process, the worker count or the order in
which games are scheduled, so the same seed gives the same game everywhere.

Seeds are derived, and each seat's generator starts, in pure Python (``core.pcg64`` computes
exactly NumPy's numbers): an agent's generator imports NumPy only when the agent draws anything
but a bounded integer, so a short command that needs no arrays (a noughts batch: the ``ga`` agent
draws nothing, the ``random`` agent bounded integers) never loads NumPy.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any, cast

from swarmtui.core.pcg64 import Pcg64, generate_state

if TYPE_CHECKING:
    import numpy as np

SEED_LIMIT = 2**63 - 1


def _label_key(label: int | str) -> int:
    """A stable non-negative integer for a label (``hash()`` is salted per process)."""
    if isinstance(label, int):
        if label < 0:
            raise ValueError(f"seed labels must be non-negative, got {label}")
        return label
    return zlib.crc32(label.encode("utf-8"))


def _spawn_key(seed: int, labels: tuple[int | str, ...]) -> tuple[int, ...]:
    if seed < 0:
        raise ValueError(f"seeds must be non-negative, got {seed}")
    return tuple(_label_key(x) for x in labels)


def seed_sequence(seed: int, *labels: int | str) -> np.random.SeedSequence:
    """The SeedSequence for ``seed`` refined by ``labels`` (e.g. game index, seat)."""
    import numpy as np

    return np.random.SeedSequence(entropy=seed, spawn_key=_spawn_key(seed, labels))


def make_rng(seed: int, *labels: int | str) -> np.random.Generator:
    """An independent generator for ``(seed, *labels)``."""
    import numpy as np

    return np.random.Generator(np.random.PCG64(seed_sequence(seed, *labels)))


def derive_seed(seed: int, *labels: int | str) -> int:
    """A child seed (a plain int, so it can be written into result files): the first 64-bit word
    of ``seed_sequence(seed, *labels)``'s state, kept below 2**63."""
    return generate_state(seed, _spawn_key(seed, labels), 1)[0] & SEED_LIMIT


class SeatGenerator:
    """``make_rng(seed, *labels)``, started without NumPy: the same numbers, drawn the same way.

    ``integers(n)`` (one bounded integer, what a uniform choice needs) is drawn in pure Python
    (``core.pcg64``); the first use of anything else builds the real ``numpy.random.Generator``
    at this stream's position and hands every later call to it (its methods are then this
    object's own attributes, so a hot loop pays nothing for the indirection).
    """

    def __init__(self, seed: int, *labels: int | str) -> None:
        self._stream: Pcg64 | None = Pcg64(seed, _spawn_key(seed, labels))
        self._numpy: np.random.Generator | None = None

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        stream = self._stream
        if (stream is not None and len(args) == 1 and not kwargs and type(args[0]) is int
                and 1 <= args[0] <= 1 << 32):
            return stream.below(args[0])
        return self.numpy().integers(*args, **kwargs)

    def numpy(self) -> np.random.Generator:
        """The ``numpy.random.Generator`` continuing this stream (built on first use)."""
        if self._numpy is None:
            import numpy as np

            assert self._stream is not None
            bits = np.random.PCG64()
            bits.state = self._stream.numpy_state()  # type: ignore[assignment]  # its documented dict form
            self._numpy, self._stream = np.random.Generator(bits), None
            self.integers = self._numpy.integers  # type: ignore[method-assign]
        return self._numpy

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_stream", "_numpy"):
            raise AttributeError(name)
        value = getattr(self.numpy(), name)
        if callable(value):
            setattr(self, name, value)  # the next lookup finds the Generator's method directly
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a process pool) or copied, it is the NumPy generator at this position."""
        return self.numpy().__reduce__()

    def __repr__(self) -> str:
        return f"SeatGenerator({'NumPy' if self._numpy is not None else 'pure Python'})"


def seat_rng(game_seed: int, seat: str) -> np.random.Generator:
    """The generator of the agent in ``seat`` of the game seeded ``game_seed``.

    The TUI and ``swarmtui sim`` both use this, so the ``seed`` of a game in a result file
    replays that game in the TUI. It is ``make_rng(game_seed, "seat", seat)``, started without
    NumPy (``SeatGenerator``: every method of a ``numpy.random.Generator``, the same numbers).
    """
    return cast("np.random.Generator", SeatGenerator(game_seed, "seat", seat))
