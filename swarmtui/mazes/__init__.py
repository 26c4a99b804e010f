"""Mazes: the ant (AACA) and bee (ABCA) builders of Polap et al. (seed paper 002), the queen's
passage check, classic baselines, metrics, the shortest-path solver and text export.

``BUILDERS`` maps each builder id to its ``BuilderSpec``. ``build(algo, width, height, seed)``
builds on the plain square rectangle (a field bitmap, ``Maze``); ``build_on(algo, grid, seed)``
on any grid (``grids.make_grid``: square, hex, triangle, polar, cut to a mask), a ``GridMaze``.
The same seed gives the same maze: a build draws from ``make_rng(seed, "maze", algo)`` (on a
grid, ``make_rng(seed, "maze", algo, kind)``).
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
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids import GRIDS, Grid

__all__ = ["ALL_BUILDERS", "BUILDERS", "BuilderSpec", "GridMaze", "Maze", "MazeError", "MazeFrame", "build", "build_on",
           "get_builder"]

ALL_GRIDS = tuple(GRIDS)
SQUARE_ONLY = ("square",)


@dataclass(frozen=True)
class BuilderSpec:
    """A maze builder: id, title, whether it is one of the paper's swarms, its parameters."""

    id: str
    title: str
    swarm: bool
    make: Callable[..., Maze] | None
    params: type | None = None
    max_fields: int = MAX_FIELDS
    description: str = ""
    grids: tuple[str, ...] = ALL_GRIDS
    """The grids it builds on; ``square`` alone: the plain square lattice only."""
    make_on: Callable[..., GridMaze] | None = None
    """``(grid, rng, params, seed, on_frame) -> GridMaze``: the builder on any of its grids."""

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


def _ants_on(grid, rng, params, seed, on_frame):
    from swarmtui.mazes.grid_ants import build_grid_ants

    return build_grid_ants(grid, rng, params, seed, on_frame)


def _bees_on(grid, rng, params, seed, on_frame):
    from swarmtui.mazes.grid_bees import build_grid_bees

    return build_grid_bees(grid, rng, params, seed, on_frame)


def _weave_on(grid, rng, params, seed, on_frame):
    from swarmtui.mazes.weave import weave_maze

    return weave_maze(grid, rng, params, seed, on_frame)


def _classic(algo: str):
    def make(width, height, rng, params, seed, on_frame):
        from swarmtui.mazes.classic import build_classic

        return build_classic(algo, width, height, rng, seed, on_frame, params)

    return make


def _classic_on(algo: str):
    def make(grid, rng, params, seed, on_frame):
        from swarmtui.mazes.classic import build_classic_grid

        return build_classic_grid(algo, grid, rng, seed, on_frame, params)

    return make


def _specs() -> dict[str, BuilderSpec]:
    from swarmtui.mazes.aldous_broder import MAX_FIELDS as AB_MAX_FIELDS
    from swarmtui.mazes.ants import AntParams
    from swarmtui.mazes.bees import BEE_MAX_FIELDS, BeeParams
    from swarmtui.mazes.eller import EllerParams
    from swarmtui.mazes.growing_tree import GrowingTreeParams
    from swarmtui.mazes.swarm import SWARM_MAX_FIELDS

    def classic(algo: str, title: str, description: str, params: type | None = None,
                **extra: Any) -> BuilderSpec:
        return BuilderSpec(algo, title, False, _classic(algo), params, description=description,
                           make_on=_classic_on(algo), **extra)

    def square(algo: str, title: str, description: str) -> BuilderSpec:
        return BuilderSpec(algo, title, False, _classic(algo), description=description, grids=SQUARE_ONLY)

    specs = [
        BuilderSpec("ant", "Ant colony (AACA)", True, _ants, AntParams, SWARM_MAX_FIELDS,
                    "ants dig pheromone roads, the queen checks (Polap et al. II-A)", make_on=_ants_on),
        BuilderSpec("bee", "Bee colony (ABCA)", True, _bees, BeeParams, BEE_MAX_FIELDS,
                    "bees fly the meadow down into lanes (Polap et al. II-B)", make_on=_bees_on),
        classic("backtracker", "Recursive backtracker", "random depth-first search: long winding corridors"),
        classic("prim", "Randomised Prim", "grows from a random frontier: many short dead ends"),
        classic("kruskal", "Randomised Kruskal", "joins regions in random wall order (union-find)"),
        classic("wilson", "Wilson", "loop-erased random walks: a uniform random perfect maze"),
        classic("aldous-broder", "Aldous-Broder", "one random walk's first entrances: a uniform random perfect maze",
                max_fields=AB_MAX_FIELDS),
        classic("hunt-and-kill", "Hunt-and-kill", "random walks joined by a scan: long corridors, no stack"),
        classic("eller", "Eller's", "row by row with sets: one row of memory", EllerParams),
        square("sidewinder", "Sidewinder", "east runs closed north: a straight north corridor"),
        square("binary-tree", "Binary tree", "each cell north or east: diagonal bias, two full corridors"),
        classic("growing-tree", "Growing tree", "an active list: newest (backtracker), random (Prim) or mixed",
                GrowingTreeParams),
        square("division", "Recursive division", "walls with one gap, chamber in chamber: long straight walls"),
    ]
    return {spec.id: spec for spec in specs}


def _grid_only_specs() -> dict[str, BuilderSpec]:
    from swarmtui.mazes.weave import WeaveParams

    return {"weave": BuilderSpec("weave", "Weave (Kruskal with crossings)", False, None, WeaveParams,
                                 description="passages cross over and under one another (square grid)",
                                 grids=SQUARE_ONLY, make_on=_weave_on)}


BUILDERS: dict[str, BuilderSpec] = _specs()
"""The builders of the square field maze (``build``); each but division, sidewinder and binary
tree also builds on every grid (``build_on``)."""
ALL_BUILDERS: dict[str, BuilderSpec] = {**BUILDERS, **_grid_only_specs()}
"""Every builder: those of ``BUILDERS`` and the grid-only weave (``build_on`` on the square grid)."""


def get_builder(algo: str) -> BuilderSpec:
    try:
        return ALL_BUILDERS[algo]
    except KeyError:
        raise MazeError(f"unknown maze builder {algo!r} (known: {', '.join(ALL_BUILDERS)})") from None


def build_on(algo: str, grid: Grid, seed: int = 0, params: Any = None,
             on_frame: FrameSink | None = None) -> GridMaze:
    """Build a maze with builder ``algo`` on ``grid`` from ``seed`` (same seed, same maze)."""
    spec = get_builder(algo)
    if spec.make_on is None or grid.kind not in spec.grids:
        on = [name for name, s in ALL_BUILDERS.items() if s.make_on is not None and grid.kind in s.grids]
        raise MazeError(f"{algo} does not build on a {grid.kind} grid{' with a mask' if grid.masked else ''} "
                        f"(builders that do: {', '.join(on)})")
    if params is None:
        params = spec.default_params()
    rng: np.random.Generator = make_rng(seed, "maze", algo, grid.kind)
    return spec.make_on(grid, rng, params, seed, on_frame)


def build(algo: str, width: int, height: int, seed: int = 0, params: Any = None,
          on_frame: FrameSink | None = None) -> Maze:
    """Build a ``width x height`` maze with builder ``algo`` from ``seed`` (same seed, same maze)."""
    spec = get_builder(algo)
    if spec.make is None:
        raise MazeError(f"{algo} builds on a grid: use build_on (the CLI: --grid)")
    check_size(width, height, max_fields=spec.max_fields)
    if params is None:
        params = spec.default_params()
    rng: np.random.Generator = make_rng(seed, "maze", algo)
    return spec.make(width, height, rng, params, seed, on_frame)
