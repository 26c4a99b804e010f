"""The ACO-BCO Halma player's parameters: Table IV of Kuehner & Stock with the paper's values.

Field names are the paper's symbols (Tables I and III), so ``--param b=0`` or ``--param
q0=1.0`` reads like the paper. The few fields that are not in Table IV choose how an ambiguous
passage of section V is read; their defaults are the readings documented in the modules that
use them (``edges``, ``ants``, ``bees``, ``pheromone``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from swarmtui.core.params import ParamError, check_range, helped

EdgeModel = Literal["lattice", "hop"]
Init = Literal["distance", "uniform"]
FitnessScore = Literal["sum", "score"]
BetaMode = Literal["none", "eta"]
Recruit = Literal["fitness", "followers"]
MemoryMix = Literal["add", "scaled"]
Heading = Literal["exploit", "all", "none"]


@dataclass(frozen=True)
class AcoBcoParams:
    """Table IV (defaults) plus the documented reading choices."""

    tau0: float = helped(5.0, "τ0: initial pheromone on every edge (eq. 9, 10) and unit of eq. 15, 16")
    tau0_goals: float = helped(10.0, "τ0goals: extra initial pheromone, divided by d (eq. 10)")
    q0: float = helped(0.8, "q0: probability that a piece's ant exploits (eq. 11) rather than explores")
    beta: float = helped(2.7, "β: exponent of the closeness heuristic η, used only with beta_mode=eta")
    alpha: float = helped(0.1, "α: deposit rate of eq. 15 and evaporation 1-α of eq. 17")
    rho: float = helped(0.5, "ρ: rate of the in-goal deposit (eq. 16)")
    j: float = helped(5000.0, "j: jump factor of eq. 15 (doubled for multi-jumps)")
    g: float = helped(10.0, "g: in-goal factor of eq. 16")
    e: int = helped(11, "e: evaporate (eq. 17) every e moves of this player")
    w_d: float = helped(2.0, "w_d: weight of 1/d in the fitness (eq. 12, 13)")
    w_l: float = helped(50.0, "w_l: weight of the path length l in the fitness (eq. 12, 13)")
    w_p: float = helped(5.0, "w_p: weight of the path's pheromone in the fitness (eq. 12, 13)")
    f_g: float = helped(50.0, "f_g: replaces d in the fitness of pieces already in the goal (eq. 13)")
    b: float = helped(2.5, "b: weight of the best game's pheromone memory in the initial distribution")
    c: float = helped(5.0, "c: pheromone added per exchange in a cooperative game (eq. 18)")
    t_o: float = helped(20.0, "t_o: partner's pheromone above which eq. 18 adds c")
    init: Init = helped("distance", "initial distribution: distance (eq. 10) or uniform (eq. 9)")
    memory: str = helped("shipped", "best-game memory: shipped, none, or a memory file path (weighted by b)")
    memory_mix: MemoryMix = helped("add", "add: τ += b·τ_best; scaled: τ += b·τ0·τ_best/mean(τ_best)")
    cooperate: bool = helped(False, "exchange pheromones with the partner after each move (eq. 18, V-F)")
    edge_model: EdgeModel = helped("lattice", "lattice: a jump runs along two board edges; hop: a jump is one edge")
    fitness_p: FitnessScore = helped("sum", "p in eq. 12: sum (Σ τ, the paper's bullet list) or score (eq. 11's l·Σ τ)")
    beta_mode: BetaMode = helped("none", "none: eq. 11 as printed; eta: p = l·Σ τ·η^β with η = 1/d of the landing hole")
    recruit: Recruit = helped("fitness", "fitness: roulette over advertisers (V-C); followers: by bees won")
    heading: Heading = helped("exploit", "which ants consider only paths approaching the goal: "
                                     "exploit (exploiting ants), all, none")
    stay_in_goal: bool = helped(True, "pieces in the goal only take paths that end in the goal (V-E)")

    def __post_init__(self) -> None:
        check_range("q0", self.q0, 0.0, 1.0)
        check_range("alpha", self.alpha, 0.0, 1.0)
        for name in ("tau0", "tau0_goals", "rho", "j", "g", "w_d", "w_l", "w_p", "b", "c", "t_o", "beta"):
            check_range(name, getattr(self, name), 0.0)
        if self.tau0 <= 0:
            raise ParamError(f"tau0 must be positive; got {self.tau0}")
        if self.f_g <= 0:
            raise ParamError(f"f_g must be positive; got {self.f_g}")
        if self.e < 1:
            raise ParamError(f"e must be at least 1; got {self.e}")
