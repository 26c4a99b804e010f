"""The game graph over the 765 base cases that every GA operator and evaluator walks (Ford, 3.1).

Each reachable position is represented by its canonical image (``symmetry.canonical``). This
module numbers the 765 canonical states, and records for each one its ply, the mark to move,
its result when terminal, its gene index when non-terminal, and ``succ[state, cell]``: the
canonical state reached by the mover marking ``cell`` (-1 for an occupied cell or a finished
game). Successors of canonical states are computed on the canonical cells, so a gene's allele
(a cell of its base case) leads straight to ``succ[state, allele]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from swarmtui.games.noughts.rules import EMPTY, O, X, winning_line
from swarmtui.games.noughts.states import canonical_keys, gene_index, genes
from swarmtui.games.noughts.symmetry import cells_of, key_of, tables

SIDES = {"X": X, "O": O}
"""Side names to marks (the side a strategy plays)."""

RESULT_NONE, RESULT_X, RESULT_O, RESULT_DRAW = 0, 1, 2, 3


@dataclass(frozen=True)
class GameGraph:
    """Arrays indexed by canonical state number (0..764); see the module docstring."""

    keys: np.ndarray  # int64[765] canonical base-3 keys, ascending
    ply: np.ndarray  # int8[765] marks on the board
    mover: np.ndarray  # int8[765] X or O to move (meaningless for terminal states)
    result: np.ndarray  # int8[765] RESULT_* (RESULT_NONE while the game runs)
    gene: np.ndarray  # int32[765] gene index, -1 for terminal states
    succ: np.ndarray  # int32[765, 9] successor state per cell, -1 where not legal
    gene_state: np.ndarray  # int32[627] the state number of each gene
    root: int  # the empty board

    @property
    def size(self) -> int:
        return len(self.keys)

    def member_genes(self, mark: int) -> np.ndarray:
        """Indices of the genes where ``mark`` is to move (the genes a side's strategy uses)."""
        return np.flatnonzero(self.mover[self.gene_state] == mark)


def _result_of(cells: tuple[int, ...]) -> int:
    line = winning_line(cells)
    if line is not None:
        return RESULT_X if cells[line[0]] == X else RESULT_O
    return RESULT_DRAW if EMPTY not in cells else RESULT_NONE


@lru_cache(maxsize=1)
def game_graph() -> GameGraph:
    """Built once from ``states.canonical_keys()`` and ``states.genes()``."""
    keys = np.array(canonical_keys(), dtype=np.int64)
    number = {int(k): i for i, k in enumerate(keys)}
    canon = tables().canonical
    index_of_gene = gene_index()
    n = len(keys)
    ply = np.zeros(n, np.int8)
    mover = np.zeros(n, np.int8)
    result = np.zeros(n, np.int8)
    gene = np.full(n, -1, np.int32)
    succ = np.full((n, 9), -1, np.int32)
    for i, k in enumerate(keys):
        cells = cells_of(int(k))
        ply[i] = 9 - cells.count(EMPTY)
        mover[i] = X if cells.count(X) == cells.count(O) else O
        result[i] = _result_of(cells)
        if result[i] != RESULT_NONE:
            continue
        gene[i] = index_of_gene[int(k)]
        for cell in range(9):
            if cells[cell] == EMPTY:
                child = cells[:cell] + (int(mover[i]),) + cells[cell + 1:]
                succ[i, cell] = number[int(canon[key_of(child)])]
    gene_state = np.array([number[g.key] for g in genes()], dtype=np.int32)
    return GameGraph(keys, ply, mover, result, gene, succ, gene_state, number[0])
