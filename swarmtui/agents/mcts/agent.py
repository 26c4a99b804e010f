"""The ``mcts`` agent: depth-limited UCT Monte Carlo Tree Search with root parallelisation.

McGuile, section 3.4.2: the tree is grown by UCT selection (eq. 3.1),

    w_i / n_i + c * sqrt(ln N_i / n_i),    c = sqrt(2) by default,

where ``w_i`` is the summed reward of child ``i`` from the point of view of the player who
made its move, ``n_i`` its visits and ``N_i`` the visits of its parent. Rewards are terminal
only (3.4.2.1): +1 when the player who moved wins, -1 when that player loses, 0 for a draw and
for reaching the depth limit (3.4.2.3) without a result. The depth limit counts every ply from
the root, tree and random playout together, so no path is ever longer than ``depth`` plies.
Each iteration expands one untried move (chosen at random), then plays uniformly random moves
(the thesis' random policy) until the game ends or the depth limit is reached. A game whose
state has ``random_move(rng)`` (Hive) draws each playout move with it: the same uniform
distribution, one float draw, without building the move list (Hive's compiled kernel);
``fast_playouts=False`` indexes the full list with ``rng.integers`` instead.

Root parallelisation (3.4.2.4, Figure 3.5): ``trees`` independent trees grow from the same
root, each with its own generator derived from the agent's; their root children are merged
by summing visits and rewards move by move. With ``trees > 1`` the trees grow in worker
processes (``workers`` of them). The result depends only on the agent's seed, never on the
worker count or scheduling, and ``trees=1`` runs in-process.

**Limits** (``decide_within``, used by UHP's ``bestmove`` and ``sim``): a time limit replaces
the iteration count: every tree grows until the deadline (or the limit's ``stop`` event, which
in-process trees check every iteration), keeping a margin of ``time_margin`` (a fraction) plus
``time_reserve`` seconds for merging, choosing and tracing, so the answer comes within the
limit; how far a tree grows then depends on the machine, so such a move is not reproducible
from the seed alone. ``depth N`` is a scale of the search effort, not plies (a tree's ply
depth stays ``depth``): ``N * depth_iterations`` iterations per tree, ``N = 5`` being the
thesis' 500; it is reproducible. Both together: the iterations, cut short by the deadline.

The move played is the merged child with the most visits (the robust child); equal visits are
broken by the higher mean reward, then by the agent's generator. The thesis picked its move
with the UCT formula itself, exploration term included; the robust child is the usual
choice after a search and avoids picking a barely-visited move for its exploration bonus.
"""

from __future__ import annotations

import dataclasses
import math
import os
import threading
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.signals import pool_worker_start
from swarmtui.core.state import GameState
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace

SEED_BOUND = 2**63 - 1


@dataclass(frozen=True)
class MctsParams:
    """MCTS constants; defaults are the thesis' final test (Table 4.3: 500 iterations, depth 13)."""

    iterations: int = field(default=500, metadata={"help": "iterations per tree (thesis: 500)"})
    depth: int = field(default=13, metadata={"help": "depth limit in plies from the root (thesis: 13)"})
    exploration: float = field(default=math.sqrt(2), metadata={"help": "UCT exploration constant c (eq. 3.1)"})
    trees: int = field(default=1, metadata={"help": "independent trees merged at the root (3.4.2.4)"})
    workers: int = field(default=0, metadata={"help": "processes for the trees (0: one per tree, at most the cores)"})
    top: int = field(default=8, metadata={"help": "candidate moves shown in the trace"})
    depth_iterations: int = field(default=100, metadata={"help": "iterations per tree for each unit of a depth limit"})
    time_margin: float = field(default=0.04, metadata={"help": "share of a time limit kept back from the search"})
    time_reserve: float = field(default=0.03, metadata={"help": "seconds of a time limit kept back from the search"})
    fast_playouts: bool = field(default=True, metadata={
        "help": "draw playout moves with the game's own uniform picker when it has one (random_move: the same "
                "distribution, no move list built); off: index the full legal-move list"})

    def __post_init__(self) -> None:
        check_range("iterations", self.iterations, 1, 10_000_000)
        check_range("depth_iterations", self.depth_iterations, 1, 1_000_000)
        check_range("time_margin", self.time_margin, 0.0, 0.5)
        check_range("time_reserve", self.time_reserve, 0.0, 10.0)
        check_range("depth", self.depth, 1, 10_000)
        check_range("exploration", self.exploration, 0.0, 100.0)
        check_range("trees", self.trees, 1, 1024)
        check_range("workers", self.workers, 0, 1024)
        check_range("top", self.top, 1, 1000)


class Node:
    """One tree node: the move that led here and its statistics (``w`` from the mover's view)."""

    __slots__ = ("move", "mover", "parent", "children", "untried", "terminal", "n", "w")

    def __init__(self, move: Hashable | None, mover: str | None, parent: Node | None) -> None:
        self.move = move
        self.mover = mover
        self.parent = parent
        self.children: list[Node] = []
        self.untried: list | None = None
        self.terminal = False
        self.n = 0
        self.w = 0.0


@dataclass
class RootStats:
    """What one tree reports: per root move, visits and summed reward; and its node count."""

    visits: dict[Hashable, int]
    rewards: dict[Hashable, float]
    nodes: int


def uct_child(node: Node, c: float) -> Node:
    """The child maximising eq. 3.1 (first of equals, children are in expansion order)."""
    log_n = math.log(node.n)
    best, best_value = node.children[0], -math.inf
    for child in node.children:
        value = child.w / child.n + c * math.sqrt(log_n / child.n)
        if value > best_value:
            best, best_value = child, value
    return best


def uniform_playout(state: GameState, rng: np.random.Generator) -> Any:
    """One uniformly random legal move (the thesis' ``random_policy``)."""
    moves = state.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def grow_tree(state: GameState, params: MctsParams, seed: int, deadline: float | None = None,
              stop: threading.Event | None = None) -> RootStats:
    """Run ``params.iterations`` UCT iterations from ``state`` (left unchanged), fewer if the
    ``time.monotonic()`` ``deadline`` passes or ``stop`` is set first (one iteration at least)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    c, limit = params.exploration, params.depth
    picker = getattr(state, "random_move", None) if params.fast_playouts else None
    root = Node(None, None, None)
    nodes = 1
    clock = time.monotonic
    for done in range(params.iterations):
        if done and ((deadline is not None and clock() >= deadline) or (stop is not None and stop.is_set())):
            break
        node, depth = root, 0
        while True:  # selection, then expansion of one untried move
            if node.untried is None:
                node.terminal = state.outcome is not None
                node.untried = [] if node.terminal or depth >= limit else list(state.legal_moves())
            if node.terminal or depth >= limit:
                break
            if node.untried:
                move = node.untried.pop(int(rng.integers(len(node.untried))))
                child = Node(move, state.to_move, node)
                node.children.append(child)
                nodes += 1
                state.play(move)
                depth += 1
                node = child
                break
            node = uct_child(node, c)
            state.play(node.move)
            depth += 1
        while depth < limit and state.outcome is None:  # random playout to the depth limit
            state.play(uniform_playout(state, rng) if picker is None else picker(rng))
            depth += 1
        outcome = state.outcome
        winner = outcome.winner if outcome is not None else None
        for _ in range(depth):
            state.undo()
        while node is not root:  # backpropagation
            node.n += 1
            if winner is not None:
                node.w += 1.0 if winner == node.mover else -1.0
            parent = node.parent
            assert parent is not None, "every node below the root has a parent"
            node = parent
        root.n += 1
    return RootStats(
        visits={ch.move: ch.n for ch in root.children},
        rewards={ch.move: ch.w for ch in root.children},
        nodes=nodes,
    )


def _grow(args: tuple[GameState, MctsParams, int, float | None]) -> RootStats:
    return grow_tree(*args)  # in a worker: CLOCK_MONOTONIC is system-wide, so the deadline holds


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A process pool kept for the life of the process (starting one per move is slow). Its
    workers die with this process (``core.signals.pool_worker_start``: the watchdog only, as the
    pool may be used from a UI worker thread, whose end would fire a parent-death signal)."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, initializer=pool_worker_start,
                                                     initargs=(os.getpid(), False))
    return pool


def search(state: GameState, params: MctsParams, seeds: list[int], deadline: float | None = None,
           stop: threading.Event | None = None) -> RootStats:
    """Grow one tree per seed and merge them at the root by summing (3.4.2.4)."""
    if len(seeds) == 1:
        return grow_tree(state.copy(), params, seeds[0], deadline, stop)
    workers = params.workers or min(len(seeds), os.cpu_count() or 1)
    if workers <= 1:
        if deadline is not None:  # one after another: each tree gets its share of the time
            start, share = time.monotonic(), (deadline - time.monotonic()) / len(seeds)
            results = [grow_tree(state.copy(), params, s, start + share * (i + 1), stop) for i, s in enumerate(seeds)]
        else:
            results = [grow_tree(state.copy(), params, s, None, stop) for s in seeds]
    else:
        jobs = [(state.copy(), params, s, deadline) for s in seeds]
        results = list(_pool(workers).map(_grow, jobs))
    visits: dict[Hashable, int] = {}
    rewards: dict[Hashable, float] = {}
    for stats in results:  # in seed order, so the merge never depends on scheduling
        for move, n in stats.visits.items():
            visits[move] = visits.get(move, 0) + n
            rewards[move] = rewards.get(move, 0.0) + stats.rewards[move]
    return RootStats(visits, rewards, sum(r.nodes for r in results))


class MctsAgent:
    """Depth-limited UCT with root parallelisation; see the module docstring."""

    id = "mcts"

    def __init__(self, rng: np.random.Generator, params: MctsParams) -> None:
        self.rng = rng
        self.params = params

    def decide(self, state: GameState) -> Decision:
        return self.decide_within(state, Limit())

    def decide_within(self, state: GameState, limit: Limit) -> Decision:
        """Search within ``limit`` (module docstring: time grows until the deadline, depth
        scales the iterations); ``Limit()`` is the plain ``decide``."""
        start = time.monotonic()
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        p = self.params
        deadline = None
        if limit.depth is not None:
            p = dataclasses.replace(p, iterations=min(10_000_000, limit.depth * p.depth_iterations))
        if limit.time is not None:
            deadline = start + limit.time * (1 - p.time_margin) - p.time_reserve
            if limit.depth is None:
                p = dataclasses.replace(p, iterations=10_000_000)
        seeds = [int(s) for s in self.rng.integers(0, SEED_BOUND, size=p.trees)]
        if len(moves) == 1:
            stats = RootStats({moves[0]: 0}, {moves[0]: 0.0}, 1)
        else:
            stats = search(state, p, seeds, deadline, limit.stop)
        ranked = sorted(stats.visits, key=lambda m: (-stats.visits[m], -_mean(stats, m), state.format_move(m)))
        top_visits = stats.visits[ranked[0]]
        top_mean = _mean(stats, ranked[0])
        best = [m for m in ranked if stats.visits[m] == top_visits and _mean(stats, m) == top_mean]
        move = best[int(self.rng.integers(len(best)))]
        candidates = tuple(
            CandidateMove(state.format_move(m), round(_mean(stats, m), 4), stats.visits[m],
                          note=f"reward {stats.rewards[m]:+g}")
            for m in ranked[: p.top]
        )
        budget = f"{p.iterations} iterations" if deadline is None else f"{limit.time:g} s"
        trace = SearchTrace(
            algorithm=f"mcts: {p.trees} tree(s) x {budget}, depth {p.depth}, c={p.exploration:.3g}",
            candidates=candidates, best=tuple(state.format_move(m) for m in best),
            chosen=state.format_move(move), nodes=stats.nodes,
        )
        return Decision(move, trace)


def _mean(stats: RootStats, move: Hashable) -> float:
    n = stats.visits[move]
    return stats.rewards[move] / n if n else 0.0


def build(game_id: str, seat: str, rng: np.random.Generator, params: MctsParams) -> MctsAgent:
    return MctsAgent(rng, params)
