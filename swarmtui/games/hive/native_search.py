"""The compiled search (``compiled_search``) as the Hive evaluation's ``native`` search: what
``alphabeta``'s ``NativeSearcher`` calls for one root iteration, with the moves as the rules
engine's ``Move`` values on the outside and encoded integers inside."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from swarmtui.games.hive import compiled_evaluation, compiled_position, compiled_search
from swarmtui.games.hive.board import Board
from swarmtui.games.hive.cells import W
from swarmtui.games.hive.moves import Move
from swarmtui.games.hive.pieces import PIECE_CODES
from swarmtui.games.hive.weights import HiveWeights

EVALUATION_CACHE = 1 << 18
"""Slots of the evaluation cache (4 MiB)."""
PV_LENGTH = 32
MAX_ENTRIES = 1 << 22
"""The most transposition-table slots one player's search keeps (128 MiB)."""


def encode(move: Move) -> int:
    """``move`` as the compiled search's integer."""
    if move.dest is None or move.piece is None:
        return compiled_position.PASS_MOVE
    origin = None if move.origin is None else move.origin[0] * W + move.origin[1]
    return compiled_position.encode(PIECE_CODES[move.piece], origin, move.dest[0] * W + move.dest[1])


class HiveNativeSearch:
    """One player's compiled search and the tables it keeps from move to move (``entries``
    transposition-table slots, rounded up to a power of two)."""

    def __init__(self, weights: HiveWeights, entries: int) -> None:
        entry = compiled_search.ready()
        if entry is None:
            raise RuntimeError("the compiled search is not loaded (compiled_search.load)")
        self._root_fn, self._pv_fn, self._hash_fn = entry["_root"], entry["_pv"], entry["_hash"]
        size = min(MAX_ENTRIES, 1 << max(4, (max(1, entries) - 1).bit_length()))
        self.tables = compiled_search.Tables(size, EVALUATION_CACHE, compiled_evaluation.weight_vector(weights))
        self.state: Board | None = None

    @staticmethod
    def accepts(state: Any) -> bool:
        """The compiled search plays the base game only."""
        return isinstance(state, Board) and state._plain

    def begin(self, state: Board, settings: Mapping[str, int]) -> None:
        """A search from ``state`` (not played on: the search works on its own arrays) with the
        searcher's ``settings`` (``max_extensions``, ``reduce_from``, ... as ``Searcher`` keeps
        them)."""
        t, c = self.tables, compiled_search
        for index, name in ((c.S_MAX_EXTENSIONS, "max_extensions"), (c.S_REDUCE_FROM, "reduce_from"),
                            (c.S_REDUCE_AFTER, "reduce_after"), (c.S_REDUCE_MORE_AFTER, "reduce_more_after"),
                            (c.S_NULL_MOVE_FROM, "null_move_from"), (c.S_NULL_MOVE_REDUCTION, "null_move_reduction"),
                            (c.S_PRUNE_AFTER, "prune_after"), (c.S_QUIESCE, "quiesce"),
                            (c.S_EXTEND_SCOUT, "extend_scout")):
            t.settings[index] = settings[name]
        t.settings[c.S_MOVE_CAP] = state.move_cap or 0
        t.count[:] = state._count
        t.clear_search()
        t.settings[c.S_REPETITION] = settings["repetition"]
        t.past = self._past(state) if settings["repetition"] else t.past[:0]
        self.state = state
        self.where = state._where.copy()
        self.info = np.array([state._ply, self._hash_fn(self.where, state._ply)], dtype=np.int64)

    def _past(self, state: Board) -> np.ndarray:
        """The keys of the game's positions before ``state`` back to its last placement (none
        before it can come back: a placed piece never returns to hand)."""
        board = state.copy()
        keys = []
        while board.history and not board.history[-1].is_placement:
            board.undo()
            keys.append(self._hash_fn(board._where, board._ply))
        return np.array(keys, dtype=np.int64)

    @property
    def nodes(self) -> int:
        return int(self.tables.counters[compiled_search.C_NODES])

    @property
    def estimates(self) -> int:
        return int(self.tables.counters[compiled_search.C_ESTIMATES])

    @property
    def stopped(self) -> bool:
        return bool(self.tables.counters[compiled_search.C_STOPPED])

    def root(self, moves: Sequence[Move], depth: int, alpha: float, beta: float, reduced: Sequence[bool],
             reduction: int, control: Any) -> tuple[list[float], list[int], int]:
        """One iteration over the root ``moves`` in order: each searched move's score and bound,
        and how many were searched (all, unless the window's top was reached or ``control[0]``
        was set: ``stopped`` tells which)."""
        t = self.tables
        roots = np.array([encode(m) for m in moves], dtype=np.int64)
        scores = np.zeros(len(moves), dtype=np.float64)
        bounds = np.zeros(len(moves), dtype=np.int64)
        done = self._root_fn(self.where, self.info, t.env(control), roots, np.array(reduced, dtype=np.bool_),
                             reduction, depth, float(alpha), float(beta), scores, bounds)
        return scores[:done].tolist(), bounds[:done].tolist(), int(done)

    def pv(self, first: Move) -> list[Move]:
        """The principal variation from the table, as moves of the rules engine."""
        assert self.state is not None, "begin first"
        out = np.empty(PV_LENGTH, dtype=np.int64)
        t = self.tables
        n = self._pv_fn(self.where, self.info, t.count, t.settings, t.table, encode(first), out)
        board = self.state.copy()
        line: list[Move] = []
        for code in out[:n].tolist():
            move = next((m for m in board.legal_moves() if encode(m) == code), None)
            if move is None:
                break
            line.append(move)
            board.play(move)
        return line
