"""Eller's algorithm (Eller 1982; Pullen's *Think Labyrinth*; Buck ch. 12): a perfect maze one
row at a time, with memory for one row only.

Every cell of the current row belongs to a set (cells that are already connected). Row by row:

1. join each pair of east neighbours that are in different sets with probability ``join``
   (never two cells of one set: that would close a loop), merging their sets;
2. from every set, carve south from each of its cells with probability ``down``, and from one
   random cell when the coin chose none (a set that went nowhere would be cut off);
3. the next row's cells that were carved into keep their set; the others start new sets.

The last row joins every pair of neighbours in different sets, which connects everything. The
result is a spanning tree; ``tests/test_maze_classics.py`` checks it (mazelib's Eller's, which
skips the different-sets test, makes loops and is not a perfect maze). Sets are merged smaller
into larger, so a row costs ``O(cols log cols)``.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.params import check_range
from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grids.base import Grid


@dataclass(frozen=True)
class EllerParams:
    """Eller's two coins."""

    join: float = field(default=0.5, metadata={"help": "chance to join east neighbours of different sets"})
    down: float = field(default=0.5, metadata={"help": "chance for each cell of a set to carve south"})

    def __post_init__(self) -> None:
        check_range("join", self.join, 0.0, 1.0)
        check_range("down", self.down, 0.0, 1.0)


def eller_edges(rows: int, cols: int, rng: np.random.Generator,
                params: EllerParams | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The tree's edges ``(u, v)`` row by row (a row's east passages, then its south ones)."""
    params = params or EllerParams()
    us, vs = array("i"), array("i")
    label = list(range(cols))
    fresh = cols
    for row in range(rows):
        base = row * cols
        last = row == rows - 1
        coins = rng.random(2 * cols + 1).tolist()
        members: dict[int, list[int]] = {}
        for col, name in enumerate(label):
            members.setdefault(name, []).append(col)
        for col in range(cols - 1):
            a, b = label[col], label[col + 1]
            if a != b and (last or coins[col] < params.join):
                us.append(base + col)
                vs.append(base + col + 1)
                if len(members[a]) < len(members[b]):
                    a, b = b, a
                for moved in members[b]:
                    label[moved] = a
                members[a].extend(members.pop(b))
        if last:
            break
        below = [-1] * cols
        at = cols
        for name, cells in members.items():
            down = [col for col in cells if coins[at + col] < params.down]
            if not down:
                down = [cells[int(rng.integers(len(cells)))]]
            for col in down:
                below[col] = name
        for col in range(cols):
            if below[col] >= 0:
                us.append(base + col)
                vs.append(base + cols + col)
            else:
                below[col] = fresh
                fresh += 1
        label = below
    return np.frombuffer(us, dtype=np.int32), np.frombuffer(vs, dtype=np.int32)


def eller_tree(grid: Grid, rng: np.random.Generator, params: EllerParams | None = None) -> np.ndarray:
    """Eller's algorithm on any grid with rows (square, hex, triangle, and a polar grid's rings,
    whose last cell is next to its first): the passages, one bool per edge.

    Row by row as above: join neighbours along the row that are in different sets (coin
    ``join``; the last row joins them all), then carve from each set to the next row (coin
    ``down`` per way down, at least one). Generalised: a set whose cells have no way down (a
    row of downward triangles, say) is first joined along the row to another set; a cell of the
    next row reached from two cells of one set takes only the first way (a second would close
    a loop), and reached from two sets it merges them."""
    params = params or EllerParams()
    rows = grid.rows()
    if rows is None:
        raise MazeError("Eller's algorithm builds row by row: it needs the whole grid (no mask)")
    row_of = np.empty(grid.cells, dtype=np.int64)
    for number, cells in enumerate(rows):
        row_of[cells] = number
    passages = np.zeros(grid.edges, dtype=bool)
    sets = list(range(grid.cells))  # union-find of the set labels (a label is a cell id)

    def find(label: int) -> int:
        while sets[label] != label:
            sets[label] = sets[sets[label]]
            label = sets[label]
        return label

    for number, cells in enumerate(rows):
        last = number == len(rows) - 1
        along = _along(grid, cells)
        coins = rng.random(len(along)).tolist()
        for (a, b, edge), coin in zip(along, coins, strict=True):
            if (last or coin < params.join) and find(a) != find(b):
                sets[find(a)] = find(b)
                passages[edge] = True
        if last:
            break
        downs = _downs(grid, cells, row_of, number + 1)
        _join_stranded(cells, downs, along, find, sets, passages, rng)
        _carve_down(cells, downs, find, sets, passages, rng, params.down)
    return passages


def _along(grid: Grid, cells: np.ndarray) -> list[tuple[int, int, int]]:
    """``(a, b, edge)`` for each pair of neighbours next to each other along a row (the last and
    the first too, when they are neighbours: a ring)."""
    pairs = []
    count = len(cells)
    for i in range(count if count > 2 else count - 1):
        a, b = int(cells[i]), int(cells[(i + 1) % count])
        sides = np.flatnonzero(grid.nbr[a] == b)
        if sides.size:
            pairs.append((a, b, int(grid.edge_of[a, sides[0]])))
    return pairs


def _downs(grid: Grid, cells: np.ndarray, row_of: np.ndarray, below: int) -> dict[int, list[tuple[int, int]]]:
    """For each cell of a row, its ``(neighbour, edge)`` ways into row ``below``."""
    downs: dict[int, list[tuple[int, int]]] = {}
    for a in cells.tolist():
        ways = [(int(n), int(grid.edge_of[a, s])) for s, n in enumerate(grid.nbr[a].tolist())
                if n >= 0 and row_of[n] == below]
        downs[a] = ways
    return downs


def _join_stranded(cells, downs, along, find, sets, passages, rng) -> None:
    """Join along the row every set that has no way down to a neighbouring set that has one
    (passes over the row's pairs in a random order until none is left stranded)."""
    can = {find(a) for a in cells.tolist() if downs[a]}
    order = rng.permutation(len(along)).tolist()
    changed = True
    while changed:
        changed = False
        for i in order:
            a, b, edge = along[i]
            here, there = find(a), find(b)
            if here != there and (here in can) != (there in can):
                sets[here] = there
                passages[edge] = True
                can.add(there)
                changed = True


def _carve_down(cells, downs, find, sets, passages, rng, chance: float) -> None:
    """From each set, ways down with probability ``chance`` each and at least one."""
    members: dict[int, list[tuple[int, int]]] = {}
    for a in cells.tolist():
        members.setdefault(find(a), []).extend(downs[a])
    for label, ways in members.items():
        if not ways:
            continue
        coins = rng.random(len(ways))
        chosen = [w for w, coin in zip(ways, coins.tolist(), strict=True) if coin < chance]
        if not chosen:
            chosen = [ways[int(rng.integers(len(ways)))]]
        for below, edge in chosen:
            here, there = find(label), find(below)
            if here != there:
                sets[there] = here
                passages[edge] = True
