"""Shortest paths by a bidirectional breadth-first search in whole-array rounds (any maze, loops too).

Each round grows the search from the start by one layer of distance, then the one from the
goal, each layer in a handful of NumPy operations over the whole frontier: gather the
neighbours, keep the open unvisited ones, drop duplicates (``owner[c] = k`` then keep the
entries that won their field: no sort) and mark them with their distance. The two searches
meet after about half the start-goal distance in rounds each, and together they reach fewer
fields than one search from the start.

The meeting is exact: before round ``k + 1`` the two balls of radius ``k`` are disjoint, so
the distance ``L`` is at least ``2k + 1``; the start's side claims layer ``k + 1`` first, and
the goal's side, expanding its layer ``k``, touches the start's side exactly when ``L`` is
``2k + 1`` (a field of the start's layer ``k``) or ``2k + 2`` (one of its layer ``k + 1``).
Of the fields touched, the one nearest the start closes a shortest path; the path is read
back by stepping from the meeting to a neighbour one round older on each side.

On a lattice maze (every cell open, every corner a wall: the classic builders, braided or
not) the search runs over the cells instead of the fields, a passage being a gate between two
cells: half the rounds and a quarter of the places of the field grid. A start or goal off the
cells (a door, a passage) starts from the cells next to it.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import Cell
from swarmtui.mazes.lattice import cell_path_fields, cells_next_to, is_lattice, passages


def _grow(front: np.ndarray, free: np.ndarray, owner: np.ndarray, steps: np.ndarray,
          gates: list[np.ndarray] | None) -> np.ndarray:
    """The open, unvisited neighbours of ``front`` (each once), marked visited in ``free``."""
    if gates is None:
        near = (front[:, None] + steps).ravel()
    else:  # only through the open gates
        near = np.concatenate([front[gate.take(front)] + step
                               for gate, step in zip(gates, steps.tolist(), strict=True)])
    near = near[free.take(near)]
    if near.size > 1:  # a field reached from two sides of a loop counts once
        order = np.arange(near.size, dtype=np.int32)
        owner[near] = order
        near = near[owner.take(near) == order]
    free[near] = False
    return near


def meet(free: np.ndarray, steps: np.ndarray, sources: np.ndarray, targets: np.ndarray,
         gates: list[np.ndarray] | None = None) -> list[int] | None:
    """The places of a shortest path from the set ``sources`` to the set ``targets`` (disjoint,
    flat indices into ``free``, which is True where a place is open and is used up), or None.

    ``steps[d]`` is the index offset of direction d; ``gates[d][x]`` (if given) says whether
    place x may move in direction d. Every place the search may reach must have its
    neighbours inside the array (a blocked ring around the grid).
    """
    free[sources] = False
    free[targets] = False
    when = np.zeros(free.size, dtype=np.int32)  # rounds from the sources (> 0), from the targets (< 0)
    when[sources] = 1
    when[targets] = -1
    owner = np.empty(free.size, dtype=np.int32)
    ahead, behind = sources.astype(np.int32), targets.astype(np.int32)
    layer = 1
    while True:
        layer += 1
        ahead = _grow(ahead, free, owner, steps, gates)
        when[ahead] = layer
        near = (behind[:, None] + steps).ravel()
        reached = when.take(near)
        touched = reached > 0
        if gates is not None and touched.any():  # (a wall between the two sides is no meeting)
            touched &= np.stack([gate.take(behind) for gate in gates], axis=1).ravel()
        if touched.any():
            hits = np.flatnonzero(touched)
            hit = int(hits[np.argmin(reached[hits])])
            return _read_back(when, steps, gates, int(near[hit]), 1)[::-1] + \
                _read_back(when, steps, gates, int(behind[hit // 4]), -1)
        behind = _grow(behind, free, owner, steps, gates)
        when[behind] = -layer
        if not ahead.size or not behind.size:
            return None


def _read_back(when: np.ndarray, steps: np.ndarray, gates: list[np.ndarray] | None, place: int,
               sign: int) -> list[int]:
    """The path from ``place`` back to its side's sources, one round older each step."""
    out = [place]
    age = int(when[place])
    while age != sign:
        age -= sign
        for d, step in enumerate(steps.tolist()):
            if (gates is None or gates[d][place]) and when[place + step] == age:
                place += step
                break
        out.append(place)
    return out


def frontier_path(walls: np.ndarray, start: Cell, goal: Cell) -> list[Cell] | None:
    """The fields of a shortest 4-neighbour path from ``start`` to ``goal`` (both included), or None."""
    if walls[start] or walls[goal]:
        return None
    if start == goal:
        return [start]
    height, width = walls.shape
    if is_lattice(walls):
        path = _lattice_path(walls, start, goal)
        if path is not None:
            return path if path else None
    stride = width + 2
    free = np.zeros((height + 2, stride), dtype=bool)
    inner = free[1:-1, 1:-1]
    np.logical_not(walls, out=inner)
    steps = np.array([-stride, 1, stride, -1], dtype=np.int32)
    places = meet(free.ravel(), steps, np.array([(start[0] + 1) * stride + start[1] + 1]),
                  np.array([(goal[0] + 1) * stride + goal[1] + 1]))
    if places is None:
        return None
    return [(place // stride - 1, place % stride - 1) for place in places]


def _lattice_path(walls: np.ndarray, start: Cell, goal: Cell) -> list[Cell] | None:
    """``frontier_path`` over the cells of a lattice maze: the path, ``[]`` when there is none,
    or None when the start and goal share a cell next to both (the field search takes those)."""
    height, width = walls.shape
    rows, cols = (height - 1) // 2, (width - 1) // 2
    stride = cols + 2
    sources = [(r + 1) * stride + c + 1 for r, c in cells_next_to(walls, start)]
    targets = [(r + 1) * stride + c + 1 for r, c in cells_next_to(walls, goal)]
    if set(sources) & set(targets):
        return None
    if not sources or not targets:
        return []
    free = np.zeros((rows + 2, stride), dtype=bool)
    free[1:-1, 1:-1] = True
    gates = []
    for passage in passages(walls):  # N E S W
        gate = np.zeros((rows + 2, stride), dtype=bool)
        np.logical_not(passage, out=gate[1:-1, 1:-1])
        gates.append(gate.ravel())
    # a gate through the outer wall (a door) leads off the cells: the ring stays blocked
    steps = np.array([-stride, 1, stride, -1], dtype=np.int32)
    cells = meet(free.ravel(), steps, np.array(sources), np.array(targets), gates)
    if cells is None:
        return []
    row, col = np.divmod(np.array(cells), stride)
    return cell_path_fields(row - 1, col - 1, start, goal)
