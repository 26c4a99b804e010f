"""The ``alphabeta`` agent: an engine-grade search player, the reference every swarm is rated against.

Iterative-deepening principal variation search with a transposition table, killer and history
move ordering and threat extensions (``search.py``), over the evaluation a game provides (its
``evaluation`` service, ``core.services``: Hive's is ``games/hive/evaluation.py``). It plays
every game that provides one (Hive and Noughts & Crosses), and takes the evaluation's weights
(Hive's ``HiveWeights``) as parameters of its own in that game, after the search settings.

**Budgets.** ``difficulty`` names a default budget people understand:

=========  ==========  =========  ==============================================
level      time/move   depth      play
=========  ==========  =========  ==============================================
easy       0.5 s       1 ply      any move within ``tolerance`` (12) of the best, no quiescence
medium     1 s         2 plies    best move of a two-ply search
hard       1 s         unbounded  iterative deepening for the full second
max        5 s         unbounded  iterative deepening for five seconds
=========  ==========  =========  ==============================================

``easy`` is the default for a new game: a casual player can beat it. ``time_limit`` and
``depth`` override the level's budget, and an explicit :class:`~swarmtui.core.limits.Limit`
(``decide_within``: UHP's ``bestmove time``/``depth``, ``sim``) replaces it altogether and
plays at full strength (no tolerance). Budgets are wall-clock seconds unless ``clock=cpu``
(seconds of the searching thread's CPU time: experiments on a shared machine, untouched by
what else the process does, such as loading Hive's compiled move generator). The search stops at
the time limit (checked every few nodes, so the answer comes within 5% + 50 ms) or when the
limit's ``stop`` event is set, and answers the best move of the deepest iteration (or of the
unfinished one, which starts from the previous best). It starts new iterations until
``soft_limit`` of the time has gone: by default all of it, since at a fixed time a move the time
not spent is lost and the unfinished iteration's answer counts (before, a move stopped at half the
time and spent about three quarters of it on average).

**Trace.** A :class:`~swarmtui.core.trace.SearchTrace` with the principal variation, the depth
reached, the nodes searched and the score of each root move (exact for the best, an upper
bound for the others, as alpha-beta proves them).

**Rating a move** (``rate``, the coach's "why not my move?", ``core.rating``): the agent decides
as usual, then searches the position after the player's move one ply less deep than the depth
its decision reached, so both moves' scores are exact and of the same depth (a bound is all
the decision's own search proves of a move it did not choose).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from swarmtui.agents.alphabeta.native import Engines
from swarmtui.agents.alphabeta.search import EXACT, MATE, MATE_BOUND, Searcher, SearchResult
from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.rating import MoveRating
from swarmtui.core.services import EVALUATION, EvaluationService
from swarmtui.core.state import GameState
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games import get_game

Difficulty = Literal["easy", "medium", "hard", "max"]
Clock = Literal["wall", "cpu"]
Engine = Literal["auto", "python"]
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
"""How a time budget is measured: wall-clock seconds, or CPU seconds of this process (the same
search whatever else the machine runs: for experiments on a shared machine)."""


@dataclass(frozen=True)
class Budget:
    """A difficulty's default budget: seconds, plies (None: unbounded), tolerance, and the
    quiescence plies (``easy`` has none: it overlooks a queen surrounded just past its ply)."""

    time: float
    depth: int | None
    tolerance: float
    quiesce: int = 2


DIFFICULTIES: dict[str, Budget] = {
    "easy": Budget(0.5, 1, 12.0, 0),
    "medium": Budget(1.0, 2, 0.0),
    "hard": Budget(1.0, None, 0.0),
    "max": Budget(5.0, None, 0.0),
}
SAFETY = 0.03
"""Seconds kept back from a time limit for building the answer (the trace) after the search."""


@dataclass(frozen=True)
class AlphaBetaParams:
    """The search settings; in a game whose evaluation has weights the agent's parameters are
    these followed by the weights (``core.services.params_with_services``)."""

    difficulty: Difficulty = field(default="easy", metadata={"help": "easy, medium, hard or max (budgets above)"})
    time_limit: float | None = field(default=None, metadata={"help": "seconds per move (overrides the level)"})
    depth: int | None = field(default=None, metadata={"help": "plies (overrides the level; none: unbounded)"})
    tolerance: float | None = field(default=None, metadata={"help": "play any move this close to the best"})
    max_extensions: int = field(default=2, metadata={"help": "threat extensions allowed on one path"})
    extend_scout: bool = field(default=False, metadata={"help": "extend threats in null-window tests too"})
    reduce_from: int = field(default=2, metadata={"help": "depth from which late quiet moves are reduced (0: never)"})
    reduce_more_after: int = field(default=8, metadata={
        "help": "quiet moves ordered from here on are reduced two plies from depth 4 (0: never more than one)"})
    null_move_from: int = field(default=3, metadata={
        "help": "depth from which a pass is searched first to prune (null-move pruning; 0: never)"})
    null_move_reduction: int = field(default=2, metadata={"help": "plies less for the null move's search"})
    prune_after: int = field(default=0, metadata={
        "help": "late move pruning: at depth 1-2 of a null-window node, quiet moves past this many per ply "
                "are not searched (0: never)"})
    soft_limit: float = field(default=1.0, metadata={
        "help": "fraction of a move's time after which no new iteration starts (the unfinished one's answer "
                "counts, so 1 spends the whole time; less leaves time unused)"})
    aspiration: float = field(default=20.0, metadata={
        "help": "root window round the last iteration's score from depth 3 (evaluation units; 0: full window)"})
    quiesce: int | None = field(default=None, metadata={
        "help": "plies of queen-filling moves searched past the horizon (none: 0 at easy, else 2)"})
    table_size: int = field(default=400_000, metadata={"help": "transposition table entries"})
    top: int = field(default=8, metadata={"help": "root moves shown in the trace"})
    clock: Clock = field(default="wall", metadata={"help": "wall (what a user waits) or cpu (the searching "
                                                          "thread's CPU time: fair budgets on a loaded machine)"})
    engine: Engine = field(default="auto", metadata={
        "help": "auto: the game's compiled search where it has one loaded (Hive's base game), else the "
                "Python search; python: always the Python search"})
    repetition: bool = field(default=True, metadata={
        "help": "score a position met before, in the game or on the search's path, as a draw"})
    weights: str = field(default="", metadata={
        "help": "a file of the game's evaluation weights (sim tune hive writes them); weights given as "
                "parameters win over it"})

    def __post_init__(self) -> None:
        if self.time_limit is not None:
            check_range("time_limit", self.time_limit, 0.001, 86_400)
        if self.depth is not None:
            check_range("depth", self.depth, 1, 64)
        if self.tolerance is not None:
            check_range("tolerance", self.tolerance, 0, 1e6)
        check_range("max_extensions", self.max_extensions, 0, 16)
        check_range("reduce_from", self.reduce_from, 0, 64)
        check_range("reduce_more_after", self.reduce_more_after, 0, 1000)
        check_range("null_move_from", self.null_move_from, 0, 64)
        check_range("null_move_reduction", self.null_move_reduction, 1, 8)
        check_range("aspiration", self.aspiration, 0, 1e6)
        check_range("soft_limit", self.soft_limit, 0.05, 1.0)
        check_range("prune_after", self.prune_after, 0, 1000)
        if self.quiesce is not None:
            check_range("quiesce", self.quiesce, 0, 16)
        check_range("table_size", self.table_size, 1_000, 50_000_000)
        check_range("top", self.top, 1, 1000)


def check(game_id: str, seat: str, params: AlphaBetaParams) -> None:
    """The weights file reads (what the factory needs), before a run's first game."""
    if params.weights:
        service: EvaluationService = get_game(game_id).service(EVALUATION)
        service.read_file(params.weights)


class AlphaBetaAgent:
    """The search player; see the module docstring."""

    id = "alphabeta"

    def __init__(self, game_id: str, rng: np.random.Generator, params: AlphaBetaParams) -> None:
        self.game_id = game_id
        self.rng = rng
        self.params = params
        service: EvaluationService = get_game(game_id).service(EVALUATION)
        self.evaluation = service.evaluation(params, params.weights)
        self.table: dict = {}
        self.scores: dict = {}
        self.last: SearchResult | None = None
        self.engines = Engines(params.engine, params.table_size, params.repetition)

    def budget(self) -> tuple[float, int | None, float]:
        """``(seconds, depth, tolerance)`` from the difficulty and the overriding parameters
        (the quiescence plies follow the same rule: :meth:`quiescence`)."""
        p = self.params
        level = DIFFICULTIES[p.difficulty]
        explicit = p.time_limit is not None or p.depth is not None
        seconds = p.time_limit if p.time_limit is not None else level.time
        if p.depth is not None:
            depth: int | None = p.depth
            if p.time_limit is None:
                seconds = 86_400.0  # a depth alone: search to that depth, however long it takes
        else:
            depth = None if p.time_limit is not None else level.depth
        tolerance = p.tolerance if p.tolerance is not None else (0.0 if explicit else level.tolerance)
        return seconds, depth, tolerance

    def quiescence(self, full_strength: bool = False) -> int:
        """The quiescence plies: the parameter if given, else the level's (``easy``: none) unless
        an explicit budget (``time_limit``/``depth`` or a :class:`Limit`) asks for full strength."""
        p = self.params
        if p.quiesce is not None:
            return p.quiesce
        if full_strength or p.time_limit is not None or p.depth is not None:
            return DIFFICULTIES["max"].quiesce
        return DIFFICULTIES[p.difficulty].quiesce

    def decide(self, state: GameState) -> Decision:
        seconds, depth, tolerance = self.budget()
        return self._decide(state, seconds, depth, tolerance, None, self.quiescence())

    def decide_within(self, state: GameState, limit: Limit) -> Decision:
        """Think within ``limit`` at full strength (the difficulty is only the default budget)."""
        if limit.time is None and limit.depth is None:
            seconds, depth, tolerance = self.budget()
            quiesce = self.quiescence()
        else:
            seconds = limit.time if limit.time is not None else 86_400.0
            depth, tolerance, quiesce = limit.depth, 0.0, self.quiescence(full_strength=True)
        return self._decide(state, seconds, depth, tolerance, limit.stop, quiesce)

    def rate(self, state: GameState, move: Any, limit: Limit | None = None) -> tuple[Decision, MoveRating]:
        """Score ``move`` against this agent's own choice, both exact at the depth the decision
        reached (module docstring)."""
        decision = self.decide(state) if limit is None else self.decide_within(state, limit)
        result = self.last
        assert result is not None, "decide searched"
        depth = max(1, result.depth)
        stop = limit.stop if limit is not None else None
        chosen = result.score if decision.move == result.best else self._score_after(state, decision.move, depth, stop)
        score = chosen if move == decision.move else self._score_after(state, move, depth, stop)
        rating = MoveRating(state.format_move(move), state.format_move(decision.move), "score", _display(score),
                            _display(chosen), (_describe(score), _describe(chosen)), agent="alphabeta")
        return decision, rating

    def _score_after(self, state: GameState, move: Any, depth: int, stop: Any) -> float:
        """``move``'s exact score for the side to move: the reply's best, ``depth - 1`` plies
        deep, negated (mate distances counted from the position before the move)."""
        after = state.copy()
        after.play(move)
        outcome = after.outcome
        if outcome is not None:
            mover = state.to_move
            return 0.0 if outcome.winner is None else (MATE - 1 if outcome.winner == mover else -(MATE - 1))
        searcher = self._searcher(self.evaluation.prepare(after), max_depth=max(1, depth - 1), stop=stop,
                                  table=self.table, max_extensions=self.params.max_extensions,
                                  table_size=self.params.table_size, scores=self.scores,
                                  reduce_from=self.params.reduce_from, quiesce=self.quiescence(full_strength=True),
                                  extend_scout=self.params.extend_scout)
        score = -searcher.search().score
        if abs(score) >= MATE_BOUND:
            score -= 1 if score > 0 else -1  # one ply further from the position asked about
        return score

    def _decide(self, state: GameState, seconds: float, depth: int | None, tolerance: float,
                stop: Any, quiesce: int) -> Decision:
        clock = CLOCKS[self.params.clock]
        start = clock()
        board = self.evaluation.prepare(state)
        hard = start + max(0.001, seconds - SAFETY)
        searcher = self._searcher(board, max_depth=depth or 64, deadline=hard,
                                  soft=start + seconds * self.params.soft_limit, stop=stop, table=self.table,
                                  max_extensions=self.params.max_extensions, table_size=self.params.table_size,
                                  scores=self.scores, reduce_from=self.params.reduce_from, clock=clock,
                                  quiesce=quiesce, extend_scout=self.params.extend_scout,
                                  reduce_more_after=self.params.reduce_more_after,
                                  null_move_from=self.params.null_move_from,
                                  null_move_reduction=self.params.null_move_reduction,
                                  aspiration=self.params.aspiration, prune_after=self.params.prune_after)
        result = searcher.search()
        self.last = result
        move = result.best
        if tolerance > 0 and result.roots:
            deepest = result.roots[0].depth
            close = [r.move for r in result.roots
                     if r.depth == deepest and r.bound == EXACT and r.score >= result.score - tolerance]
            if result.best not in close:
                close.insert(0, result.best)
            move = close[int(self.rng.integers(len(close)))]
        return Decision(move, self._trace(state, result, move))

    def _searcher(self, board: Any, **settings: Any) -> Searcher:
        """The Python :class:`Searcher`, or with ``engine=auto`` the game's compiled search under
        the same root where it has one loaded (``native.Engines``); with ``repetition``, told the
        game's earlier positions."""
        return self.engines.searcher(board, self.evaluation, **settings)

    def _trace(self, state: GameState, result: SearchResult, move: Any) -> SearchTrace:
        names: dict[Any, str] = {}

        def name(m: Any) -> str:
            if m not in names:
                names[m] = state.format_move(m)
            return names[m]

        candidates = []
        for r in result.roots[: self.params.top]:
            bound = "" if r.bound == EXACT else "at most "
            candidates.append(CandidateMove(name(r.move), _display(r.score), note=f"{bound}{_describe(r.score)}, "
                                            f"depth {r.depth}"))
        pv_text: list[str] = []
        board = state.copy()
        for m in result.pv:
            if board.outcome is not None:
                break  # the search ignores the repetition draw: its line may go past one
            pv_text.append(board.format_move(m))
            board.play(m)
        return SearchTrace(
            algorithm="alphabeta", candidates=tuple(candidates), best=(name(result.best),), chosen=name(move),
            nodes=result.nodes, depth=result.depth, pv=tuple(pv_text), seconds=round(result.seconds, 3),
        )


def _display(score: float) -> float:
    """Evaluation units as the panel shows them (mates as +-1000)."""
    if abs(score) >= MATE_BOUND:
        return 1000.0 if score > 0 else -1000.0
    return round(float(score), 1)


def _describe(score: float) -> str:
    if score >= MATE_BOUND:
        return f"wins in {MATE - score:.0f}"
    if score <= -MATE_BOUND:
        return f"loses in {MATE + score:.0f}"
    return "draw" if score == 0 else "ahead" if score > 0 else "behind"


def build(game_id: str, seat: str, rng: np.random.Generator, params: AlphaBetaParams) -> AlphaBetaAgent:
    return AlphaBetaAgent(game_id, rng, params)
