"""Hive's evaluation (``evaluation.py``) compiled with Numba, for the compiled search
(``compiled_search``): the same terms, weights and arithmetic, on the compiled move generator's
32 x 32 torus (``compiled``), from ``Board._where``.

The Python ``HiveEvaluation`` stays the reference; ``tests/test_hive_compiled_evaluation.py``
compares the two on every position of many seeded games, with the default and with random
weights. Base game only, as the generator. One Hive is decided by one pass over the hive that finds
every articulation point (``compiled._pins``; the Python asks its Tarjan pass only when the hive
has a hole, and without one two arcs of neighbours always pin: the same answer).
"""

from __future__ import annotations

import dataclasses
import os
import threading
from typing import Any

import numpy as np

from swarmtui.games.hive import compiled as _c
from swarmtui.games.hive.cells import W
from swarmtui.games.hive.weights import HiveWeights

_NAMES = tuple(f.name for f in dataclasses.fields(HiveWeights))
(QUEEN_NEIGHBOUR, QUEEN_NEIGHBOUR_SQ, OWN_MOBILE_NEIGHBOUR, ENEMY_NEIGHBOUR, MOBILE_AT_QUEEN, QUEEN_MOBILE,
 QUEEN_IN_HAND, ATTACKER, DROP_LIBERTY, BEETLE_ON_QUEEN, OWN_BEETLE_ON_QUEEN, OWN_COVER, BEETLE_NEAR_QUEEN,
 MOBILE_QUEEN, MOBILE_SPIDER, MOBILE_BEETLE, MOBILE_GRASSHOPPER, MOBILE_ANT, MOBILE_OTHER, HAND_SPIDER,
 HAND_BEETLE, HAND_GRASSHOPPER, HAND_ANT, HAND_OTHER, HAND_BLOCKED, TEMPO, NOISY_FROM, ORDER_FILL,
 ORDER_FREE) = (_NAMES.index(name) for name in (
    "queen_neighbour", "queen_neighbour_sq", "own_mobile_neighbour", "enemy_neighbour", "mobile_at_queen",
    "queen_mobile", "queen_in_hand", "attacker", "drop_liberty", "beetle_on_queen", "own_beetle_on_queen",
    "own_cover", "beetle_near_queen", "mobile_queen", "mobile_spider", "mobile_beetle", "mobile_grasshopper",
    "mobile_ant", "mobile_other", "hand_spider", "hand_beetle", "hand_grasshopper", "hand_ant", "hand_other",
    "hand_blocked", "tempo", "noisy_from", "order_fill", "order_free"))
"""Each weight's index in ``weight_vector``'s array (``dataclasses.fields(HiveWeights)`` order)."""

_MOBILE = np.array([MOBILE_QUEEN, MOBILE_SPIDER, MOBILE_BEETLE, MOBILE_GRASSHOPPER, MOBILE_ANT,
                    MOBILE_OTHER, MOBILE_OTHER, MOBILE_OTHER], dtype=np.int64)  # per bug kind
_HAND = np.array([-1, HAND_SPIDER, HAND_BEETLE, HAND_GRASSHOPPER, HAND_ANT, HAND_OTHER, HAND_OTHER, HAND_OTHER],
                 dtype=np.int64)  # per bug kind (-1: the Queen, worth nothing in hand)
_SLIDER = np.array([True, True, False, False, True, False, False, True])  # Queen, Spider, Ant, Pillbug
_BEETLE, _ANT = 2, 4


def weight_vector(weights: HiveWeights | None = None) -> np.ndarray:
    """``weights`` (default: the defaults) as the float array ``_evaluate`` reads."""
    weights = weights or HiveWeights()
    return np.array([float(getattr(weights, name)) for name in _NAMES], dtype=np.float64)


def _axial(cell: int) -> tuple[int, int]:
    """Integer cell ``cell``'s axial coordinates ``(q, r)`` (``cells.cell_of`` undone)."""
    half = W >> 1
    r = (cell + half) % W - half
    return (cell - r) // W, r


def _distance(a: int, b: int) -> int:
    """Hex distance between integer cells ``a`` and ``b``."""
    qa, ra = _axial(a)
    qb, rb = _axial(b)
    dq, dr = qa - qb, ra - rb
    far = abs(dq)
    if abs(dr) > far:
        far = abs(dr)
    if abs(dq + dr) > far:
        far = abs(dq + dr)
    return far


def _evaluate(where: Any, ply: int, kinds: Any, weights: Any, count: Any) -> float:
    """``HiveEvaluation.evaluate`` of the base-game position ``where`` (``Board._where``) with
    ``ply`` played, for the side to move (``count``: tiles per bug kind, ``Board._count``)."""
    cells = 1024
    height = np.zeros(cells, dtype=np.int8)
    top = np.empty(cells, dtype=np.int16)
    mask = np.zeros(cells, dtype=np.uint8)
    real = np.empty(cells, dtype=np.int64)
    occupied = np.empty(32, dtype=np.int64)
    index = np.empty(cells, dtype=np.int64)
    pinned = np.empty(32, dtype=np.bool_)
    n_occupied = _c._lay_out(where, height, top, mask, real, occupied)
    _c._pins(occupied, n_occupied, mask, index, pinned)
    queen_t = np.full(2, -1, dtype=np.int64)
    for side in range(2):
        if where[side * 14] != _c.NOWHERE:
            queen_t[side] = _c._torus(where[side * 14] >> 3)
    score = np.zeros(2, dtype=np.float64)
    mobile = np.zeros(where.shape[0], dtype=np.bool_)
    reach = np.zeros(2, dtype=np.int64)  # free ants, and other free pieces within two cells of the enemy queen
    own = np.zeros(2, dtype=np.int64)
    at_queen = weights[MOBILE_AT_QUEEN]
    for code in range(where.shape[0]):  # the pieces on top in code order, as the Python adds them
        if where[code] == _c.NOWHERE:
            continue
        t = _c._torus(where[code] >> 3)
        if top[t] != code:
            continue
        side = code // 14
        own[side] += 1
        if queen_t[side] < 0:
            continue  # nothing moves before its queen is placed
        kind = kinds[code]
        if not _free(t, kind, height, mask, pinned[index[t]]):
            continue
        mobile[code] = True
        enemy_queen = queen_t[1 - side]
        gap = _distance(real[t], real[enemy_queen]) if enemy_queen >= 0 else 3
        value = weights[_MOBILE[kind]]
        score[side] += value * at_queen if at_queen != 1.0 and gap == 1 else value
        if kind == _ANT or gap <= 2:
            reach[side] += 1
    for side in range(2):
        if queen_t[side] < 0:
            score[side] -= weights[QUEEN_IN_HAND]
        else:
            _queen(where, kinds, weights, count, side, queen_t[side], height, top, mask, mobile, reach[1 - side],
                   score)
    _hands(where, kinds, weights, count, own, height, top, mask, occupied, n_occupied, score)
    me = ply & 1
    return score[me] - score[1 - me] + weights[TEMPO]


def _free(t: int, kind: int, height: Any, mask: Any, pinned: bool) -> bool:
    """Is the piece on top of torus cell ``t`` free to move (``HiveEvaluation._mobility``): on a
    stack, or on the ground with a slide when it needs one and not ``pinned`` by One Hive (its
    cell an articulation point of the hive, ``compiled._pins``)?"""
    if height[t] > 1:
        return True
    if _SLIDER[kind] and _c._SLIDE[mask[t], 0] < 0:
        return False
    return not pinned


def _queen(where: Any, kinds: Any, weights: Any, count: Any, side: int, q: int, height: Any, top: Any, mask: Any,
           mobile: Any, reach: int, score: Any) -> None:
    """``HiveEvaluation._queen``: what ``side``'s queen on torus cell ``q`` is worth."""
    enemy = 1 - side
    x = 0.0
    qmask = mask[q]
    taken = 0
    for i in range(6):
        if qmask >> i & 1:
            taken += 1
            tp = top[_c._next(q, i)]
            if tp // 14 == side:
                x += weights[OWN_MOBILE_NEIGHBOUR] if mobile[tp] else 1.0
            else:
                x += weights[ENEMY_NEIGHBOUR]
                if mobile[tp] and kinds[tp] == _BEETLE:
                    score[enemy] += weights[BEETLE_NEAR_QUEEN]
    covered = height[q] > 1
    if covered:
        if top[q] // 14 == enemy:
            score[enemy] += weights[BEETLE_ON_QUEEN]
            x += 1.0
        else:
            score[side] += weights[OWN_BEETLE_ON_QUEEN]
            x += weights[OWN_COVER]
    elif mobile[side * 14]:
        score[side] += weights[QUEEN_MOBILE]
    score[side] -= weights[QUEEN_NEIGHBOUR] * x + weights[QUEEN_NEIGHBOUR_SQ] * x * x
    liberties = 6 - taken
    score[enemy] += weights[ATTACKER] * (liberties if liberties < reach else reach)
    if weights[DROP_LIBERTY] and covered and top[q] // 14 == enemy:
        score[enemy] += weights[DROP_LIBERTY] * _drops(where, kinds, count, q, enemy, height, top, mask)


def _in_hand(where: Any, kinds: Any, count: Any, side: int) -> Any:
    """Tiles per bug kind ``side`` still has in hand."""
    left = count.copy()
    for code in range(side * 14, side * 14 + 14):
        if where[code] != _c.NOWHERE:
            left[kinds[code]] -= 1
    return left


def _drops(where: Any, kinds: Any, count: Any, q: int, enemy: int, height: Any, top: Any, mask: Any) -> int:
    """``HiveEvaluation._drops``: the covered queen's free neighbours ``enemy`` can fill from hand."""
    in_hand = _in_hand(where, kinds, count, enemy).sum()
    if not in_hand:
        return 0
    drops = 0
    for i in range(6):
        n = _c._next(q, i)
        if height[n]:
            continue
        if _touches_only(n, enemy, mask, top):
            drops += 1
    return drops if drops < in_hand else in_hand


def _touches_only(n: int, side: int, mask: Any, top: Any) -> bool:
    """Do all the occupied neighbours of empty torus cell ``n`` show ``side``'s colour on top
    (the placement rule)?"""
    for j in range(6):
        if mask[n] >> j & 1 and top[_c._next(n, j)] // 14 != side:
            return False
    return True


def _hands(where: Any, kinds: Any, weights: Any, count: Any, own: Any, height: Any, top: Any, mask: Any,
           occupied: Any, n_occupied: int, score: Any) -> None:
    """``HiveEvaluation._hands``: the pieces in hand, halved (``hand_blocked``) with nowhere to go."""
    for side in range(2):
        left = _in_hand(where, kinds, count, side)
        if left.sum() == 0:
            continue
        total = 0.0
        for kind in range(8):
            if _HAND[kind] >= 0:
                total += weights[_HAND[kind]] * left[kind]
            # the Queen in hand adds 0.0 * left, as the Python's sum of its value (0) does
        if total and own[side] and not _can_place(side, height, top, mask, occupied, n_occupied):
            total *= weights[HAND_BLOCKED]
        score[side] += total


def _can_place(side: int, height: Any, top: Any, mask: Any, occupied: Any, n_occupied: int) -> bool:
    """An empty cell beside ``side``'s pieces whose occupied neighbours are all ``side``'s."""
    for k in range(n_occupied):
        t = occupied[k]
        if top[t] // 14 != side:
            continue
        for i in range(6):
            n = _c._next(t, i)
            if not height[n] and _touches_only(n, side, mask, top):
                return True
    return False


_COMPILED = ("_axial", "_distance", "_free", "_evaluate", "_queen", "_in_hand", "_drops", "_touches_only", "_hands",
             "_can_place")
_loaded: list[Any] = []  # the compiled _evaluate, once ready
_lock = threading.Lock()
FAILURE: list[str] = []
"""Why the evaluation could not be compiled, if the generator could and it could not."""


def load() -> Any:
    """Compile the evaluation (or load it from Numba's cache, ``compiled.cache_dir``) once the
    generator is loaded (``compiled.load``): the compiled ``_evaluate``, or None without the
    generator, with ``SWARMTUI_NO_NUMBA`` set, or when it could not be compiled (``FAILURE``)."""
    with _lock:
        if not _loaded and not FAILURE and not os.environ.get("SWARMTUI_NO_NUMBA") and _c.load() is not None:
            try:
                from numba import njit

                namespace = globals()  # each function becomes its compiled self, so they call each other compiled
                for name in _COMPILED:
                    namespace[name] = njit(cache=True, nogil=True)(namespace[name])
                where = np.full(28, _c.NOWHERE, dtype=np.int64)
                count = np.array([1, 2, 2, 3, 3, 0, 0, 0], dtype=np.int64)
                namespace["_evaluate"](where, 0, _c.KINDS, weight_vector(), count)  # compile (or load) now
            except Exception as error:  # a Numba that cannot compile this: the Python evaluation answers
                FAILURE.append(f"{type(error).__name__}: {error}")
            else:
                _loaded.append(namespace["_evaluate"])
        return _loaded[0] if _loaded else None
