"""Iterative-deepening principal variation search (negamax alpha-beta) for any two-player game.

The engine is generic: a game takes part by providing an :class:`~swarmtui.core.services.
Evaluation` (a static score for the side to move, a position hash, and cheap move
ordering hints). The search itself is the textbook one:

* **Negamax with alpha-beta** (Knuth & Moore 1975) and **principal variation search**: the
  first move of a node gets the full window, every later move a null window ``(-a-1, -a)``
  and a re-search only when it fails high inside the window.
* **Iterative deepening**: depth 1, 2, 3, ... until the time or depth limit; each iteration
  starts from the previous principal variation, and a stopped iteration still contributes the
  root moves it finished (the first one searched is the previous best, so the answer is
  never worse than the last completed depth).
* **Evaluation cache**: static scores by position hash (iterative deepening meets the same
  leaves again at every depth, and transpositions are common in Hive).
* **Transposition table** keyed by the evaluation's position hash (Zobrist for Hive), storing
  depth, score, bound type and best move; mate scores are stored relative to the node so they
  stay correct when the position is reached at another ply.
* **Move ordering**: the hash move first, then two killer moves per ply (quiet moves that
  caused a cut-off in a sibling), then the evaluation's static hint (for Hive: moves that fill
  the enemy queen's liberties or free one's own come first) plus the history heuristic.
* **Late move reductions**: from remaining depth ``reduce_from`` on, a quiet move (no hash,
  killer or positive hint) ordered after the first ``reduce_after`` is searched one ply
  shallower with a null window, and again at full depth only if it beats alpha.
* **Extensions**: a move that leaves the side to move under an immediate threat (the
  evaluation's ``urgent``: for Hive, a queen with five of six neighbours occupied) is searched
  one ply deeper, at most ``max_extensions`` times on a path, so forced wins and defences past
  the horizon are seen.

* **Repetitions** (with ``past``, the game's earlier positions): a position met again on the
  path or in the game scores as a draw (one more repetition can be forced from there), so a
  side that is ahead looks for another way than back and forth.

Scores are in the evaluation's units from the side to move's point of view. A won game is
``MATE - ply`` (a sooner win is better), a lost one ``-(MATE - ply)``, a draw 0.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from swarmtui.core.services import Evaluation

MATE = 1_000_000
"""The score of a won game at the root; a win ``p`` plies away scores ``MATE - p``."""
MATE_BOUND = MATE - 10_000
"""Scores beyond this magnitude are wins or losses, not evaluations."""

EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 4
"""Nodes between two looks at the clock and the stop event."""
CPU_CHECK_EVERY = 32
"""Nodes between two looks when the clock is CPU time (``time.thread_time``, ``time.process_time``): a
system call (0.6 us of CPU, and on a loaded machine milliseconds of waiting each: most of a niced
search's wall time went there), and 32 nodes are about a millisecond of search."""


class SearchStopped(Exception):
    """The time ran out or the caller asked to stop (raised inside the tree, caught at the root)."""


@dataclass
class RootScore:
    """One root move after the deepest iteration that reached it: its score and bound type."""

    move: Any
    score: float
    bound: int
    depth: int


@dataclass
class SearchResult:
    """What :meth:`Searcher.search` found."""

    best: Any
    score: float
    depth: int
    pv: list[Any]
    nodes: int
    seconds: float
    roots: list[RootScore] = field(default_factory=list)
    stopped: bool = False


@dataclass
class _Entry:
    depth: int
    score: float
    bound: int
    move: Any


class Searcher:
    """One search over ``state`` (the searcher plays moves on it and undoes them all).

    ``deadline`` is a ``clock()`` value after which the search stops; ``soft`` the time after
    which no new iteration starts (an iteration that cannot finish is wasted unless it reorders
    the root). ``clock`` is ``time.perf_counter`` (wall time, what a user waits) unless the
    caller measures in CPU time (``time.thread_time``, the searching thread's: fair budgets on a
    loaded machine). ``stop`` is anything with ``is_set()``.
    """

    def __init__(self, state: Any, evaluation: Evaluation, *, max_depth: int = 64,
                 deadline: float | None = None, soft: float | None = None, stop: Any = None,
                 table: dict[Hashable, _Entry] | None = None, max_extensions: int = 2,
                 table_size: int = 1_000_000, scores: dict[Hashable, float] | None = None,
                 reduce_from: int = 2, reduce_after: int = 3, reduce_more_after: int = 0,
                 clock: Callable[[], float] = time.perf_counter, quiesce: int = 0,
                 extend_scout: bool = False, null_move_from: int = 0, null_move_reduction: int = 2,
                 aspiration: float = 0.0, prune_after: int = 0, past: Collection[Hashable] | None = None) -> None:
        self.state = state
        self.evaluation = evaluation
        self.max_depth = max_depth
        self.deadline = deadline
        self.soft = soft
        self.stop = stop
        self.table: dict[Hashable, _Entry] = {} if table is None else table
        self.table_size = table_size
        self.scores: dict[Hashable, float] = {} if scores is None else scores  # static scores by key
        self.max_extensions = max_extensions
        self.reduce_from = reduce_from or 1_000  # remaining depth from which late moves are reduced (0: never)
        self.reduce_after = reduce_after  # moves searched in full before any reduction
        self.reduce_more_after = reduce_more_after or 1_000  # quiet moves from here on are reduced two plies
        self.null_move_from = null_move_from or 1_000  # remaining depth from which null moves are tried
        self.null_move_reduction = null_move_reduction
        self.null = evaluation.null_move(state) if null_move_from else None  # the game's null move, if any
        self.aspiration = aspiration  # half-width of the root window round the last score (0: full window)
        self.prune_after = prune_after or 1_000_000  # quiet moves searched per remaining ply at depth 1-2 (0: all)
        self.quiesce = quiesce  # plies of forcing moves searched past the horizon (0: none)
        self.past = None if past is None else frozenset(past)  # the game's earlier positions (None: repetitions unseen)
        self._path: list[Hashable] = [None] * 128  # the keys of the positions on the search's path, by ply
        self.extend_scout = extend_scout  # extend threats in null-window tests too
        self.nodes = 0
        self.estimates = 0  # static evaluations (none in an iteration: its result is exact)
        self.killers: list[list[Any]] = [[None, None] for _ in range(128)]
        self.history: dict[Any, int] = {}
        self.check_every = CPU_CHECK_EVERY if clock in (time.process_time, time.thread_time) else CHECK_EVERY
        self._countdown = self.check_every
        self._play = evaluation.player(state)
        self.clock = clock
        self._reduced: frozenset[Any] = frozenset()
        self._reduction = 2

    # -- the clock ----------------------------------------------------------------------------
    def _tick(self) -> None:
        self._countdown = self.check_every
        if self.deadline is not None and self.clock() >= self.deadline:
            raise SearchStopped
        if self.stop is not None and self.stop.is_set():
            raise SearchStopped

    # -- iterative deepening ---------------------------------------------------------------
    def search(self, only: Sequence[Any] | None = None, reduced: Collection[Any] = (),
               reduction: int = 2) -> SearchResult:
        """Iterative deepening from depth 1 to ``max_depth`` or until stopped; ``only``
        restricts the root to those moves (a player that proposes its own candidates).
        ``reduced`` root moves (a proposer's second choices, ordered after the others) are
        searched ``reduction`` plies shallower with a null window first, and at full depth only
        when that says they may beat the best so far (late move reductions at the root)."""
        clock = self.clock
        start = clock()
        state, ev = self.state, self.evaluation
        moves = state.legal_moves() if only is None else list(only)
        if not moves:
            raise ValueError("no legal move to choose from")
        self._reduced, self._reduction = frozenset(reduced), reduction
        hints = ev.order(state, moves)
        order = sorted(range(len(moves)), key=lambda i: (moves[i] in self._reduced, -hints[i]))
        root = [moves[i] for i in order]
        best, best_score, depth_done = root[0], -float("inf"), 0
        scores: dict[Any, RootScore] = {}
        pv: list[Any] = [best]
        stopped = False
        if len(root) == 1:  # a forced move (often a pass): nothing to think about
            self.nodes = 1
            score = self._leaf_score()
            return SearchResult(best, score, 0, [best], 1, clock() - start,
                                [RootScore(best, score, EXACT, 0)])
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and self.soft is not None and clock() >= self.soft:
                break
            estimates = self.estimates
            try:
                score, iter_best = self._aspirate(root, depth, scores, best_score)
            except SearchStopped:
                stopped = True
                partial = [r for r in scores.values() if r.depth == depth and r.bound != UPPER]
                if partial:  # moves of the unfinished iteration that beat the previous best
                    top = max(partial, key=lambda r: r.score)
                    best, best_score = top.move, top.score
                    if best_score <= -MATE_BOUND:
                        # Every move searched at this depth loses (often just the previous best,
                        # refuted when the time ran out): play the next move of the previous
                        # order not yet refuted rather than a proven loss.
                        fresh = next((m for m in root if m in scores and scores[m].depth < depth), None)
                        if fresh is not None:
                            best, best_score = fresh, scores[fresh].score
                    pv = self._pv(best)
                break
            best, best_score, depth_done = iter_best, score, depth
            pv = self._pv(best)
            root.sort(key=lambda m: (m != best, -(scores[m].score if m in scores else -MATE)))
            if abs(score) >= MATE_BOUND or self.estimates == estimates:
                break  # a forced result, or every line reached the end: deeper cannot change it
        ranked = sorted(scores.values(), key=lambda r: (r.move != best, -r.depth, -r.score))
        return SearchResult(best, best_score, depth_done, pv, self.nodes, clock() - start,
                            ranked, stopped)

    def _aspirate(self, root: list[Any], depth: int, scores: dict[Any, RootScore],
                  last: float) -> tuple[float, Any]:
        """One iteration at ``depth``: from depth 3 on, first within ``aspiration`` of the last
        iteration's score ``last`` (a narrow window cuts more), then again with the full window on
        the side where the score fell outside it."""
        low: float = -MATE - 1
        high: float = MATE + 1
        if self.aspiration and depth >= 3 and -MATE_BOUND < last < MATE_BOUND:
            low, high = last - self.aspiration, last + self.aspiration
        while True:
            score, best = self._root(root, depth, scores, low, high)
            if score <= low and low > -MATE - 1:
                low = -MATE - 1
            elif score >= high and high < MATE + 1:
                high = MATE + 1
            else:
                return score, best

    def _root(self, root: list[Any], depth: int, scores: dict[Any, RootScore],
              alpha: float = -MATE - 1, beta: float = MATE + 1) -> tuple[float, Any]:
        """The root moves searched at ``depth`` within ``(alpha, beta)``: the best score (a bound
        when it falls outside the window) and its move; each move's score goes into ``scores``."""
        state = self.state
        alpha0 = alpha
        best, best_score = root[0], -MATE - 1.0
        self._path[0] = self.evaluation.key(state)
        for i, move in enumerate(root):
            self._play(move)
            try:
                ext = 1 if self.max_extensions and self.evaluation.urgent(state) else 0
                if i == 0:
                    score = -self._negamax(depth - 1 + ext, -beta, -alpha, 1, ext)
                else:
                    cut = self._reduction if move in self._reduced and depth - 1 - self._reduction >= 1 else 0
                    score = -self._negamax(depth - 1 - cut + ext, -alpha - 1, -alpha, 1, ext)
                    if cut and score > alpha:  # it may beat the best: the full depth decides
                        score = -self._negamax(depth - 1 + ext, -alpha - 1, -alpha, 1, ext)
                    if alpha < score < beta:
                        score = -self._negamax(depth - 1 + ext, -beta, -alpha, 1, ext)
            finally:
                state.undo()
            bound = UPPER if score <= alpha else LOWER if score >= beta else EXACT
            scores[move] = RootScore(move, score, bound, depth)
            if score > best_score:
                best_score, best = score, move
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        if alpha0 < best_score < beta:
            self._store(state, depth, best_score, EXACT, best)
        return best_score, best

    def _pv(self, first: Any) -> list[Any]:
        """The principal variation: ``first``, then the hash moves while they stay legal."""
        state, pv, seen = self.state, [first], set()
        state.play(first)
        played = 1
        try:
            while len(pv) < 32:
                key = self.evaluation.key(state)
                entry = self.table.get(key)
                if key in seen or entry is None or entry.move is None or state.outcome is not None:
                    break
                seen.add(key)
                if entry.move not in state.legal_moves():
                    break
                pv.append(entry.move)
                state.play(entry.move)
                played += 1
        finally:
            for _ in range(played):
                state.undo()
        return pv

    # -- the tree ----------------------------------------------------------------------------
    def _leaf_score(self) -> float:
        state = self.state
        outcome = state.outcome
        if outcome is not None:
            return self._terminal(outcome, 0)
        return self.evaluation.evaluate(state)

    def _terminal(self, outcome: Any, ply: int) -> float:
        if outcome.winner is None:
            return 0
        return MATE - ply if outcome.winner == self.state.to_move else -(MATE - ply)

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int, extended: int,
                 null_ok: bool = True) -> float:
        self.nodes += 1
        self._countdown -= 1
        if not self._countdown:
            self._tick()
        state = self.state
        outcome = state.outcome
        if outcome is not None:
            return self._terminal(outcome, ply)
        if self.past is not None and self._repeated(ply):
            return 0.0
        # Mate distance pruning: nothing here can beat a win found nearer the root.
        mate_here = MATE - ply
        if alpha < -mate_here:
            alpha = -mate_here
        if beta > mate_here - 1:
            beta = mate_here - 1
        if alpha >= beta:
            return alpha
        key = self.evaluation.key(state)
        known, hash_move = self._probe(key, depth, alpha, beta, ply)
        if known is not None:
            return known
        if depth <= 0:
            if self.quiesce:
                return self._quiescence(alpha, beta, ply, self.quiesce, key)
            return self._static(key)
        if null_ok and self._null_move_holds(key, depth, alpha, beta, ply, extended):
            return beta
        return self._moves(depth, alpha, beta, ply, extended, hash_move)

    def _repeated(self, ply: int) -> bool:
        """Repetition: the node's position came before, on the search's path (the same side to
        move every second ply) or in the game (``past``); it then scores as a draw, which a
        repetition can force. Records the position on the path."""
        key = self.evaluation.key(self.state)
        path = self._path
        if ply < len(path):
            path[ply] = key
        for p in range(min(ply, len(path)) - 2, -1, -2):
            if path[p] == key:
                return True
        assert self.past is not None
        return key in self.past

    def _probe(self, key: Hashable, depth: int, alpha: float, beta: float, ply: int) -> tuple[float | None, Any]:
        """The transposition table at this node: ``(score, hash move)``, the score when the entry
        settles the node (deep enough, and its bound decides the window), else None."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        if entry.depth >= depth:
            score = _from_table(entry.score, ply)
            if (entry.bound == EXACT or (entry.bound == LOWER and score >= beta)
                    or (entry.bound == UPPER and score <= alpha)):
                if -MATE_BOUND < score < MATE_BOUND:
                    self.estimates += 1  # the stored score may rest on evaluations
                return score, entry.move
        return None, entry.move

    def _null_move_holds(self, key: Hashable, depth: int, alpha: float, beta: float, ply: int,
                         extended: int) -> bool:
        """Null-move pruning: in a null-window node whose static score reaches beta, if passing
        still holds beta at a reduced depth, a move will too (the node fails high)."""
        if not (depth >= self.null_move_from and beta - alpha == 1 and self.null is not None
                and -MATE_BOUND < beta < MATE_BOUND and self._static(key) >= beta):
            return False
        self._play(self.null)
        try:
            score = -self._negamax(depth - 1 - self.null_move_reduction, -beta, -beta + 1, ply + 1, extended, False)
        finally:
            self.state.undo()
        return score >= beta

    def _moves(self, depth: int, alpha: float, beta: float, ply: int, extended: int, hash_move: Any) -> float:
        """The node's moves, best first, within ``(alpha, beta)``; the result goes into the table."""
        ordered, quiet_from = self._order(self.state.legal_moves(), hash_move, ply)
        alpha0 = alpha
        best_score: float = -MATE - 1
        best_move = None
        prune_from = self.prune_after * depth if depth <= 2 and beta - alpha == 1 else 1_000_000
        for i, move in enumerate(ordered):
            if i >= prune_from and i >= quiet_from and best_score > -MATE_BOUND:
                break  # late move pruning: the quiet rest of a null-window node near the horizon
            score = self._child(i, move, depth, alpha, beta, ply, extended, quiet_from)
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._cutoff(move, depth, ply)
                        break
        bound = LOWER if best_score >= beta else UPPER if best_score <= alpha0 else EXACT
        self._store(self.state, depth, _to_table(best_score, ply), bound, best_move)
        return best_score

    def _child(self, i: int, move: Any, depth: int, alpha: float, beta: float, ply: int, extended: int,
               quiet_from: int) -> float:
        """The score of the node's ``i``-th move: the first with the full window, the others with
        a null window (principal variation search), a late quiet one first a ply or two shallower."""
        state = self.state
        self._play(move)
        try:
            ext = 0
            if extended < self.max_extensions and self.evaluation.urgent(state):
                ext = 1
            below = depth - 1 + ext
            if i == 0:
                return -self._negamax(below, -beta, -alpha, ply + 1, extended + ext)
            # Late move reduction: a quiet move ordered late is first searched a ply shallower.
            # The null-window test is extended too when ``extend_scout`` (else a threat is
            # extended only once it beats alpha at the plain depth: cheaper, and the
            # quiescence search still sees the last liberty filled at the horizon).
            r = 0
            if depth >= self.reduce_from and i >= quiet_from and i >= self.reduce_after and not ext:
                r = 2 if i >= self.reduce_more_after and depth >= 4 else 1
            scout = ext if self.extend_scout else 0
            score = -self._negamax(depth - 1 + scout - r, -alpha - 1, -alpha, ply + 1, extended + scout)
            if r and score > alpha:
                score = -self._negamax(below, -alpha - 1, -alpha, ply + 1, extended)
            if alpha < score < beta:
                score = -self._negamax(below, -beta, -alpha, ply + 1, extended + ext)
            return score
        finally:
            state.undo()

    def _static(self, key: Hashable) -> float:
        """The evaluation of the current position, from the cache when it was seen before."""
        self.estimates += 1
        cache = self.scores
        known = cache.get(key)
        if known is not None:
            return known
        if len(cache) >= self.table_size:
            cache.clear()
        static = cache[key] = self.evaluation.evaluate(self.state)
        return static

    def _quiescence(self, alpha: float, beta: float, ply: int, left: int, key: Hashable) -> float:
        """Past the horizon, only the evaluation's forcing moves (``noisy``: for Hive, moves onto
        the last free cells beside a nearly surrounded queen), at most ``left`` plies more.

        The side to move may always stand pat on the static score (it need not play a forcing
        move), so the result lies between the static score and what the forcing moves prove;
        a forced win just past the horizon (the last liberty filled) is seen as a win.
        """
        static = self._static(key)
        if static >= beta:
            return static
        state, ev = self.state, self.evaluation
        moves = ev.noisy(state)
        if not moves:
            return static
        best = static
        if best > alpha:
            alpha = best
        for move in moves:
            self.nodes += 1
            self._countdown -= 1
            if not self._countdown:
                self._tick()
            self._play(move)
            try:
                outcome = state.outcome
                if outcome is not None:
                    score = -self._terminal(outcome, ply + 1)
                elif left > 1:
                    score = -self._quiescence(-beta, -alpha, ply + 1, left - 1, ev.key(state))
                else:
                    score = -self._static(ev.key(state))
            finally:
                state.undo()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _order(self, moves: Sequence[Any], hash_move: Any, ply: int) -> tuple[list[Any], int]:
        """The moves best first, and the index from which they are quiet (no hash or killer
        move, no positive hint from the evaluation): late quiet moves may be reduced."""
        hints = self.evaluation.order(self.state, moves)
        history = self.history
        killers = self.killers[ply] if ply < len(self.killers) else (None, None)
        keyed = []
        for move, hint in zip(moves, hints, strict=True):
            if move == hash_move:
                rank = 1e12
            elif move == killers[0]:
                rank = 1e9
            elif move == killers[1]:
                rank = 1e9 - 1
            else:
                rank = hint + history.get(move, 0) * 0.01 if hint > 0 else hint - 1.0 / (1 + history.get(move, 0))
            keyed.append((rank, move))
        keyed.sort(key=lambda rm: -rm[0])
        quiet = next((i for i, (rank, _) in enumerate(keyed) if rank <= 0), len(keyed))
        return [m for _, m in keyed], quiet

    def _cutoff(self, move: Any, depth: int, ply: int) -> None:
        if ply < len(self.killers):
            k = self.killers[ply]
            if k[0] != move:
                k[1], k[0] = k[0], move
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _store(self, state: Any, depth: int, score: float, bound: int, move: Any) -> None:
        table = self.table
        if len(table) >= self.table_size:
            table.clear()  # crude but bounded: a fresh table beats unbounded memory
        key = self.evaluation.key(state)
        old = table.get(key)
        if old is None or depth >= old.depth or bound == EXACT:
            table[key] = _Entry(depth, score, bound, move if move is not None else (old.move if old else None))


def _to_table(score: float, ply: int) -> float:
    """A mate score relative to the node (distance from here) for the table."""
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


def past_keys(state: Any, key: Callable[[Any], Hashable]) -> frozenset[Hashable]:
    """The keys of the positions before ``state`` in its game (``history`` undone on a copy), for
    ``Searcher``'s ``past``."""
    board = state.copy()
    keys = set()
    while board.history:
        board.undo()
        keys.add(key(board))
    return frozenset(keys)
