"""A strategy file's genes read and checked without NumPy or the state-space enumeration.

Ford's genome has one gene per non-terminal base case (3.1): 627 genes. ``states.genes()``
finds them by enumerating every reachable position and its canonical image (with NumPy tables),
which is what training needs. Playing a strategy file needs only its 627 ``{gene string:
allele}`` pairs, and they can be checked one by one: a gene string is a gene exactly when its
position

- has as many X as O, or one X more (every such position without a line is reachable: its
  marks can be played in any alternating order, and no earlier position has a line either);
- has no line of three and an empty cell (not terminal);
- is its own base case (``symmetry.canonical``: the smallest key among its eight images; as
  strings of equal length order as their keys, no image's string is smaller).

A mapping of 627 distinct such strings therefore holds every gene, and its sorted strings are
the genome's order (gene-string order is key order: ``states.genes()``). ``read_alleles`` checks
a mapping so and remembers the genes' keys, which ``gene_loci`` then gives the ``ga`` agent
without the enumeration (``tests/test_ga_genome.py`` checks both against ``states.genes()``).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter

from swarmtui.games.noughts.rules import EMPTY, LINES, O, X
from swarmtui.games.noughts.symmetry import GENE_DIGITS, SYMMETRIES

GENE_COUNT = 627

_DIGIT = GENE_DIGITS
_IMAGES = tuple(itemgetter(*perm) for perm in SYMMETRIES[1:])
"""Each non-identity symmetry as a function from a gene string to its image's characters."""
_KEY_DIGITS = str.maketrans({digit: str(value) for value, digit in GENE_DIGITS.items()})
"""Gene string -> base-3 digits of its key (empty 0, X 1, O 2)."""

_gene_keys: tuple[int, ...] | None = None
"""The genes' canonical keys in genome order, once known (from a checked mapping or
``states.genes()``)."""


def is_gene_string(gene: object) -> bool:
    """True when ``gene`` is the gene string of one of the 627 genes (see the module's reasons).

    Read on the string itself (a strategy file has 627 of them to check): gene strings of
    equal length order as their keys, so a base case is no greater than any of its images."""
    if not isinstance(gene, str) or len(gene) != 9 or gene.strip("123"):
        return False
    empty = _DIGIT[EMPTY]
    return (gene.count(_DIGIT[X]) - gene.count(_DIGIT[O]) in (0, 1) and empty in gene
            and not any(gene[a] != empty and gene[a] == gene[b] == gene[c] for a, b, c in LINES)
            and all("".join(image(gene)) >= gene for image in _IMAGES))


def read_alleles(mapping: Mapping[str, object]) -> bytes:
    """The alleles of ``{gene string: allele}`` in genome order; ``ValueError`` (one sentence) when a
    gene string is unknown or missing, or an allele is not an empty cell of its base case."""
    global _gene_keys
    unknown = [s for s in mapping if not is_gene_string(s)]
    if unknown:
        raise ValueError(f"gene {unknown[0]!r} is not one of the 627 base-case states")
    if len(mapping) != GENE_COUNT:  # fewer: name the first missing gene (the enumeration, only here)
        from swarmtui.games.noughts.states import genes

        missing = [g.string for g in genes() if g.string not in mapping]
        raise ValueError(f"{len(missing)} of the 627 genes are missing (first: {missing[0]!r})")
    order = sorted(mapping)
    locus = {string: i for i, string in enumerate(order)}
    alleles = bytearray(GENE_COUNT)
    for string, allele in mapping.items():
        if isinstance(allele, bool) or not isinstance(allele, int) or not 0 <= allele <= 8:
            raise ValueError(f"gene {string!r} has allele {allele!r}, not a cell 0-8")
        if string[allele] != _DIGIT[EMPTY]:
            raise ValueError(f"gene {string!r} has allele {allele}, a cell that is already taken")
        alleles[locus[string]] = allele
    if _gene_keys is None:
        _gene_keys = tuple(int(s.translate(_KEY_DIGITS), 3) for s in order)  # symmetry.key_of, on the string
    return bytes(alleles)


def gene_loci() -> dict[int, int]:
    """Canonical key -> the gene's place in the genome (``states.gene_index()``, without its
    enumeration once a strategy file has been read)."""
    global _gene_keys
    if _gene_keys is None:
        from swarmtui.games.noughts.states import genes

        _gene_keys = tuple(g.key for g in genes())
    return {key: locus for locus, key in enumerate(_gene_keys)}
