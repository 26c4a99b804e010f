"""The noughts GAs by name, and their parameters built from defaults and ``name=value`` text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from swarmtui.agents.ga import hochmuth, paper, subtree
from swarmtui.agents.ga.evolution import Algorithm
from swarmtui.core.params import ParamError, apply_overrides

ALGORITHMS: dict[str, Algorithm] = {a.name: a for a in (paper.ALGORITHM, hochmuth.ALGORITHM, subtree.ALGORITHM)}
"""Ford's GA first (the default), then Hochmuth's baseline, then the stronger variant."""


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``; ``ParamError`` naming the known ones otherwise."""
    if name not in ALGORITHMS:
        raise ParamError(f"unknown algorithm {name!r} (known: {', '.join(ALGORITHMS)})")
    return ALGORITHMS[name]


def build_params(algorithm: Algorithm, overrides: Iterable[tuple[str, str]], *,
                 generations: int | None = None, population: int | None = None) -> Any:
    """The algorithm's defaults with ``generations``/``population`` (when given) and then the
    ``name=value`` overrides applied; ``ParamError`` for unknown names or bad values."""
    sized = [(name, str(value)) for name, value in (("generations", generations), ("population", population))
             if value is not None]
    return apply_overrides(algorithm.params(), [*sized, *overrides])
