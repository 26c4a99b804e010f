"""One player's pheromone field over the star's directed edges (Kuehner & Stock, V-A, V-D, V-F).

The field is a NumPy vector ``tau`` indexed by the edge ids of ``edges.EdgeSet``; every rule
of the paper is a vectorised operation on it:

- eq. 9  — uniform start: τ(r, s) = τ0.
- eq. 10 — distance start: τ(r, s) = τ0goals / d + τ0, where d is "the distance to the last
  goal position (the first row)". We read d of the directed edge r→s as the number of steps
  from r to the tip when walking along the edge first: d = 1 + dist(s, tip). The two edges
  entering the tip get d = 1, i.e. τ0 + τ0goals, the "initial pheromone value for the two
  edges connected to the first row"; an edge towards the goal gets more than its reverse, so
  the direction of travel is encoded as V-A requires.
- memory — "the pheromone distribution of the best game ... weighted with the parameter b":
  τ += b · τ_best (``memory_mix=add``, default) or, so that b is on the scale of τ0 whatever
  the memory's magnitude, τ += b · τ0 · τ_best / mean(τ_best) (``memory_mix=scaled``).
- eq. 15 — deposit on the moved path: τ += α · l · τ0 · (2j for multi-jumps, j for a single
  jump, 1 for a step).
- eq. 16 — when a piece reaches the goal, every edge it used this game gets τ += ρ · τ0 · g.
- eq. 17 — evaporation every e moves: τ = (1 − α) · τ.
- eq. 18 — cooperation: τ(r, s) += c wherever the partner's τ(s, r) exceeds t_o.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from swarmtui.agents.aco_bco.edges import EdgeSet
from swarmtui.agents.aco_bco.params import AcoBcoParams


@dataclass
class PheromoneField:
    """τ over ``edges`` for a player whose goal is the point ``goal_corner``."""

    edges: EdgeSet
    goal_corner: int
    tau: np.ndarray

    @classmethod
    def initial(cls, edges: EdgeSet, goal_corner: int, params: AcoBcoParams,
                memory: np.ndarray | None = None) -> PheromoneField:
        """The start of a game: eq. 9 or eq. 10, plus the best game's memory weighted by b."""
        tau = np.full(edges.size, params.tau0, dtype=np.float64)
        if params.init == "distance":
            d = 1.0 + edges.tip_distance(goal_corner)[edges.ends]
            tau += params.tau0_goals / d
        if memory is not None and params.b > 0:
            tau += memory_weight(memory, params)
        return cls(edges, goal_corner, tau)

    def path_sums(self, edge_lists: list[list[int]]) -> np.ndarray:
        """Σ τ over each path's edges (one gather and one segmented sum for all paths)."""
        if not edge_lists:
            return np.zeros(0)
        lengths = np.fromiter((len(x) for x in edge_lists), dtype=np.intp, count=len(edge_lists))
        flat = np.fromiter((e for x in edge_lists for e in x), dtype=np.intp, count=int(lengths.sum()))
        starts = np.zeros(len(edge_lists), dtype=np.intp)
        np.cumsum(lengths[:-1], out=starts[1:])
        return np.add.reduceat(self.tau[flat], starts)

    def deposit(self, edge_ids: list[int] | np.ndarray, amount: float) -> None:
        """Add ``amount`` once to each edge in ``edge_ids`` (repeated ids get it once each time
        they occur, as an edge run along twice by one path is reinforced twice)."""
        np.add.at(self.tau, np.asarray(edge_ids, dtype=np.intp), amount)

    def evaporate(self, factor: float) -> None:
        """eq. 17 with ``factor`` = 1 − α."""
        self.tau *= factor

    def exchange(self, partner: PheromoneField, c: float, t_o: float) -> np.ndarray:
        """eq. 18: add c to τ(r, s) wherever the partner's τ(s, r) > t_o; returns those edges."""
        raised = np.flatnonzero(partner.tau[self.edges.reverse] > t_o)
        self.tau[raised] += c
        return raised


def memory_weight(memory: np.ndarray, params: AcoBcoParams) -> np.ndarray:
    """The memory's contribution to the initial field (see ``memory_mix`` above)."""
    if params.memory_mix == "scaled":
        mean = float(memory.mean())
        return params.b * params.tau0 * memory / mean if mean > 0 else np.zeros_like(memory)
    return params.b * memory


def deposit_factor(length: float, jumps: bool, params: AcoBcoParams) -> float:
    """eq. 15's bracket: 2j for "jump moves and l > 2" (more than one jump), j for one jump,
    1 for a step."""
    if not jumps:
        return 1.0
    return 2.0 * params.j if length > 2 else params.j


def path_deposit(length: float, jumps: bool, params: AcoBcoParams) -> float:
    """eq. 15: α · l · τ0 · (2j | j | 1)."""
    return params.alpha * length * params.tau0 * deposit_factor(length, jumps, params)


def goal_deposit(params: AcoBcoParams) -> float:
    """eq. 16: ρ · τ0 · g."""
    return params.rho * params.tau0 * params.g
