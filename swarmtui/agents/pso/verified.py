"""The ``pso-verify`` agent: the swarm proposes, a shallow alpha-beta search verifies.

McGuile's swarm (section 3.5) turns the position into a handful of proposals: each insect's
intention move (eq. 2.1 flight, nearest valid move, intention score), plus, for insects that
see the opponent Queen, their gap-filling moves (``pso-plus``). The swarm's own choice (after
``pso-plus``'s look-ahead and Queen safety) heads the list, then the other proposals by their
intention rank, at most ``proposals_k`` of them. The insects on the board cannot propose the
pieces in hand, so the hive adds its fallback policy's placement (section "Fallback placement
policy" of ``pso``: the legal cell nearest the opponent Queen) for each of the ``placements_k``
most able bugs in hand. Each proposal is then *verified* by the ``alphabeta``
search (``agents/alphabeta``) to ``verify_depth`` plies with its Hive evaluation: the proposal
with the best searched score is played. The search never looks at a move the swarm did not
propose, so what the swarm proposes is what the player can play.

Ablation (``proposals=random``): the same number of proposals drawn uniformly from the legal
moves instead of from the swarm (same verifier, same depth): how much the swarm's proposals are
worth. ``docs/hive.md`` has the table.

The trace is the swarm's ``ParticleTrace`` (every insect's flight and intention, so the
particle panel shows the swarm at work); its ``move``/``chosen`` are the verified choice and
its ``note`` lists each proposal with its searched score.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from swarmtui.agents.alphabeta.hive_evaluation import HiveEvaluation
from swarmtui.agents.alphabeta.search import Searcher
from swarmtui.agents.pso.agent import ABILITY, SwarmTurn, colour_of
from swarmtui.agents.pso.plus import PlusAgent, PlusParams
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.core.agent import AgentSpec
from swarmtui.core.hexgrid import distance
from swarmtui.core.params import check_range
from swarmtui.core.trace import Decision


@dataclass(frozen=True)
class VerifiedParams(PlusParams):
    """``pso-plus``'s parameters plus the verifier's."""

    proposals_k: int = field(default=8, metadata={"help": "swarm proposals verified per turn"})
    placements_k: int = field(default=3, metadata={"help": "placements proposed (one per bug, nearest her)"})
    verify_depth: int = field(default=2, metadata={"help": "plies the verifier searches each proposal"})
    proposals: Literal["swarm", "random"] = field(
        default="swarm", metadata={"help": "who proposes: the swarm, or uniformly random moves (ablation)"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("proposals_k", self.proposals_k, 1, 1000)
        check_range("placements_k", self.placements_k, 0, 8)
        check_range("verify_depth", self.verify_depth, 1, 6)


class VerifiedSwarmAgent(PlusAgent):
    """The swarm proposes, alpha-beta verifies; see the module docstring."""

    id = "pso-verify"
    params: VerifiedParams

    def __init__(self, rng: np.random.Generator, params: VerifiedParams) -> None:
        super().__init__(rng, params)
        self.evaluation = HiveEvaluation()
        self.table: dict = {}
        self.scores: dict = {}

    def reinforcements(self, state) -> list:
        """Placements proposed by the hive's fallback policy (``pso`` module docstring): the
        insects on the board cannot propose pieces still in hand."""
        return _placement_proposals(state, self.params.placements_k)

    def commit(self, state, turn: SwarmTurn, pick, note: str = "") -> Decision:
        p = self.params
        decision = super().commit(state, turn, pick, note)  # the swarm's choice; velocities stored
        proposals = [decision.move]
        for cand in sorted(self.candidates(state, turn), key=lambda c: c.rank, reverse=True):
            if cand.move not in proposals:
                proposals.append(cand.move)
        proposals = proposals[: p.proposals_k] + self.reinforcements(state)
        if p.proposals == "random":  # ablation: as many proposals, from uniform legal moves
            legal = state.legal_moves()
            picks = self.rng.choice(len(legal), size=min(len(proposals), len(legal)), replace=False)
            proposals = [legal[int(i)] for i in picks]
        if len(proposals) < 2 and p.proposals == "swarm":
            return decision
        board = self.evaluation.prepare(state)
        result = Searcher(board, self.evaluation, max_depth=p.verify_depth, table=self.table,
                          scores=self.scores).search(only=proposals)
        scores = {r.move: r.score for r in result.roots if r.depth == result.depth}
        listed = ", ".join(f"{state.format_move(m)} {scores[m]:+.0f}" for m in proposals if m in scores)
        verdict = (f"verified {len(proposals)} {p.proposals} proposals to depth {result.depth}: {listed}; "
                   f"plays {state.format_move(result.best)}")
        move = result.best
        piece = str(move.piece) if move.piece is not None else ""
        swarm = decision.trace
        if not isinstance(swarm, ParticleTrace):
            return Decision(move, swarm)
        trace = replace(swarm, move=state.format_move(move), chosen=piece,
                        note="; ".join(n for n in (swarm.note, verdict) if n))
        return Decision(move, trace)


def _placement_proposals(state, limit: int) -> list:
    """The fallback policy's placement for each bug in hand, most able first: the legal cell
    nearest the opponent Queen (ties by the cell), at most ``limit`` of them."""
    if limit <= 0:
        return []
    colour = colour_of(state)
    target = state.queen("b" if colour == "w" else "w")
    if target is None:
        return []
    by_bug: dict = {}
    for m in state.legal_moves():
        if m.piece is not None and m.origin is None:
            key = (distance(m.dest, target), tuple(m.dest))
            if m.piece.bug not in by_bug or key < by_bug[m.piece.bug][0]:
                by_bug[m.piece.bug] = (key, m)
    ranked = sorted(by_bug, key=lambda bug: ABILITY.index(bug) if bug in ABILITY else len(ABILITY))
    return [by_bug[bug][1] for bug in ranked[:limit]]


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: VerifiedParams) -> VerifiedSwarmAgent:
    return VerifiedSwarmAgent(rng, params)


SPEC = AgentSpec(
    "pso-verify", "Particle swarm proposes, search verifies", ("hive",), _factory, VerifiedParams,
    description="the pso-plus swarm proposes a few moves; a two-ply alpha-beta picks among them",
)
