"""The ``aco-bco-colony`` Halma player: a colony of ants and bees whose search *is* the swarm.

Every turn (``foraging``): ants build multi-move plans, spreading out over the moves of a
position they share, bees recruit to the partial plans of the best quality between stages, and
the first move of the turn's best plan is played. The rest of that plan is the colony's memory
from turn to turn: the next turn's first ant re-walks it (``forage``'s ``elite``). With
``pheromone`` on, the best plan is also reinforced on trails over (from, to) moves that persist
from turn to turn (``trails``: eq. 6, 7, 8 of Kuehner & Stock, section III-A); it is off by
default, since with the ants spread out the trails cost moves (docs/halma.md).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from swarmtui.agents.aco_bco_colony.foraging import Dance, Forage, Plan, forage
from swarmtui.agents.aco_bco_colony.params import ColonyParams
from swarmtui.agents.aco_bco_colony.terrain import Terrain
from swarmtui.agents.aco_bco_colony.trace import ColonyTrace, DanceRecord, IterationRecord, PlanRecord
from swarmtui.agents.aco_bco_colony.trails import Trails
from swarmtui.core.trace import Decision
from swarmtui.games.halma.geometry import STAR
from swarmtui.games.halma.rules import Board, Move


class ColonyAgent:
    """One seat's colony; its trails persist from turn to turn of one game."""

    id = "aco-bco-colony"

    def __init__(self, seat: str, rng: np.random.Generator, params: ColonyParams = ColonyParams()) -> None:
        self.seat = seat
        self.rng = rng
        self.params = params
        self.trails = Trails(params.tau0)
        self.turns = 0
        self.elite: tuple[tuple[int, int], ...] = ()
        """The rest of the last turn's best plan, re-walked by the next turn's first ant."""

    def decide(self, board: Board) -> Decision:
        if board.outcome is not None:
            raise ValueError("the game is over: no move to choose")
        if board.to_move != self.seat:
            raise ValueError(f"this agent plays seat {self.seat}, but seat {board.to_move} is to move")
        params = self.params
        if not (params.trail_memory and params.pheromone):
            self.trails.reset()
        elif self.turns:
            self.trails.evaporate(params.delta)
        self.turns += 1
        terrain = Terrain(board, params.heading, params.beta)
        result = forage(terrain, self.trails, params, self.rng, self.elite)
        move = self._move(board, result)
        self.elite = tuple(result.best.moves[1:]) if params.plan_memory else ()
        return Decision(move, colony_trace(self.seat, params, result, self.trails))

    def _move(self, board: Board, result: Forage) -> Move:
        """The first move of the best plan, as the board generates it; a uniformly random legal
        move if the colony found none (every piece blocked for the ants)."""
        if result.best.moves:
            start, end = result.best.moves[0]
            for move in board.moves_from(STAR[start]):
                if move.end == STAR[end]:
                    return move
        moves = board.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]


SHOWN_PLANS = 8
"""Plans per iteration kept in the trace (the best by value): enough to animate, small to log."""
SHOWN_TRAILS = 40
"""Strongest (from, to) features kept in the trace."""


def colony_trace(seat: str, params: ColonyParams, result: Forage, trails: Trails) -> ColonyTrace:
    """The turn as a ``ColonyTrace``: each iteration's best plans and dances, the best plan, the trails."""
    iterations = tuple(
        IterationRecord(
            plans=tuple(_plan_record(i, it.plans[i]) for i in
                        sorted(range(len(it.plans)), key=lambda i: -it.plans[i].value)[:SHOWN_PLANS]),
            dances=tuple(_dance_record(stage, dances) for stage, dances in enumerate(it.dances, 1)),
            deposit=it.deposit, ants=len(it.plans))
        for it in result.iterations
    )
    tau0 = trails.tau0
    heat: dict[int, float] = {}
    for _, end, tau in trails.strongest(len(trails.tau)):
        heat[end] = heat.get(end, 0.0) + tau - tau0
    return ColonyTrace(
        seat=seat, horizon=params.horizon, q0=params.q0, iterations=iterations,
        best=_plan_record(-1, result.best),
        trails=tuple((STAR[a], STAR[b], round(tau, 4)) for a, b, tau in trails.strongest(SHOWN_TRAILS)),
        field=tuple((STAR[i], float(f"{v:.4g}")) for i, v in sorted(heat.items())),
        steps=result.steps, generations=result.generations, note="colony")


def _plan_record(bee: int, plan: Plan) -> PlanRecord:
    return PlanRecord(bee, tuple((STAR[a], STAR[b]) for a, b in plan.moves), round(plan.value, 4),
                      tuple(plan.followed))


def _dance_record(stage: int, dances: list[Dance]) -> DanceRecord:
    followers = Counter(d.follows for d in dances if d.follows >= 0)
    top = tuple((bee, round(dances[bee].share, 4), count) for bee, count in followers.most_common(3))
    values = [d.value for d in dances]
    return DanceRecord(stage, sum(d.advertises for d in dances), sum(followers.values()),
                       max(values), round(sum(values) / len(values), 4), top)


def build(game_id: str, seat: str, rng: np.random.Generator, params: ColonyParams) -> ColonyAgent:
    return ColonyAgent(seat, rng, params or ColonyParams())
