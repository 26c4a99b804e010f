"""The colony's parameters: Kuehner & Stock's symbols and Table IV defaults where the paper has
the constant, our own (documented) where the colony goes beyond it.

From the paper: τ0, q0 and β of the state-transition rule (eq. 1, 2), ρ of the local update
(eq. 8), α of the global update (eq. 7), and Table II's BCO stage length m. Beyond it: the
population and iterations per turn, the plan horizon, the ladder weight of a plan's value, the
trail memory δ between turns (eq. 6), and the five switches the ablation turns off one by one
(``pheromone``, ``spread_out``, ``recruitment``, ``trail_memory``, ``plan_memory``) and the endgame
reading (``endgame``, no swarm part: the no-swarm roll-out keeps it).
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.core.params import ParamError, check_range, helped

SWARM_PARTS = ("pheromone", "spread_out", "recruitment", "trail_memory", "plan_memory")
"""The switches of the colony's swarm parts: all off, it is its heuristic roll-out alone (the
ablation's "no swarm" rows, docs/halma.md)."""


@dataclass(frozen=True)
class ColonyParams:
    """Table IV's τ0, q0, β, α, ρ and Table II's m, plus the colony's own constants."""

    tau0: float = helped(5.0, "τ0: pheromone of every (from, to) feature before any deposit (Table IV; eq. 8's target)")
    q0: float = helped(0.8, "q0: probability that an ant exploits, argmax τ·η^β (eq. 1), rather than draws by eq. 2")
    beta: float = helped(1.0, "β: weight of the heuristic η = rows gained + 1 against τ (eq. 1, 2; Table IV: 2.7)")
    alpha: float = helped(0.1, "α: rate of the global update on the best plan's moves, eq. 7")
    rho: float = helped(0.1, "ρ: rate of the local update on every move an ant takes, eq. 8 (ACS [27]: 0.1)")
    delta: float = helped(0.7, "δ: share of the deposited pheromone kept from one turn to the next (eq. 6; ours)")
    m: int = helped(1, "m: moves per BCO stage; the bees' backward pass runs after every stage (Table II: 3)")
    ants: int = helped(60, "ants (bees) in the colony, each building one plan per iteration (ours)")
    iterations: int = helped(3, "iterations per turn: construct, dance, update (ours)")
    horizon: int = helped(12, "moves in a plan (ours)")
    ladder: float = helped(2.0, "weight of the largest one-move advance left at a plan's end (its ladders)")
    endgame: bool = helped(True, "plans stop when they fill the goal and outrank those that do not, and a plan's "
                             "ladder counts no more than its rows left (ours; no swarm part: the no-swarm roll-out "
                             "keeps it too, docs/halma.md)")
    finish: float = helped(1.0, "with endgame: value of each move of the horizon a plan that fills the goal "
                                "leaves unused")
    lag: float = helped(1.0, "λ: value lost per row the gap between the army's front and rear piece widens")
    heading: bool = helped(True, "ants take only moves that do not lose ground (as aco-bco's heading reading)")
    pheromone: bool = helped(False, "on = eq. 7 and 8 lay pheromone on (from, to) moves; off (the default, and an "
                                    "ablation switch) = τ stays τ0 everywhere: with spread_out on, the trails pull "
                                    "ants back onto the last best plan and cost 2 moves (docs/halma.md)")
    spread_out: bool = helped(True, "ablation switch: off = ants that stand on one position at the start of a "
                                    "stage may repeat each other's move there (on: each takes a move no other ant "
                                    "took there, while one is left)")
    recruitment: bool = helped(True, "ablation switch: off = bees never dance, every ant builds its plan alone")
    plan_memory: bool = helped(True, "ablation switch: off = the next turn's first ant does not re-walk the rest of "
                                  "this turn's best plan (the elitist ant kept across turns)")
    trail_memory: bool = helped(True, "ablation switch: off = the field is reset to τ0 at the start of every turn "
                                      "(acts only with pheromone on)")

    def __post_init__(self) -> None:
        check_range("q0", self.q0, 0.0, 1.0)
        check_range("alpha", self.alpha, 0.0, 1.0)
        check_range("rho", self.rho, 0.0, 1.0)
        check_range("delta", self.delta, 0.0, 1.0)
        check_range("beta", self.beta, 0.0)
        check_range("ladder", self.ladder, 0.0)
        check_range("lag", self.lag, 0.0)
        check_range("finish", self.finish, 0.0)
        if self.tau0 <= 0:
            raise ParamError(f"tau0 must be positive; got {self.tau0}")
        for name in ("m", "ants", "iterations", "horizon"):
            if getattr(self, name) < 1:
                raise ParamError(f"{name} must be at least 1; got {getattr(self, name)}")
