"""The ``subtree`` GA: beyond the paper, built from its own diagnosis and future work (4.4, 5).

Ford's GA stalls because "a positive mutation may not be valued correctly ... as other genes
that are reached later on in the fitness evaluation are not yet optimised" (2.2): a gene off
the current lines of play is invisible to the fitness, so the moves beneath a better
alternative drift at random until the alternative is tried, and then it looks bad. Three
changes, each an ordinary evolutionary mechanism:

1. **Whole-table selection** — the member is judged on all games from the empty board (Ford's
   fitness, reported and used first) and, to break ties, on all games from *every* base case
   (the same play-all-games evaluation, which the vectorised induction computes for every
   state anyway). Every gene now carries selection pressure. Why this has no local optimum
   that the real fitness lacks: take the deepest member state whose allele is not the best
   reply given the genome's own scores below it; changing that one allele raises that
   state's score and, since scores are sums and copies of successor scores, lowers no other
   state's score. So every non-optimal genome has a single-allele improvement under the
   (fitness, table score) order, and the genomes on top of that order reach the exact optimum.
2. **Sequence-aware subtree crossover** (Ford's proposed fixed-point crossover along games,
   5): the child copies parent A and, at a member decision state ``t`` on A's lines of play,
   takes from parent B every gene B uses in the games below ``t`` — a whole line of play
   moves between parents instead of unrelated genome positions.
3. **Focused mutation** — only the side's own genes mutate, at a low per-allele rate (about
   one change per child), so good sequences are not torn apart.

Selection is by tournament on the rank; the ``elite`` best pass unchanged. The search never
computes a best move: it only compares genomes' scores, like Ford's GA does.

Defaults were tuned on seeds 0-5 per side (benchmarks/noughts_ga_reliability.py measures
them on other seeds): a strong tournament (20 of 100) about halved the generations to the
optimum against 3 or 10; a higher mutation rate (0.01) made X miss it within 1500
generations; grafting the donor's whole table below the point (``graft=table``) instead of
its lines of play made no measurable difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from swarmtui.agents.ga.evolution import Algorithm, Context, EvolutionParams
from swarmtui.agents.ga.fitness import Scores
from swarmtui.agents.ga.graph import RESULT_NONE, SIDES, game_graph
from swarmtui.agents.ga.lines import descendant_masks, reached, subtree_genes
from swarmtui.agents.ga.mutation import mutate
from swarmtui.core.params import check_range


@dataclass(frozen=True)
class SubtreeParams(EvolutionParams):
    generations: int = field(default=1000, metadata={"help": "generations bred after the random start"})
    elite: int = field(default=5, metadata={"help": "best members passed on unchanged"})
    tournament: int = field(default=20, metadata={"help": "members per selection tournament"})
    crossover_rate: float = field(default=0.5, metadata={"help": "chance a child is bred by subtree crossover"})
    mutation_rate: float = field(default=0.004, metadata={"help": "chance per allele of the side's genes to change"})
    graft: Literal["lines", "table"] = field(default="lines", metadata={
        "help": "crossover takes the donor's genes on its lines of play below the point, or its whole table below it"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("elite", self.elite, 0, self.population - 1)
        check_range("tournament", self.tournament, 1, self.population)
        check_range("crossover_rate", self.crossover_rate, 0.0, 1.0)
        check_range("mutation_rate", self.mutation_rate, 0.0, 1.0)


def rank_by_table(scores: Scores) -> np.ndarray:
    """Best first: by fitness, then by the summed scores of all running base cases."""
    running = game_graph().result == RESULT_NONE
    table = scores.values[running].sum(axis=0)
    return np.lexsort((np.arange(len(table)), -table, -scores.fitness))


def tournament(rng: np.random.Generator, count: int, population: int, size: int) -> np.ndarray:
    """``count`` winners' rank positions; the lowest rank position (the better) wins."""
    return rng.integers(population, size=(count, size)).min(axis=1)


def subtree_crossover(first: np.ndarray, second: np.ndarray, lines: np.ndarray, side: str,
                      rng: np.random.Generator, graft: str = "lines") -> np.ndarray:
    """A copy of ``first`` with ``second``'s genes below a member state on ``first``'s lines of
    play (``lines``: the states ``first`` reaches) grafted in (see the module docstring)."""
    graph = game_graph()
    points = np.flatnonzero(lines & (graph.mover == SIDES[side]) & (graph.result == RESULT_NONE))
    child = first.copy()
    if len(points):
        point = int(rng.choice(points))
        genes = subtree_genes(second, point, side) if graft == "lines" else descendant_masks(side)[point]
        child[genes] = second[genes]
    return child


def breed(population: np.ndarray, ranked: np.ndarray, scores: Scores, context: Context) -> np.ndarray:
    """Elite, then children of tournament winners by subtree crossover and focused mutation."""
    p: SubtreeParams = context.params
    rng = context.rng
    ordered = population[ranked]
    lines = reached(ordered, context.side)
    count = p.population - p.elite
    mothers = tournament(rng, count, len(ordered), p.tournament)
    fathers = tournament(rng, count, len(ordered), p.tournament)
    crossing = rng.random(count) < p.crossover_rate
    children = ordered[mothers].copy()
    for i in np.flatnonzero(crossing):
        children[i] = subtree_crossover(ordered[mothers[i]], ordered[fathers[i]], lines[mothers[i]], context.side,
                                        rng, p.graft)
    children = mutate(children, rng, p.mutation_rate, context.member_genes)
    return np.concatenate([ordered[:p.elite], children])


ALGORITHM = Algorithm(
    "subtree", "Subtree GA (whole-table selection, crossover along lines of play, focused mutation)",
    SubtreeParams, breed, rank_by_table,
)
