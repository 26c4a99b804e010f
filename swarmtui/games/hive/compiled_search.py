"""``alphabeta``'s tree search for the base game compiled with Numba (issue 31: a Python engine
that holds its own at equal time).

``agents/alphabeta/search.py`` is the reference: the same principal variation search, node for
node (null-move pruning, late move reductions and pruning, threat extensions, quiescence on the
forcing moves, mate distance pruning, the transposition table, killers and history), the same
evaluation (``compiled_evaluation``, a port of ``evaluation.py`` that a test compares on every
position of many games) and the same move order hints (``HiveEvaluation.order``, ``urgent``,
``noisy``), with the moves from the compiled generator (``compiled``) in the canonical order.
The Python layers keep iterative deepening, aspiration windows and the root's bookkeeping
(``NativeSearcher``): one iteration's root moves are one call here.

Where it differs from the reference, and why:

* The position is ``Board._where`` and the ply, a move one integer (``compiled_position``),
  the key that module's own hash, not ``Board.zobrist``.
* The transposition table is an array with open addressing (``PROBES`` slots a key; when all
  are taken by other positions the shallowest goes), the evaluation cache an array indexed by
  the key's low bits, not dictionaries.
* Killers and history are arrays (the history with open addressing), cleared at each search as
  the reference's are.
* The time: a Python thread watches the clock and the stop event while the compiled code runs
  without the interpreter lock (``nogil``) and sets ``control[0]``; the search reads it every
  ``CHECK_EVERY`` nodes and unwinds, storing nothing it did not finish.
* Repetitions (``S_REPETITION``, the reference's ``past``): the game's earlier positions are
  those since its last placement (no position before a placement can come back). A move cap
  is seen.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from swarmtui.games.hive import compiled as _gen
from swarmtui.games.hive import compiled_evaluation as _ev
from swarmtui.games.hive import compiled_position as _pos
from swarmtui.games.hive.compiled_position import MATE, NOWHERE, PASS_MOVE

NO_MOVE = -2
"""No move (an empty table slot's move)."""
PROBES = 4
"""Slots of the transposition table looked at for one key (open addressing)."""
MATE_BOUND = MATE - 10_000.0
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 64
"""Nodes between two looks at ``control`` (a few hundred microseconds of search)."""
MAX_PLY = 128
"""Plies below the root the killers are kept for."""
HISTORY_SIZE = 1 << 17
"""Slots of the history table (moves that caused a cut-off, in one search)."""

# settings, as the int64 array ``settings`` passes them (``NativeSettings``)
S_MAX_EXTENSIONS, S_REDUCE_FROM, S_REDUCE_AFTER, S_REDUCE_MORE_AFTER = 0, 1, 2, 3
S_NULL_MOVE_FROM, S_NULL_MOVE_REDUCTION, S_PRUNE_AFTER, S_QUIESCE, S_EXTEND_SCOUT, S_MOVE_CAP = 4, 5, 6, 7, 8, 9
S_REPETITION = 10
N_SETTINGS = 11
# counters, as the int64 array ``counters`` keeps them
C_NODES, C_ESTIMATES, C_COUNTDOWN, C_STOPPED = 0, 1, 2, 3
# what every node reads, as one tuple ``env`` (``Tables.env``)
E_COUNT, E_WEIGHTS, E_SETTINGS, E_TABLE, E_EV_KEY, E_EV_SCORE, E_COUNTERS, E_CONTROL = 0, 1, 2, 3, 4, 5, 6, 7
E_KILLERS, E_HISTORY, E_HISTORY_MOVES, E_PATH, E_PAST = 8, 9, 10, 11, 12



def _static(where: Any, info: Any, env: Any) -> float:
    """The evaluation of the position, from the cache when it was seen before."""
    count, weights, ev_key, ev_score, counters = env[E_COUNT], env[E_WEIGHTS], env[E_EV_KEY], env[E_EV_SCORE], \
        env[E_COUNTERS]
    counters[C_ESTIMATES] += 1
    key = info[1]
    slot = key & (ev_key.shape[0] - 1)
    if ev_key[slot] == key:
        return ev_score[slot]
    score = _ev._evaluate(where, info[0], _gen.KINDS, weights, count)
    ev_key[slot] = key
    ev_score[slot] = score
    return score


def _to_table(score: float, ply: int) -> float:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def _find(keys: Any, meta: Any, key: int) -> int:
    """The table slot holding ``key``, or -1 (open addressing over ``PROBES`` slots; a table
    only ever gains entries or replaces them, so the first empty slot ends the look)."""
    mask = keys.shape[0] - 1
    for p in range(PROBES):
        slot = (key + p) & mask
        if meta[slot] < 0:
            return -1
        if keys[slot] == key:
            return slot
    return -1


def _store(table: Any, key: int, depth: int, score: float, bound: int, move: int) -> None:
    """Into the table (keys, moves, scores, depth * 4 + bound, -1 empty): the position's own slot
    when it has one, replaced when at least as deep or exact (the reference's rule; the old move
    is kept when there is no new one), else an empty slot, else the shallowest of its slots."""
    keys, moves, scores, meta = table
    mask = keys.shape[0] - 1
    slot = -1
    for p in range(PROBES):
        s = (key + p) & mask
        if meta[s] < 0 or keys[s] == key:
            slot = s
            break
        if slot < 0 or meta[s] < meta[slot]:
            slot = s
    if meta[slot] >= 0 and keys[slot] == key:
        if depth < meta[slot] >> 2 and bound != EXACT:
            return
        if move == NO_MOVE:
            move = moves[slot]
    keys[slot] = key
    moves[slot] = move
    scores[slot] = score
    meta[slot] = depth * 4 + bound


def _probe(table: Any, key: int, depth: int, alpha: float, beta: float, ply: int,
           counters: Any) -> tuple[bool, float, int]:
    """``Searcher._probe``: ``(settled, score, hash move)``: settled when the entry is deep
    enough and its bound decides the window."""
    keys, moves, scores, meta = table
    slot = _find(keys, meta, key)
    if slot < 0:
        return False, 0.0, NO_MOVE
    if meta[slot] >> 2 < depth:
        return False, 0.0, moves[slot]
    score = _from_table(scores[slot], ply)
    bound = meta[slot] & 3
    settled = bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha)
    if settled and -MATE_BOUND < score < MATE_BOUND:
        counters[C_ESTIMATES] += 1  # the stored score may rest on evaluations
    return settled, score, moves[slot]


def _tick(counters: Any, control: Any) -> bool:
    """Count a node; True once the search must stop."""
    counters[C_NODES] += 1
    counters[C_COUNTDOWN] -= 1
    if counters[C_COUNTDOWN] <= 0:
        counters[C_COUNTDOWN] = CHECK_EVERY
        if control[0]:
            counters[C_STOPPED] = 1
    return counters[C_STOPPED] != 0


def _quiescence(where: Any, info: Any, env: Any, alpha: float, beta: float, ply: int, left: int) -> float:
    """Past the horizon, only the forcing moves (``Searcher._quiescence``)."""
    static = _static(where, info, env)
    if static >= beta:
        return static
    counters, settings = env[E_COUNTERS], env[E_SETTINGS]
    moves = _pos._noisy(where, info[0], env[E_COUNT], int(env[E_WEIGHTS][_ev.NOISY_FROM]))
    best = static
    if best > alpha:
        alpha = best
    for k in range(moves.shape[0]):
        if _tick(counters, env[E_CONTROL]):
            return 0.0
        move = moves[k]
        old = _pos._play(where, info, move)
        outcome = _pos._outcome(where, info[0], settings[S_MOVE_CAP])
        if outcome:
            score = -_pos._terminal(outcome, info[0], ply + 1)
        elif left > 1:
            score = -_quiescence(where, info, env, -beta, -alpha, ply + 1, left - 1)
        else:
            score = -_static(where, info, env)
        _pos._undo(where, info, move, old)
        if counters[C_STOPPED]:
            return 0.0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


def _history_slot(moves: Any, move: int) -> int:
    """The history table's slot of ``move`` (open addressing over ``moves``, the slots' moves,
    ``NO_MOVE`` empty: every move its own count, as the reference's dictionary), or -1 when the
    table is full round it."""
    mask = moves.shape[0] - 1
    start = _pos._mix(move) & mask
    for p in range(64):
        slot = (start + p) & mask
        if moves[slot] == move or moves[slot] == NO_MOVE:
            return slot
    return -1


def _rank(move: int, hint: float, hash_move: int, k0: int, k1: int, history: Any, history_moves: Any) -> float:
    """``Searcher._order``'s rank of one move: the hash move, the killers, then the hint plus
    the history (a quiet move, hint 0 or less, ranks below every move with a positive hint)."""
    if move == hash_move:
        return 1e12
    if move == k0:
        return 1e9
    if move == k1:
        return 1e9 - 1
    slot = _history_slot(history_moves, move)
    h = history[slot] if slot >= 0 and history_moves[slot] == move else 0
    return hint + h * 0.01 if hint > 0 else hint - 1.0 / (1 + h)


def _ordered(where: Any, info: Any, env: Any, hash_move: int, ply: int) -> tuple[Any, int]:
    """``Searcher._order``: the legal moves best first, and the index from which they are quiet."""
    weights, killers = env[E_WEIGHTS], env[E_KILLERS]
    moves = _pos._moves(where, info[0], env[E_COUNT])
    hints = _pos._hints(where, info[0], moves, weights[_ev.ORDER_FILL], weights[_ev.ORDER_FREE])
    k0 = killers[ply, 0] if ply < MAX_PLY else NO_MOVE
    k1 = killers[ply, 1] if ply < MAX_PLY else NO_MOVE
    n = moves.shape[0]
    rank = np.empty(n, dtype=np.float64)
    for k in range(n):
        rank[k] = _rank(moves[k], hints[k], hash_move, k0, k1, env[E_HISTORY], env[E_HISTORY_MOVES])
    order = np.argsort(-rank, kind="mergesort")
    quiet_from = n
    for k in range(n):
        if rank[order[k]] <= 0:
            quiet_from = k
            break
    return moves[order], quiet_from


def _cutoff(env: Any, move: int, depth: int, ply: int) -> None:
    """A move that failed high: a killer at its ply, and history weighted by depth squared."""
    killers, history, history_moves = env[E_KILLERS], env[E_HISTORY], env[E_HISTORY_MOVES]
    if ply < MAX_PLY and killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move
    slot = _history_slot(history_moves, move)
    if slot >= 0:
        history_moves[slot] = move
        history[slot] += depth * depth


def _null_worth(where: Any, info: Any, env: Any, depth: int, alpha: float, beta: float) -> bool:
    """``Searcher._null_move_holds``' test: a null-window node deep enough whose static score
    already reaches beta (not near a mate)."""
    return (depth >= env[E_SETTINGS][S_NULL_MOVE_FROM] and beta - alpha == 1 and -MATE_BOUND < beta < MATE_BOUND
            and _static(where, info, env) >= beta)


def _reduction(settings: Any, depth: int, i: int, quiet_from: int, ext: int) -> int:
    """Late move reduction of the ``i``-th move: one ply for a late quiet move, two later on."""
    if depth >= settings[S_REDUCE_FROM] and i >= quiet_from and i >= settings[S_REDUCE_AFTER] and not ext:
        return 2 if i >= settings[S_REDUCE_MORE_AFTER] and depth >= 4 else 1
    return 0


def _prune_from(settings: Any, depth: int, alpha: float, beta: float) -> int:
    """Late move pruning: the quiet moves a null-window node at depth 1-2 searches at most."""
    return settings[S_PRUNE_AFTER] * depth if depth <= 2 and beta - alpha == 1 else 1_000_000


def _bound(score: float, alpha0: float, beta: float) -> int:
    return LOWER if score >= beta else UPPER if score <= alpha0 else EXACT


def _decided(where: Any, info: Any, env: Any, alpha: float, beta: float,
             ply: int) -> tuple[bool, float, float, float]:
    """A node decided before its moves: ``(decided, score, alpha, beta)``, decided when the game
    is over, the position came before (with ``S_REPETITION``: a draw), or the window closed by
    mate distance (nothing here beats a win nearer the root)."""
    settings = env[E_SETTINGS]
    outcome = _pos._outcome(where, info[0], settings[S_MOVE_CAP])
    if outcome:
        return True, _pos._terminal(outcome, info[0], ply), alpha, beta
    if settings[S_REPETITION] and _repeated(env, info[1], ply):
        return True, 0.0, alpha, beta
    alpha = max(alpha, -(MATE - ply))
    beta = min(beta, MATE - ply - 1)
    return alpha >= beta, alpha, alpha, beta


def _repeated(env: Any, key: int, ply: int) -> bool:
    """The node's position came before: on the search's path (``E_PATH``, the keys by ply, the
    same side to move every second ply) or in the game before the root (``E_PAST``). Records
    ``key`` on the path at ``ply``."""
    path, past = env[E_PATH], env[E_PAST]
    if ply < path.shape[0]:
        path[ply] = key
    for p in range(min(ply, path.shape[0]) - 2, -1, -2):
        if path[p] == key:
            return True
    for p in range(past.shape[0]):
        if past[p] == key:
            return True
    return False


def _horizon(where: Any, info: Any, env: Any, alpha: float, beta: float, ply: int) -> float:
    """A leaf: the quiescence search when there is one, else the static score."""
    quiesce = env[E_SETTINGS][S_QUIESCE]
    if quiesce:
        return _quiescence(where, info, env, alpha, beta, ply, quiesce)
    return _static(where, info, env)


def _negamax(where: Any, info: Any, env: Any, depth: int, alpha: float, beta: float, ply: int, extended: int,
             null_ok: bool) -> float:
    """``Searcher._negamax`` with ``_moves`` and ``_child`` in one (Numba's cache cannot link a
    mutual recursion either). Its recursive calls pass no literal (``yes``, ``no``): Numba
    compiles a literal argument as a specialization of its own, which its cache does not link
    (numba/numba#6061: a crash on loading)."""
    counters, settings = env[E_COUNTERS], env[E_SETTINGS]
    if _tick(counters, env[E_CONTROL]):
        return 0.0
    yes = ply >= 0
    over, known, alpha, beta = _decided(where, info, env, alpha, beta, ply)
    if over:
        return known
    key = info[1]
    settled, known, hash_move = _probe(env[E_TABLE], key, depth, alpha, beta, ply, counters)
    if settled:
        return known
    if depth <= 0:
        return _horizon(where, info, env, alpha, beta, ply)
    if null_ok and _null_worth(where, info, env, depth, alpha, beta):
        old = _pos._play(where, info, PASS_MOVE)
        score = -_negamax(where, info, env, depth - 1 - settings[S_NULL_MOVE_REDUCTION], -beta, -beta + 1, ply + 1,
                          extended, not yes)
        _pos._undo(where, info, PASS_MOVE, old)
        if counters[C_STOPPED] or score >= beta:
            return 0.0 if counters[C_STOPPED] else beta
    moves, quiet_from = _ordered(where, info, env, hash_move, ply)
    alpha0 = alpha
    best_score = -MATE - 1.0
    best_move = NO_MOVE
    prune_from = _prune_from(settings, depth, alpha, beta)
    for i in range(moves.shape[0]):
        if i >= prune_from and i >= quiet_from and best_score > -MATE_BOUND:
            break  # late move pruning: the quiet rest of a null-window node near the horizon
        move = moves[i]
        old = _pos._play(where, info, move)
        ext = 1 if extended < settings[S_MAX_EXTENSIONS] and _pos._urgent(where, move, old) else 0
        below = depth - 1 + ext
        if i == 0:
            score = -_negamax(where, info, env, below, -beta, -alpha, ply + 1, extended + ext, yes)
        else:  # a null window first (principal variation search), a late quiet move shallower
            r = _reduction(settings, depth, i, quiet_from, ext)
            scout = ext if settings[S_EXTEND_SCOUT] else 0
            score = -_negamax(where, info, env, depth - 1 + scout - r, -alpha - 1, -alpha, ply + 1, extended + scout,
                              yes)
            if r and score > alpha and not counters[C_STOPPED]:
                score = -_negamax(where, info, env, below, -alpha - 1, -alpha, ply + 1, extended, yes)
            if alpha < score < beta and not counters[C_STOPPED]:
                score = -_negamax(where, info, env, below, -beta, -alpha, ply + 1, extended + ext, yes)
        _pos._undo(where, info, move, old)
        if counters[C_STOPPED]:
            return 0.0
        if score > best_score:
            best_score, best_move = score, move
            alpha = max(alpha, score)
            if alpha >= beta:
                _cutoff(env, move, depth, ply)
                break
    _store(env[E_TABLE], key, depth, _to_table(best_score, ply), _bound(best_score, alpha0, beta), best_move)
    return best_score


def _root(where: Any, info: Any, env: Any, roots: Any, reduced: Any, reduction: int, depth: int, alpha: float,
          beta: float, scores: Any, bounds: Any) -> int:
    """``Searcher._root``: the root moves ``roots`` in order at ``depth`` within ``(alpha,
    beta)``, each one's score and bound into ``scores``/``bounds``; how many were searched to
    the end (fewer than all when the window's top was reached or the search was stopped)."""
    counters, settings = env[E_COUNTERS], env[E_SETTINGS]
    alpha0 = alpha
    best_score = -MATE - 1.0
    best = 0
    done = roots.shape[0]
    one = done - done + 1  # no literals in calls of the recursive search (``_negamax``)
    yes = one > 0
    env[E_PATH][0] = info[1]
    for i in range(roots.shape[0]):
        move = roots[i]
        old = _pos._play(where, info, move)
        ext = 1 if settings[S_MAX_EXTENSIONS] and _pos._urgent(where, move, old) else 0
        full = depth - 1 + ext
        if i == 0:
            score = -_negamax(where, info, env, full, -beta, -alpha, one, ext, yes)
        else:
            cut = reduction if reduced[i] and depth - 1 - reduction >= 1 else 0
            score = -_negamax(where, info, env, full - cut, -alpha - 1, -alpha, one, ext, yes)
            if cut and score > alpha and not counters[C_STOPPED]:
                score = -_negamax(where, info, env, full, -alpha - 1, -alpha, one, ext, yes)
            if alpha < score < beta and not counters[C_STOPPED]:
                score = -_negamax(where, info, env, full, -beta, -alpha, one, ext, yes)
        _pos._undo(where, info, move, old)
        if counters[C_STOPPED]:
            return i
        scores[i] = score
        bounds[i] = _bound(score, alpha, beta)
        if score > best_score:
            best_score, best = score, i
        if score > alpha:
            alpha = score
            if alpha >= beta:
                done = i + 1
                break
    if alpha0 < best_score < beta:
        _store(env[E_TABLE], info[1], depth, best_score, EXACT, roots[best])
    return done


def _pv(where: Any, info: Any, count: Any, settings: Any, table: Any, first: int, out: Any) -> int:
    """``Searcher._pv``: ``first``, then the table's moves while they stay legal, into ``out``;
    how many."""
    keys, tmoves, meta = table[0], table[1], table[3]
    played = np.empty(out.shape[0], dtype=np.int64)
    out[0] = first
    played[0] = _pos._play(where, info, first)
    n = 1
    seen = np.empty(out.shape[0], dtype=np.int64)
    while n < out.shape[0]:
        key = info[1]
        slot = _find(keys, meta, key)
        if slot < 0 or tmoves[slot] == NO_MOVE or _pos._outcome(where, info[0], settings[S_MOVE_CAP]):
            break
        repeated = False
        for j in range(n - 1):
            repeated = repeated or seen[j] == key
        if repeated:
            break
        seen[n - 1] = key
        move = tmoves[slot]
        legal = _pos._moves(where, info[0], count)
        found = False
        for j in range(legal.shape[0]):
            found = found or legal[j] == move
        if not found:
            break
        out[n] = move
        played[n] = _pos._play(where, info, move)
        n += 1
    for j in range(n - 1, -1, -1):
        _pos._undo(where, info, out[j], played[j])
    return n


_COMPILED = ("_static", "_to_table", "_from_table", "_find", "_store", "_probe", "_tick", "_quiescence",
             "_history_slot", "_rank", "_ordered", "_cutoff", "_null_worth", "_reduction", "_prune_from", "_bound",
             "_decided", "_repeated", "_horizon", "_negamax", "_root", "_pv")
_loaded: list[dict[str, Callable[..., Any]]] = []
_lock = threading.Lock()
FAILURE: list[str] = []
"""Why the search could not be compiled, when Numba and the generator are there and it could not."""


def ready() -> dict[str, Callable[..., Any]] | None:
    """The compiled entry points (``_hash``, ``_root``, ``_pv``, ``_moves``) once loaded, else None."""
    return _loaded[0] if _loaded else None


def load() -> dict[str, Callable[..., Any]] | None:
    """Compile the search (or load it from Numba's cache), after the generator and the
    evaluation: the entry points, or None (no Numba, ``SWARMTUI_NO_NUMBA``, a failure)."""
    with _lock:
        if _loaded or FAILURE:
            return ready()
        if _gen.load() is None or _ev.load() is None or os.environ.get("SWARMTUI_NO_NUMBA"):
            return None
        from numba import njit
        try:
            for module, names in ((_pos, _pos.COMPILED), (sys.modules[__name__], _COMPILED)):
                for name in names:  # each becomes its compiled self, so they call each other compiled
                    setattr(module, name, njit(cache=True, nogil=True)(getattr(module, name)))
            entry: dict[str, Callable[..., Any]] = {"_hash": _pos._hash, "_moves": _pos._moves, "_root": _root,
                                                    "_pv": _pv}
            _warm_up(entry)
        except Exception as error:  # a Numba that cannot compile this: the Python search answers
            FAILURE.append(f"{type(error).__name__}: {error}")
            return None
        _loaded.append(entry)
        return entry


def _warm_up(entry: dict[str, Callable[..., Any]]) -> None:
    """Compile (or load) every entry point with the argument types the searcher passes."""
    tables = Tables(1 << 4, 1 << 4, _ev.weight_vector())
    tables.count[:] = (1, 2, 2, 3, 3, 0, 0, 0)
    where = np.full(28, NOWHERE, dtype=np.int64)
    info = np.array([0, entry["_hash"](where, 0)], dtype=np.int64)
    roots = entry["_moves"](where, 0, tables.count)
    scores = np.zeros(roots.shape[0], dtype=np.float64)
    bounds = np.zeros(roots.shape[0], dtype=np.int64)
    reduced = np.zeros(roots.shape[0], dtype=np.bool_)
    entry["_root"](where, info, tables.env(np.zeros(1, dtype=np.int64)), roots, reduced, 2, 1, -MATE - 1.0,
                   MATE + 1.0, scores, bounds)
    entry["_pv"](where, info, tables.count, tables.settings, tables.table, roots[0], np.empty(4, dtype=np.int64))


class Tables:
    """What the search reads and keeps: the game's tiles per bug kind (``count``), the evaluation
    weights (``weights``, ``compiled_evaluation.weight_vector``), the settings (``S_*``), and from
    move to move the transposition table (``entries`` slots, a power of two), the evaluation
    cache (``cached`` slots), killers, the history and the node counters (``C_*``)."""

    def __init__(self, entries: int, cached: int, weights: Any) -> None:
        self.count = np.zeros(8, dtype=np.int64)
        self.weights = np.asarray(weights, dtype=np.float64)
        self.settings = np.zeros(N_SETTINGS, dtype=np.int64)
        self.table = (np.zeros(entries, dtype=np.int64), np.full(entries, NO_MOVE, dtype=np.int64),
                      np.zeros(entries, dtype=np.float64), np.full(entries, -1, dtype=np.int64))
        self.ev_key = np.zeros(cached, dtype=np.int64)
        self.ev_score = np.zeros(cached, dtype=np.float64)
        self.killers = np.full((MAX_PLY, 2), NO_MOVE, dtype=np.int64)
        self.history = np.zeros(HISTORY_SIZE, dtype=np.int64)
        self.history_moves = np.full(HISTORY_SIZE, NO_MOVE, dtype=np.int64)
        self.counters = np.zeros(4, dtype=np.int64)
        self.path = np.zeros(MAX_PLY, dtype=np.int64)
        self.past = np.zeros(0, dtype=np.int64)  # the keys of the game's positions since its last placement

    def env(self, control: Any) -> tuple[Any, ...]:
        """The tuple every node reads (``E_*``), with ``control`` the stop flag."""
        return (self.count, self.weights, self.settings, self.table, self.ev_key, self.ev_score, self.counters,
                control, self.killers, self.history, self.history_moves, self.path, self.past)

    def clear_search(self) -> None:
        """A new search: the killers, history and counters start afresh (the tables stay)."""
        self.killers.fill(NO_MOVE)
        self.history.fill(0)
        self.history_moves.fill(NO_MOVE)
        self.counters[:] = 0
        self.counters[C_COUNTDOWN] = CHECK_EVERY
