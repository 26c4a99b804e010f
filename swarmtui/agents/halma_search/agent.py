"""The ``halma-search`` agent: best-reply alpha-beta for 1 to 6 players racing for real.

Each seat races to fill its goal and may block the others (the paper's competitive game,
section I). An exact multi-player search (max-n) cannot prune, and the paranoid search (every
other seat plays against us, Sturtevant & Korf 2000) gives the others one move each per round,
so with three players it sees only one of its own moves in three plies and defends instead of
racing. This player uses **best-reply search** (BRS, Schadd & Winands 2011, who found it the
strongest of the three in Chinese Checkers): the root seat's turns maximise; between two of
its turns only *one* opponent moves, whichever has the reply that hurts the root most, the
others pass. With two players that is exactly alpha-beta (minimax); with one player it is a
single-agent look-ahead of the seat's own moves.

**Evaluation** (distance plus ladder), from the root seat's view:

    race(k) = -Σ steps(piece of k, goal tip) - straggler · (max - min of them) + ladder · best_gain(k)
    score   = race(root) - max over the other seats of race(other)

``steps`` is a piece's hex distance from its goal's tip, i.e. the rows still to go plus any
sideways excess outside the goal's cone (a full goal sums to 20: it pulls the pieces in from the
side points and fills the goal from the tip, the paper's V-E, so no hole is left behind);
``straggler`` penalises the gap between a seat's front and rear piece (the last piece is what
loses races); ``best_gain`` is the largest reduction of ``steps`` one jump chain of that seat
could make now (the ladders it can use next turn). A won game scores ±WIN (sooner is better).
The end game needs nothing special: a piece that enters its goal may move only within it, the
tip distance makes the pieces inside close up towards the tip, and under ``blocked_goal=fill``
the board declares the win when the holes a blocker leaves free are filled.

**Search.** Iterative deepening alpha-beta with a transposition table keyed by the Zobrist hash
of the position (``games.halma.zobrist``, updated by two XORs a move) and the side to move;
move ordering: the table's move first, then the moves that gain most (long hops first);
forward pruning: backward moves are dropped (unless a seat has nothing else) and only the
``breadth`` best-gaining moves of the root seat and the ``reply_breadth`` best replies (pooled
over the opponents) are searched. The budget is a number of **nodes** (so a game is the same on
any machine, loaded or not: same seed, same game); ``time_limit`` or a
:class:`~swarmtui.core.limits.Limit` adds a clock. Two ablation switches take parts out at the
same budget: ``table=false`` (no transposition table) and ``ordering=false`` (the same moves
searched in the generator's order; ``benchmarks/halma_search_ablation.py`` plays them).

**The crossing solver's plan** (``hard``, ``max`` and an explicit time or depth ``Limit``; ``plan=false``
switches it off). The distance evaluation counts steps, not moves: in the end game it brings the
last pieces in with more moves than needed, while ``beam``'s crossing solver
(``halma_crossing.CrossingSearch``, the other seats' pieces fixed, ``plan_width`` 30 and
``plan_depth`` 30 as ``beam`` replans) knows a sequence that fills the goal. Before searching,
the player asks the solver for its own crossing and puts the plan's first move among the root
moves (its alpha-beta window widened by ``plan_margin`` so its value is exact down there); after
the search it plays the plan's move unless the search rates another move more than
``plan_margin`` (3) steps better: the search decides only where blocking or being blocked, or a
hop it alone sees, is worth more than the plan. The solver costs about as much as one ``beam``
move (a tenth of a second of CPU), independent of the node budget, so games stay the same on
any machine.

=========  =======  =====  ==============================================================
level      nodes    plies  play
=========  =======  =====  ==============================================================
easy       -        1      any move within ``tolerance`` (2 steps) of the best one-ply move
medium     300      2      two plies: its move and the best reply
hard       2,000    none   iterative deepening, 4 plies completed in mid-game; the solver's plan
max        8,000    none   iterative deepening, 6 plies (two players), 5 (three); the solver's plan
=========  =======  =====  ==============================================================

``easy`` is the default for a new game: a casual player can beat it. An explicit ``Limit``
(``decide_within``) replaces the level's budget and plays at full strength (no tolerance).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from swarmtui.agents.halma_crossing import CrossingParams, CrossingSearch
from swarmtui.core.hexgrid import distance
from swarmtui.core.limits import Limit
from swarmtui.core.params import ParamError, check_range
from swarmtui.core.rating import MoveRating
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games.halma.geometry import STAR, opposite, tip
from swarmtui.games.halma.rules import Board, Move
from swarmtui.games.halma.zobrist import KEYS, TURN_KEYS, position_hash

WIN = 1_000_000.0
Difficulty = Literal["easy", "medium", "hard", "max"]


@dataclass(frozen=True)
class Level:
    """A difficulty's default budget: search nodes (None: no node limit), plies, tolerance in
    steps, and whether the crossing solver's plan is offered (``plan``, the module docstring)."""

    nodes: int | None
    depth: int | None
    tolerance: float
    plan: bool = False


LEVELS: dict[str, Level] = {
    "easy": Level(None, 1, 2.0),
    "medium": Level(300, 2, 0.0),
    "hard": Level(2_000, None, 0.0, plan=True),
    "max": Level(8_000, None, 0.0, plan=True),
}
"""difficulty -> its budget (the table in the module docstring)."""

TIP_DISTANCE: dict[int, tuple[int, ...]] = {c: tuple(distance(h, tip(c)) for h in STAR) for c in range(6)}
"""Goal corner -> every hole's distance (in steps) from that point's tip."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table bounds: the stored value is exact, at least, or at most the true one."""


class _Timeout(Exception):
    pass


@dataclass(frozen=True)
class HalmaSearchParams:
    difficulty: Difficulty = field(default="easy", metadata={"help": "easy, medium, hard or max (budgets in the docs)"})
    nodes: int | None = field(default=None, metadata={"help": "search nodes per move (overrides the level)"})
    time_limit: float | None = field(default=None, metadata={"help": "seconds per move, a clock on top of the nodes"})
    depth: int | None = field(default=None, metadata={"help": "plies (overrides the level; none: unbounded)"})
    tolerance: float | None = field(default=None, metadata={"help": "play any move this close to the best (steps)"})
    breadth: int = field(default=12, metadata={"help": "own moves searched per position, best gain first"})
    reply_breadth: int = field(default=8, metadata={"help": "opponent replies searched per position (pooled)"})
    straggler: float = field(default=0.5, metadata={"help": "weight of the gap between a seat's front and rear"})
    ladder: float = field(default=0.5, metadata={"help": "weight of a seat's best one-move gain"})
    search: Literal["brs", "paranoid"] = field(
        default="brs", metadata={"help": "brs: one opponent replies per round; paranoid: all of them, in turn"})
    table: bool = field(default=True, metadata={
        "help": "ablation switch: off = no transposition table (no cut-offs or hint moves from earlier visits)"})
    ordering: bool = field(default=True, metadata={
        "help": "ablation switch: off = the same moves searched in the generator's order (no hint or gain order)"})
    plan: bool = field(default=True, metadata={
        "help": "ablation switch (hard, max): off = no crossing-solver plan offered at the root"})
    plan_margin: float = field(default=3.0, metadata={
        "help": "play the solver plan's move when the search rates it within this many steps of the best"})
    plan_width: int = field(default=30, metadata={"help": "the crossing solver's beam width (as beam's replans)"})
    plan_depth: int = field(default=30, metadata={"help": "the crossing solver's plan length (as beam's replans)"})

    def __post_init__(self) -> None:
        if self.difficulty not in LEVELS:
            raise ParamError(f"difficulty must be one of {', '.join(LEVELS)}, not {self.difficulty!r}")
        if self.nodes is not None:
            check_range("nodes", self.nodes, 1, 100_000_000)
        if self.time_limit is not None:
            check_range("time_limit", self.time_limit, 0.001, 86_400)
        if self.depth is not None:
            check_range("depth", self.depth, 1, 64)
        if self.tolerance is not None:
            check_range("tolerance", self.tolerance, 0, 1000)
        check_range("breadth", self.breadth, 1, 1000)
        check_range("reply_breadth", self.reply_breadth, 1, 1000)
        check_range("plan_margin", self.plan_margin, 0, 1000)
        check_range("plan_width", self.plan_width, 1, 100_000)
        check_range("plan_depth", self.plan_depth, 1, 200)
        if self.search not in ("brs", "paranoid"):
            raise ParamError(f"search must be brs or paranoid, not {self.search!r}")


class _Search:
    """One decision's search over a private copy of the board (see the module docstring)."""

    def __init__(self, board: Board, params: HalmaSearchParams, nodes: int | None, deadline: float | None,
                 limit: Limit | None, table: dict) -> None:
        self.board = board
        self.params = params
        self.root = board._turn + 1
        self.seats = tuple(range(1, board.players + 1))
        self.others = tuple(k for k in self.seats if k != self.root)
        self.far = {k: TIP_DISTANCE[opposite(board._corners[k - 1])] for k in self.seats}
        self.hash = position_hash(board._occ)
        self.budget = nodes
        self.deadline = deadline
        self.stop = limit.stop if limit is not None else None
        self.table = table
        self.nodes = 0

    # -- moves ------------------------------------------------------------------------------------
    def moves_of(self, k: int) -> list[Move]:
        """Seat ``k``'s legal moves, whoever is to move in the game (BRS lets one opponent reply)."""
        board = self.board
        board._turn = k - 1
        board._unsettled = False
        return board.legal_moves()

    def gain(self, move: Move, k: int) -> int:
        found = move._found
        assert found is not None
        far = self.far[k]
        return far[found[0]] - far[found[1]]

    def candidates(self, k: int, breadth: int, first: tuple[int, int] | None) -> list[tuple[int, Move]]:
        """Seat ``k``'s ``breadth`` best-gaining moves (backward ones only if nothing else), the hinted one first."""
        scored = [(self.gain(m, k), m) for m in self.moves_of(k)]
        forward = [s for s in scored if s[0] >= 0]
        scored = forward or scored
        if not self.params.ordering:  # the same best-gaining moves, searched in the generator's order
            kept = {id(m) for _, m in sorted(scored, key=lambda s: -s[0])[:breadth]}
            return [(k, m) for _, m in scored if id(m) in kept]
        scored.sort(key=lambda s: -s[0])
        chosen = [(k, m) for _, m in scored[:breadth]]
        if first is not None:
            for i, (_, m) in enumerate(scored):
                found = m._found
                if found is not None and (found[0], found[1]) == first:
                    if i >= breadth:
                        chosen.insert(0, (k, m))
                    else:
                        chosen.insert(0, chosen.pop(i))
                    break
        return chosen

    def replies(self, first: tuple[int, int] | None) -> list[tuple[int, Move]]:
        """The opponents' best replies, pooled (BRS), the hinted one first."""
        if len(self.others) == 1:
            return self.candidates(self.others[0], self.params.reply_breadth, first)
        pooled: list[tuple[int, int, Move]] = []
        for k in self.others:
            pooled.extend((self.gain(m, k), k, m) for m in self.moves_of(k))
        forward = [s for s in pooled if s[0] >= 0]
        pooled = forward or pooled
        if not self.params.ordering:
            kept = {id(m) for _, _, m in sorted(pooled, key=lambda s: -s[0])[: self.params.reply_breadth]}
            return [(k, m) for _, k, m in pooled if id(m) in kept]
        pooled.sort(key=lambda s: -s[0])
        chosen = [(k, m) for _, k, m in pooled[: self.params.reply_breadth]]
        if first is not None:
            hinted = [(k, m) for _, k, m in pooled if m._found is not None and (m._found[0], m._found[1]) == first]
            if hinted:
                chosen = hinted[:1] + [c for c in chosen if c[1] is not hinted[0][1]]
        return chosen

    def play(self, k: int, move: Move) -> None:
        """Seat ``k`` plays ``move`` (generated for it here), out of turn if BRS says so."""
        found = move._found
        assert found is not None
        self.hash ^= KEYS[k][found[0]] ^ KEYS[k][found[1]]
        board = self.board
        board._turn = k - 1  # the board plays for the seat whose turn it holds
        board._unsettled = False
        board.play(move)

    def undo(self) -> None:
        board = self.board
        move = board.undo()
        k = board._turn + 1
        found = move._found
        assert found is not None
        self.hash ^= KEYS[k][found[0]] ^ KEYS[k][found[1]]

    # -- evaluation -------------------------------------------------------------------------------
    def race(self, k: int) -> float:
        board = self.board
        far = self.far[k]
        pieces = board._pieces[k]
        if not pieces:
            return 0.0
        held = [far[i] for i in pieces]
        best = 0
        if self.params.ladder:
            for i in pieces:
                here = far[i]
                for j in board._ends(i)[1]:
                    if here - far[j] > best:
                        best = here - far[j]
        return -sum(held) - self.params.straggler * (max(held) - min(held)) + self.params.ladder * best

    def evaluate(self) -> float:
        board = self.board
        outcome = board._outcome
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            sooner = -board.ply
            return WIN + sooner if outcome.winner == str(self.root) else -WIN - sooner
        mine = self.race(self.root)
        if not self.others:
            return mine
        return mine - max(self.race(k) for k in self.others)

    # -- search -----------------------------------------------------------------------------------
    def tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Timeout
        if self.nodes % 64 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _Timeout
            if self.stop is not None and self.stop.is_set():
                raise _Timeout

    def value(self, depth: int, alpha: float, beta: float, side: int) -> float:
        """Alpha-beta value of the position for the root seat, ``depth`` plies ahead, ``side`` to
        move: the root seat (maximising), another seat (paranoid) or 0, the pooled opponents (BRS)."""
        self.tick()
        board = self.board
        if depth == 0 or board._outcome is not None:
            return self.evaluate()
        maximising = side == self.root
        key = self.hash ^ TURN_KEYS[side]
        entry = self.table.get(key) if self.params.table else None
        hint = None
        if entry is not None:
            d, v, flag, hint = entry
            if d >= depth and (flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha)):
                return v
        if maximising:
            moves = self.candidates(side, self.params.breadth, hint)
        elif side:
            moves = self.candidates(side, self.params.reply_breadth, hint)
        else:
            moves = self.replies(hint)
        if not moves:  # this side cannot move: the position as it stands
            return self.evaluate()
        a0, b0 = alpha, beta
        best = -float("inf") if maximising else float("inf")
        best_move = None
        for k, move in moves:
            self.play(k, move)
            try:
                v = self.value(depth - 1, alpha, beta, self.next_side(k))
            finally:
                self.undo()
            if maximising and v > best:
                best, best_move = v, move
                alpha = max(alpha, v)
            elif not maximising and v < best:
                best, best_move = v, move
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        found = best_move._found if best_move is not None else None
        if self.params.table:
            self.table[key] = (depth, best, flag, (found[0], found[1]) if found is not None else None)
        return best

    def next_side(self, mover: int) -> int:
        """Who moves after ``mover``: BRS alternates the root seat and the pooled opponents (0);
        paranoid follows the real turn order (each opponent in turn, all minimising). With two
        players both are plain alpha-beta; alone, the root seat moves again."""
        if not self.others:
            return self.root
        if self.params.search == "paranoid" or len(self.others) == 1:
            return mover % len(self.seats) + 1
        return 0 if mover == self.root else self.root

    def root_scores(self, order: list[Move], depth: int, tolerance: float, planned: Move | None = None,
                    margin: float = 0.0) -> dict[Move, float]:
        """Each root move's value at ``depth`` (bounds for the moves that fail low, as alpha-beta
        proves them; the ``planned`` move's value exact down to ``margin`` below the best so far)."""
        scores: dict[Move, float] = {}
        alpha = -float("inf")
        for move in order:
            self.tick()
            self.play(self.root, move)
            slack = max(tolerance, margin) if move is planned else tolerance
            try:
                v = self.value(depth - 1, alpha - slack - 1e-9, float("inf"), self.next_side(self.root))
            finally:
                self.undo()
            scores[move] = v
            alpha = max(alpha, v)
        return scores


class HalmaSearchAgent:
    """Best-reply (or paranoid) alpha-beta with iterative deepening over the distance-plus-ladder evaluation."""

    id = "halma-search"

    def __init__(self, rng: np.random.Generator, params: HalmaSearchParams = HalmaSearchParams()) -> None:
        self.rng = rng
        self.params = params
        self.nodes = 0
        self.plan_length: int | None = None

    def budget(self) -> tuple[int | None, float | None, int | None, float]:
        """``(nodes, seconds, depth, tolerance)`` from the difficulty and the overriding parameters."""
        level = LEVELS[self.params.difficulty]
        p = self.params
        return (p.nodes if p.nodes is not None else level.nodes, p.time_limit,
                p.depth if p.depth is not None else level.depth,
                p.tolerance if p.tolerance is not None else level.tolerance)

    def decide(self, state: Board) -> Decision:
        return self._decide(state, *self.budget(), None)

    def decide_within(self, state: Board, limit: Limit) -> Decision:
        """Think within ``limit`` at full strength (the difficulty is only the default budget)."""
        if limit.time is None and limit.depth is None:
            nodes, seconds, depth, tolerance = self.budget()
            return self._decide(state, nodes, seconds, depth, tolerance, limit)
        return self._decide(state, None, limit.time, limit.depth, 0.0, limit, full=True)

    def _decide(self, state: Board, nodes: int | None, seconds: float | None, depth: int | None, tolerance: float,
                limit: Limit | None, full: bool = False) -> Decision:
        """One move within the budget; ``full``: an explicit time or depth limit, at full strength (the plan on)."""
        clock = time.perf_counter()
        board = state.copy()
        moves = board.legal_moves()  # settles whose turn it is
        if not moves:
            raise ValueError("no legal move to choose from")
        if nodes is None and seconds is None and depth is None:
            depth = 4
        planned, self.plan_length = None, None
        if self.params.plan and tolerance == 0 and (LEVELS[self.params.difficulty].plan or full):
            planned, self.plan_length = self.planned(board, moves)
        search = _Search(board, self.params, nodes, clock + seconds if seconds is not None else None, limit, {})
        order = [m for _, m in search.candidates(search.root, max(self.params.breadth, 1), None)]
        if tolerance > 0:  # easy: every forward move is a candidate
            order = [m for _, m in search.candidates(search.root, len(moves), None)]
        if planned is not None:  # searched among the candidates (the same object: root_scores widens its window)
            same = [m for m in order if m == planned]
            if same:
                planned = same[0]
            else:
                order.append(planned)
        scores: dict[Move, float] = {}
        reached = 0
        limit_depth = depth if depth is not None else 64
        try:
            for d in range(1, limit_depth + 1):
                current = search.root_scores(order, d, tolerance, planned, self.params.plan_margin)
                scores, reached = current, d
                if self.params.ordering:  # the next iteration searches the best moves first
                    order = sorted(order, key=lambda m: -current[m])
                if abs(max(current.values())) >= WIN / 2:
                    break
        except _Timeout:
            search.board = board = state.copy()  # an interrupted search may leave moves on the copy
        if not scores:  # not even one ply within the budget: the best gain
            scores = {order[0]: 0.0}
        self.nodes = search.nodes
        best = max(scores.values())
        near = [m for m in order if m in scores and scores[m] >= best - tolerance]
        if planned is not None and planned in scores and scores[planned] >= best - self.params.plan_margin:
            near = [planned]  # the solver's plan, unless the search sees it lose more than the margin
        chosen = near[int(self.rng.integers(len(near)))] if len(near) > 1 else near[0]
        return Decision(chosen, self._trace(state, scores, near, chosen, reached, time.perf_counter() - clock,
                                            planned if planned in scores else None))

    def rate(self, state: Board, move: Move, limit: Limit | None = None) -> tuple[Decision, MoveRating]:
        """Score ``move`` against this agent's choice (the coach's "why not my move?"): both
        searched alone, so exactly, to the depth the decision completed, in the evaluation's
        units (steps; a won race is +-1,000,000)."""
        decision = self.decide(state) if limit is None else self.decide_within(state, limit)
        trace = decision.trace
        depth = max(1, trace.depth if isinstance(trace, SearchTrace) else 1)
        values = [self._value_of(state, m, depth, limit) for m in (move, decision.move)]
        notes = tuple("wins the race" if v >= WIN / 2 else "loses the race" if v <= -WIN / 2 else "" for v in values)
        return decision, MoveRating(state.format_move(move), state.format_move(decision.move), "score",
                                    round(values[0], 1), round(values[1], 1), (notes[0], notes[1]),
                                    agent="halma-search")

    def _value_of(self, state: Board, move: Move, depth: int, limit: Limit | None) -> float:
        """``move``'s best-reply value ``depth`` plies deep for the side to move (no node budget;
        the limit's ``stop`` event ends it with ``_Timeout``, which the cancelled caller drops)."""
        search = _Search(state.copy(), self.params, None, None, limit, {})
        legal = [m for m in search.moves_of(search.root) if m == move]
        if not legal:
            raise ValueError(f"{state.format_move(move)} is not a legal move here")
        return search.root_scores(legal[:1], depth, 0.0)[legal[0]]

    def planned(self, state: Board, moves: list[Move]) -> tuple[Move | None, int | None]:
        """The crossing solver's first move for the side to move, the other seats' pieces fixed
        (``halma_crossing.CrossingSearch``, as ``beam`` plans), and the plan's length when it
        fills the goal (None: a partial plan, or none)."""
        p = self.params
        crossing = CrossingSearch(state, CrossingParams(width=p.plan_width, max_width=p.plan_width,
                                                         depth=p.plan_depth)).solve()
        if not crossing.moves:
            return None, None
        start, end = STAR[crossing.moves[0][0]], STAR[crossing.moves[0][1]]
        for move in moves:
            if move.start == start and move.end == end:
                return move, len(crossing.moves) if crossing.complete else None
        return None, None

    def _trace(self, state: Board, scores: dict[Move, float], near: list[Move], chosen: Move, depth: int,
               seconds: float, planned: Move | None = None) -> SearchTrace:
        ranked = sorted(scores, key=lambda m: -scores[m])[:8]
        if planned is not None and planned not in ranked:
            ranked.append(planned)
        kind = "best-reply" if state.players > 2 and self.params.search == "brs" else (
            "paranoid" if state.players > 2 else "alpha-beta")
        plan = "" if planned is None else (
            f", solver plan {self.plan_length} moves" if self.plan_length is not None else ", solver plan partial")
        return SearchTrace(
            algorithm=f"{kind} search ({self.params.difficulty}{plan})",
            candidates=tuple(CandidateMove(state.format_move(m), float(scores[m]),
                                           note="the crossing solver's plan" if m is planned else "")
                             for m in ranked),
            best=tuple(state.format_move(m) for m in near), chosen=state.format_move(chosen),
            nodes=self.nodes, depth=depth, seconds=round(seconds, 3),
        )


def build(game_id: str, seat: str, rng: np.random.Generator,
             params: HalmaSearchParams | None) -> HalmaSearchAgent:
    return HalmaSearchAgent(rng, params or HalmaSearchParams())
