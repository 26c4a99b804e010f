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
limit: ``depth`` replaces ``verify_depth``, ``time`` stops the search in time (the best proposal
of the deepest iteration so far), ``stop`` ends it early.

**Ablations** (``docs/hive.md`` has the tables): ``proposals=random`` draws as many proposals
uniformly from the legal moves instead (same verifier, same depth): the swarm turned off.
``w=0:c1=0:c2=0`` keeps the proposal rules but stops the particles' flight (no velocity: each
desired cell is the insect's own cell). ``per_insect=1``, ``direct=false``, ``climb=false``,
``danger_from=7``, ``placement_cells=1`` switch single proposal sources off.

The trace is the swarm's ``ParticleTrace`` (every insect's flight and intention, so the
particle panel shows the swarm at work); its ``move``/``chosen`` are the verified choice and
its ``note`` lists each proposal with its searched score.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from swarmtui.agents.alphabeta import SAFETY, _display
from swarmtui.agents.alphabeta.hive_evaluation import HiveEvaluation
from swarmtui.agents.alphabeta.search import Searcher
from swarmtui.agents.pso.agent import ABILITY, SwarmTurn, _centre, colour_of
from swarmtui.agents.pso.intentions import direct_move, landing
from swarmtui.agents.pso.particles import fitness
from swarmtui.agents.pso.plus import PlusAgent, PlusParams
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.core.agent import AgentSpec
from swarmtui.core.hexgrid import distance
from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.rating import MoveRating
from swarmtui.core.trace import Decision


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

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("proposals_k", self.proposals_k, 1, 1000)
        check_range("placements_k", self.placements_k, 0, 8)
        check_range("per_insect", self.per_insect, 1, 100)
        check_range("danger_from", self.danger_from, 1, 7)
        check_range("placement_cells", self.placement_cells, 1, 100)
        check_range("verify_depth", self.verify_depth, 1, 6)
        check_range("quiesce", self.quiesce, 0, 16)


class VerifiedSwarmAgent(PlusAgent):
    """The swarm proposes, alpha-beta verifies; see the module docstring."""

    id = "pso-verify"
    params: VerifiedParams

    def __init__(self, rng: np.random.Generator, params: VerifiedParams) -> None:
        super().__init__(rng, params)
        self.evaluation = HiveEvaluation()
        self.table: dict = {}
        self.scores: dict = {}
        self.last_proposals: list = []
        """The moves verified on the last turn, in proposal order (for tests and diagnostics)."""
        self.last_scores: dict = {}
        """Their scores in the verifier's deepest iteration (empty when nothing was searched)."""
        self._limit: Limit | None = None
        self._start = 0.0

    def decide_within(self, state, limit: Limit) -> Decision:
        """The swarm's turn, its proposals verified within ``limit``: ``depth`` replaces
        ``verify_depth``; ``time`` (seconds) stops the verification in time, answering the best
        proposal of the deepest finished iteration (the swarm's own turn takes milliseconds);
        ``stop`` ends it early the same way."""
        self._limit, self._start = limit, time.perf_counter()  # the swarm's own turn counts too
        try:
            return self.decide(state)
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

    def reinforcements(self, state) -> list:
        """Placements proposed by the hive's fallback policy (``pso`` module docstring): the
        insects on the board cannot propose pieces still in hand."""
        return _placement_proposals(state, self.params.placements_k, cells=self.params.placement_cells)

    def insect_proposals(self, state, turn: SwarmTurn, first) -> list:
        """The insects' proposals, best intention first (module docstring), at most ``proposals_k``."""
        p = self.params
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
        for depth in range(1, p.per_insect):  # the next nearest valid moves to each desired cell
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
        return proposals[: p.proposals_k]

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
        return self.verify(state, proposals, decision)

    def fallback(self, state, reason: str) -> Decision:
        """No swarm yet (no opponent Queen, no insect on the board): the fallback policy's
        placement for every bug in hand (nearest the opponent Queen, else the hive's centre) is
        verified like the swarm's proposals."""
        decision = super().fallback(state, reason)
        proposals = [decision.move] + [m for m in _placement_proposals(state, len(ABILITY), centre=True)
                                       if m != decision.move]
        return self.verify(state, proposals, decision)

    def verify(self, state, proposals: list, decision: Decision) -> Decision:
        """Search every proposal ``verify_depth`` plies deep and play the best (module docstring)."""
        p = self.params
        if p.proposals == "random":  # ablation: as many proposals, from uniform legal moves
            legal = state.legal_moves()
            picks = self.rng.choice(len(legal), size=min(len(proposals), len(legal)), replace=False)
            proposals = [legal[int(i)] for i in picks]
        self.last_proposals = list(proposals)
        if len(proposals) < 2 and p.proposals == "swarm":
            return decision
        board = self.evaluation.prepare(state)
        limit = self._limit or Limit()
        deadline = None if limit.time is None else self._start + max(0.001, limit.time - SAFETY)
        result = Searcher(board, self.evaluation, max_depth=limit.depth or p.verify_depth, table=self.table,
                          scores=self.scores, deadline=deadline, stop=limit.stop,
                          quiesce=p.quiesce).search(only=proposals)
        scores = {r.move: r.score for r in result.roots if r.depth == result.depth}
        self.last_scores = scores
        listed = ", ".join(f"{state.format_move(m)} {scores[m]:+.0f}" for m in proposals if m in scores)
        verdict = (f"verified {len(proposals)} {p.proposals} proposals to depth {result.depth}: {listed}; "
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


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: VerifiedParams) -> VerifiedSwarmAgent:
    return VerifiedSwarmAgent(rng, params)


SPEC = AgentSpec(
    "pso-verify", "Particle swarm proposes, search verifies", ("hive",), _factory, VerifiedParams,
    description="the pso-plus swarm's insects and the hive propose moves; a three-ply alpha-beta picks among them",
)
