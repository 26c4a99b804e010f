"""The eight symmetries of the 3x3 board and the canonical ("base-case") form (Ford, 3.1).

A symmetry is a permutation ``perm`` of the cells read as ``image[i] = cells[perm[i]]``.
``R`` turns the board a quarter clockwise, ``H`` mirrors it left to right; the eight are
``I, R, R2, R3, H, HR, HR2, HR3`` where ``HR`` means "turn, then mirror".

Ford keeps one of the eight images of each state as its gene (the "base-case game-state")
and finds it with a hash (Algorithm 1). The paper does not say which image is kept; we keep
the image whose gene string (empty=1, X=2, O=3, cells 0-8) is smallest: ``canonical`` compares
the eight images of a position (exact, where a hash may collide; remembered per position), and
``tables`` does so for all 3^9 cell fillings at once with NumPy, for the bulk enumerations.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np

GENE_DIGITS = {0: "1", 1: "2", 2: "3"}
"""Ford's symbol encoding for gene strings: {"": 1, "X": 2, "O": 3}."""


def _compose(first: tuple[int, ...], then: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation of "apply ``first``, then ``then``" in the ``image[i] = cells[perm[i]]`` form."""
    return tuple(first[then[i]] for i in range(9))


_IDENTITY = tuple(range(9))
_ROTATE = tuple((2 - (i % 3)) * 3 + i // 3 for i in range(9))  # image(r, c) = cells(2 - c, r)
_MIRROR = tuple((i // 3) * 3 + 2 - (i % 3) for i in range(9))  # image(r, c) = cells(r, 2 - c)


def _build() -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    names, perms = [], []
    rotation = _IDENTITY
    for k in range(4):
        names.append("I" if k == 0 else ("R" if k == 1 else f"R{k}"))
        perms.append(rotation)
        rotation = _compose(rotation, _ROTATE)
    for k in range(4):
        names.append("H" + ("" if k == 0 else ("R" if k == 1 else f"R{k}")))
        perms.append(_compose(perms[k], _MIRROR))
    return tuple(names), tuple(perms)


SYMMETRY_NAMES, SYMMETRIES = _build()
INVERSES: tuple[int, ...] = tuple(
    next(j for j, q in enumerate(SYMMETRIES) if _compose(p, q) == _IDENTITY) for p in SYMMETRIES
)


def apply(symmetry: int, cells) -> tuple[int, ...]:
    """The image of ``cells`` under symmetry number ``symmetry``."""
    perm = SYMMETRIES[symmetry]
    return tuple(cells[perm[i]] for i in range(9))


def cell_from_image(symmetry: int, image_cell: int) -> int:
    """The real cell shown at ``image_cell`` of the image (how an allele maps back, Fig. 3)."""
    return SYMMETRIES[symmetry][image_cell]


def cell_to_image(symmetry: int, cell: int) -> int:
    """Where real ``cell`` lands in the image under ``symmetry``."""
    return SYMMETRIES[symmetry].index(cell)


def key_of(cells) -> int:
    """Base-3 key, cell 0 most significant (orders like Ford's gene string)."""
    k = 0
    for v in cells:
        k = k * 3 + v
    return k


def cells_of(key: int) -> tuple[int, ...]:
    out = []
    for _ in range(9):
        key, v = divmod(key, 3)
        out.append(v)
    return tuple(reversed(out))


def gene_string(cells) -> str:
    """Ford's gene string of a state: ``"111121111"`` for X in the centre."""
    return "".join(GENE_DIGITS[v] for v in cells)


def cells_from_gene(gene: str) -> tuple[int, ...]:
    """Inverse of ``gene_string``."""
    if len(gene) != 9 or any(ch not in "123" for ch in gene):
        raise ValueError(f"{gene!r} is not a gene string (9 digits of 1, 2, 3)")
    return tuple(int(ch) - 1 for ch in gene)


class CanonicalTables(NamedTuple):
    """For every base-3 key: its canonical key and the symmetry that maps it there."""

    canonical: np.ndarray  # int32[3**9]
    symmetry: np.ndarray  # int8[3**9]


@lru_cache(maxsize=1)
def tables() -> CanonicalTables:
    """Built once (a few milliseconds): the canonical image of every 3^9 filling."""
    import numpy as np

    keys = np.arange(3**9, dtype=np.int64)
    digits = np.stack([(keys // 3 ** (8 - i)) % 3 for i in range(9)], axis=1)
    powers = 3 ** np.arange(8, -1, -1, dtype=np.int64)
    images = np.stack([digits[:, list(p)] @ powers for p in SYMMETRIES], axis=1)
    best = np.argmin(images, axis=1)
    return CanonicalTables(images[keys, best].astype(np.int32), best.astype(np.int8))


class Canonical(NamedTuple):
    """A position seen through its base case."""

    cells: tuple[int, ...]
    key: int
    symmetry: int

    @property
    def symmetry_name(self) -> str:
        return SYMMETRY_NAMES[self.symmetry]


def canonical(cells) -> Canonical:
    """The base-case image of ``cells`` and the symmetry that produces it: the image with the
    smallest key, the lowest symmetry number among equal ones (as ``tables`` picks it)."""
    return _canonical_of(key_of(cells))


@cache
def _canonical_of(key: int) -> Canonical:
    """``canonical`` of the position with ``key`` (at most 3^9 of them, each worked out once)."""
    cells = cells_of(key)
    images = [apply(sym, cells) for sym in range(len(SYMMETRIES))]
    keys = [key_of(image) for image in images]
    sym = min(range(len(keys)), key=keys.__getitem__)
    return Canonical(images[sym], keys[sym], sym)
