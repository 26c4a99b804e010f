"""The Hive particle swarm's trace kind (McGuile 3.5, 4.2): every insect's particle and the
intention that chose the move. Importing this module registers the ``particle`` kind."""

from __future__ import annotations

from dataclasses import dataclass, field

from swarmtui.core.trace import Cell, Trace


@dataclass(frozen=True)
class IntentionFactor:
    """One term of a Hive particle's intention score (McGuile 3.5.5.1, 4.2): its name and value."""

    name: str
    value: float


@dataclass(frozen=True)
class ParticleView:
    """One insect of the Hive swarm in one turn (McGuile 3.5, eq. 2.1).

    Cells are axial ``(q, r)``. ``fitness`` is the hex distance to the opponent Queen (0 counted
    as 1, 3.5.2); ``velocity_before``/``velocity_after`` straddle eq. 2.1 and ``desired`` is the
    position plus the rounded velocity (0.25 threshold, 3.5.3). ``move`` is the valid move the
    intention settled on (the nearest to ``desired``, or the direct-to-goal move) and
    ``intention`` names the rule that scored it; ``score`` is None when the insect cannot move.
    ``tiebreak`` is the ability bonus that orders equal scores (3.5.5.1; 0 with the tiebreak off).
    """

    piece: str
    position: Cell
    fitness: int
    velocity_before: tuple[float, float]
    velocity_after: tuple[float, float]
    personal_best: Cell
    vicinity_best: Cell
    vicinity: tuple[str, ...] = ()
    desired: Cell = (0, 0)
    move: str = ""
    move_cell: Cell | None = None
    intention: str = ""
    factors: tuple[IntentionFactor, ...] = ()
    score: float | None = None
    tiebreak: float = 0.0


@dataclass(frozen=True)
class ParticleTrace(Trace):
    """A Hive PSO turn (McGuile 3.5, 4.2): every insect, each vicinity's winner, the pick.

    ``vicinity_winners`` pairs each insect with the winner of the vicinity centred on it;
    ``chosen`` is the insect that moves and ``move`` its UHP MoveString. ``fallback`` is empty
    for a swarm move; otherwise it says which documented policy chose the move and why the
    swarm had none (no opponent Queen yet, no insect on the board, every insect pinned).
    """

    kind: str = field(init=False, default="particle")
    variant: str = ""
    goal: Cell | None = None
    particles: tuple[ParticleView, ...] = ()
    vicinity_winners: tuple[tuple[str, str], ...] = ()
    chosen: str = ""
    move: str = ""
    fallback: str = ""
    note: str = ""

    def proposals(self) -> tuple[str, ...]:
        """The move played, then every insect's intention move by its score (the ability
        tie-break after it), as the vicinities compared them (McGuile 3.5.5)."""
        scored = sorted((view for view in self.particles if view.score is not None and view.move),
                        key=lambda view: (-(view.score or 0.0), -view.tiebreak))
        return tuple(dict.fromkeys([self.move] * bool(self.move) + [view.move for view in scored]))

    def summary(self) -> str:
        """``swarm plays wA1 -bQ: wA1 by direct-to-goal (velocity 1, danger 0)`` or the fallback."""
        if self.fallback:
            return f"swarm plays {self.move}: {self.fallback}" if self.move else self.fallback
        views = {view.piece: view for view in self.particles}
        chosen = views.get(self.chosen)
        factors = ", ".join(f"{f.name} {f.value:g}" for f in chosen.factors) if chosen else ""
        intention = chosen.intention if chosen and chosen.intention else "?"
        text = f"swarm plays {self.move}: {self.chosen} by {intention}" + (f" ({factors})" if factors else "")
        return text + (f"; {self.note}" if self.note else "")
