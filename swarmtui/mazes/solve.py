"""Shortest paths and connected regions of the open fields (4-neighbour moves, as the queen's).

``shortest_path`` takes the Euler tour when the start's region is a tree (every perfect maze):
the path between two fields of a tree is unique, so it is the shortest one and the tour finds
it in whole-array steps (see ``tree_path``); a region with loops gets the bidirectional
breadth-first search in whole-array rounds of ``frontier.frontier_path``.
``shortest_path_visits`` is the plain queue search (one pass, a parent array), kept for what
it counts: the fields a breadth-first search reaches before it dequeues the goal (the
solvers' comparison in ``maze solve``), and as the yardstick of the benchmark. ``regions`` labels the
connected open regions with a vectorised hook-and-jump union over row runs (a handful of
whole-array rounds instead of a Python loop per field). SciPy's graph routines would do the
same but would be a runtime dependency for two small functions.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from swarmtui.mazes.frontier import frontier_path
from swarmtui.mazes.grid import Cell
from swarmtui.mazes.lattice import cell_path_fields, cells_next_to, is_lattice, passages


def regions(walls: np.ndarray) -> np.ndarray:
    """Region label of every field (flat; walls get -1); open fields that connect share a label.

    Each row's runs of open fields are one node (labelled with a cumulative sum), so the
    union works on the vertical contacts between runs only: in a maze that is two to five
    times fewer nodes and edges than field by field (see ``union_labels``). On a lattice maze the
    runs are runs of cells joined by open passages (a quarter of the fields), and each passage
    and door takes the label of the cell beside it.
    """
    if is_lattice(walls):
        return _lattice_regions(walls)
    height, width = walls.shape
    free = ~walls
    starts = free.copy()
    starts[:, 1:] &= ~free[:, :-1]
    run = np.cumsum(starts.ravel(), dtype=np.int32)  # int32 throughout: half the memory traffic
    run -= 1
    down = (free[:-1] & free[1:]).ravel()
    label = union_labels(run[:-width][down], run[width:][down], int(run[-1]) + 1)
    out = np.full(height * width, -1, dtype=np.int64)
    open_ = free.ravel()
    out[open_] = label[run[open_]]
    return out


def _lattice_regions(walls: np.ndarray) -> np.ndarray:
    """``regions`` of a lattice maze, by runs of cells."""
    height, width = walls.shape
    north, east, south, west = passages(walls)
    rows, cols = east.shape
    starts = np.ones((rows, cols), dtype=bool)
    starts[:, 1:] = west[:, 1:]  # a wall to the west starts a run
    run = np.cumsum(starts.ravel(), dtype=np.int32)
    run -= 1
    down = ~south[:-1].ravel()
    label = union_labels(run[:-cols][down], run[cols:][down], int(run[-1]) + 1)
    cell = label.take(run).reshape(rows, cols).astype(np.int64)
    out = np.full((height, width), -1, dtype=np.int64)
    out[1::2, 1::2] = cell
    for fields, shut, beside in ((out[0:-2:2, 1::2], north, cell), (out[1::2, 2::2], east, cell),
                                 (out[-1:, 1::2], south[-1:], cell[-1:])):
        np.copyto(fields, beside, where=~shut)  # each open passage or door: its cell's label
    np.copyto(out[1::2, 0:1], cell[:, :1], where=~west[:, :1])
    return out.ravel()


def union_labels(u: np.ndarray, v: np.ndarray, count: int) -> np.ndarray:
    """The root label of each of ``count`` nodes joined by the edges ``(u[i], v[i])``: hook-and-jump
    rounds, every root pointing at the smallest root across an edge, then pointer jumping until
    every node points at its region's root."""
    label = np.arange(count, dtype=np.int32)
    while u.size:
        lu, lv = label[u], label[v]
        differ = lu != lv
        if not differ.any():
            break
        u, v, lu, lv = u[differ], v[differ], lu[differ], lv[differ]
        # hook each larger root onto a smaller one across a contact (when several contacts
        # compete, any one wins: each is a valid union, and the roots still end as minima)
        label[np.maximum(lu, lv)] = np.minimum(lu, lv)
        while True:  # pointer jumping: every run points at its region's root
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
    return label


def shortest_path(walls: np.ndarray, start: Cell, goal: Cell) -> list[Cell] | None:
    """The fields of a shortest 4-neighbour path from ``start`` to ``goal`` (both included), or None."""
    if walls[start] or walls[goal]:
        return None
    try:
        return tree_path(walls, start, goal)
    except LoopsError:
        return frontier_path(walls, start, goal)


class LoopsError(ValueError):
    """The start's region has a loop: the tour does not cover it (take a breadth-first search)."""


def _tour_tables() -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    """Lookup tables over a field's 4-bit open-neighbour mask (bit d: direction d, N E S W open):
    ``rank[d][mask]`` is the index of direction d among the mask's open directions, ``turn[b][mask]``
    that of the first open direction after b, clockwise (the tour's next exit when it came in
    from b; back out through b at a dead end); ``popcount[mask]``."""
    rank = [np.array([bin(m & ((1 << d) - 1)).count("1") for m in range(16)], dtype=np.int32) for d in range(4)]
    turn = []
    for back in range(4):
        out = np.zeros(16, dtype=np.int32)
        for m in range(1, 16):
            d = next((back + k) % 4 for k in range(1, 5) if m >> ((back + k) % 4) & 1)
            out[m] = rank[d][m]
        turn.append(out)
    return rank, turn, np.array([bin(m).count("1") for m in range(16)], dtype=np.int32)


_RANK, _TURN, _POPCOUNT = _tour_tables()
RULER_SPACING = 32
"""One directed edge in this many (at random) starts a walker in ``tree_path``'s list ranking."""


def tree_path(walls: np.ndarray, start: Cell, goal: Cell, spacing: int = RULER_SPACING) -> list[Cell] | None:
    """The path from ``start`` to ``goal`` when the start's region is a tree, else ``LoopsError``.

    The Euler tour of a tree (the wall follower's walk): each directed edge ``u -> v`` is
    followed by ``v -> w``, w the first open neighbour of v clockwise after u. From the start's
    first edge the tour runs through every edge of the region twice, once each way; the path
    to the goal is the edges taken before the tour first enters the goal and not taken back
    before then. The tour's order is a list ranking, done with a ruling set: walkers start
    from every ``spacing``-th edge (at random) at once and step in whole-array rounds until
    each reaches the next walker's start (O(edges) work in about ``spacing * ln(edges)``
    rounds), then the short list of segments is ranked by pointer jumping. A region with a
    loop shows itself: its tour is one face's boundary, which takes some edge one way only.
    On a lattice maze the tour runs over the cells (a quarter of the fields: every passage is
    an edge between two cells); elsewhere over the fields, straight corridor fields on the odd
    squares of the chessboard counted as edges of length 2 (never two side by side).
    """
    if walls[start] or walls[goal]:
        return None
    if start == goal:
        return [start]
    if is_lattice(walls):
        return _lattice_tree_path(walls, start, goal, spacing)
    height, width = walls.shape
    stride = width + 2
    free = np.zeros((height + 2, stride), dtype=bool)
    free[1:-1, 1:-1] = ~walls
    inner = free[1:-1, 1:-1]
    masks = np.zeros((height + 2, stride), dtype=np.uint8)
    core = masks[1:-1, 1:-1]
    for d, beside in enumerate((free[:-2, 1:-1], free[1:-1, 2:], free[2:, 1:-1], free[1:-1, :-2])):
        core |= (inner & beside).view(np.uint8) << d
    mask = masks.ravel()
    first = (start[0] + 1) * stride + start[1] + 1
    last = (goal[0] + 1) * stride + goal[1] + 1
    if not mask[first] or not mask[last]:
        return None
    # straight corridor fields on the odd squares of the chessboard (a lattice maze's passages)
    # become edges of length 2 between their two neighbours: never two side by side, so the
    # tour runs over half the edges (the doors and the ends stay fields)
    straight = (mask == 0b0101) | (mask == 0b1010)
    straight.reshape(height + 2, stride)[::2, 0::2] = False
    straight.reshape(height + 2, stride)[1::2, 1::2] = False
    straight[first] = straight[last] = False
    nodes = np.where(straight, np.uint8(0), mask)
    del free, masks
    found = _tour_path(nodes, stride, first, last, spacing, straight)
    if found is None:
        return None
    ends, length = found
    fields = np.empty(2 * ends.size + 1, dtype=np.int32)  # each edge's middle field (if any) and end
    fields[0] = first
    fields[2::2] = ends
    fields[1::2] = (np.concatenate([[first], ends[:-1]]) + ends) // 2
    keep = np.ones(fields.size, dtype=bool)
    keep[1::2] = length == 2
    row, col = np.divmod(fields[keep], stride)
    return list(zip((row - 1).tolist(), (col - 1).tolist(), strict=True))


def _lattice_tree_path(walls: np.ndarray, start: Cell, goal: Cell, spacing: int) -> list[Cell] | None:
    """``tree_path`` on a lattice maze: the tour over the cells, from a cell the start leads into to
    one the goal leads into; a passage or a door at either end is added (or, for a passage whose
    other cell the path goes through, the cell on its far side dropped)."""
    height, width = walls.shape
    rows, cols = (height - 1) // 2, (width - 1) // 2
    stride = cols + 2
    masks = np.zeros((rows + 2, stride), dtype=np.uint8)
    core = masks[1:-1, 1:-1]
    for d, passage in enumerate(passages(walls)):
        core |= (~passage).view(np.uint8) << d
    core[0] &= np.uint8(0b1110)  # the doors lead off the cells
    core[:, -1] &= np.uint8(0b1101)
    core[-1] &= np.uint8(0b1011)
    core[:, 0] &= np.uint8(0b0111)
    nodes = masks.ravel()
    sources = [(r + 1) * stride + c + 1 for r, c in cells_next_to(walls, start)]
    targets = [(r + 1) * stride + c + 1 for r, c in cells_next_to(walls, goal)]
    first, last = sources[0], targets[0]
    if first == last:
        cells = np.array([first])
    elif not nodes[first] or not nodes[last]:
        return None
    else:
        found = _tour_path(nodes, stride, first, last, spacing)
        if found is None:
            return None
        cells = np.concatenate([[first], found[0]])
    # a passage at an end: start from (end at) the one of its two cells the path reaches first
    if len(sources) == 2 and len(cells) > 1 and cells[1] == sources[1]:
        cells = cells[1:]
    if len(targets) == 2 and len(cells) > 1 and cells[-2] == targets[1]:
        cells = cells[:-1]
    row, col = np.divmod(cells, stride)
    return cell_path_fields(row - 1, col - 1, start, goal)


def _tour_path(nodes: np.ndarray, stride: int, first: int, last: int, spacing: int,
               straight: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """The tree path from place ``first`` to ``last`` (each with an open side in ``nodes``, the
    4-bit open-direction masks of the places, a blocked ring around them): the places the path
    steps onto, in order (``first`` not included), and each step's length (2 where it crosses a
    ``straight`` place); None when ``last`` is in another region; ``LoopsError`` on a loop."""
    degree = _POPCOUNT.take(nodes)
    base = np.cumsum(degree, dtype=np.int32)
    edges = int(base[-1])
    if edges >= 2 * int(np.count_nonzero(nodes)):
        raise LoopsError("more edges than fields")  # (edges counts both ways: a forest has fewer)
    base -= degree  # the directed edges out of place x are base[x], base[x] + 1, ... in N E S W order
    del degree
    succ = np.empty(edges, dtype=np.int32)
    back = np.empty(edges, dtype=np.int32)
    length = None if straight is None else np.empty(edges, dtype=np.int32)
    for d, step in ((1, 1), (2, stride)):  # each edge east or south, and its way back (west, north)
        r = (d + 2) % 4
        x = np.flatnonzero(nodes & np.uint8(1 << d)).astype(np.int32)
        y = x + np.int32(step)
        if straight is not None and length is not None:
            over = straight.take(y)
            y[over] += np.int32(step)
        at_x, at_y = nodes.take(x), nodes.take(y)
        base_x, base_y = base.take(x), base.take(y)
        there = base_x + _RANK[d].take(at_x)
        back_again = base_y + _RANK[r].take(at_y)
        succ[there] = base_y + _TURN[r].take(at_y)
        succ[back_again] = base_x + _TURN[d].take(at_x)
        back[there] = back_again
        back[back_again] = there
        if straight is not None and length is not None:
            length[there] = length[back_again] = over + np.int32(1)
    position = _tour_positions(succ, length, int(base[first]), spacing)
    position_back = position.take(back)
    # an edge on the tour whose way back is not (their signs differ): a loop; in a tree the
    # tour takes every edge both ways
    if (np.bitwise_xor(position, position_back) < 0).any():
        raise LoopsError("the start's region has a loop")
    into_goal = position.take(back[base[last] + np.arange(_POPCOUNT[nodes[last]], dtype=np.int32)])
    if into_goal.max() < 0:
        return None  # the goal is in another region
    cut = int(into_goal[into_goal >= 0].min())
    path = np.flatnonzero((position <= cut) & (position_back > cut))  # (back on the tour: so is the edge)
    path = path[np.argsort(position[path])]
    # each step's end is where its way back starts: the last place whose edges begin at or before it
    ends = (np.searchsorted(base, back.take(path), side="right") - 1).astype(np.int32)
    return ends, (np.ones(path.size, dtype=np.int32) if length is None else length[path])


def _tour_positions(succ: np.ndarray, length: np.ndarray | None, first: int, spacing: int) -> np.ndarray:
    """Each directed edge's position in the tour that starts with edge ``first`` (negative off it),
    counted in fields (edge i is ``length[i]`` fields long; one each without ``length``)."""
    edges = succ.size
    is_start = np.random.default_rng(0).integers(spacing, size=edges, dtype=np.uint8) == 0
    is_start[first] = True
    starts = np.flatnonzero(is_start).astype(np.int32)
    count = starts.size
    walker_of = np.full(edges, -1, dtype=np.int32)
    offset = np.zeros(edges, dtype=np.int32)
    following = np.empty(count, dtype=np.int32)
    span = np.empty(count, dtype=np.int32)
    at, walker = starts, np.arange(count, dtype=np.int32)
    walked = np.zeros(count, dtype=np.int32)
    steps = 0
    while at.size:  # every walker steps until it reaches another walker's start
        walker_of[at] = walker
        steps += 1
        if length is None:  # (every edge one long: a walker's offset is the round's number)
            offset[at] = steps - 1
        else:
            offset[at] = walked
            walked += length.take(at)
        following_edge = succ.take(at)
        arrived = is_start.take(following_edge)
        done = walker[arrived]
        following[done] = following_edge[arrived]
        going = ~arrived
        if length is None:
            span[done] = steps
            at, walker = following_edge[going], walker[going]
        else:
            span[done] = walked[arrived]
            at, walker, walked = following_edge[going], walker[going], walked[going]
    nxt = np.searchsorted(starts, following).astype(np.int32)
    head = int(np.searchsorted(starts, first))
    end = count
    nxt[nxt == head] = end  # the segment that closes the tour ends the list
    nxt = np.append(nxt, np.int32(end))
    rest = np.append(span, np.int32(0))
    for _ in range(count.bit_length() + 1):  # pointer jumping: the tour's length from each segment on
        rest = rest + rest.take(nxt)
        nxt = nxt.take(nxt)
    on_tour = nxt[:count] == end  # (segments of other regions' tours never reach the end)
    # off the tour (another region's segment, or no walker's: walker_of -1 takes the last
    # entry) far below zero, offsets (below 2^23 at the largest size) keep it negative
    begin = np.append(np.where(on_tour, rest[head] - rest[:count], -(1 << 30)), np.int32(-(1 << 30)))
    position = begin.take(walker_of)
    position += offset
    return position


def shortest_path_visits(walls: np.ndarray, start: Cell, goal: Cell) -> tuple[list[Cell] | None, int]:
    """``shortest_path`` and the number of fields the search reached before it stopped."""
    height, width = walls.shape
    if walls[start] or walls[goal]:
        return None, 0
    free = (~walls).ravel().tolist()
    parent = [-1] * (height * width)
    source = start[0] * width + start[1]
    target = goal[0] * width + goal[1]
    parent[source] = source
    queue = deque([source])
    reached = 1
    while queue:
        here = queue.popleft()
        if here == target:
            break
        col = here % width
        for nxt, ok in ((here - width, here >= width), (here + width, here < (height - 1) * width),
                        (here - 1, col > 0), (here + 1, col < width - 1)):
            if ok and free[nxt] and parent[nxt] < 0:
                parent[nxt] = here
                queue.append(nxt)
                reached += 1
    if parent[target] < 0:
        return None, reached
    path = [target]
    while path[-1] != source:
        path.append(parent[path[-1]])
    path.reverse()
    return [divmod(cell, width) for cell in path], reached
