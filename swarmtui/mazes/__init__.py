"""Mazes: the ant (AACA) and bee (ABCA) builders of Polap et al. (seed paper 002), the queen's
passage check, classic baselines, metrics, the shortest-path solver and text export.

``BUILDERS`` maps each builder id to its ``BuilderSpec``; ``build(algo, width, height, seed)``
is the one entry point the CLI, ``sim`` and the TUI use. The same seed gives the same maze:
each build draws from ``make_rng(seed, "maze", algo)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from swarmtui.core.params import apply_overrides
from swarmtui.core.rng import make_rng
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import MAX_FIELDS, Maze, MazeError, check_size

__all__ = ["BUILDERS", "BuilderSpec", "Maze", "MazeError", "MazeFrame", "build", "get_builder"]


@dataclass(frozen=True)
class BuilderSpec:
    """A maze builder: id, title, whether it is one of the paper's swarms, its parameters."""

    id: str
    title: str
    swarm: bool
    make: Callable[..., Maze]
    params: type | None = None
    max_fields: int = MAX_FIELDS
    description: str = ""

    def default_params(self) -> Any:
        return self.params() if self.params is not None else None

    def parse_params(self, overrides: Iterable[tuple[str, str]]) -> Any:
        """The builder's parameters with ``name=value`` overrides (``ParamError`` on a bad one)."""
        overrides = list(overrides)
        if self.params is None:
            if overrides:
                from swarmtui.core.params import ParamError

                raise ParamError(f"{self.id} has no parameters")
            return None
        return apply_overrides(self.params(), overrides)


def _ants(width, height, rng, params, seed, on_frame):
    from swarmtui.mazes.ants import build_ants

    return build_ants(width, height, rng, params, seed, on_frame)


def _bees(width, height, rng, params, seed, on_frame):
    from swarmtui.mazes.bees import build_bees

    return build_bees(width, height, rng, params, seed, on_frame)


def _classic(algo: str):
    def make(width, height, rng, params, seed, on_frame):
        from swarmtui.mazes.classic import build_classic

        return build_classic(algo, width, height, rng, seed, on_frame, params)

    return make


def _specs() -> dict[str, BuilderSpec]:
    from swarmtui.mazes.aldous_broder import MAX_FIELDS as AB_MAX_FIELDS
    from swarmtui.mazes.ants import AntParams
    from swarmtui.mazes.bees import BEE_MAX_FIELDS, BeeParams
    from swarmtui.mazes.eller import EllerParams
    from swarmtui.mazes.growing_tree import GrowingTreeParams
    from swarmtui.mazes.swarm import SWARM_MAX_FIELDS

    return {
        "ant": BuilderSpec("ant", "Ant colony (AACA)", True, _ants, AntParams, SWARM_MAX_FIELDS,
                           "ants dig pheromone roads, the queen checks (Polap et al. II-A)"),
        "bee": BuilderSpec("bee", "Bee colony (ABCA)", True, _bees, BeeParams, BEE_MAX_FIELDS,
                           "bees fly the meadow down into lanes (Polap et al. II-B)"),
        "backtracker": BuilderSpec("backtracker", "Recursive backtracker", False, _classic("backtracker"),
                                   description="random depth-first search: long winding corridors"),
        "prim": BuilderSpec("prim", "Randomised Prim", False, _classic("prim"),
                            description="grows from a random frontier: many short dead ends"),
        "kruskal": BuilderSpec("kruskal", "Randomised Kruskal", False, _classic("kruskal"),
                               description="joins regions in random wall order (union-find)"),
        "wilson": BuilderSpec("wilson", "Wilson", False, _classic("wilson"),
                              description="loop-erased random walks: a uniform random perfect maze"),
        "aldous-broder": BuilderSpec("aldous-broder", "Aldous-Broder", False, _classic("aldous-broder"),
                                     max_fields=AB_MAX_FIELDS,
                                     description="one random walk's first entrances: a uniform random perfect maze"),
        "hunt-and-kill": BuilderSpec("hunt-and-kill", "Hunt-and-kill", False, _classic("hunt-and-kill"),
                                     description="random walks joined by a scan: long corridors, no stack"),
        "eller": BuilderSpec("eller", "Eller's", False, _classic("eller"), EllerParams,
                             description="row by row with sets: one row of memory"),
        "sidewinder": BuilderSpec("sidewinder", "Sidewinder", False, _classic("sidewinder"),
                                  description="east runs closed north: a straight north corridor"),
        "binary-tree": BuilderSpec("binary-tree", "Binary tree", False, _classic("binary-tree"),
                                   description="each cell north or east: diagonal bias, two full corridors"),
        "growing-tree": BuilderSpec("growing-tree", "Growing tree", False, _classic("growing-tree"),
                                    GrowingTreeParams,
                                    description="an active list: newest (backtracker), random (Prim) or mixed"),
        "division": BuilderSpec("division", "Recursive division", False, _classic("division"),
                                description="walls with one gap, chamber in chamber: long straight walls"),
    }


BUILDERS: dict[str, BuilderSpec] = _specs()


def get_builder(algo: str) -> BuilderSpec:
    try:
        return BUILDERS[algo]
    except KeyError:
        raise MazeError(f"unknown maze builder {algo!r} (known: {', '.join(BUILDERS)})") from None


def build(algo: str, width: int, height: int, seed: int = 0, params: Any = None,
          on_frame: FrameSink | None = None) -> Maze:
    """Build a ``width x height`` maze with builder ``algo`` from ``seed`` (same seed, same maze)."""
    spec = get_builder(algo)
    check_size(width, height, max_fields=spec.max_fields)
    if params is None:
        params = spec.default_params()
    rng: np.random.Generator = make_rng(seed, "maze", algo)
    return spec.make(width, height, rng, params, seed, on_frame)
