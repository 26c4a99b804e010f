"""The colony's trace kind (``colony``): the plans the ants built, how the bees danced and
recruited, and the trails left, as plain data for the TUI panel, result files and tests.

Importing this module registers the kind (``core.trace``); it needs no Halma rules, so the
agents package imports it for ``trace_from_json`` without loading the colony.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swarmtui.core.trace import Cell, Trace


@dataclass(frozen=True)
class PlanRecord:
    """One ant's plan: its moves (from hole, to hole), its value Q, and per backward pass the
    bee whose partial plan it took up (-1: it kept its own)."""

    bee: int
    moves: tuple[tuple[Cell, Cell], ...]
    value: float
    followed: tuple[int, ...] = ()

    @property
    def recruited(self) -> bool:
        """True if the bee abandoned its plan for a dancer's at least once."""
        return any(f >= 0 for f in self.followed)


@dataclass(frozen=True)
class DanceRecord:
    """One backward pass (eq. 14): how many bees danced and abandoned, the partial plans' best
    and mean value, and the dancers that won most followers as (bee, share, followers)."""

    stage: int
    dancers: int
    abandoned: int
    best: float
    mean: float
    top: tuple[tuple[int, float, int], ...] = ()


@dataclass(frozen=True)
class IterationRecord:
    """One iteration: the best ``plans`` (by value), the backward passes, the update (eq. 7)."""

    plans: tuple[PlanRecord, ...] = ()
    dances: tuple[DanceRecord, ...] = ()
    deposit: float = 0.0
    ants: int = 0


@dataclass(frozen=True)
class ColonyTrace(Trace):
    """An ``aco-bco-colony`` turn.

    ``iterations`` hold each iteration's best plans and dances; ``best`` is the turn's best plan,
    whose first move was played; ``trails`` the strongest (from, to, τ) features after the turn's
    updates and ``field`` the deposited pheromone (τ − τ0) summed per hole over the features
    leading into it (the heat map). ``steps`` counts the ant moves constructed (the evaluation
    budget) and ``generations`` the positions whose moves were generated.
    """

    kind: str = field(init=False, default="colony")
    seat: str = ""
    horizon: int = 0
    q0: float = 0.0
    iterations: tuple[IterationRecord, ...] = ()
    best: PlanRecord | None = None
    trails: tuple[tuple[Cell, Cell, float], ...] = ()
    field: tuple[tuple[Cell, float], ...] = ()
    steps: int = 0
    generations: int = 0
    note: str = ""

    def proposals(self) -> tuple[str, ...]:
        """The first moves of the plans the ants built, the best plan's first, then by value."""
        plans = sorted((plan for it in self.iterations for plan in it.plans), key=lambda plan: -plan.value)
        firsts = [plan.moves[0] for plan in ([self.best] if self.best else []) + plans if plan.moves]
        return tuple(dict.fromkeys(f"{_hole(start)}-{_hole(end)}" for start, end in firsts))

    def summary(self) -> str:
        """``colony plays o2-m6: best of 180 plans (3 × 60 ants, 12 moves), Q 21.0; 9 of 12 passes
        recruited 131 bees; trails on 40 moves``."""
        plans = sum(it.ants for it in self.iterations)
        ants = self.iterations[0].ants if self.iterations else 0
        recruited = sum(d.abandoned for it in self.iterations for d in it.dances)
        head = self.note or "colony"
        if self.best is None or not self.best.moves:
            return head
        start, end = self.best.moves[0]
        text = (f"{head} plays {_hole(start)}-{_hole(end)}: best of {plans} plans ({len(self.iterations)} × "
                f"{ants} ants, {self.horizon} moves), Q {self.best.value:.1f}")
        if recruited:
            text += f"; bees recruited {recruited} times"
        return text + f"; trails on {len(self.trails)} moves"


def _hole(cell: Cell) -> str:
    from swarmtui.agents.aco_bco.trace import _hole as hole  # one formatter for every Halma trace

    return hole(cell)
