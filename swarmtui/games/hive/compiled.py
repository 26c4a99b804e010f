"""The base game's move generator compiled with Numba: every placement cell and every piece's
destinations of one position in one call (issue 31's speed targets).

The pure-Python layers (``topology``, ``ants``, ``movement``, ``placement``) stay the reference
and the path for the expansion bugs and for a machine without Numba; a test compares the two on
every position of many seeded games. Both list the same moves in the same, canonical order
(``generation``): placement cells and each piece's destinations in ascending cell number, so
a game does not depend on which path played it.

The kernel sees the position as one array the board keeps up to date in ``play``/``undo``,
``Board._where``: each piece's integer cell times 8 plus its height in its stack (1 on the
ground), ``NOWHERE`` in hand. It lays the hive on a 32 x 32 torus (a hive of 22 tiles and its rim
span fewer than 32 cells along any axis, so no two cells it touches share a torus cell), builds heights,
top pieces and neighbour masks there, and answers with integer cells again (each found
through a neighbour of a cell already known, so the torus never has to be undone).

Rules as in the Python layers: One Hive by the hive's articulation points, found in one pass
(only asked of a ground piece whose neighbours form two or more arcs, and only when the hive has a
hole: without one, two arcs always pin), slides by the
neighbour-mask tables of ``cells`` (Freedom to Move and constant contact), a Beetle's steps
through gates measured in stack heights, a Grasshopper's jumps, a Spider's three slides
without going back, an Ant's flood of slides; placements touch their own colour only.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from swarmtui.games.hive.cells import ARCS, SLIDE, D, W
from swarmtui.games.hive.pieces import KIND

NOWHERE = -(1 << 62)
"""``where`` of a piece in hand."""
MAX_MOVES = 1024
"""Room for cells in the output (a base-game position has at most a few hundred)."""
HEAD = 16
"""The kernel's output starts with its counts: placement cells, movements, and each of the 14 pieces'
destinations; the cells follow."""

_SIZE = 32  # torus side: wider than any base-game hive with its rim (22 tiles)
_DQ = np.array([1, 0, -1, -1, 0, 1], dtype=np.int64)  # E, SE, SW, W, NW, NE (core.hexgrid.DIRECTIONS)
_DR = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
_D = np.array(D, dtype=np.int64)  # the same directions as integer-cell offsets
_SLIDE = np.full((64, 6), -1, dtype=np.int64)  # per neighbour mask, the slide directions, -1 ended
for _mask in range(64):
    for _j, _i in enumerate(SLIDE[_mask]):
        _SLIDE[_mask, _j] = _i
_ARCS = np.array(ARCS, dtype=np.int64)
_KIND_QUEEN, _KIND_SPIDER, _KIND_BEETLE, _KIND_GRASSHOPPER, _KIND_ANT = 0, 1, 2, 3, 4

def _torus(cell: int) -> int:
    """The torus cell of integer cell ``cell``."""
    half = W >> 1
    r = (cell + half) % W - half
    q = (cell - r) // W
    return (q % _SIZE) * _SIZE + r % _SIZE


def _next(t: int, i: int) -> int:
    """Torus cell ``t``'s neighbour in direction ``i``."""
    return ((t // _SIZE + _DQ[i]) % _SIZE) * _SIZE + (t % _SIZE + _DR[i]) % _SIZE


def _lay_out(where: Any, height: Any, top: Any, mask: Any, real: Any, occupied: Any) -> int:
    """Heights, top pieces, integer cells and neighbour masks of the hive on the torus; the
    occupied torus cells into ``occupied``; how many."""
    n_occupied = 0
    for code in range(where.shape[0]):
        if where[code] == NOWHERE:
            continue
        t = _torus(where[code] >> 3)
        if height[t] == 0:
            occupied[n_occupied] = t
            n_occupied += 1
            real[t] = where[code] >> 3
        if where[code] & 7 > height[t]:
            height[t] = where[code] & 7
            top[t] = code
    for k in range(n_occupied):
        t = occupied[k]
        for i in range(6):
            n = _next(t, i)
            mask[n] |= 1 << ((i + 3) % 6)
            real[n] = real[t] + _D[i]
    return n_occupied


def _rim(occupied: Any, n_occupied: int, height: Any, real: Any, stamp: Any, rim: Any) -> int:
    """The empty cells touching the hive into ``rim``, in ascending cell number; how many.
    Every placement cell and every destination of an ant or a spider is one of them, so
    scanning the rim lists those in canonical order without sorting each list."""
    n_rim = 0
    for k in range(n_occupied):
        for i in range(6):
            n = _next(occupied[k], i)
            if height[n] == 0 and stamp[n] != 1:
                stamp[n] = 1
                j = n_rim  # insertion by cell number
                while j > 0 and real[rim[j - 1]] > real[n]:
                    rim[j] = rim[j - 1]
                    j -= 1
                rim[j] = n
                n_rim += 1
    return n_rim


def _placements(where: Any, colour: int, n_occupied: int, rim: Any, n_rim: int, height: Any, top: Any,
                real: Any, out: Any) -> int:
    """``colour``'s placement cells into ``out`` (the first piece anywhere: the origin; a
    colour's first piece beside any; later ones touching their own colour's top pieces only);
    how many."""
    if n_occupied == 0:
        out[0] = 0
        return 1
    own_in_play = False
    for code in range(colour * 14, colour * 14 + 14):
        if where[code] != NOWHERE:
            own_in_play = True
    p = 0
    for k in range(n_rim):
        n = rim[k]
        ok = not own_in_play
        for j in range(6):
            x = _next(n, j)
            if own_in_play and height[x]:
                if top[x] // 14 != colour:
                    ok = False
                    break
                ok = True
        if ok:
            out[p] = real[n]
            p += 1
    return p


def _search(start: int, mask: Any, stamp: Any, mark: int, queue: Any, slides: bool) -> int:
    """Breadth-first from torus cell ``start``, marking each cell met with ``mark``: over the
    occupied neighbours (the hive's own graph) or, with ``slides``, over slides (an Ant's
    reach). How many cells it marked."""
    stamp[start] = mark
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        x = queue[head]
        head += 1
        for j in range(6):
            if slides:
                i = _SLIDE[mask[x], j]
                if i < 0:
                    break
            elif mask[x] >> j & 1:
                i = j
            else:
                continue
            n = _next(x, i)
            if stamp[n] != mark:
                stamp[n] = mark
                queue[tail] = n
                tail += 1
    return tail


def _pins(occupied: Any, n_occupied: int, mask: Any, index: Any, pinned: Any) -> None:
    """One Hive for every ground cell at once: ``pinned[k]`` is set when lifting the piece on
    ``occupied[k]`` would split the hive, i.e. the cell is an articulation point of the graph
    of occupied cells (Hopcroft and Tarjan's low points, one depth-first pass without
    recursion); ``index`` is set to each occupied torus cell's ``k``. One pass for every piece,
    where a search of the hive without the piece would be one per piece."""
    for k in range(n_occupied):
        index[occupied[k]] = k
        pinned[k] = False
    if n_occupied < 3:
        return
    work = np.empty((5, n_occupied), dtype=np.int64)
    disc, low, parent, stack, step = work[0], work[1], work[2], work[3], work[4]
    disc[:] = -1
    disc[0], low[0], parent[0], stack[0], step[0] = 0, 0, -1, 0, 0
    clock, top, root_children = 1, 0, 0
    while top >= 0:
        v = stack[top]
        i = step[top]
        if i < 6:
            step[top] = i + 1
            t = occupied[v]
            if mask[t] >> i & 1:
                u = index[_next(t, i)]
                if disc[u] < 0:
                    disc[u], low[u], parent[u] = clock, clock, v
                    clock += 1
                    top += 1
                    stack[top], step[top] = u, 0
                    if v == 0:
                        root_children += 1
                elif u != parent[v] and disc[u] < low[v]:
                    low[v] = disc[u]
            continue
        top -= 1
        if top >= 0:
            p = stack[top]
            if low[v] < low[p]:
                low[p] = low[v]
            if p != 0 and low[v] >= disc[p]:
                pinned[p] = True
    pinned[0] = root_children > 1


def _slides(cell: int, here: int, out: Any, at: int) -> int:
    """A ground piece's single slides (Queen, and the first part of a ground Beetle's steps)."""
    k = 0
    for j in range(6):
        i = _SLIDE[here, j]
        if i < 0:
            break
        out[at + k] = cell + _D[i]
        k += 1
    return k


def _jumps(t: int, cell: int, here: int, height: Any, out: Any, at: int) -> int:
    """A Grasshopper's jumps: over each occupied neighbour's line to the first empty cell."""
    k = 0
    for i in range(6):
        if here >> i & 1:
            n = _next(_next(t, i), i)
            dest = cell + 2 * _D[i]
            while height[n]:
                n = _next(n, i)
                dest += _D[i]
            out[at + k] = dest
            k += 1
    return k


def _lift(t: int, mask: Any, height: Any, up: bool) -> None:
    """Take the piece on ground cell ``t`` out of its neighbours' masks (``up``) or put it back."""
    for i in range(6):
        n = _next(t, i)
        if up:
            mask[n] &= ~(1 << ((i + 3) % 6))
        else:
            mask[n] |= 1 << ((i + 3) % 6)
    height[t] = 0 if up else 1


def _spider(t: int, mask: Any, stamp: Any, mark: int) -> None:
    """Mark the ends of a lifted Spider's three slides from ``t``, never back to a cell of its
    path (``movement._spider_dests``)."""
    for j1 in range(6):
        i1 = _SLIDE[mask[t], j1]
        if i1 < 0:
            break
        a = _next(t, i1)
        for j2 in range(6):
            i2 = _SLIDE[mask[a], j2]
            if i2 < 0:
                break
            b = _next(a, i2)
            if b == t:
                continue
            for j3 in range(6):
                i3 = _SLIDE[mask[b], j3]
                if i3 < 0:
                    break
                e = _next(b, i3)
                if e != a and e != t:
                    stamp[e] = mark


def _marked(rim: Any, n_rim: int, stamp: Any, mark: int, real: Any, out: Any, at: int) -> int:
    """The rim cells marked ``mark``, in the rim's order, into ``out`` from ``at``; how many."""
    k = 0
    for j in range(n_rim):
        if stamp[rim[j]] == mark:
            out[at + k] = real[rim[j]]
            k += 1
    return k


def _kernel(where: Any, kinds: Any, colour: int, may_move: bool, holes: int) -> Any:
    """``colour``'s placement cells and each of its pieces' destinations, as one array:
    ``[p, m, n_0, ..., n_13, the p placement cells, piece 0's n_0 destinations, ...]`` (``m``
    movements in all, ``n_j`` for the colour's ``j``-th piece code; cells ascending within
    each part). ``where`` is each piece code's ``cell * 8 + level`` (``NOWHERE`` in hand),
    ``kinds`` each code's bug kind; ``may_move``: the colour's Queen is in play (nothing
    moves before); ``holes``: the hive's holes (``Board._holes``: without one, a piece whose
    neighbours form two arcs is always pinned, ``topology``)."""
    cells = _SIZE * _SIZE
    out = np.empty(HEAD + MAX_MOVES, dtype=np.int64)
    out[1:HEAD] = 0
    found = out[HEAD:]
    height = np.zeros(cells, dtype=np.int8)
    top = np.empty(cells, dtype=np.int16)  # read only where height is set
    mask = np.zeros(cells, dtype=np.uint8)
    real = np.empty(cells, dtype=np.int64)  # integer cell of each torus cell met
    stamp = np.zeros(cells, dtype=np.int32)  # visited marks, a new number per search (1: the rim)
    occupied = np.empty(32, dtype=np.int64)
    rim = np.empty(8 * 32, dtype=np.int64)
    queue = np.empty(cells, dtype=np.int64)
    n_occupied = _lay_out(where, height, top, mask, real, occupied)
    n_rim = _rim(occupied, n_occupied, height, real, stamp, rim)
    p = _placements(where, colour, n_occupied, rim, n_rim, height, top, real, found)
    out[0] = p
    if not may_move:
        return out[:HEAD + p]
    tall = False
    for k in range(n_occupied):
        tall = tall or height[occupied[k]] > 1
    index = np.empty(cells if holes else 0, dtype=np.int64)
    pinned = np.empty(32, dtype=np.bool_)
    if holes:  # with a hole, two arcs of neighbours may not pin: every articulation point at once
        _pins(occupied, n_occupied, mask, index, pinned)
    mark = 1
    m = 0
    for code in range(colour * 14, colour * 14 + 14):
        if where[code] == NOWHERE:
            continue
        cell = where[code] >> 3
        t = _torus(cell)
        if top[t] != code:
            continue  # pinned under a beetle
        at = p + m
        kind = kinds[code]
        here = mask[t]
        if height[t] > 1:
            m += _steps(t, height[t], height, real, found, at)
        elif _ARCS[here] > 1 and (not holes or pinned[index[t]]):
            continue  # One Hive pins it
        elif kind == _KIND_QUEEN:
            m += _slides(cell, here, found, at)
        elif kind == _KIND_BEETLE:
            m += _slides(cell, here, found, at)
            m += _steps(t, 1, height, real, found, p + m) if tall else _climbs(cell, here, found, p + m)
        elif kind == _KIND_GRASSHOPPER:
            m += _jumps(t, cell, here, height, found, at)
        else:  # spider and ant: searched with the piece lifted, their ends read off the rim
            mark += 1
            _lift(t, mask, height, True)
            if kind == _KIND_ANT:
                _search(t, mask, stamp, mark, queue, True)  # the cells an Ant reaches by slides
            else:
                _spider(t, mask, stamp, mark)
            _lift(t, mask, height, False)
            m += _marked(rim, n_rim, stamp, mark, real, found, at)
        if height[t] > 1 or (kind != _KIND_ANT and kind != _KIND_SPIDER):
            _sort(found, at, p + m)  # six or fewer, in direction order
        out[2 + code - colour * 14] = p + m - at
    out[1] = m
    return out[:HEAD + p + m]


def _climbs(cell: int, here: int, out: Any, at: int) -> int:
    """A ground Beetle's climbs while no stack is two high (no gate can close over it)."""
    k = 0
    for i in range(6):
        if here >> i & 1:
            out[at + k] = cell + _D[i]
            k += 1
    return k


def _draw(where: Any, kinds: Any, colour: int, may_move: bool, holes: int, placeable: int,
          u: float) -> tuple[int, int]:
    """Entry ``floor(u * n)`` of the ``n`` moves ``_kernel``'s cells make (``placeable``
    pieces, each on every placement cell, then the movements): ``(-1 - i, cell)`` for the
    ``i``-th placeable piece, ``(code, cell)`` for a movement, ``(-1 - placeable, 0)`` when
    there is no move (the pass)."""
    out = _kernel(where, kinds, colour, may_move, holes)
    spots = out[0]
    placing = placeable * spots
    total = placing + out[1]
    if total == 0:
        return -1 - placeable, 0
    k = int(u * total)
    if k < placing:
        return -1 - k // spots, out[HEAD + k % spots]
    k -= placing
    at = HEAD + spots
    for j in range(14):
        found = out[2 + j]
        if k < found:
            return colour * 14 + j, out[at + k]
        k -= found
        at += found
    return -1 - placeable, 0


def _sort(cells: Any, start: int, end: int) -> None:
    """Sort ``cells[start:end]`` in place: insertion sort, several times faster than Numba's
    general sort for the few dozen cells of one piece or of the placements."""
    for i in range(start + 1, end):
        x = cells[i]
        j = i - 1
        while j >= start and cells[j] > x:
            cells[j + 1] = cells[j]
            j -= 1
        cells[j + 1] = x


def _steps(t: int, h: int, height: Any, real: Any, out_cells: Any, at: int) -> int:
    """A beetle's steps from torus cell ``t``, its stack ``h`` high with it (``movement.
    _beetle_steps``): to neighbour i unless both flanking stacks are higher than the higher of
    the source without it and the target; ground-to-ground steps are the slides. Written from
    ``out_cells[at]`` on; how many."""
    heights = np.empty(6, dtype=np.int64)
    for i in range(6):
        heights[i] = height[_next(t, i)]
    below = h - 1
    k = 0
    for i in range(6):
        barrier = below if below > heights[i] else heights[i]
        if barrier == 0:
            continue
        if heights[(i + 5) % 6] > barrier and heights[(i + 1) % 6] > barrier:
            continue
        out_cells[at + k] = real[t] + _D[i]
        k += 1
    return k


_COMPILED = ("_torus", "_next", "_lay_out", "_rim", "_placements", "_search", "_pins", "_slides", "_jumps", "_lift",
             "_spider", "_marked", "_climbs", "_steps", "_sort", "_kernel", "_draw")
KINDS = np.array(KIND, dtype=np.int64)
"""Each piece code's bug kind, as the kernel reads it."""
_loaded: list[tuple[Callable[..., Any], Callable[..., Any]]] = []  # the compiled kernel and draw, once ready
_loader: list[threading.Thread] = []  # the thread compiling them (or loading them from Numba's cache)
_lock = threading.Lock()
FAILURE: list[str] = []
"""Why the kernel could not be compiled, if Numba is installed and it could not (tests report it)."""


def kernel() -> tuple[Callable[..., Any], Callable[..., Any]] | None:
    """The compiled kernel and draw (``_kernel``, ``_draw``) once this process has loaded them
    (``load``), else None: the caller uses the Python layers, which list the same moves. It is
    never loaded behind a caller's back: a thread importing Numba holds the interpreter for
    half a second (fifteen seconds the first time on a machine, compiling), and a search with a
    time limit running beside it would overrun its limit."""
    return _loaded[0] if _loaded else None


def load(timeout: float | None = None) -> tuple[Callable[..., Any], Callable[..., Any]] | None:
    """Load the kernel now, before any clock runs (``sim`` before each Hive game, benchmarks,
    tests): compile it, or load it from Numba's cache beside this file (``cache=True``); the
    kernel, or None without Numba, with ``SWARMTUI_NO_NUMBA`` set, or when it could not be
    compiled (``FAILURE`` says why)."""
    if not _loaded:
        _start()
        _loader[0].join(timeout)
    return _loaded[0] if _loaded else None


def _start() -> None:
    with _lock:
        if not _loader:
            _loader.append(threading.Thread(target=_load, name="hive-kernel", daemon=True))
            _loader[0].start()


def _load() -> None:
    if os.environ.get("SWARMTUI_NO_NUMBA"):
        return
    try:
        from numba import config, njit
    except ImportError:
        return
    try:
        config.CACHE_DIR = cache_dir()  # type: ignore[attr-defined]
        namespace = globals()  # each function becomes its compiled self, so they call each other compiled
        for name in _COMPILED:
            namespace[name] = njit(cache=True)(namespace[name])
        generate, draw = namespace["_kernel"], namespace["_draw"]
        empty = np.full(len(KIND), NOWHERE, dtype=np.int64)
        generate(empty, KINDS, 0, False, 1)  # compile (or load) now
        draw(empty, KINDS, 0, False, 1, 4, 0.5)
    except Exception as error:  # a Numba that cannot compile here: the Python layers answer
        FAILURE.append(f"{type(error).__name__}: {error}")
        return
    _loaded.append((generate, draw))


COMPILED_SOURCES = ("compiled.py", "compiled_evaluation.py", "compiled_position.py", "compiled_search.py")
"""The modules compiled together: each calls into the ones before it."""


def cache_dir() -> str:
    """Where Numba keeps the compiled code: a folder named for the sources of all the compiled
    modules. Numba checks only the file of the function it caches, so a search cached before
    the generator it calls was changed would otherwise run the old generator."""
    here = os.path.dirname(os.path.abspath(__file__))
    digest = hashlib.sha256()
    for name in COMPILED_SOURCES:
        with open(os.path.join(here, name), "rb") as source:
            digest.update(source.read())
    return os.path.join(here, "__pycache__", f"numba-{digest.hexdigest()[:16]}")


def _forget_in_child() -> None:
    """A process forked while the kernel was being compiled cannot finish it (the thread is
    not copied, and Numba's locks may be held): the child keeps to the Python layers."""
    if not _loaded and _loader:
        _loader[:] = [threading.Thread(target=lambda: None)]
        _loader[0].start()


os.register_at_fork(after_in_child=_forget_in_child)
