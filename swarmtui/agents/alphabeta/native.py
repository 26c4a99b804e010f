"""The search with a game's compiled tree search under it (``Evaluation.native``: Hive's base
game, ``games/hive/compiled_search.py``).

``NativeSearcher`` keeps everything of :class:`~.search.Searcher` above the root moves
(iterative deepening, aspiration windows, the partial iteration's answer, the soft time limit)
and hands each iteration's root moves to the game's native search, which searches the tree
below them as ``Searcher`` would, many times faster. The native code runs without the
interpreter lock; a watcher thread reads the clock and the stop event every
``WATCH_INTERVAL`` seconds and raises the flag the native search reads every few nodes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any

import numpy as np

from swarmtui.agents.alphabeta.search import MATE, RootScore, Searcher, SearchResult, SearchStopped, past_keys
from swarmtui.core.services import Evaluation, NativeSearch

WATCH_INTERVAL = 0.002
"""Seconds between two looks at the clock while the native search runs."""


def native_search(evaluation: Evaluation, state: Any, entries: int) -> NativeSearch | None:
    """The evaluation's native search for ``state``'s game, if it has one that is loaded and
    plays this position's rules, else None (the Python ``Searcher`` answers)."""
    make = getattr(evaluation, "native", None)
    if make is None:
        return None
    native: NativeSearch | None = make(state, entries)
    return native if native is not None and native.accepts(state) else None


class Engines:
    """One player's choice of search engine (``engine``: ``auto`` for the game's compiled search
    where its evaluation has one loaded for the position, else ``python``; ``repetition``: a
    position met before scores as a draw) and the compiled search's tables, made at the first
    search and kept from move to move (as the Python search's ``table`` is)."""

    def __init__(self, engine: str, entries: int, repetition: bool) -> None:
        self.engine = engine
        self.entries = entries
        self.repetition = repetition
        self.native: NativeSearch | None = None
        self._past: tuple[Any, frozenset[Hashable]] | None = None  # the last board's earlier positions

    def searcher(self, board: Any, evaluation: Evaluation, **settings: Any) -> Searcher:
        """The search of ``board`` with ``settings`` (``Searcher``'s keywords); with
        ``repetition`` it knows the game's earlier positions (the native search finds its own)."""
        if self.engine == "auto":
            if self.native is None:
                self.native = native_search(evaluation, board, self.entries)
            if self.native is not None and self.native.accepts(board):
                return NativeSearcher(board, evaluation, self.native, repetition=self.repetition, **settings)
        if self.repetition and (self._past is None or self._past[0] is not board):
            self._past = (board, past_keys(board, evaluation.key))
        past = self._past[1] if self.repetition and self._past is not None else None
        return Searcher(board, evaluation, past=past, **settings)


class NativeSearcher(Searcher):
    """A :class:`Searcher` whose root iterations run in ``native`` (same arguments otherwise)."""

    def __init__(self, state: Any, evaluation: Evaluation, native: NativeSearch, repetition: bool = True,
                 **settings: Any) -> None:
        super().__init__(state, evaluation, **settings)
        self.native = native
        self.control = np.zeros(1, dtype=np.int64)
        native.begin(state, {
            "max_extensions": self.max_extensions, "reduce_from": self.reduce_from,
            "reduce_after": self.reduce_after, "reduce_more_after": self.reduce_more_after,
            "null_move_from": self.null_move_from if self.null is not None else 1_000,
            "null_move_reduction": self.null_move_reduction, "prune_after": self.prune_after,
            "quiesce": self.quiesce, "extend_scout": int(self.extend_scout), "repetition": int(repetition)})

    def search(self, only: Sequence[Any] | None = None, reduced: Collection[Any] = (),
               reduction: int = 2) -> SearchResult:
        done = threading.Event()
        watcher = None
        if self.deadline is not None or self.stop is not None:
            watcher = threading.Thread(target=self._watch, args=(self._reader(), done), daemon=True,
                                       name="alphabeta-clock")
            watcher.start()
        try:
            return super().search(only, reduced, reduction)
        finally:
            done.set()
            if watcher is not None:
                watcher.join()

    def _reader(self) -> Callable[[], float]:
        """The search's clock as another thread can read it: the searching thread's own CPU
        clock when the budget is this thread's CPU time."""
        if self.clock is time.thread_time:
            clock_id = time.pthread_getcpuclockid(threading.get_ident())
            return lambda: time.clock_gettime(clock_id)
        return self.clock

    def _watch(self, read: Callable[[], float], done: threading.Event) -> None:
        while not done.wait(WATCH_INTERVAL):
            if (self.deadline is not None and read() >= self.deadline) or (
                    self.stop is not None and self.stop.is_set()):
                self.control[0] = 1
                return

    def _root(self, root: list[Any], depth: int, scores: dict[Any, RootScore],
              alpha: float = -MATE - 1, beta: float = MATE + 1) -> tuple[float, Any]:
        flags = [move in self._reduced for move in root]
        values, bounds, done = self.native.root(root, depth, alpha, beta, flags, self._reduction, self.control)
        self.nodes, self.estimates = self.native.nodes, self.native.estimates
        best, best_score = root[0], -MATE - 1.0
        for move, score, bound in zip(root, values, bounds, strict=False):
            scores[move] = RootScore(move, score, bound, depth)
            if score > best_score:
                best_score, best = score, move
        if self.native.stopped:
            raise SearchStopped
        return best_score, best

    def _pv(self, first: Any) -> list[Any]:
        return self.native.pv(first)
