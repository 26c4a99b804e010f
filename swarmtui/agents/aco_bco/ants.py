"""The ants: each piece plans the path it would take (Kuehner & Stock, section V-B and V-E).

Every piece that may move draws q uniformly in [0, 1). With q < q0 it *exploits*: its valid
step and jump paths (``Board.paths_from``: every chain, not one per end hole) are scored by
eq. 11, p = l · Σ τ over the path's k edges, and the best is kept (exact ties broken by the
seeded generator). Otherwise it *explores*: "the edges are chosen completely random without
any bias" — we draw one of its valid paths uniformly.

Heading (``heading``; our reading, the paper is silent). V-A doubles the edges "in order to
judge if it is approaching the goal", but the printed rules carry the direction only in the
initial field: eq. 10 gives an edge at most τ0goals = 10 more than its reverse, while the
first jump's eq. 15 deposit is α · l · τ0 · j = 5000. Taken literally (``heading=none``) the
swarm soon jumps back and forth along its own strongest edges and almost no game ends within
the 500-move cap (measured: README, Halma swarm). With ``heading=exploit`` (default) an
exploiting ant considers only the paths that end closer to its goal's tip than the piece
stands — "using the trail with the highest pheromone value" towards the goal — while
exploring ants keep every valid path; ``heading=all`` restricts exploring ants as well. An
exploiting ant without an approaching path proposes nothing this turn (``chosen = -1``).
Distances are lattice steps to the tip of the goal (the paper's "first row").

β of Table IV does not appear in eq. 11 as printed; ``beta_mode=none`` (default) follows the
printed equation. ``beta_mode=eta`` brings β in the way eq. 1 does, p = l · Σ τ · η^β with the
closeness η = 1/d of the landing hole (d as in ``bees``: 1 + steps from it to the goal's tip).

Section V-E: the goal is filled from the far row. A piece on the tip (row 1) may not move; once
row 1 is filled, the pieces in row 2 may not move, and so on. Those pieces plan no path and
take no part in the backward pass; neither does a piece with no valid path. A piece already in
the goal considers only paths that end in the goal ("the characters are supposed to stay in
the goal area", ``stay_in_goal``; the Board's default rules already demand it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from swarmtui.agents.aco_bco.edges import EdgeSet
from swarmtui.agents.aco_bco.params import AcoBcoParams
from swarmtui.agents.aco_bco.pheromone import PheromoneField
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.games.halma.geometry import STAR, opposite, rows_from_tip, tip
from swarmtui.games.halma.rules import Board

_ORDER = {cell: i for i, cell in enumerate(STAR)}


@dataclass
class AntPlan:
    """One piece's ant: its candidate paths with l, Σ τ and p, its draw and its choice."""

    piece: Hex
    paths: list[tuple[Hex, ...]]
    edges: list[list[int]]
    lengths: np.ndarray
    sums: np.ndarray
    scores: np.ndarray
    draw: float
    exploit: bool
    chosen: int

    @property
    def path(self) -> tuple[Hex, ...]:
        return self.paths[self.chosen]


def goal_corner(board: Board, seat: str) -> int:
    return opposite(board.corner(seat))


def resting_pieces(board: Board, seat: str) -> frozenset[Hex]:
    """The pieces that may not move (V-E): those in the first row of the goal that is not yet
    filled with the seat's own pieces, after all the rows before it are filled."""
    mine = board.pieces(seat)
    resting: set[Hex] = set()
    for row in rows_from_tip(goal_corner(board, seat)):
        resting.update(c for c in row if c in mine)
        if not all(c in mine for c in row):
            break
    return frozenset(resting)


def candidate_paths(board: Board, seat: str, piece: Hex, params: AcoBcoParams) -> list[tuple[Hex, ...]]:
    """Every valid path of ``piece``; for a piece in the goal only those ending in the goal."""
    paths = board.paths_from(piece)
    if params.stay_in_goal:
        goal = board.goal(seat)
        if piece in goal:
            paths = [p for p in paths if p[-1] in goal]
    return paths


def eq11_scores(edges: EdgeSet, field: PheromoneField, paths: list[tuple[Hex, ...]],
                params: AcoBcoParams) -> tuple[list[list[int]], np.ndarray, np.ndarray, np.ndarray]:
    """``(edge lists, l, Σ τ, p)`` for ``paths`` (eq. 11; see the module docstring for β)."""
    edge_lists = [edges.path_edges(p) for p in paths]
    if edges.model == "lattice":
        lengths = np.fromiter((len(x) for x in edge_lists), dtype=np.float64, count=len(paths))
    else:
        lengths = np.fromiter((len(p) for p in paths), dtype=np.float64, count=len(paths))
    sums = field.path_sums(edge_lists)
    scores = lengths * sums
    if params.beta_mode == "eta" and paths:
        tips = edges.tip_distance(field.goal_corner)
        ends = np.fromiter((edges.hole_id[p[-1]] for p in paths), dtype=np.intp, count=len(paths))
        scores = scores * (1.0 / (1.0 + tips[ends])) ** params.beta
    return edge_lists, lengths, sums, scores


def approaching(paths: list[tuple[Hex, ...]], piece: Hex, apex: Hex) -> list[tuple[Hex, ...]]:
    """The paths that end closer to the goal's tip ``apex`` than ``piece`` stands."""
    here = distance(piece, apex)
    return [p for p in paths if distance(p[-1], apex) < here]


def plan_ants(board: Board, seat: str, field: PheromoneField, params: AcoBcoParams,
              rng: np.random.Generator) -> tuple[list[AntPlan], frozenset[Hex]]:
    """The ants of every piece that takes part (``chosen == -1``: nothing to propose), and the
    pieces that rest (V-E, or no valid path)."""
    resting = set(resting_pieces(board, seat))
    apex = tip(field.goal_corner)
    plans: list[AntPlan] = []
    for piece in sorted(board.pieces(seat), key=_ORDER.__getitem__):
        if piece in resting:
            continue
        paths = candidate_paths(board, seat, piece, params)
        if not paths:
            resting.add(piece)
            continue
        draw = float(rng.random())
        exploit = draw < params.q0
        if params.heading == "all" or (exploit and params.heading == "exploit"):
            paths = approaching(paths, piece, apex)
        edge_lists, lengths, sums, scores = eq11_scores(field.edges, field, paths, params)
        if not paths:
            chosen = -1
        elif exploit:
            best = np.flatnonzero(scores == scores.max())
            chosen = int(best[0] if len(best) == 1 else rng.choice(best))
        else:
            chosen = int(rng.integers(len(paths)))
        plans.append(AntPlan(piece, paths, edge_lists, lengths, sums, scores, draw, exploit, chosen))
    return plans, frozenset(resting)
