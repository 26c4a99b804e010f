"""The exact optimum of Ford's fitness, by exhaustive backward induction (for "gap to optimum").

Same game graph, same evaluation, same points as ``fitness``; but at each member state the
solver tries every valid allele and keeps the one whose successor has the highest weighted
score ``V``. Why this is exact: the fitness is a sum over complete games, so the score of any
state is ``V(s) = V(succ(s, allele))`` for a member state and ``V(s) = sum of V(successor)``
(with multiplicity) for an opponent state. Both are non-decreasing in every successor's
score, so by induction from the leaves, choosing at every state the allele with the largest
successor score maximises ``V`` at *every* state at once — no genome can score more at the
root (or anywhere else). Sharing of genes between transposed positions does not break this:
the gene at base case ``c`` determines ``V(c)`` alone, and the best choice for ``c`` is the best
for every occurrence of ``c``. Ties are broken towards the lowest cell, so the genome is
deterministic; genes of the other side's states are set to their lowest valid cell.

What it finds with the paper's points (asserted in tests/test_ga_solver.py):

- X, 1/-15/-100: optimum fitness 220 with 250 wins, 2 draws, 0 losses (252 games), opening
  in a corner. Ford reports "a maximum of 196, scoring 260 wins, 4 draws, and 0 losses"
  (4.1.2), but 260 - 4·15 = 200, so the paper contradicts itself. Our run of Ford's GA stalls
  at exactly 196 = 256 wins, 4 draws, 0 losses with a centre opening, so we read "260" as a
  slip for 256 and 196 as the paper's true plateau. Neither is optimal: the best centre
  opening scores 212 (272/4/0 — Ford's 4 forced draws after O's corner replies are real, but
  more wins are available), and a corner opening, where only O's centre reply can hold a
  draw, scores 220. The paper's claim of an "optimal win greedy" X strategy therefore holds
  only in the no-lose sense; our gap to optimum is measured against 220.
- O, 1/0/-100: optimum fitness 728 with 728 wins, 167 draws, 0 losses (895 games). Ford's
  run stalled at 640/128/6 (fitness 40, 774 games, 4.2.2) — 688 below the optimum, which
  loses no game at all.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from swarmtui.agents.ga.fitness import Points, Score, terminal_counts
from swarmtui.agents.ga.genome import GENE_COUNT, option_table
from swarmtui.agents.ga.graph import RESULT_NONE, SIDES, game_graph


class Optimum(NamedTuple):
    side: str
    score: Score
    genome: np.ndarray

    @property
    def games(self) -> int:
        return self.score.wins + self.score.draws + self.score.losses


def solve(side: str, points: Points) -> Optimum:
    """The best achievable fitness for ``side`` under ``points`` and a genome reaching it."""
    graph = game_graph()
    mark = SIDES[side]
    weights = np.array(points, np.int64)
    counts = terminal_counts(graph, mark).astype(np.int64)
    options, sizes = option_table()
    genome = options[:, 0].copy()
    for state in np.argsort(-graph.ply, kind="stable"):
        if graph.result[state] != RESULT_NONE:
            continue
        successors = graph.succ[state]
        if graph.mover[state] == mark:
            cells = np.flatnonzero(successors >= 0)
            best = cells[int(np.argmax(counts[successors[cells]] @ weights))]
            genome[graph.gene[state]] = best
            counts[state] = counts[successors[best]]
        else:
            counts[state] = counts[successors[successors >= 0]].sum(axis=0)
    wins, draws, losses = (int(n) for n in counts[graph.root])
    fitness = int(np.dot(counts[graph.root], weights))
    assert genome.shape == (GENE_COUNT,) and sizes.min() >= 1
    return Optimum(side, Score(fitness, wins, draws, losses), genome)
