"""The ``halma-search`` agent: a paranoid alpha-beta player for 1 to 6 players racing for real.

Each seat races to fill its goal and may block the others (the paper's competitive game,
section I). With more than two players an exact game-theoretic search (max-n) cannot prune, so
this player is *paranoid* (Sturtevant & Korf): every other seat is assumed to play against it,
which turns the game into a two-sided alpha-beta search: the root seat's turns maximise, every
other seat's turns minimise the same score. With two players that is ordinary alpha-beta.

**Evaluation** (distance plus ladder), from the root seat's view:

    race(k) = -Σ steps(piece of k, goal tip) - straggler · (max - min of them) + ladder · best_gain(k)
    score   = race(root) - max over the other seats of race(other)

``steps`` is a piece's hex distance from its goal's tip (a full goal sums to 20: it pulls pieces
in from the side points and fills the goal from the tip, V-E), ``best_gain`` the largest advance
(``geometry.advance``) one jump chain of that seat could make now (the ladders it can use).
A won game scores ±WIN (sooner is better). With one player the score is ``race(root)``.

**Search.** Iterative deepening within a time limit (checked every few nodes); at every node
only the ``breadth`` moves that gain most for the mover are searched (forward pruning: Halma
has 50-150 moves per position, most of them sideways). ``difficulty`` names a budget:

=========  ==========  =====  ==============================================
level      time/move   plies  play
=========  ==========  =====  ==============================================
easy       0.3 s       1      any move within ``tolerance`` (2 rows) of the best
medium     1 s         2      best move of a two-ply search
hard       2 s         3      three plies
max        5 s         none   iterative deepening for five seconds
=========  ==========  =====  ==============================================

``easy`` is the default for a new game: a casual player can beat it. An explicit
:class:`~swarmtui.core.limits.Limit` (``decide_within``) replaces the level's budget and plays at
full strength (no tolerance).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from swarmtui.core.agent import AgentSpec
from swarmtui.core.limits import Limit
from swarmtui.core.params import ParamError
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.core.hexgrid import distance
from swarmtui.games.halma.geometry import STAR, advance, opposite, tip
from swarmtui.games.halma.rules import Board, Move

WIN = 1_000_000.0
LEVELS: dict[str, tuple[float, int | None, float]] = {
    "easy": (0.3, 1, 2.0),
    "medium": (1.0, 2, 0.0),
    "hard": (2.0, 3, 0.0),
    "max": (5.0, None, 0.0),
}
"""difficulty -> (seconds per move, plies or None for unbounded, tolerance in rows)."""

ADVANCE: dict[int, tuple[int, ...]] = {c: tuple(advance(h, c) for h in STAR) for c in range(6)}
"""Goal corner -> every hole's advance towards it."""

TIP_DISTANCE: dict[int, tuple[int, ...]] = {c: tuple(distance(h, tip(c)) for h in STAR) for c in range(6)}
"""Goal corner -> every hole's distance (in steps) from that point's tip."""


class _Timeout(Exception):
    pass


@dataclass(frozen=True)
class HalmaSearchParams:
    difficulty: str = field(default="easy", metadata={"help": "easy, medium, hard or max (budgets in the docstring)"})
    time_limit: float | None = field(default=None, metadata={"help": "seconds per move (overrides the level)"})
    depth: int | None = field(default=None, metadata={"help": "plies (overrides the level; none: unbounded)"})
    tolerance: float | None = field(default=None, metadata={"help": "play any move this close to the best (rows)"})
    breadth: int = field(default=10, metadata={"help": "moves searched per position, best gain first"})
    straggler: float = field(default=0.3, metadata={"help": "weight of the gap between a seat's front and rear"})
    ladder: float = field(default=0.5, metadata={"help": "weight of a seat's best one-move gain"})

    def __post_init__(self) -> None:
        if self.difficulty not in LEVELS:
            raise ParamError(f"difficulty must be one of {', '.join(LEVELS)}, not {self.difficulty!r}")
        if self.breadth < 1:
            raise ParamError(f"breadth must be at least 1, not {self.breadth}")


class HalmaSearchAgent:
    """Paranoid alpha-beta with iterative deepening over the distance-plus-ladder evaluation."""

    id = "halma-search"

    def __init__(self, rng: np.random.Generator, params: HalmaSearchParams = HalmaSearchParams()) -> None:
        self.rng = rng
        self.params = params
        self.nodes = 0
        self.deadline = 0.0

    def budget(self) -> tuple[float, int | None, float]:
        seconds, depth, tolerance = LEVELS[self.params.difficulty]
        p = self.params
        return (p.time_limit if p.time_limit is not None else seconds,
                p.depth if p.depth is not None else depth,
                p.tolerance if p.tolerance is not None else tolerance)

    def decide(self, state: Board) -> Decision:
        return self._decide(state, *self.budget())

    def decide_within(self, state: Board, limit: Limit) -> Decision:
        """Think within ``limit`` at full strength (the difficulty is only the default budget)."""
        if limit.time is None and limit.depth is None:
            return self.decide(state)
        return self._decide(state, limit.time if limit.time is not None else 86_400.0, limit.depth, 0.0)

    # -- evaluation -------------------------------------------------------------------------------
    def race(self, board: Board, k: int) -> float:
        corner = opposite(board._corners[k - 1])
        adv = ADVANCE[corner]
        far = TIP_DISTANCE[corner]
        held = [-far[i] for i in board._pieces[k]]
        if not held:
            return 0.0
        best = 0
        for i in board._pieces[k]:
            steps, jumps, _ = board._ends(i)
            for j in jumps:
                if adv[j] - adv[i] > best:
                    best = adv[j] - adv[i]
        return sum(held) - self.params.straggler * (max(held) - min(held)) + self.params.ladder * best

    def evaluate(self, board: Board, root: int) -> float:
        outcome = board.outcome
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            sooner = -board.ply
            return WIN + sooner if outcome.winner == board.seats[root - 1] else -WIN - sooner
        mine = self.race(board, root)
        if board.players == 1:
            return mine
        return mine - max(self.race(board, k) for k in range(1, board.players + 1) if k != root)

    # -- search -----------------------------------------------------------------------------------
    def ordered(self, board: Board, moves: list[Move]) -> list[Move]:
        """The ``breadth`` moves that gain most for the mover (jump chains first on ties)."""
        adv = ADVANCE[opposite(board.corner(board.to_move))]
        keyed = sorted(moves, key=lambda m: (adv[m._found[1]] - adv[m._found[0]] if m._found else 0,
                                             m._found is not None and m._found[2] is not None), reverse=True)
        return keyed[: self.params.breadth]

    def _search(self, board: Board, depth: int, alpha: float, beta: float, root: int) -> float:
        self.nodes += 1
        if self.nodes % 64 == 0 and time.perf_counter() > self.deadline:
            raise _Timeout
        if depth == 0 or board.outcome is not None:
            return self.evaluate(board, root)
        maximising = board._turn + 1 == root
        for move in self.ordered(board, board.legal_moves()):
            board.play(move)
            value = self._search(board, depth - 1, alpha, beta, root)
            board.undo()
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if maximising else beta

    def _decide(self, state: Board, seconds: float, depth: int | None, tolerance: float) -> Decision:
        clock = time.perf_counter()
        self.deadline = clock + seconds
        self.nodes = 0
        board = state.copy()
        root = board._turn + 1
        moves = board.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        scores: dict[Move, float] = {}
        reached = 0
        limit = depth if depth is not None else 64
        order = self.ordered(board, moves)
        try:
            for d in range(1, limit + 1):
                current: dict[Move, float] = {}
                alpha = -float("inf")
                for move in order:
                    board.play(move)
                    value = self._search(board, d - 1, alpha - tolerance - 1e-9, float("inf"), root)
                    board.undo()
                    current[move] = value
                    alpha = max(alpha, value)
                scores, reached = current, d
                order = sorted(order, key=lambda m: -current[m])
                if abs(max(current.values())) >= WIN / 2:
                    break
        except _Timeout:
            board = state.copy()  # an interrupted search may leave moves on the board copy
        if not scores:  # not even one ply in time: the best gain
            scores = {m: 0.0 for m in order[:1]}
        best = max(scores.values())
        near = [m for m in order if m in scores and scores[m] >= best - tolerance]
        chosen = near[int(self.rng.integers(len(near)))] if len(near) > 1 else near[0]
        return Decision(chosen, self._trace(state, scores, near, chosen, reached, time.perf_counter() - clock))

    def _trace(self, state: Board, scores: dict[Move, float], near: list[Move], chosen: Move, depth: int,
               seconds: float) -> SearchTrace:
        ranked = sorted(scores, key=lambda m: -scores[m])[:8]
        return SearchTrace(
            algorithm=f"paranoid alpha-beta ({self.params.difficulty})",
            candidates=tuple(CandidateMove(state.format_move(m), float(scores[m])) for m in ranked),
            best=tuple(state.format_move(m) for m in near), chosen=state.format_move(chosen),
            nodes=self.nodes, depth=depth, seconds=round(seconds, 3),
        )


def _factory(game_id: str, seat: str, rng: np.random.Generator,
             params: HalmaSearchParams | None) -> HalmaSearchAgent:
    return HalmaSearchAgent(rng, params or HalmaSearchParams())


SPEC = AgentSpec(
    "halma-search", "Search (paranoid alpha-beta)", ("halma",), _factory, HalmaSearchParams,
    description="races for its goal and blocks: 2-6 players, easy to max",
)
