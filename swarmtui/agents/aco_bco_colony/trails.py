"""Pheromone on moves: τ(from, to) over the star's holes, the colony's trail memory.

Kuehner & Stock put pheromone on the board's edges, so a trail says "this edge leads towards
the goal" whoever walks it. The colony's ants build *plans* (sequences of moves), and what a
good plan shares with the next is its moves: the piece on hole a goes to hole b. So the
feature is the pair (a, b) of a move — a rung of a ladder is "the piece on a steps aside to b",
the jump it opens is (c, d) — and τ(a, b) is kept as a sparse dict of what differs from τ0.

The updates are the paper's ACS rules (section III-A):

- local update, eq. 8, on every move an ant takes: τ ← (1 − ρ) · τ + ρ · τ0 (ants that follow
  each other in one iteration spread out);
- global update, eq. 7, on the best plan's moves: τ ← (1 − α) · τ + α · Δτ, with
  Δτ = τ0 · (1 + Q) for the plan's value Q (rows gained plus its ladder, ``foraging``);
- evaporation between turns, eq. 6 read on the deposit: τ ← τ0 + δ · (τ − τ0), so what the
  colony learnt in one turn is still there, weaker, in the next (trail memory); unvisited
  features stay at τ0.
"""

from __future__ import annotations

from collections.abc import Iterable

HOLES = 121


def feature(start: int, end: int) -> int:
    """The key of the move start → end (hole indices)."""
    return start * HOLES + end


class Trails:
    """τ over (from, to) features; every feature not stored is at τ0."""

    def __init__(self, tau0: float) -> None:
        self.tau0 = tau0
        self.tau: dict[int, float] = {}

    def get(self, start: int, end: int) -> float:
        return self.tau.get(start * HOLES + end, self.tau0)

    def local_update(self, start: int, end: int, rho: float) -> None:
        """eq. 8 on one move an ant took."""
        key = start * HOLES + end
        old = self.tau.get(key)
        if old is not None:
            self.tau[key] = (1.0 - rho) * old + rho * self.tau0

    def global_update(self, moves: Iterable[tuple[int, int]], alpha: float, deposit: float) -> None:
        """eq. 7 on the best plan's moves, Δτ = ``deposit``."""
        tau0 = self.tau0
        for start, end in moves:
            key = start * HOLES + end
            self.tau[key] = (1.0 - alpha) * self.tau.get(key, tau0) + alpha * deposit

    def evaporate(self, delta: float) -> None:
        """eq. 6 between turns, on what was deposited: τ ← τ0 + δ · (τ − τ0); near-τ0 features are dropped."""
        tau0 = self.tau0
        kept = {}
        for key, value in self.tau.items():
            value = tau0 + delta * (value - tau0)
            if abs(value - tau0) > 1e-3 * tau0:
                kept[key] = value
        self.tau = kept

    def reset(self) -> None:
        self.tau = {}

    def strongest(self, count: int) -> list[tuple[int, int, float]]:
        """The ``count`` features of largest τ as (start, end, τ), for the trace."""
        top = sorted(self.tau.items(), key=lambda kv: -kv[1])[:count]
        return [(key // HOLES, key % HOLES, value) for key, value in top]
