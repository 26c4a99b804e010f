"""One maze request as ``swarmtui maze`` and the maze screen make it: builder, grid, size, mask,
seed, parameters, difficulty; ``build_request`` turns it into a maze (issue 32).

Sizes as a person types them: on the square grid ``WIDTHxHEIGHT`` in fields as always (a
classic builder's cells are the odd fields, so 41x21 fields hold 20x10 cells; the swarm
builders' cells are the fields themselves); on hex and triangle grids ``COLSxROWS`` in cells;
on a polar grid the number of rings. With a mask and no size, each character (pixel) of the
mask is one cell. The plain square rectangle (no mask, no crossings) is built as the square
field maze (``mazes.build``); everything else on a grid (``mazes.build_on``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from swarmtui.mazes import ALL_BUILDERS, Maze, MazeError, build, build_on, get_builder
from swarmtui.mazes.frames import FrameSink
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids import GRIDS, Grid, make_grid
from swarmtui.mazes.masks import Mask

SIZE_PATTERN = re.compile(r"^\s*(\d{1,7})\s*[xX×]\s*(\d{1,7})\s*$")
RINGS_PATTERN = re.compile(r"^\s*(\d{1,7})\s*$")
DEFAULT_SQUARE = (40, 15)
"""The square maze's default size in fields (the paper's Fig. 1 setting)."""


def parse_size(kind: str, text: str) -> tuple[int, int]:
    """A typed size: ``(width, height)``, or ``(rings, 0)`` on a polar grid (``MazeError`` otherwise)."""
    if kind == "polar":
        match = RINGS_PATTERN.match(text)
        if not match:
            raise MazeError(f"a polar maze's size is its number of rings, e.g. 8; got {text!r}")
        return int(match.group(1)), 0
    match = SIZE_PATTERN.match(text)
    if not match:
        what = "fields" if kind == "square" else "cells"
        raise MazeError(f"the size must look like WIDTHxHEIGHT ({what}), e.g. 40x15; got {text!r}")
    return int(match.group(1)), int(match.group(2))


def default_size(kind: str) -> tuple[int, int]:
    """The size a request gets when none is typed: ``(width, height)`` or ``(rings, 0)``."""
    if kind == "square":
        return DEFAULT_SQUARE
    rows, cols = GRIDS[kind].default
    return (rows, 0) if kind == "polar" else (cols, rows)


def describe_size(kind: str, size: tuple[int, int]) -> str:
    return str(size[0]) if kind == "polar" else f"{size[0]}x{size[1]}"


@dataclass(frozen=True)
class Request:
    """What to build. ``size`` as typed (None: the default, or the mask's own size)."""

    algo: str
    grid: str = "square"
    size: tuple[int, int] | None = None
    seed: int = 0
    params: Any = None
    mask: Mask | None = None
    difficulty: float | None = None
    """A difficulty figure to aim at (``mazes.difficulty``), or None."""

    @property
    def plain(self) -> bool:
        """The plain square rectangle: the square field maze, no grid."""
        return self.grid == "square" and self.mask is None and self.algo != "weave"


def grid_of(request: Request) -> Grid:
    """The grid a request builds on (not for the plain square rectangle)."""
    if request.grid not in GRIDS:
        raise MazeError(f"unknown grid {request.grid!r} (known: {', '.join(GRIDS)})")
    spec = get_builder(request.algo)
    if request.size is None and request.mask is not None:
        cells = request.mask.natural_size(request.grid)
    else:
        width, height = request.size or default_size(request.grid)
        if request.grid == "polar":
            cells = (width, 0)
        elif request.grid == "square" and not spec.swarm:
            if width < 3 or height < 3:
                raise MazeError(f"a maze is at least 3x3 fields; got {width}x{height}")
            cells = ((height - 1) // 2, (width - 1) // 2)  # the lattice's cells, as the plain square maze
        else:
            cells = (height, width)
    return make_grid(request.grid, cells, request.mask)


def build_request(request: Request, on_frame: FrameSink | None = None) -> Maze | GridMaze:
    """The maze a request asks for (same request and seed, same maze); with a difficulty, the
    closest of the candidates ``difficulty.of_difficulty`` builds (frames of the first only)."""
    if request.difficulty is not None:
        from swarmtui.mazes.difficulty import of_difficulty

        first = [on_frame]

        def make(seed: int) -> Maze | GridMaze:
            sink, first[0] = first[0], None
            return _build(replace(request, seed=seed, difficulty=None), sink)

        return of_difficulty(make, request.seed, request.difficulty)
    return _build(request, on_frame)


def _build(request: Request, on_frame: FrameSink | None) -> Maze | GridMaze:
    spec = get_builder(request.algo)
    if request.plain:
        width, height = request.size or DEFAULT_SQUARE
        return build(request.algo, width, height, request.seed, request.params, on_frame)
    if spec.make_on is None or request.grid not in spec.grids:
        on = [name for name, s in ALL_BUILDERS.items() if s.make_on is not None and request.grid in s.grids]
        where = "with a mask" if request.grid == "square" else f"on a {request.grid} grid"
        raise MazeError(f"{request.algo} does not build {where} (builders that do: {', '.join(on)})")
    return build_on(request.algo, grid_of(request), request.seed, request.params, on_frame)
