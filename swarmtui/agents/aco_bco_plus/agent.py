"""``aco-bco-plus``: a look-ahead planner in the paper's ant-and-bee dress — not a swarm that
earns its name.

Honestly described: its strength comes from one part, the bees' forward pass, a greedy roll-out
of each exploiting ant's best three paths four moves ahead on a rows-gained score. Switched off
one at a time on Table V id 1's protocol (``benchmarks/halma_ablation.py``, table in
docs/halma.md), the pheromone trails, the exploring ants and the bees' roulette change nothing
measurable, while removing the roll-out nearly doubles the moves: the ants and bees are kept
(their traces animate in the TUI) but they are decoration on a look-ahead planner. The title
says so; the id stays ``aco-bco-plus`` so that result files and presets keep their meaning.

What changes against ``aco-bco`` (Kuehner & Stock, section V), and why:

- **Progress instead of path length.** An ant rates a path by the rows it gains towards the
  goal (``geometry.advance``), not by l · Σ τ (eq. 11): a long jump chain sideways is no better
  than a step. A cohesion term (λ, ``lag``) charges a path for widening the gap between the
  swarm's front and its rearmost piece (stragglers cost many single steps at the end), and
  Σ τ stays in as a small trail-following term (``w_tau`` · Σ τ / (l · max τ)).
- **The BCO forward pass, restored, builds ladders.** The paper dropped the bees' forward pass
  (V); here the bee of an exploiting ant takes each of the ant's ``top_k`` best paths and
  rolls it forward ``m`` moves in all (``aco_bco_forward``: each further move the swarm's
  best by the same rating, discounted by γ per move, so a gain sooner beats the same gain later).
  A move that opens a jump chain for another piece — a rung of a ladder — is valued by what
  it enables, not only by what it gains.
  Exploring ants (1 − q0) draw a path that does not lose ground, and their bees roll it too.
- **Bees recruit by a sharpened roulette.** Fitness is exp(κ · (value − best value)); the
  share rule (eq. 14), advertise/abandon and the roulette over advertisers are the paper's.
- **Trails.** Deposits follow eq. 15 but only on paths that gain ground, scaled by the rows
  gained; evaporation eq. 17, the goal rule V-E and the cooperative exchange eq. 18 are kept.

Every other constant keeps its ``aco-bco`` meaning and default (``AcoBcoParams``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from swarmtui.agents.aco_bco.agent import AcoBcoAgent, memory_of
from swarmtui.agents.aco_bco.ants import AntPlan, candidate_paths, resting_pieces
from swarmtui.agents.aco_bco.memory import Memory
from swarmtui.agents.aco_bco.params import AcoBcoParams
from swarmtui.agents.aco_bco.pheromone import PheromoneField, path_deposit
from swarmtui.agents.aco_bco.trace import PheromoneDelta
from swarmtui.agents.aco_bco_forward import Rollout, forward_value
from swarmtui.core.hexgrid import Hex
from swarmtui.core.params import ParamError, helped
from swarmtui.games.halma.geometry import STAR, advance
from swarmtui.games.halma.rules import INDEX, Board

_ORDER = {cell: i for i, cell in enumerate(STAR)}


@dataclass(frozen=True)
class PlusParams(AcoBcoParams):
    """``AcoBcoParams`` plus the lookahead's constants; q0 and the memory default differ."""

    q0: float = helped(0.95, "q0: probability that a piece's ant exploits (lookahead) rather than explores")
    memory: str = helped("none", "best-game memory: none, shipped, or a memory file path (weighted by b)")
    top_k: int = helped(3, "paths per exploiting ant that its bee rolls forward")
    m: int = helped(4, "m: moves in a bee's forward pass, the ant's own path included (Table II's BCO: 3)")
    gamma: float = helped(0.9, "γ: discount per further move of the forward pass (gains sooner are worth more)")
    kappa: float = helped(3.0, "κ: sharpness of the bees' fitness exp(κ · (value - best))")
    lag: float = helped(1.0, "λ: weight of the gap between the swarm's front and its rearmost piece (cohesion)")
    eta: float = helped(0.3, "η: value of a step nearer the nearest empty goal hole (the end-game pull)")
    w_tau: float = helped(0.2, "weight of the path's pheromone Σ τ / (l · max τ), in [0, 1], in its value")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.top_k < 1 or self.m < 1:
            raise ParamError(f"top_k and m must be at least 1; got {self.top_k} and {self.m}")


class AcoBcoPlusAgent(AcoBcoAgent):
    """Ants with lookahead, bees with a sharpened roulette, trails of progress."""

    id = "aco-bco-plus"
    params: PlusParams

    def __init__(self, seat: str, rng: np.random.Generator, params: PlusParams = PlusParams(),
                 memory: Memory | None = None) -> None:
        super().__init__(seat, rng, params, memory)

    def _fitness(self, plans: list[AntPlan], in_goal: list[bool], field: PheromoneField) -> np.ndarray:
        """exp(κ · (value − best value)): the sharpened roulette weights of the bees."""
        values = np.array([plan.scores[plan.chosen] for plan in plans])
        return np.exp(self.params.kappa * (values - values.max()))

    def _plan(self, board: Board, field: PheromoneField) -> tuple[list[AntPlan], frozenset[Hex]]:
        """Ants rate paths by progress and cohesion; exploiting ants' bees roll the top_k forward."""
        params, edges, corner = self.params, self.edges, field.goal_corner
        resting = set(resting_pieces(board, self.seat))
        top_tau = float(field.tau.max()) or 1.0
        base = Rollout.of(board, self.seat, corner)
        plans = []
        for piece in sorted(board.pieces(self.seat), key=_ORDER.__getitem__):
            if piece in resting:
                continue
            paths = _one_per_end(candidate_paths(board, self.seat, piece, params))
            if not paths:
                resting.add(piece)
                continue
            edge_lists = [edges.path_edges(p) for p in paths]
            lengths = np.array([float(len(x)) for x in edge_lists])
            sums = field.path_sums(edge_lists)
            start = INDEX[piece]
            ends = [INDEX[p[-1]] for p in paths]
            gains = np.array([base.gain(start, j, params.eta) for j in ends])
            now = base.spread(start, start)
            cohesion = np.array([float(base.spread(start, j) - now) for j in ends])
            scores = gains - params.lag * cohesion + params.w_tau * sums / top_tau / np.maximum(lengths, 1.0)
            draw = float(self.rng.random())
            exploit = draw < params.q0
            if exploit:
                looked = np.argsort(-scores, kind="stable")[: params.top_k]
            else:
                forward = np.flatnonzero(gains >= 0)
                looked = np.array([int(self.rng.choice(forward if len(forward) else np.arange(len(paths))))])
            for i in looked:
                rollout = Rollout(list(base.occupied), set(base.mine), base.rank, base.goal, base.rows)
                rollout.move(start, ends[i])
                scores[i] += forward_value(rollout, params.m - 1, params.lag, params.gamma, params.eta)
            best = looked[np.flatnonzero(scores[looked] == scores[looked].max())]
            chosen = int(best[0] if len(best) == 1 else self.rng.choice(best))
            plans.append(AntPlan(piece, paths, edge_lists, lengths, sums, scores, draw, exploit, chosen))
        return plans, frozenset(resting)

    def _reinforce(self, plan: AntPlan, goal: frozenset[Hex], field: PheromoneField) -> list[PheromoneDelta]:
        """eq. 15 only on paths that gain ground, scaled by the rows gained; eq. 16 as in ``aco-bco``."""
        path = plan.path
        gain = advance(path[-1], field.goal_corner) - advance(path[0], field.goal_corner)
        if gain <= 0:
            self.travelled[path[-1]] = self.travelled.pop(path[0], []) + list(plan.edges[plan.chosen])
            return []
        deltas = super()._reinforce(plan, goal, field)
        extra = (gain - 1) * path_deposit(float(plan.lengths[plan.chosen]), False, self.params)
        if extra > 0:
            field.deposit(plan.edges[plan.chosen], extra)
        return deltas


def _one_per_end(paths: list[tuple[Hex, ...]]) -> list[tuple[Hex, ...]]:
    """One path per landing hole (the first listed: a step, or the first chain found)."""
    seen: dict[Hex, tuple[Hex, ...]] = {}
    for p in paths:
        seen.setdefault(p[-1], p)
    return list(seen.values())


def build(game_id: str, seat: str, rng: np.random.Generator, params: PlusParams) -> AcoBcoPlusAgent:
    params = params or PlusParams()
    return AcoBcoPlusAgent(seat, rng, params, memory_of(params))
