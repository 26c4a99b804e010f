"""Ford's fitness (section 3.2.1): the member plays every possible game; points per result.

The member's moves come from its genome; the opponent's range over *every* legal move, with
no symmetry reduction of the opponent's replies (the paper counts 4 draws for O's 4 corner
replies, 4.1.2). Each complete game scores ``win``/``draw``/``loss`` points — X: 1/-15/-100
(Fig. 4), O: 1/0/-100 (Fig. 7) — and the fitness is the sum.

Why the evaluation can run over the 765 base cases instead of the 255168 games: let
``N(p)`` be the (win, draw, loss) counts of all games from position ``p`` under the member's
genome. Claim: ``N(p) = N(q)`` whenever ``p`` and ``q`` are symmetric. By induction on the
number of empty cells: terminal positions have the same result as their images. If the
opponent moves in ``p = g(q)``, the symmetry ``g`` maps ``q``'s legal moves one-to-one onto
``p``'s and each successor onto a symmetric successor, so the sums agree. If the member moves,
both ``p`` and ``q`` are read through the same base case ``c``: the member plays the allele's
cell mapped back through each one's own symmetry, so both successors are images of
``c + allele`` and have its counts. Hence ``N`` is a function of the canonical state, and a
backward induction over plies 8 -> 0 computes it: a member state takes the counts of its
allele's successor, an opponent state sums its successors over all legal moves (with
multiplicity, because two moves may lead to the same base case).

``evaluate_population`` vectorises that induction over a whole population with NumPy
gathers (member states) and segment sums (opponent states); ``evaluate_genome`` runs it for
one strategy. ``playout.play_all_games`` is the independent check that plays every game on a
real board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from swarmtui.agents.ga.graph import RESULT_DRAW, RESULT_NONE, SIDES, GameGraph, game_graph
from swarmtui.core.params import check_range

PAPER_POINTS = {"X": (1, -15, -100), "O": (1, 0, -100)}
"""(win, draw, loss) points: X from Fig. 4, O from Fig. 7."""


class Points(NamedTuple):
    win: int
    draw: int
    loss: int


@dataclass(frozen=True)
class FitnessParams:
    """The points per game result; None = the paper's value for the side being trained."""

    win_points: int | None = field(default=None, metadata={"help": "points per won game (paper: 1)"})
    draw_points: int | None = field(default=None, metadata={
        "help": "points per drawn game (paper: -15 for X, Fig. 4; 0 for O, Fig. 7)"})
    loss_points: int | None = field(default=None, metadata={"help": "points per lost game (paper: -100)"})

    def __post_init__(self) -> None:
        for name in ("win_points", "draw_points", "loss_points"):
            value = getattr(self, name)
            if value is not None:
                check_range(name, value, -10**6, 10**6)

    def points(self, side: str) -> Points:
        paper = PAPER_POINTS[side]
        chosen = (self.win_points, self.draw_points, self.loss_points)
        return Points(*(p if c is None else c for c, p in zip(chosen, paper, strict=True)))


class Scores(NamedTuple):
    """Per genome of a population: fitness and win/draw/loss counts from the empty board, and
    ``values[state, genome]``, the fitness of all games from every canonical state."""

    fitness: np.ndarray
    wins: np.ndarray
    draws: np.ndarray
    losses: np.ndarray
    values: np.ndarray


class Score(NamedTuple):
    fitness: int
    wins: int
    draws: int
    losses: int


def terminal_counts(graph: GameGraph, mark: int) -> np.ndarray:
    """int32[765, 3]: (win, draw, loss) one-hot for finished games from ``mark``'s side."""
    counts = np.zeros((graph.size, 3), np.int32)
    finished = graph.result != RESULT_NONE
    counts[finished & (graph.result == mark), 0] = 1
    counts[graph.result == RESULT_DRAW, 1] = 1
    counts[finished & (graph.result != mark) & (graph.result != RESULT_DRAW), 2] = 1
    return counts


class PlyStep(NamedTuple):
    member_states: np.ndarray  # states of this ply where the member moves
    member_genes: np.ndarray  # their gene indices
    opponent_states: np.ndarray  # states of this ply where the opponent moves
    opponent_succ: np.ndarray  # their successors over all legal moves, concatenated
    opponent_starts: np.ndarray  # where each opponent state's successors begin


@lru_cache(maxsize=2)
def induction_plan(side: str) -> tuple[PlyStep, ...]:
    """The backward-induction schedule for a member playing ``side``: plies 8 -> 0."""
    graph = game_graph()
    mark = SIDES[side]
    steps = []
    for ply in range(8, -1, -1):
        running = (graph.ply == ply) & (graph.result == RESULT_NONE)
        members = np.flatnonzero(running & (graph.mover == mark))
        opponents = np.flatnonzero(running & (graph.mover != mark))
        rows = [graph.succ[s][graph.succ[s] >= 0] for s in opponents]
        sizes = np.array([len(r) for r in rows], np.int64)
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1])) if len(rows) else sizes
        succ = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        steps.append(PlyStep(members, graph.gene[members], opponents, succ, starts))
    return tuple(steps)


def state_counts(genomes: np.ndarray, side: str) -> np.ndarray:
    """int32[765, P, 3]: the (win, draw, loss) counts of all games from every canonical state
    for each genome of the population ``genomes`` (P x 627), by the vectorised induction."""
    graph = game_graph()
    population = genomes.shape[0]
    counts = np.empty((graph.size, population, 3), np.int32)
    counts[:] = terminal_counts(graph, SIDES[side])[:, None, :]
    columns = np.arange(population)[None, :]
    for step in induction_plan(side):
        if len(step.member_states):
            alleles = genomes[:, step.member_genes].T  # (members, P)
            chosen = graph.succ[step.member_states[:, None], alleles]
            counts[step.member_states] = counts[chosen, columns]
        if len(step.opponent_states):
            counts[step.opponent_states] = np.add.reduceat(counts[step.opponent_succ], step.opponent_starts, axis=0)
    return counts


def evaluate_population(genomes: np.ndarray, side: str, points: Points) -> Scores:
    """Fitness and counts of every genome in ``genomes`` (P x 627) playing ``side``."""
    counts = state_counts(np.asarray(genomes), side)
    values = counts.astype(np.int64) @ np.array(points, np.int64)
    root = counts[game_graph().root].astype(np.int64)
    return Scores(values[game_graph().root], root[:, 0], root[:, 1], root[:, 2], values)


def evaluate_genome(genome: np.ndarray, side: str, points: Points) -> Score:
    """One strategy: ``evaluate_population`` on a population of one (about 0.1 ms)."""
    scores = evaluate_population(np.asarray(genome)[None, :], side, points)
    return Score(int(scores.fitness[0]), int(scores.wins[0]), int(scores.draws[0]), int(scores.losses[0]))
