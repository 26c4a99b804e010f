"""The loop both swarm builders share: iterate the colony until the queen gets through.

Algorithms 1 and 2 (lines 4/5: "while the queen does not pass the entire maze"), with the
adaptation of section II-C: after each iteration the colony's field is thresholded (eq. 11)
into the bitmap of Algorithm 3 (with the r random alleys), and the queen (Algorithm 4) walks
it. When she gets from one door to the other, that bitmap is the maze. The field holds *wall
values* in [0, 1] (1 is solid): the ants' is ``1 - pheromone`` (their trails are the roads), the
bees' is the meadow itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, Protocol, TypeVar

import numpy as np

from swarmtui.core.params import ParamError, check_range
from swarmtui.mazes.bitmap import bitmap
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, MazeError, check_size
from swarmtui.mazes.queen import queen_check
from swarmtui.mazes.solve import shortest_path

SWARM_MAX_FIELDS = 1_002_001
"""The swarm builders' size bound (1001x1001 fields; ``benchmarks/maze_fig5.py`` times both up to it)."""

MIN_WIDTH, MIN_HEIGHT = 13, 9
"""The smallest swarm maze: below it the queen's standard is rarely met (ants at 7x5: 32 of 40
seeds found no maze in the loop budget; from 13x9 on, 0 of 60)."""


@dataclass(frozen=True)
class SwarmParams:
    """Constants both swarm builders share (sections II-C and II-D)."""

    n: int = field(default=30, metadata={"help": "workers in the swarm (III: 30 for 40x15, 200 for 100x100)"})
    r: int = field(default=20, metadata={"help": "random alleys: walls removed per bitmap (Alg. 3; III: 20, 120)"})
    kappa: float = field(default=0.5, metadata={"help": "kappa: wall where the value >= kappa (eq. 11; not given)"})
    queen: Literal["backtrack", "walk"] = field(
        default="backtrack",
        metadata={"help": "backtrack: her walk steps back when stuck (finds any passage); walk: Alg. 4 literally"})
    queen_walks: int = field(default=1, metadata={"help": "queen's walks from each door per iteration (Alg. 4: 1)"})
    max_iterations: int = field(default=5000, metadata={"help": "give up after this many iterations (0: 5000)"})
    standard: int = field(default=1, metadata={"help": "1: the queen also wants a maze (walls, a dead end, a "
                                                       "bend); 0: any passage"})
    min_wall_density: float = field(default=0.5, metadata={"help": "the queen's standard: least share of wall"})

    def __post_init__(self) -> None:
        if self.n != 0:  # 0: the size rule (``sized``)
            check_range("n", self.n, 2, 10_000)
        if self.r != -1:  # -1: the size rule
            check_range("r", self.r, 0, 10_000_000)
        check_range("kappa", self.kappa, 0.0, 1.0)
        check_range("queen_walks", self.queen_walks, 1, 1000)
        check_range("max_iterations", self.max_iterations, 0, 10_000_000)
        check_range("standard", self.standard, 0, 1)
        check_range("min_wall_density", self.min_wall_density, 0.0, 1.0)
        if self.queen not in ("backtrack", "walk"):
            raise ParamError(f"queen must be backtrack or walk; got {self.queen!r}")


def paper_count(fields: int, at_600: float, at_10000: float) -> float:
    """The power law through the paper's two examples (section III): ``at_600`` at 40x15 = 600
    fields and ``at_10000`` at 100x100 = 10,000 fields, ``a * fields ** b``."""
    exponent = np.log(at_10000 / at_600) / np.log(10_000 / 600)
    return float(at_600 * (fields / 600) ** exponent)


P = TypeVar("P", bound=SwarmParams)


def sized(params: P, width: int, height: int, min_n: int = 2, max_n: int = 200) -> P:
    """``params`` with the size rules applied where they ask for them (``n=0``, ``r=-1``).

    n follows the paper's two examples (30 workers at 40x15, 200 at 100x100: ``n ~ fields^0.67``)
    up to ``max_n`` (a loop costs O(n^2), so beyond 100x100 the colony stays at the paper's
    largest; below 40x15 it shrinks with the field: 30 ants in a 13x9 field leave too little
    wall for a maze); r follows them too (20 and 120 alleys: ``r ~ fields^0.64``), with no cap (alleys
    cost O(r)).
    """
    fields = width * height
    if params.n == 0:
        params = replace(params, n=int(min(max_n, max(min_n, round(paper_count(fields, 30, 200))))))
    if params.r == -1:
        params = replace(params, r=int(round(paper_count(fields, 20, 120))))
    return params


class Colony(Protocol):
    """A swarm at work on a field of wall values."""

    def iterate(self, iteration: int, emit: FrameSink | None) -> None: ...

    def wall_field(self) -> np.ndarray: ...

    def positions(self) -> np.ndarray: ...


def check_swarm_size(algo: str, width: int, height: int, max_fields: int = SWARM_MAX_FIELDS) -> None:
    """``check_size`` for a swarm builder, which also needs at least ``MIN_WIDTH x MIN_HEIGHT``."""
    check_size(width, height, max_fields=max_fields)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise MazeError(f"{'an' if algo[0] in 'aeiou' else 'a'} {algo} maze is at least {MIN_WIDTH}x{MIN_HEIGHT} "
                        f"fields (smaller fields hold no maze with a dead end and a bend); got {width}x{height}")


class UnionFind:
    """Union-find over places (ints): ``add`` a place with the places it touches, ``joined``."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}

    def find(self, cell: int) -> int:
        parent = self.parent
        root = cell
        while parent[root] != root:
            root = parent[root]
        while parent[cell] != root:
            parent[cell], cell = root, parent[cell]
        return root

    def add(self, cell: int, touching) -> None:
        """Add ``cell`` and join it to each place of ``touching`` already added."""
        parent = self.parent
        parent[cell] = cell
        for nxt in touching:
            if nxt in parent:
                a, b = self.find(cell), self.find(nxt)
                if a != b:
                    parent[a] = b

    def joined(self, a: int, b: int) -> bool:
        return a in self.parent and b in self.parent and self.find(a) == self.find(b)


class Passages(UnionFind):
    """Union-find over open fields (flat indices): which open fields are joined.

    The swarm builders feed it the fields that open as they work, so the queen's question "is
    there a passage?" costs nothing per iteration; the bitmap is built only when it says yes.
    """

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    @classmethod
    def of(cls, open_fields: np.ndarray, width: int, height: int) -> Passages:
        """The passages of a bitmap, from the flat indices of its open fields."""
        passages = cls(width)
        passages.open_all(open_fields, height)
        return passages

    @classmethod
    def of_labels(cls, labels: np.ndarray, width: int) -> Passages:
        """The passages of a bitmap from its region labels (``solve.regions``: -1 on walls)."""
        passages = cls(width)
        cells = np.flatnonzero(labels >= 0)
        _, first, inverse = np.unique(labels[cells], return_index=True, return_inverse=True)
        passages.parent = dict(zip(cells.tolist(), cells[first][inverse].tolist(), strict=True))
        return passages

    def open(self, cell: int, height: int) -> None:
        """Add open field ``cell`` and join it to its open neighbours."""
        if cell in self.parent:
            return
        width = self.width
        row, col = divmod(cell, width)
        self.add(cell, (nxt for nxt, ok in ((cell - width, row > 0), (cell + width, row < height - 1),
                                             (cell - 1, col > 0), (cell + 1, col < width - 1)) if ok))

    def open_all(self, cells: np.ndarray, height: int) -> None:
        for cell in cells.tolist():
            self.open(cell, height)


def facing_doors(height: int, width: int) -> tuple[Cell, Cell]:
    """The ant maze's doors: the middle of the west and of the east border, facing each other.

    With doors in opposite corners (``grid.default_doors``) every staircase between them is a
    shortest path, and ants that step by ``sign(x_j - x_i)`` (eq. 5) lay staircases, so most
    solutions were as short as a path can be (tortuosity 1.0 in 19 of 25 21x9 mazes). Facing
    doors make the straight line one row: a solution that bends is longer than it.
    """
    row = height // 2
    return (row, 0), (row, width - 1)


def is_a_maze(walls: np.ndarray, doors: tuple[Cell, Cell], path_length: int, min_wall_density: float) -> bool:
    """The queen's standard (``docs/mazes.md``): enough wall, a dead end, and a solution longer
    than the straight line between the doors (their Manhattan distance, in fields)."""
    from swarmtui.mazes.metrics import open_neighbours

    straight = abs(doors[0][0] - doors[1][0]) + abs(doors[0][1] - doors[1][1]) + 1
    if path_length <= straight or walls.mean() < min_wall_density:
        return False
    ends = ~walls & (open_neighbours(walls) == 1)
    ends[doors[0]] = ends[doors[1]] = False
    return bool(ends.any())


def queen_verdict(walls: np.ndarray, doors: tuple[Cell, Cell], rng: np.random.Generator,
                  params: SwarmParams) -> tuple[bool, bool, list[Cell]]:
    """The queen's look after an iteration (Algorithm 4, then the standard of ``is_a_maze``).

    Returns ``(through, passed, path)``: ``through`` when her walk found a passage, ``passed``
    when it did and (with ``standard=1``) the bitmap is also a maze; ``path`` is her walk.
    """
    through, path = queen_check(walls, doors, rng, params.queen_walks, params.queen == "backtrack")
    passed = through
    if through and params.standard:
        shortest = shortest_path(walls, doors[0], doors[1])
        passed = shortest is not None and is_a_maze(walls, doors, len(shortest), params.min_wall_density)
    return through, passed, path


def mouth(door: Cell, height: int, width: int) -> Cell:
    """The inside field next to a border door."""
    row, col = door
    return (min(max(row, 1), height - 2), min(max(col, 1), width - 2))


def run_swarm(algo: str, colony: Colony, params: SwarmParams, rng: np.random.Generator,
              doors: tuple[Cell, Cell], seed: int | None, on_frame: FrameSink | None) -> Maze:
    """Iterate ``colony`` until the queen passes; the maze is the bitmap she passed."""
    budget = params.max_iterations or 5000
    for iteration in range(1, budget + 1):
        colony.iterate(iteration, on_frame)
        field_ = colony.wall_field()
        walls = bitmap(field_, params.kappa, params.r, rng, doors)
        passed, path = queen_check(walls, doors, rng, params.queen_walks, params.queen == "backtrack")
        if on_frame is not None:
            agents = colony.positions().astype(float)
            on_frame(MazeFrame(algo, "field", iteration, agents, field_.copy(), walls.copy()))
            on_frame(MazeFrame(algo, "queen", iteration, agents, field_.copy(), walls.copy(),
                               tuple(path), passed))
        if passed:
            maze = Maze(walls, doors[0], doors[1], algo=algo, seed=seed,
                        info={"iterations": iteration, "queen_steps": len(path) - 1})
            if on_frame is not None:
                on_frame(MazeFrame(algo, "done", iteration, colony.positions().astype(float),
                                   field_.copy(), walls.copy(), tuple(path), True))
            return maze
    raise MazeError(
        f"{algo}: the queen found no passage in {budget} iterations "
        "(raise max_iterations or r)"
    )
