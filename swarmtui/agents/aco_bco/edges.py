"""The directed edges of the Halma star that carry pheromone (Kuehner & Stock, section V-A).

"All edges are bidirectional ... it is necessary to double all edges": every edge of the
board is stored twice, once per direction, each with its own pheromone value. Edges are
numbered once per model and shared by every player, so a pheromone field is a NumPy vector
over edge ids and two players' fields line up edge for edge (eq. 18 reads the partner's
value on ``reverse[e]``).

What a jump runs along is not spelled out in the paper. Two readings, selectable with the
``edge_model`` parameter:

- ``lattice`` (default): the edges are the board's lines between neighbouring holes (the
  lines of Figure 8; the tip hole has exactly "the two edges connected to the first row" of
  eq. 10). A jump over a piece runs along the two collinear edges through the jumped hole.
  The path length l counts the edges run along: a step 1, one jump 2, two jumps 4 — so
  eq. 15's "jump moves and l > 2" is exactly "more than one jump", as the text says.
- ``hop``: every step and every single jump (hole to the hole two along a line) is its own
  directed edge. l counts the holes of the path (a step or one jump 2, two jumps 3), which
  again makes "l > 2" mean "more than one jump".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from swarmtui.core.hexgrid import DIRECTIONS, Hex, distance
from swarmtui.games.halma.geometry import STAR, STAR_SET, tip

Hop = tuple[Hex, Hex]


@dataclass(frozen=True)
class EdgeSet:
    """The star's directed edges under one ``model`` ("lattice" or "hop")."""

    model: str
    hole_id: dict[Hex, int]
    pairs: tuple[Hop, ...]
    """``pairs[e]`` = (start hole, end hole) of edge ``e``."""
    edge_id: dict[Hop, int]
    reverse: np.ndarray
    """``reverse[e]`` is the edge between the same holes in the other direction."""
    ends: np.ndarray
    """Hole id (index into ``STAR``) of each edge's end."""
    hop_edges: dict[Hop, tuple[int, ...]]
    """A move's hop (a step, or one jump of a chain) -> the edges it runs along."""

    @property
    def size(self) -> int:
        return len(self.pairs)

    def path_edges(self, path: tuple[Hex, ...]) -> list[int]:
        """The edges a move along ``path`` (holes, start first) runs along, in order."""
        hop_edges = self.hop_edges
        out: list[int] = []
        for i in range(len(path) - 1):
            out.extend(hop_edges[(path[i], path[i + 1])])
        return out

    def tip_distance(self, goal_corner: int) -> np.ndarray:
        """Per hole: the number of steps to the tip of ``goal_corner`` (the "first row")."""
        return _tip_distance(goal_corner)


def _collinear_pairs(span: int) -> list[Hop]:
    pairs = []
    for a in STAR:
        for d in DIRECTIONS:
            b = Hex(a.q + span * d.q, a.r + span * d.r)
            middle = Hex(a.q + d.q, a.r + d.r)
            if b in STAR_SET and middle in STAR_SET:
                pairs.append((a, b))
    return pairs


@lru_cache(maxsize=2)
def edge_set(model: str = "lattice") -> EdgeSet:
    """The edge numbering of ``model`` (built once per process)."""
    if model not in ("lattice", "hop"):
        raise ValueError(f"unknown edge model {model!r} (lattice or hop)")
    steps = _collinear_pairs(1)
    jumps = _collinear_pairs(2)
    pairs = tuple(steps + jumps) if model == "hop" else tuple(steps)
    edge_id = {pair: i for i, pair in enumerate(pairs)}
    hole_id = {cell: i for i, cell in enumerate(STAR)}
    reverse = np.array([edge_id[(b, a)] for a, b in pairs], dtype=np.intp)
    ends = np.array([hole_id[b] for _, b in pairs], dtype=np.intp)
    hop_edges: dict[Hop, tuple[int, ...]] = {pair: (edge_id[pair],) for pair in steps}
    for a, c in jumps:
        if model == "hop":
            hop_edges[(a, c)] = (edge_id[(a, c)],)
        else:
            middle = Hex((a.q + c.q) // 2, (a.r + c.r) // 2)
            hop_edges[(a, c)] = (edge_id[(a, middle)], edge_id[(middle, c)])
    return EdgeSet(model, hole_id, pairs, edge_id, reverse, ends, hop_edges)


@lru_cache(maxsize=6)
def _tip_distance(goal_corner: int) -> np.ndarray:
    apex = tip(goal_corner)
    distances = np.array([distance(cell, apex) for cell in STAR], dtype=np.float64)
    distances.setflags(write=False)
    return distances
