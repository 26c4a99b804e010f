"""The ``pso-verify`` agent: the swarm proposes, an alpha-beta search verifies.

McGuile's swarm (section 3.5) turns the position into a handful of proposals, and a search
(``agents/alphabeta``, its Hive evaluation) picks among them. The search never looks at a move
the swarm did not propose, so what the swarm proposes is what the player can play.

**Proposals**, in this order (duplicates dropped; the insects' at most ``proposals_k``):

1. The swarm's own choice: eq. 2.1 flight, the nearest valid move to each desired cell, the
   intentions, the vicinity contest, then ``pso-plus``'s look-ahead and Queen safety.
2. Every insect's intention move and, for insects that see the opponent Queen, their
   gap-filling moves (``pso-plus``), best intention rank first.
3. ``direct``: every insect's Direct-to-Goal move (4.2.7: the valid move nearest her), also for
   insects outside the vicinity radius.
4. ``per_insect`` > 1: each insect's next nearest valid moves to its desired cell (the cell its
   eq. 2.1 velocity points at), ``per_insect`` moves an insect in all.
5. ``climb``: moves onto a Queen: the opponent's (the goal itself, fitness 0 counted as 1
   (3.5.2): a Beetle on her pins her) and our own (covering her from enemy beetles).
6. Danger Theory (4.2.1) as proposals: once our Queen has ``danger_from`` occupied
   neighbours, her move leaving her the most free neighbours and, for each insect beside her,
   its move ending furthest from her.
7. Reinforcements: the insects on the board cannot propose pieces still in hand, so the hive's
   fallback policy (``pso`` module docstring) proposes, for each of the ``placements_k`` most
   able bugs in hand, its ``placement_cells`` legal cells nearest the opponent Queen.

Before the swarm exists (no opponent Queen or no insect of ours on the board yet) the fallback
policy proposes one placement per bug in hand, nearest her or the hive's centre, and those are
verified the same way.

**Verification**: every proposal is searched ``verify_depth`` plies deep (iterative deepening,
principal variation search with the transposition table, threat extensions and late move
reductions of ``alphabeta``); the best-scored proposal is played. ``decide_within`` honours a
limit: ``depth`` replaces ``verify_depth``, ``stop`` ends the search early.

**Using the time it is given** (a ``time`` limit, from a clock or ``time_limit``): the
verification does not stop at ``verify_depth``. It first verifies the proposals to
``verify_depth``; if that took less than ``widen_share`` of the time, the proposals are
**widened** (each insect proposes up to ``wide_per_insect`` moves nearest its desired cell,
``wide_proposals_k`` insect proposals in all, ``wide_placement_cells`` cells per bug in hand:
the same sources, further down each insect's list) and every other legal move joins them
``rest_reduction`` plies shallower (searched at full depth only when the shallow search says it
may beat the proposals: the swarm decides which moves get the whole depth); then the search
**deepens** over them, an iteration at a time, while less than ``deepen_share`` of the time has
passed (alphabeta's rule: an iteration started later would rarely finish), and stops at the time limit with the best
proposal of the deepest iteration (or of the unfinished one, when it found better). The
transposition table carries every iteration's work to the next. Budgets are wall-clock seconds
unless ``clock=cpu`` (the searching thread's CPU time, for experiments on a shared machine). Without a time limit
the player searches ``verify_depth`` plies, as before.

**Ablations** (``docs/hive.md`` has the tables): ``proposals=random`` draws as many proposals
uniformly from the legal moves instead (same verifier, same depth): the swarm turned off.
With a time limit the random proposals are widened to as many as the swarm's widened set.
``w=0:c1=0:c2=0`` keeps the proposal rules but stops the particles' flight (no velocity: each
desired cell is the insect's own cell). ``per_insect=1``, ``direct=false``, ``climb=false``,
``danger_from=7``, ``placement_cells=1`` switch single proposal sources off.

The trace is the swarm's ``ParticleTrace`` (every insect's flight and intention, so the
particle panel shows the swarm at work); its ``move``/``chosen`` are the verified choice and
its ``note`` lists each proposal with its searched score.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np

from swarmtui.agents.alphabeta.agent import CLOCKS, SAFETY, AlphaBetaParams, _display
from swarmtui.agents.alphabeta.native import Engines
from swarmtui.agents.alphabeta.search import Searcher, SearchResult
from swarmtui.agents.pso.agent import ABILITY, SwarmTurn, _centre, colour_of
from swarmtui.agents.pso.intentions import direct_move, landing
from swarmtui.agents.pso.particles import fitness
from swarmtui.agents.pso.plus import PlusAgent, PlusParams
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.core.hexgrid import distance
from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.rating import MoveRating
from swarmtui.core.trace import Decision
from swarmtui.games.hive.evaluation import HiveEvaluation


@dataclass(frozen=True)
class VerifiedParams(PlusParams):
    """``pso-plus``'s parameters plus the proposal stage's and the verifier's."""

    proposals_k: int = field(default=30, metadata={"help": "insect proposals verified per turn (at most)"})
    placements_k: int = field(default=5, metadata={"help": "placements proposed (one per bug, nearest her)"})
    per_insect: int = field(default=3, metadata={
        "help": "moves each insect proposes: its intention, then the next nearest its desired cell (eq. 2.1)"})
    direct: bool = field(default=True, metadata={
        "help": "every insect also proposes its Direct-to-Goal move (4.2.7), in the vicinity or not"})
    climb: bool = field(default=True, metadata={
        "help": "insects that can climb onto a Queen propose it (the opponent's: the goal; ours: under danger)"})
    placement_cells: int = field(default=3, metadata={"help": "cells proposed per bug in hand, nearest her first"})
    danger_from: int = field(default=3, metadata={
        "help": "own-Queen neighbours from which Danger Theory proposes her escapes (7: never)"})
    verify_depth: int = field(default=3, metadata={"help": "plies the verifier searches each proposal"})
    quiesce: int = field(default=2, metadata={
        "help": "plies of queen-filling moves the verifier searches past its horizon (alphabeta's quiesce)"})
    proposals: Literal["swarm", "random"] = field(
        default="swarm", metadata={"help": "who proposes: the swarm, or uniformly random moves (ablation)"})
    time_limit: float | None = field(default=None, metadata={
        "help": "seconds per move: verify, widen and deepen within them (none: verify_depth plies)"})
    clock: Literal["wall", "cpu"] = field(default="wall", metadata={
        "help": "wall (what a user waits) or cpu (the searching thread's CPU time: fair budgets on a loaded "
                "machine)"})
    engine: Literal["auto", "python"] = field(default="auto", metadata={
        "help": "the verifier's search: auto, the game's compiled search where it has one loaded (Hive's base "
                "game), else the Python search; python: always the Python search (alphabeta's engine)"})
    repetition: bool = field(default=True, metadata={
        "help": "the verifier scores a position met before as a draw (alphabeta's repetition)"})
    widen_share: float = field(default=0.25, metadata={
        "help": "widen the proposals when verifying them to verify_depth took less than this share of the time"})
    wide_per_insect: int = field(default=6, metadata={"help": "moves each insect proposes once widened"})
    wide_proposals_k: int = field(default=60, metadata={"help": "insect proposals once widened (at most)"})
    wide_placement_cells: int = field(default=6, metadata={"help": "cells per bug in hand once widened"})
    deepen_share: float = field(default=0.5, metadata={
        "help": "start no deeper iteration after this share of the time (alphabeta's rule)"})
    rest_reduction: int = field(default=2, metadata={
        "help": "once widened, every other legal move is searched this many plies shallower, and at full "
                "depth only if it may beat the proposals (0: the others are not searched)"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("proposals_k", self.proposals_k, 1, 1000)
        check_range("placements_k", self.placements_k, 0, 8)
        check_range("per_insect", self.per_insect, 1, 100)
        check_range("danger_from", self.danger_from, 1, 7)
        check_range("placement_cells", self.placement_cells, 1, 100)
        check_range("verify_depth", self.verify_depth, 1, 6)
        check_range("quiesce", self.quiesce, 0, 16)
        if self.time_limit is not None:
            check_range("time_limit", self.time_limit, 0.001, 86_400)
        check_range("widen_share", self.widen_share, 0, 1)
        check_range("deepen_share", self.deepen_share, 0, 1)
        check_range("wide_per_insect", self.wide_per_insect, 1, 100)
        check_range("wide_proposals_k", self.wide_proposals_k, 1, 1000)
        check_range("wide_placement_cells", self.wide_placement_cells, 1, 100)
        check_range("rest_reduction", self.rest_reduction, 0, 8)


class VerifiedSwarmAgent(PlusAgent):
    """The swarm proposes, alpha-beta verifies; see the module docstring."""

    id = "pso-verify"
    params: VerifiedParams

    def __init__(self, rng: np.random.Generator, params: VerifiedParams) -> None:
        super().__init__(rng, params)
        self.evaluation = HiveEvaluation()
        self.table: dict = {}
        self.scores: dict = {}
        self.engines = Engines(params.engine, _DEFAULTS.table_size, params.repetition)
        self.last_proposals: list = []
        """The moves verified on the last turn, in proposal order (for tests and diagnostics)."""
        self.last_scores: dict = {}
        """Their scores in the verifier's deepest iteration (empty when nothing was searched)."""
        self.last_depth = 0
        """The depth the last verification reached."""
        self._limit: Limit | None = None
        self._start = 0.0
        self._clock = CLOCKS[params.clock]

    def decide(self, state) -> Decision:
        """The swarm's turn and its verification: within ``time_limit`` when it is set."""
        if self._limit is None and self.params.time_limit is not None:
            return self.decide_within(state, Limit(time=self.params.time_limit))
        return super().decide(state)

    def decide_within(self, state, limit: Limit) -> Decision:
        """The swarm's turn, its proposals verified within ``limit``: ``depth`` replaces
        ``verify_depth``; ``time`` (seconds) is used (module docstring: verified, widened,
        deepened) and the best proposal of the deepest iteration answered in time (the swarm's
        own turn takes milliseconds and counts); ``stop`` ends it early the same way."""
        self._limit, self._start = limit, self._clock()  # the swarm's own turn counts too
        try:
            return super().decide(state)
        finally:
            self._limit = None

    def rate(self, state, move, limit: Limit | None = None) -> tuple[Decision, MoveRating]:
        """Whether the swarm proposed ``move`` and how the verifier ranked it among the proposals
        (with both moves' verified scores when it searched them): the coach's "why not my move?"."""
        self.last_scores = {}
        decision = self.decide(state) if limit is None else self.decide_within(state, limit)
        scores = self.last_scores
        others = sorted((m for m in self.last_proposals if m != decision.move),
                        key=lambda m: -scores.get(m, -float("inf")))
        ranked = [decision.move, *others]
        rank = ranked.index(move) + 1 if move in ranked else None
        shown = {m: _display(scores[m]) for m in (move, decision.move) if m in scores}
        return decision, MoveRating(state.format_move(move), state.format_move(decision.move), "rank",
                                    shown.get(move), shown.get(decision.move), rank=rank, proposals=len(ranked),
                                    agent="pso-verify")

    def reinforcements(self, state, cells: int | None = None) -> list:
        """Placements proposed by the hive's fallback policy (``pso`` module docstring): the
        insects on the board cannot propose pieces still in hand (``cells`` per bug, default
        ``placement_cells``)."""
        return _placement_proposals(state, self.params.placements_k, cells=cells or self.params.placement_cells)

    def insect_proposals(self, state, turn: SwarmTurn, first, per_insect: int | None = None,
                         most: int | None = None) -> list:
        """The insects' proposals, best intention first (module docstring), at most ``most``
        (default ``proposals_k``), each insect ``per_insect`` nearest its desired cell."""
        p = self.params
        per_insect = per_insect or p.per_insect
        ranked = sorted(self.candidates(state, turn), key=lambda c: c.rank, reverse=True)
        proposals = [first]
        for cand in ranked:
            if cand.move not in proposals:
                proposals.append(cand.move)
        ranks = {i: rank for i, rank in enumerate(turn.ranks) if rank is not None}
        order = sorted(ranks, key=ranks.__getitem__, reverse=True)
        extra: list = []
        if p.direct:
            extra += [direct_move(turn.insects[i], turn.goal) for i in order]
        for depth in range(1, per_insect):  # the next nearest valid moves to each desired cell
            for i in order:
                nearest = _nearest_moves(turn.insects[i], turn.goal)
                if depth < len(nearest):
                    extra.append(nearest[depth])
        if p.climb:
            extra += self.climbs(state, turn)
        extra += self.danger_moves(state, turn)
        for move in extra:
            if move not in proposals:
                proposals.append(move)
        return proposals[: most or p.proposals_k]

    def climbs(self, state, turn: SwarmTurn) -> list:
        """Moves onto a Queen: the opponent's (fitness 0, the goal itself: a Beetle on her pins
        her) and our own (covering her from the opponent's beetles)."""
        own = state.queen(colour_of(state))
        targets = {turn.goal} | ({own} if own is not None else set())
        return [m for insect in turn.insects for m in insect.moves if m.dest in targets]

    def danger_moves(self, state, turn: SwarmTurn) -> list:
        """Danger Theory (4.2.1) as proposals: once our Queen has ``danger_from`` occupied
        neighbours, she proposes the move leaving her the most free neighbours and each insect
        beside her the move that takes it furthest from her."""
        own = state.queen(colour_of(state))
        if own is None or state.neighbours_occupied(own) < self.params.danger_from:
            return []
        out = []
        for insect in turn.insects:
            if not insect.moves:
                continue
            if insect.position == own:
                out.append(max(insect.moves, key=lambda m: (6 - _around(state, landing(m), own), landing(m))))
            elif distance(insect.position, own) == 1:
                out.append(max(insect.moves, key=lambda m: (distance(landing(m), own), landing(m))))
        return out

    def commit(self, state, turn: SwarmTurn, pick, note: str = "") -> Decision:
        decision = super().commit(state, turn, pick, note)  # the swarm's choice; velocities stored
        proposals = self.insect_proposals(state, turn, decision.move) + self.reinforcements(state)
        wide: list = []
        if self._timed():
            p = self.params
            wide = _merged(proposals, self.insect_proposals(state, turn, decision.move, p.wide_per_insect,
                                                            p.wide_proposals_k)
                           + self.reinforcements(state, p.wide_placement_cells))
        return self.verify(state, proposals, decision, wide)

    def fallback(self, state, reason: str) -> Decision:
        """No swarm yet (no opponent Queen, no insect on the board): the fallback policy's
        placement for every bug in hand (nearest the opponent Queen, else the hive's centre) is
        verified like the swarm's proposals."""
        decision = super().fallback(state, reason)
        proposals = [decision.move] + [m for m in _placement_proposals(state, len(ABILITY), centre=True)
                                       if m != decision.move]
        wide: list = []
        if self._timed():
            wide = _merged(proposals, _placement_proposals(state, len(ABILITY), centre=True,
                                                           cells=self.params.wide_placement_cells))
        return self.verify(state, proposals, decision, wide)

    def _timed(self) -> bool:
        """Whether this turn has a time to use (and no depth that fixes the search)."""
        return self._limit is not None and self._limit.time is not None and self._limit.depth is None

    def verify(self, state, proposals: list, decision: Decision, wide: list | None = None) -> Decision:
        """Search the proposals and play the best: ``verify_depth`` plies deep, or, with a time
        limit, widened to ``wide`` and deepened while the time allows (module docstring)."""
        p = self.params
        wide = wide or list(proposals)
        if p.proposals == "random":  # ablation: as many proposals (and as many widened), uniform legal moves
            legal = state.legal_moves()
            picks = self.rng.choice(len(legal), size=min(max(len(proposals), len(wide)), len(legal)), replace=False)
            wide = [legal[int(i)] for i in picks]
            proposals = wide[:len(proposals)]
        self.last_proposals = list(proposals)
        if len(proposals) < 2 and len(wide) < 2 and p.proposals == "swarm":
            self.last_depth = 0
            return decision
        result, verified = self._search(state, proposals, wide)
        self.last_depth = result.depth
        self.last_proposals = list(verified)
        scores = {r.move: r.score for r in result.roots if r.depth == result.depth}
        self.last_scores = scores
        listed = ", ".join(f"{state.format_move(m)} {scores[m]:+.0f}" for m in verified if m in scores)
        verdict = (f"verified {len(verified)} {p.proposals} proposals to depth {result.depth}: {listed}; "
                   f"plays {state.format_move(result.best)}")
        move = result.best
        piece = str(move.piece) if move.piece is not None else ""
        swarm = decision.trace
        if not isinstance(swarm, ParticleTrace):
            return Decision(move, swarm)
        if swarm.fallback:
            trace = replace(swarm, move=state.format_move(move), note=verdict)
        else:
            trace = replace(swarm, move=state.format_move(move), chosen=piece,
                            note="; ".join(n for n in (swarm.note, verdict) if n))
        return Decision(move, trace)


    def _search(self, state, proposals: list, wide: list) -> tuple[SearchResult, list]:
        """The verifier's search and the proposals it ranked: ``verify_depth`` (or the limit's
        depth) over ``proposals``; with a time limit, then deeper over ``wide`` (when verifying took
        less than ``widen_share`` of the time) or ``proposals``, until ``deepen_share`` of it."""
        p = self.params
        limit = self._limit or Limit()
        board = self.evaluation.prepare(state)

        def searcher(depth: int, soft: float | None = None, **engine: Any) -> Searcher:
            return self.engines.searcher(board, self.evaluation, max_depth=depth, table=self.table,
                                         scores=self.scores, deadline=deadline, soft=soft, stop=limit.stop,
                                         quiesce=p.quiesce, clock=self._clock, **engine)

        deadline = None if limit.time is None else self._start + max(0.001, limit.time - SAFETY)
        first = searcher(limit.depth or p.verify_depth).search(only=proposals) if len(proposals) > 1 else None
        if not self._timed() or (first is not None and first.stopped):
            assert first is not None  # untimed, a lone proposal returned before the search
            return first, proposals
        assert limit.time is not None
        spent = self._clock() - self._start
        widen = spent < p.widen_share * limit.time
        chosen = wide if widen else proposals
        rest = [m for m in state.legal_moves() if m not in set(chosen)] if widen and p.rest_reduction else []
        deeper = searcher(64, self._start + p.deepen_share * limit.time, **_ENGINE).search(
            only=chosen + rest, reduced=rest, reduction=p.rest_reduction)
        if first is not None and deeper.depth < first.depth:  # widened too late to reach the first's depth
            return first, proposals
        return deeper, chosen + rest


_DEFAULTS = AlphaBetaParams()
_ENGINE = {"reduce_more_after": _DEFAULTS.reduce_more_after, "null_move_from": _DEFAULTS.null_move_from,
           "null_move_reduction": _DEFAULTS.null_move_reduction, "aspiration": _DEFAULTS.aspiration}
"""The pruning of ``alphabeta``'s own search at its defaults, which the deepening verification
uses (null moves, deeper late move reductions, aspiration windows); ``verify_depth`` plies alone
search as before."""


def _merged(first: list, more: list) -> list:
    """``first`` then the moves of ``more`` not in it, in order."""
    return list(dict.fromkeys(first + more))


def _around(state, cell, leaving) -> int:
    """Occupied neighbours of ``cell`` once the piece on ``leaving`` has moved there."""
    return sum(1 for n in cell.neighbours() if n != leaving and state.height(n) > 0)


def _nearest_moves(insect, goal) -> list:
    """An insect's valid moves, nearest its desired cell first (``intentions.nearest_move``'s order)."""
    return sorted(insect.moves, key=lambda m: (distance(landing(m), insect.desired), fitness(landing(m), goal),
                                               landing(m)))


def _placement_proposals(state, limit: int, centre: bool = False, cells: int = 1) -> list:
    """The fallback policy's placement for each bug in hand, most able first: the legal cell
    nearest the opponent Queen (ties by the cell; ``cells`` > 1: that many nearest cells per
    bug), at most ``limit`` bugs. With ``centre``, while she is not placed, nearest the centre
    of the hive instead (the fallback's target)."""
    if limit <= 0:
        return []
    colour = colour_of(state)
    target = state.queen("b" if colour == "w" else "w")
    if target is None:
        if not centre:
            return []
        target = _centre(state.occupied())
    by_bug: dict = {}
    for m in state.legal_moves():
        if m.piece is not None and m.origin is None:
            by_bug.setdefault(m.piece.bug, []).append(((distance(m.dest, target), tuple(m.dest)), m))
    ranked = sorted(by_bug, key=lambda bug: ABILITY.index(bug) if bug in ABILITY else len(ABILITY))
    return [m for bug in ranked[:limit] for _, m in sorted(by_bug[bug])[:cells]]


def build(game_id: str, seat: str, rng: np.random.Generator, params: VerifiedParams) -> VerifiedSwarmAgent:
    return VerifiedSwarmAgent(rng, params)
