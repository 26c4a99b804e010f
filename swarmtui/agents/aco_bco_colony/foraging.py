"""One turn of the colony: ants build multi-move plans on the trails, bees recruit to the best.

Each iteration, every one of the ``ants`` builds a plan of ``horizon`` moves of its own seat
from the position on the board, in stages of ``m`` moves (Teodorović's BCO, section III-B of
Kuehner & Stock):

- **forward pass (ants).** Each move is chosen by the ACS state-transition rule among the
  moves of the plan's current position: with probability q0 the move of largest τ(a, b) · η^β
  (eq. 1), otherwise one drawn with probability proportional to it (eq. 2); η = 1 + rows the
  move gains towards the goal. With ``pheromone`` on, every move taken gets the local update
  (eq. 8, ``trails``).
  Ants that stand on the same position at the start of a stage — all of them at the first
  stage, a dancer and its recruits after each backward pass — spread out over its moves
  (``spread_out``): each ant marks the move it takes there, and the next ant there chooses by
  eq. 1 / 2 among the unmarked moves while any is left (the elitist ant re-walking last turn's
  plan neither marks nor heeds marks). This is what eq. 8 is for in ACS ("ants
  that follow each other spread out"), but eq. 8 pulls τ towards τ0 and so cannot tell apart
  moves still at τ0, which are nearly all of them here: with q0 = 0.8 most recruits of a dancer
  would otherwise take the same argmax move and build copies of one plan.
- **backward pass (bees).** After every stage but the last, each bee rates its partial plan
  (rows gained so far plus the ladder it leaves: the largest advance one move could make from
  where it stands) and computes its roulette share f_i / Σ f (eq. 14, on fitness shifted to be
  positive); above 1/|C| it dances (advertises), otherwise it abandons its partial plan and
  takes up a dancer's, drawn by roulette over the dancers' fitness — recruitment proportional
  to the quality the dance advertises — and goes on foraging from there with its own choices.
  So the forward passes explore alternatives to the partial plans the ants found best.

The move played is the first of the best plan found. With ``pheromone`` on (off by default),
after each iteration the best plan so far this turn gets the global update (eq. 7) with Δτ = τ0
· (1 + Q), Q its value, and the trails stay for the next turn (``Trails.evaporate``, eq. 6), so
a ladder the colony planned last turn is still marked when the next rung is due; but once ants
spread out, the trails pull them back onto the last best plan's moves and the colony needs 2
moves more (docs/halma.md), so the default leaves τ = τ0. The rest of the turn's best plan stays
(the elitist ant of Dorigo's ant system, kept across turns): next turn the first ant re-walks
it, so the bees can recruit onto the plan the colony already believes in while the others
explore around it. With ``endgame`` on, a plan that fills the goal stops there and is rated
above every plan that falls short (``value``).

The ablation switches: ``pheromone`` off (the default) keeps τ = τ0 (no eq. 7 or 8: the
heuristic alone), ``spread_out`` off lets ants on one position repeat each other's move,
``recruitment`` off skips the backward pass (independent ants), ``trail_memory`` off resets the
field every turn, ``plan_memory`` off forgets the best plan between turns. With all five off the
colony is the same heuristic roll-out, sampled the same number of times (``ants`` × ``horizon``
× ``iterations`` moves constructed per turn, whatever is switched off; fewer only when plans
fill the goal before their horizon): the evaluation budget is equal by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from swarmtui.agents.aco_bco_colony.params import ColonyParams
from swarmtui.agents.aco_bco_colony.terrain import Terrain
from swarmtui.agents.aco_bco_colony.trails import Trails
from swarmtui.agents.halma_crossing import BIT


@dataclass
class Plan:
    """A bee's (partial) plan: its moves, their gains, where it stands and whom it followed."""

    pos: int
    moves: list[tuple[int, int]] = field(default_factory=list)
    gains: list[int] = field(default_factory=list)
    followed: list[int] = field(default_factory=list)
    """Per backward pass: the bee whose partial plan this one took up, or -1 (kept its own)."""
    value: float = 0.0
    gained: int = field(init=False, default=0)
    """Σ gains, kept as the plan grows."""

    def __post_init__(self) -> None:
        self.gained = sum(self.gains)

    def copy(self) -> Plan:
        return Plan(self.pos, list(self.moves), list(self.gains), list(self.followed), self.value)


@dataclass(frozen=True)
class Dance:
    """One bee in one backward pass: fitness, share (eq. 14), dance or abandon, whom it followed."""

    value: float
    fitness: float
    share: float
    advertises: bool
    follows: int = -1


@dataclass
class Iteration:
    """What one iteration's ants built and bees decided, and the update it caused."""

    plans: list[Plan]
    dances: list[list[Dance]]
    best: int
    deposit: float = 0.0
    """Δτ of eq. 7 on the turn's best plan after this iteration (0 with pheromone off)."""


@dataclass
class Forage:
    """A turn's search: its iterations, the best plan and the work done."""

    iterations: list[Iteration]
    best: Plan
    steps: int
    generations: int


def value(plan: Plan, terrain: Terrain, params: ColonyParams) -> float:
    """Q: rows gained by the plan, plus the ladder it leaves (the largest advance one more move
    could make), minus λ per row the gap between the army's front and its rearmost piece widened
    (a straggler left behind costs single steps at the end: aco-bco-plus's cohesion term).

    With ``endgame`` on, the ladder never counts more than the rows still to go, and a plan that
    fills the goal (``Terrain.rows_left`` reaches 0) stops there and is rated as if every row it
    gained were still a rung of its ladder, (1 + ladder) · rows, which puts it above the plans that
    fall short, plus ``finish`` per move of the horizon it left unused, so that of two finishing
    plans the shorter wins: without it, a plan done after 8 moves that shuffles for 4 more rates the
    same as one that needs all 12, and the last moves of a game gain 1-2 rows each. It is on by
    default; it is no part of the swarm, so the no-swarm roll-out of the ablation keeps it too
    (it shortens that roll-out more than the colony: docs/halma.md)."""
    if _filled(plan, terrain, params):
        return float(plan.gained) * (1.0 + params.ladder) + params.finish * (params.horizon - len(plan.moves))
    spot = terrain.spot(plan.pos)
    rungs = min(spot.best_gain, terrain.rows_left - plan.gained) if params.endgame else spot.best_gain
    gap = spot.spread - terrain.spot(terrain.start).spread
    return float(plan.gained) + params.ladder * rungs - params.lag * gap


def _filled(plan: Plan, terrain: Terrain, params: ColonyParams) -> bool:
    """With the endgame reading: the plan has filled the goal, so it stops (``value``)."""
    return params.endgame and plan.gained >= terrain.rows_left


def forage(terrain: Terrain, trails: Trails, params: ColonyParams, rng: np.random.Generator,
           elite: tuple[tuple[int, int], ...] = ()) -> Forage:
    """Run the turn's iterations from the terrain's start position (see the module docstring).

    ``elite``: the rest of the previous turn's best plan (the elitist ant of Dorigo's ant system,
    carried across turns). The first ant of the first iteration re-walks it as far as its moves
    are still the ants' moves here, then forages on by eq. 1 / 2 like every other; the backward
    passes can recruit the other bees onto it. Its moves count in the budget like any ant's."""
    best: Plan | None = None
    iterations: list[Iteration] = []
    steps = 0
    stages = [params.m] * (params.horizon // params.m)
    if params.horizon % params.m:
        stages.append(params.horizon % params.m)
    for iteration_number in range(params.iterations):
        plans = [Plan(terrain.start) for _ in range(params.ants)]
        walker: Plan | None = plans[0] if elite and iteration_number == 0 else None
        dances: list[list[Dance]] = []
        for stage, length in enumerate(stages):
            taken: dict[int, set[int]] | None = {} if params.spread_out else None
            for plan in plans:
                for step in range(length):
                    if plan is walker:
                        if _retrace(plan, terrain, elite, params, trails):
                            steps += 1
                            continue
                        walker = None
                    if not _extend(plan, terrain, trails, params, rng, taken if step == 0 else None):
                        break
                    steps += 1
            if params.recruitment and stage < len(stages) - 1:
                plans, dance = _backward_pass(plans, terrain, params, rng)
                dances.append(dance)
        for plan in plans:
            plan.value = value(plan, terrain, params)
        top = max(range(len(plans)), key=lambda i: plans[i].value)
        if best is None or plans[top].value > best.value:
            best = plans[top].copy()
        iteration = Iteration(plans, dances, top)
        if params.pheromone and best.moves:
            iteration.deposit = params.tau0 * (1.0 + max(best.value, 0.0))
            trails.global_update(best.moves, params.alpha, iteration.deposit)
        iterations.append(iteration)
    assert best is not None
    return Forage(iterations, best, steps, terrain.generations)


def _extend(plan: Plan, terrain: Terrain, trails: Trails, params: ColonyParams,
            rng: np.random.Generator, taken: dict[int, set[int]] | None = None) -> bool:
    """One ant move by eq. 1 / eq. 2 (and eq. 8 on it); False when the plan's position has none
    or the plan has filled the goal.

    ``taken``: the stage's marks, position → indices of the moves other ants took there at the
    start of this stage (``spread_out``). A marked move weighs nothing while any move there is
    unmarked, and the move this ant takes is marked in turn."""
    if _filled(plan, terrain, params):
        return False
    spot = terrain.spot(plan.pos)
    if not spot.moves:
        return False
    if trails.tau:
        tau, tau0 = trails.tau.get, trails.tau0
        weights = [tau(k, tau0) * h for k, h in zip(spot.keys, spot.weights, strict=True)]
    else:
        weights = list(spot.weights)  # τ = τ0 everywhere: a common factor
    marked = None if taken is None else taken.setdefault(plan.pos, set())
    if marked and len(marked) < len(weights):
        weights = [0.0 if i in marked else w for i, w in enumerate(weights)]
    if rng.random() < params.q0:
        top = max(weights)
        ties = [i for i, w in enumerate(weights) if w >= top * (1.0 - 1e-12)]
        pick = ties[int(rng.integers(len(ties)))] if len(ties) > 1 else ties[0]
    else:
        draw = rng.random() * sum(weights)
        pick = len(weights) - 1
        for i, w in enumerate(weights):
            draw -= w
            if draw < 0:
                pick = i
                break
    if marked is not None:
        marked.add(pick)
    _take(plan, spot.moves[pick], trails, params)
    return True


def _take(plan: Plan, move: tuple[int, int, int], trails: Trails, params: ColonyParams) -> None:
    """The ant on ``plan`` makes ``move`` (start, end, gain); eq. 8 on its feature."""
    s, e, g = move
    plan.moves.append((s, e))
    plan.gains.append(g)
    plan.gained += g
    plan.pos ^= BIT[s] ^ BIT[e]
    if params.pheromone:
        trails.local_update(s, e, params.rho)


def _retrace(plan: Plan, terrain: Terrain, elite: tuple[tuple[int, int], ...], params: ColonyParams,
             trails: Trails) -> bool:
    """The elitist ant's next move: ``elite``'s move after the ones it has taken, if that is one
    of the ants' moves where it stands (eq. 8 on it as on any ant's); False when it is not."""
    done = len(plan.moves)
    if done >= len(elite) or _filled(plan, terrain, params):
        return False
    want = elite[done]
    for move in terrain.spot(plan.pos).moves:
        if move[:2] == want:
            _take(plan, move, trails, params)
            return True
    return False


def _backward_pass(plans: list[Plan], terrain: Terrain, params: ColonyParams,
                   rng: np.random.Generator) -> tuple[list[Plan], list[Dance]]:
    """Eq. 14: dance above 1/|C|, otherwise follow a dancer drawn by roulette over the dancers."""
    values = [value(p, terrain, params) for p in plans]
    low = min(values)
    fitness = [v - low + 1.0 for v in values]
    total = sum(fitness)
    shares = [f / total for f in fitness]
    threshold = 1.0 / len(plans)
    dancers = [i for i, s in enumerate(shares) if s > threshold]
    dancer_total = sum(fitness[i] for i in dancers)
    out: list[Plan] = []
    dances: list[Dance] = []
    for i, plan in enumerate(plans):
        if i in dancers or not dancers:
            plan.followed.append(-1)
            out.append(plan)
            dances.append(Dance(values[i], fitness[i], shares[i], bool(dancers)))
            continue
        draw = rng.random() * dancer_total
        chosen = dancers[-1]
        for d in dancers:
            draw -= fitness[d]
            if draw < 0:
                chosen = d
                break
        follower = plans[chosen].copy()
        follower.followed = plan.followed + [chosen]
        out.append(follower)
        dances.append(Dance(values[i], fitness[i], shares[i], False, chosen))
    return out, dances
