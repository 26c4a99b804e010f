"""Getting through a maze of any grid by hand or by search: its places as one graph, the
breadth-first search's waves (what the maze screen animates), and a walker moved by arrows.

A ``Ways`` is a maze's places and the steps between them, the same for every kind of maze: on
a square field maze (``grid.Maze``) a place is a field (flat ``row * width + col``) and a step
goes to an open field beside it; on a maze of any grid (``GridMaze``) a place is a cell and a
step follows its ``links`` (passages and tunnels). The doors' places are ``start`` and
``goal``. Each place also has a point on the maze's drawing (``where``: text row doubled, for
a text cell is about twice as tall as wide, and column), so an arrow key picks the open
neighbour lying most nearly in its direction, on hex, triangle and polar grids as on squares.
A polar drawing is unrolled, its left and right edges one seam (``seam``): a step across it is
measured the short way round.

``search_waves`` is breadth-first search kept wave by wave (every place at distance d from the
start, d = 0, 1, ...) until the goal's wave, and the shortest path walked back from the goal:
the search has the same path length as ``solvers.solve(maze, "bfs")``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import product

import numpy as np

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.grid_maze import GridMaze

ARROWS: dict[str, tuple[float, float]] = {"up": (-1.0, 0.0), "down": (1.0, 0.0), "left": (0.0, -1.0),
                                           "right": (0.0, 1.0)}
"""Each arrow key's direction on the drawing, as (rows, columns)."""

MIN_COSINE = -0.5
"""An arrow never leads more than 120 degrees away from its direction. It leads that far only
when no other arrow could reach that neighbour (``Ways.arrows`` reaches as many as it can)."""


@dataclass(frozen=True, eq=False)
class Ways:
    """A maze's places and steps: ``links`` ``(places, sides)``, -1 where there is no step."""

    links: np.ndarray
    start: int
    goal: int
    where: np.ndarray
    """``(places, 2)``: each place's point on the drawing (rows doubled, columns)."""
    seam: float = 0.0
    """The drawing's width where its left and right edges meet (a polar maze), else 0."""

    @property
    def places(self) -> int:
        return int(self.links.shape[0])

    def neighbours(self, place: int) -> list[int]:
        return [int(n) for n in self.links[place] if n >= 0]

    def step(self, place: int, arrow: str) -> int | None:
        """The open neighbour of ``place`` that ``arrow`` leads to (``arrows``), or None."""
        return self.arrows(place).get(arrow)

    def arrows(self, place: int) -> dict[str, int]:
        """Which open neighbour each arrow key leads to from ``place``: each arrow to a different
        neighbour (``MIN_COSINE``), as many neighbours reached as can be (all of them when there
        are at most four) and, of those choices, the one nearest in angle overall (the first in
        the grid's side order on a tie). So on a hex grid with its upper two neighbours open, up
        takes one and left or right the other; a cell open on five or six sides (a swarm
        maze's open ground) reaches four of them directly."""
        options: list[tuple[str, list[tuple[int, float] | None]]] = []
        for arrow, (dy, dx) in ARROWS.items():
            near: list[tuple[int, float] | None] = [None]
            for nxt in self.neighbours(place):
                vy, vx = self.where[nxt] - self.where[place]
                if self.seam and abs(vx) > self.seam / 2:
                    vx -= np.sign(vx) * self.seam
                length = float(np.hypot(vy, vx))
                cos = (vy * dy + vx * dx) / length if length else 0.0
                if cos > MIN_COSINE:
                    near.append((nxt, cos))
            options.append((arrow, near))
        best: tuple[int, float] = (-1, 0.0)
        chosen: dict[str, int] = {}
        for pick in product(*(near for _, near in options)):
            taken = [p[0] for p in pick if p is not None]
            if len(set(taken)) < len(taken):
                continue
            score = (len(taken), float(sum(p[1] for p in pick if p is not None)))
            if score[0] > best[0] or (score[0] == best[0] and score[1] > best[1] + 1e-9):
                best = score
                chosen = {arrow: p[0] for (arrow, _), p in zip(options, pick, strict=True) if p is not None}
        return chosen


def ways_of(maze: Maze | GridMaze, where: np.ndarray | None = None, seam: float = 0.0) -> Ways:
    """The places of ``maze``; a grid maze needs its cells' ``where`` on the drawing (and the
    drawing's ``seam`` on a polar grid), a field maze's fields are their own points."""
    if isinstance(maze, GridMaze):
        if where is None:
            raise ValueError("a grid maze's places need their points on the drawing")
        return Ways(np.asarray(maze.links, dtype=np.int64), int(maze.entrance[0]), int(maze.exit[0]),
                    np.asarray(where, dtype=float), seam)
    walls = maze.walls
    height, width = walls.shape
    index = np.arange(height * width, dtype=np.int64).reshape(height, width)
    links = np.full((height, width, 4), -1, dtype=np.int64)
    open_ = ~walls
    for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        rows = slice(max(0, -dr), height - max(0, dr))
        cols = slice(max(0, -dc), width - max(0, dc))
        there = (slice(rows.start + dr, rows.stop + dr), slice(cols.start + dc, cols.stop + dc))
        joined = open_[rows, cols] & open_[there]
        links[rows, cols, side] = np.where(joined, index[there], -1)
    field_rows, field_cols = np.divmod(np.arange(height * width), width)
    points = np.stack([2.0 * field_rows, field_cols.astype(float)], axis=1)
    return Ways(links.reshape(-1, 4), int(index[maze.entrance]), int(index[maze.exit]), points)


def search_waves(ways: Ways) -> tuple[list[list[int]], list[int] | None]:
    """Breadth-first search from the start, wave by wave, up to the wave that reaches the goal
    (every wave when it is unreachable), and the shortest path from start to goal (None if
    there is none)."""
    parent = np.full(ways.places, -1, dtype=np.int64)
    parent[ways.start] = ways.start
    waves = [[ways.start]]
    links = ways.links
    while waves[-1] and parent[ways.goal] < 0:
        nxt: list[int] = []
        for here in waves[-1]:
            for there in links[here]:
                if there >= 0 and parent[there] < 0:
                    parent[there] = here
                    nxt.append(int(there))
        if nxt:
            waves.append(nxt)
        else:
            break
    if parent[ways.goal] < 0:
        return waves, None
    path = [ways.goal]
    while path[-1] != ways.start:
        path.append(int(parent[path[-1]]))
    path.reverse()
    return waves, path


def clock() -> float:
    """The walk's clock (seconds; a module function so a test can set the time)."""
    return time.monotonic()


@dataclass
class Walk:
    """A person walking a maze with the arrow keys, from its start to its goal, against a clock
    that starts at the first step."""

    ways: Ways
    shortest: int | None = None
    """Steps on the shortest way from start to goal (None: unknown or no way)."""
    at: int = -1
    trail: list[int] = field(default_factory=list)
    steps: int = 0
    started: float | None = None
    ended: float | None = None

    def __post_init__(self) -> None:
        if self.at < 0:
            self.at = self.ways.start
        if not self.trail:
            self.trail = [self.at]

    @property
    def finished(self) -> bool:
        return self.at == self.ways.goal

    def move(self, arrow: str, now: float | None = None) -> bool:
        """One step towards ``arrow``; False (and nothing changes) against a wall or once out."""
        if self.finished:
            return False
        nxt = self.ways.step(self.at, arrow)
        if nxt is None:
            return False
        now = clock() if now is None else now
        if self.started is None:
            self.started = now
        self.at = nxt
        self.steps += 1
        self.trail.append(nxt)
        if self.finished:
            self.ended = now
        return True

    def seconds(self, now: float | None = None) -> float:
        """Time on the clock: from the first step to the goal (or to ``now``)."""
        if self.started is None:
            return 0.0
        end = self.ended if self.ended is not None else (clock() if now is None else now)
        return end - self.started

    def verdict(self) -> str:
        """What the finish says: the time, the steps, and how they compare with the shortest way."""
        said = f"out in {self.seconds():.1f} s, {self.steps} steps"
        if self.shortest is None:
            return said
        if self.steps == self.shortest:
            return f"{said}: the shortest way, exactly"
        extra = self.steps - self.shortest
        return f"{said}: the shortest way is {self.shortest} ({extra} more, {100 * self.shortest / self.steps:.0f}%)"
