"""A Hive position as the compiled search sees it (``compiled_search``; Numba): ``Board._where``
(each piece's ``cell * 8 + height``, ``compiled.NOWHERE`` in hand) and ``[ply, key]``, moves as
integers, and what the search asks of a position: its key, ``play``/``undo``, the outcome, the
legal moves in the canonical order, and ``HiveEvaluation``'s ``urgent``, ``order`` and ``noisy``.

A move is one integer (``encode``): the piece's code, its origin (a placement has none) and its
destination, so equal moves of the rules engine are equal integers; a pass is ``PASS_MOVE``.
The key is this module's own hash of ``where`` and the side to move (``_hash``), kept up to date
by ``_play``/``_undo``, not ``Board.zobrist``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from swarmtui.games.hive import compiled as _gen
from swarmtui.games.hive.pieces import KIND_START

NOWHERE = _gen.NOWHERE
PASS_MOVE = -1
"""The pass, as an encoded move."""
MATE = 1_000_000.0
"""The score of a won game at the root (``search.MATE``); a win ``p`` plies away scores ``MATE - p``."""
_FIELD = (1 << 28) - 1  # an encoded move: code << 56 | origin field << 28 | destination field
_OFFSET = 1 << 27  # a cell's field: cell + _OFFSET (a base-game hive stays far inside)
_PLACED = _FIELD  # the origin field of a placement
_SIDE = 0x3C6EF372FE94F82A  # the key's side-to-move bit pattern
_KIND_START = np.array(KIND_START, dtype=np.int64)


def encode(code: int, origin: int | None, dest: int) -> int:
    """The move of piece ``code`` from integer cell ``origin`` (None: a placement) to ``dest``:
    equal moves of the rules engine (piece, origin, destination) are equal integers."""
    return code << 56 | (_PLACED if origin is None else origin + _OFFSET) << 28 | dest + _OFFSET


def _dest(move: int) -> int:
    return (move & _FIELD) - _OFFSET


def _mix(x: int) -> int:
    """A 64-bit mixing step (splitmix64's finaliser, in signed arithmetic that wraps)."""
    x ^= x >> 31
    x *= 0x7FB5D329728EA185
    x ^= x >> 27
    x *= 0x1B03738712FAD5C9
    x ^= x >> 33
    return x


def _piece_key(code: int, at: int) -> int:
    """The key part of piece ``code`` on ``at`` (``cell * 8 + height``)."""
    return _mix(at * 64 + code + 0x2545F4914F6CDD1D)


def _hash(where: Any, ply: int) -> int:
    """The position's key: every piece in play where it is, and the side to move."""
    h = 0
    for code in range(where.shape[0]):
        if where[code] != NOWHERE:
            h ^= _piece_key(code, where[code])
    if ply & 1:
        h ^= _SIDE
    return h


def _height(where: Any, cell: int) -> int:
    """How many pieces stand on ``cell``."""
    n = 0
    for code in range(where.shape[0]):
        if where[code] >> 3 == cell:
            n += 1
    return n


def _adjacent(a: int, b: int) -> bool:
    d = a - b
    for i in range(6):
        if d == _gen._D[i]:
            return True
    return False


def _neighbours(where: Any, cell: int) -> int:
    """Occupied neighbours of ``cell``."""
    n = 0
    for i in range(6):
        if _height(where, cell + _gen._D[i]):
            n += 1
    return n


def _play(where: Any, info: Any, move: int) -> int:
    """Play ``move`` (known legal); ``info`` is ``[ply, key]``. Returns what ``_undo`` needs: the
    piece's ``where`` before the move."""
    info[0] += 1
    info[1] ^= _SIDE
    if move < 0:
        return NOWHERE
    code = move >> 56
    cell = _dest(move)
    old = where[code]
    if old != NOWHERE:
        info[1] ^= _piece_key(code, old)
        where[code] = NOWHERE
    at = cell * 8 + _height(where, cell) + 1
    where[code] = at
    info[1] ^= _piece_key(code, at)
    return old


def _undo(where: Any, info: Any, move: int, old: int) -> None:
    info[0] -= 1
    info[1] ^= _SIDE
    if move < 0:
        return
    code = move >> 56
    info[1] ^= _piece_key(code, where[code])
    if old != NOWHERE:
        info[1] ^= _piece_key(code, old)
    where[code] = old


def _surrounded(where: Any, queen: int) -> bool:
    if where[queen] == NOWHERE:
        return False
    cell = where[queen] >> 3
    for i in range(6):
        if not _height(where, cell + _gen._D[i]):
            return False
    return True


def _outcome(where: Any, ply: int, cap: int) -> int:
    """0 while the game goes on, 1 White has won, 2 Black has won, 3 a draw (both queens
    surrounded, or the move cap)."""
    white_lost = _surrounded(where, 0)
    black_lost = _surrounded(where, 14)
    if white_lost and black_lost:
        return 3
    if white_lost:
        return 2
    if black_lost:
        return 1
    if cap and ply >= cap:
        return 3
    return 0


def _terminal(outcome: int, ply_of_game: int, ply: int) -> float:
    """A finished position's score for the side to move, ``ply`` plies below the root."""
    if outcome == 3:
        return 0.0
    winner = 0 if outcome == 1 else 1
    return MATE - ply if winner == ply_of_game & 1 else -(MATE - ply)


def _moves(where: Any, ply: int, count: Any) -> Any:
    """The legal moves, encoded, in ``legal_moves``' canonical order (the placeable pieces in code
    order, each on every placement cell, then each piece's destinations); ``[PASS_MOVE]`` when
    there is none (``placement._placeable_codes``: no Queen on turn 1, the Queen by turn 4,
    identical bugs in number order)."""
    colour = ply & 1
    base = colour * 14
    out = _gen._kernel(where, _gen.KINDS, colour, where[base] != NOWHERE, 1)
    placed = np.zeros(8, dtype=np.int64)
    for code in range(base, base + 14):
        if where[code] != NOWHERE:
            placed[_gen.KINDS[code]] += 1
    codes = np.empty(8, dtype=np.int64)
    n_codes = 0
    turn = ply >> 1
    if turn == 3 and placed[0] == 0:
        codes[0] = base
        n_codes = 1
    else:
        for k in range(8):
            if placed[k] < count[k] and not (k == 0 and turn == 0):
                codes[n_codes] = base + _KIND_START[k] + placed[k]
                n_codes += 1
    spots = out[0]
    total = n_codes * spots + out[1]
    if total == 0:
        moves = np.empty(1, dtype=np.int64)
        moves[0] = PASS_MOVE
        return moves
    moves = np.empty(total, dtype=np.int64)
    k = 0
    for j in range(n_codes):
        for s in range(spots):
            moves[k] = codes[j] << 56 | _PLACED << 28 | out[_gen.HEAD + s] + _OFFSET
            k += 1
    at = _gen.HEAD + spots
    for j in range(14):
        if out[2 + j]:
            head = (base + j) << 56 | ((where[base + j] >> 3) + _OFFSET) << 28
            for s in range(out[2 + j]):
                moves[k] = head | out[at + s] + _OFFSET
                k += 1
        at += out[2 + j]
    return moves


def _urgent(where: Any, move: int, old: int) -> bool:
    """``HiveEvaluation.urgent`` after ``move`` (``old``: where its piece was): it filled the
    fifth neighbour of a queen, or climbed onto one with five."""
    if move < 0:
        return False
    d = _dest(move)
    for q in (0, 14):
        if where[q] == NOWHERE:
            continue
        cell = where[q] >> 3
        if _neighbours(where, cell) < 5:
            continue
        if d == cell:
            return True
        if _adjacent(d, cell):
            if old == NOWHERE:
                return True
            o = old >> 3
            if not (_adjacent(o, cell) and _height(where, o) == 0):
                return True
    return False


def _hints(where: Any, ply: int, moves: Any, fill: float, free: float) -> Any:
    """``HiveEvaluation.order``: moves next to the enemy queen first, then moves that free
    one's own queen."""
    me = ply & 1
    mine = where[me * 14]
    theirs = where[(1 - me) * 14]
    out = np.zeros(moves.shape[0], dtype=np.float64)
    for k in range(moves.shape[0]):
        move = moves[k]
        if move < 0:
            continue
        code = move >> 56
        d = _dest(move)
        old = where[code]
        placing = old == NOWHERE
        o = old >> 3
        score = 0.0
        if theirs != NOWHERE:
            t = theirs >> 3
            d_near = _adjacent(d, t)
            if d_near or d == t:
                score += fill
            if not placing and _adjacent(o, t) and not d_near:
                score -= fill
        if mine != NOWHERE:
            m = mine >> 3
            o_near = not placing and _adjacent(o, m)
            d_near_me = _adjacent(d, m)
            if o_near and not d_near_me:
                score += free
            elif d_near_me and not o_near:
                score -= free
        out[k] = score
    return out


def _noisy(where: Any, ply: int, count: Any, noisy_from: int) -> Any:
    """``HiveEvaluation.noisy``: once the enemy queen has ``noisy_from`` neighbours, the moves of
    pieces from elsewhere (or down from a stack beside her) onto her free neighbours."""
    me = ply & 1
    theirs = where[(1 - me) * 14]
    if theirs == NOWHERE:
        return np.empty(0, dtype=np.int64)
    t = theirs >> 3
    if _neighbours(where, t) < noisy_from:
        return np.empty(0, dtype=np.int64)
    moves = _moves(where, ply, count)
    keep = np.empty(moves.shape[0], dtype=np.int64)
    n = 0
    for k in range(moves.shape[0]):
        move = moves[k]
        if move < 0:
            continue
        code = move >> 56
        if where[code] == NOWHERE:
            continue
        d = _dest(move)
        if not _adjacent(d, t) or _height(where, d):
            continue
        o = where[code] >> 3
        if _adjacent(o, t) and _height(where, o) == 1:
            continue
        keep[n] = move
        n += 1
    return keep[:n].copy()


COMPILED = ("_dest", "_mix", "_piece_key", "_hash", "_height", "_adjacent", "_neighbours", "_play", "_undo",
            "_surrounded", "_outcome", "_terminal", "_moves", "_urgent", "_hints", "_noisy")
"""The functions ``compiled_search.load`` compiles (each calls the others compiled)."""
