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
