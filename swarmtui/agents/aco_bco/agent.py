"""The ``aco-bco`` Halma player: ants plan a path per piece, bees recruit the piece that moves.

One turn (Kuehner & Stock, Figure 7 and section V):

1. cooperative games: take up the partner's pheromones (eq. 18, ``cooperation``);
2. every piece that may move plans a path by ACO exploitation (eq. 11) or exploration
   (``ants``), pieces in a goal filled from the far row rest (V-E);
3. the bees' backward pass rates the paths (eq. 12/13), advertises or abandons (eq. 14) and
   recruits the piece that moves (``bees``);
4. the moved path is reinforced (eq. 15), all edges of a piece that reaches its goal too
   (eq. 16), and every e moves all edges evaporate (eq. 17) (``pheromone``).

The field starts at the first decision, from eq. 10 (or eq. 9) plus the best game's memory
weighted by b (``memory``). The agent assumes its decisions are played; pieces are followed
from hole to hole through its own moves, so it is one agent per game.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from swarmtui.agents.aco_bco import cooperation
from swarmtui.agents.aco_bco.ants import AntPlan, goal_corner, plan_ants
from swarmtui.agents.aco_bco.bees import BeePass, backward_pass, fitness
from swarmtui.agents.aco_bco.edges import edge_set
from swarmtui.agents.aco_bco.memory import Memory, load_memory, shipped_memory_path
from swarmtui.agents.aco_bco.params import AcoBcoParams
from swarmtui.agents.aco_bco.pheromone import PheromoneField, goal_deposit, path_deposit
from swarmtui.agents.aco_bco.trace import (
    AntChoice,
    AntTrace,
    BeeChoice,
    BeeTrace,
    PathScore,
    PheromoneDelta,
    SwarmTrace,
)
from swarmtui.core.hexgrid import Hex
from swarmtui.core.params import ParamError
from swarmtui.core.saves import typed_path
from swarmtui.core.trace import Decision
from swarmtui.games.halma.rules import Board, Move


class AcoBcoAgent:
    """The paper's swarm player for one seat."""

    id = "aco-bco"

    def __init__(self, seat: str, rng: np.random.Generator, params: AcoBcoParams = AcoBcoParams(),
                 memory: Memory | None = None) -> None:
        if memory is not None and memory.edge_model != params.edge_model:
            raise ParamError(f"the memory was built with edge_model={memory.edge_model}, "
                             f"not {params.edge_model}")
        self.seat = seat
        self.rng = rng
        self.params = params
        self.memory = memory
        self.edges = edge_set(params.edge_model)
        self.field: PheromoneField | None = None
        self.partner: AcoBcoAgent | None = None
        self.moves = 0
        self.travelled: dict[Hex, list[int]] = {}
        if params.cooperate:
            cooperation.join(self)

    def start(self, board: Board) -> PheromoneField:
        """The field at the start of the game (eq. 9/10 plus memory)."""
        corner = goal_corner(board, self.seat)
        memory = self.memory.oriented(corner) if self.memory is not None else None
        self.field = PheromoneField.initial(self.edges, corner, self.params, memory)
        return self.field

    def decide(self, board: Board) -> Decision:
        if board.outcome is not None:
            raise ValueError("the game is over: no move to choose")
        if board.to_move != self.seat:
            raise ValueError(f"this agent plays seat {self.seat}, but seat {board.to_move} is to move")
        field = self.field or self.start(board)
        mine = board.pieces(self.seat)
        self.travelled = {cell: edges for cell, edges in self.travelled.items() if cell in mine}
        deltas = self._exchange()
        ants, resting = self._plan(board, field)
        plans = [plan for plan in ants if plan.chosen >= 0]
        if not plans:
            return self._fallback(board, ants, resting, deltas)
        goal = board.goal(self.seat)
        in_goal = [plan.piece in goal for plan in plans]
        bees = backward_pass(self._fitness(plans, in_goal, field), in_goal, self.params, self.rng)
        plan = plans[bees.recruited]
        deltas += self._reinforce(plan, goal, field)
        evaporation = self._evaporate()
        trace = SwarmTrace(self._ant_trace(ants, resting, deltas, evaporation), _bee_trace(plans, bees))
        path = plan.path
        return Decision(Move(path[0], path[-1], path), trace)

    def _plan(self, board: Board, field: PheromoneField) -> tuple[list[AntPlan], frozenset[Hex]]:
        """The ants of section V-B (``ants.plan_ants``)."""
        return plan_ants(board, self.seat, field, self.params, self.rng)

    def _fitness(self, plans: list[AntPlan], in_goal: list[bool], field: PheromoneField) -> np.ndarray:
        """The bees' fitness, eq. 12/13 (``bees.fitness``)."""
        return fitness(plans, in_goal, self.edges.tip_distance(field.goal_corner), self.edges.hole_id, self.params)

    # -- pheromone updates ------------------------------------------------------------------------
    def _exchange(self) -> list[PheromoneDelta]:
        """eq. 18 from the partner's current field (once per own turn, i.e. after each of the
        partner's moves)."""
        partner = self.partner
        if not self.params.cooperate or partner is None or partner.field is None or self.field is None:
            return []
        raised = self.field.exchange(partner.field, self.params.c, self.params.t_o)
        return self._deltas("eq18", raised, self.params.c)

    def _reinforce(self, plan: AntPlan, goal: frozenset[Hex], field: PheromoneField) -> list[PheromoneDelta]:
        """eq. 15 on the moved path; eq. 16 on every edge the piece used if it reaches the goal."""
        params = self.params
        edges = plan.edges[plan.chosen]
        path = plan.path
        jumps = len(path) > 1 and path[1] not in set(path[0].neighbours())
        amount = path_deposit(float(plan.lengths[plan.chosen]), jumps, params)
        field.deposit(edges, amount)
        deltas = self._deltas("eq15", edges, amount)
        history = self.travelled.pop(path[0], []) + list(edges)
        self.travelled[path[-1]] = history
        if path[0] not in goal and path[-1] in goal:
            used = sorted(set(history))
            bonus = goal_deposit(params)
            field.deposit(used, bonus)
            deltas += self._deltas("eq16", used, bonus)
        return deltas

    def _evaporate(self) -> float:
        """eq. 17 after every e-th move of this player; returns the factor applied."""
        self.moves += 1
        if self.moves % self.params.e:
            return 1.0
        factor = 1.0 - self.params.alpha
        assert self.field is not None
        self.field.evaporate(factor)
        return factor

    def _deltas(self, rule: str, edge_ids, amount: float) -> list[PheromoneDelta]:
        pairs = self.edges.pairs
        return [PheromoneDelta(rule, pairs[e][0], pairs[e][1], float(amount)) for e in edge_ids]

    # -- traces -----------------------------------------------------------------------------------
    def _ant_trace(self, plans: list[AntPlan], resting: frozenset[Hex], deltas: list[PheromoneDelta],
                   evaporation: float) -> AntTrace:
        ants = tuple(
            AntChoice(
                plan.piece, plan.draw, "exploit" if plan.exploit else "explore",
                tuple(PathScore(path, float(length), float(s), float(p))
                      for path, length, s, p in zip(plan.paths, plan.lengths, plan.sums, plan.scores, strict=True)),
                plan.chosen,
            )
            for plan in plans
        )
        return AntTrace(seat=self.seat, q0=self.params.q0, ants=ants, resting=tuple(sorted(resting)),
                        deltas=tuple(deltas), evaporation=evaporation, field=self._field_per_hole())

    def _field_per_hole(self) -> tuple[tuple[Hex, float], ...]:
        """τ summed over the edges into each hole (4 significant digits): the whole field, compact
        enough for a trace."""
        if self.field is None:
            return ()
        holes, ends = _edge_ends(self.edges.model)
        into = np.bincount(ends, weights=self.field.tau, minlength=len(holes))
        return tuple((hole, float(f"{tau:.4g}")) for hole, tau in zip(holes, into.tolist(), strict=True))

    def _fallback(self, board: Board, plans, resting, deltas) -> Decision:
        """No ant proposes a path (all pieces rest under V-E or find nothing approaching the goal):
        a uniformly random legal move, so the game never stalls."""
        moves = board.legal_moves()
        move = moves[int(self.rng.integers(len(moves)))]
        self.travelled[move.end] = self.travelled.pop(move.start, [])
        evaporation = self._evaporate()
        note = "no ant proposed a path: a uniformly random legal move"
        trace = SwarmTrace(self._ant_trace(plans, resting, deltas, evaporation),
                           BeeTrace(recruited=move.start, path=move.path, note=note))
        return Decision(move, trace)


def _bee_trace(plans: list[AntPlan], bees: BeePass) -> BeeTrace:
    choices = tuple(
        BeeChoice(plan.piece, plan.path, float(bees.fitness[i]), bees.in_goal[i], float(bees.shares[i]),
                  bool(bees.advertises[i]), None if follows is None else plans[follows].piece)
        for i, (plan, follows) in enumerate(zip(plans, bees.follows, strict=True))
    )
    recruited = plans[bees.recruited]
    return BeeTrace(bees=choices, threshold=1.0 / len(plans), recruited=recruited.piece,
                    path=recruited.path, note=bees.note)


def resolve_memory(text: str) -> Memory | None:
    """The memory named by the ``memory`` parameter: shipped, none, or a file path."""
    if text in ("none", ""):
        return None
    path = shipped_memory_path() if text == "shipped" else typed_path(text)
    return load_memory(path)


def memory_of(params: AcoBcoParams) -> Memory | None:
    """The best-game memory ``params`` play with (none when its weight ``b`` is 0)."""
    return resolve_memory(params.memory if params.b > 0 else "none")


def build(game_id: str, seat: str, rng: np.random.Generator, params: AcoBcoParams) -> AcoBcoAgent:
    params = params or AcoBcoParams()
    return AcoBcoAgent(seat, rng, params, memory_of(params))


def check_memory(game_id: str, seat: str, params: AcoBcoParams) -> None:
    """The memory file the parameters name reads (what ``build`` needs)."""
    memory_of(params or AcoBcoParams())


@lru_cache(maxsize=4)
def _edge_ends(model: str) -> tuple[tuple[Hex, ...], np.ndarray]:
    """The star's holes in a fixed order and, per edge of ``model``, the index of the hole it leads into."""
    edges = edge_set(model)
    holes = tuple(sorted(edges.hole_id))
    index = {hole: i for i, hole in enumerate(holes)}
    return holes, np.array([index[end] for _, end in edges.pairs], dtype=np.intp)
