"""The ``ga`` agent: plays an evolved strategy genome exactly as Ford describes (3.1, Fig. 3).

Shown a position, the agent maps it by a symmetry onto its base case, reads that gene's
allele (a cell of the base case) and maps the cell back through the inverse symmetry onto
the real board. ``decide`` returns the move with a ``GenomeTrace`` recording each step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from swarmtui.agents.ga.alleles import gene_loci
from swarmtui.agents.ga.strategy import Strategy, load_strategy, shipped_strategy_path
from swarmtui.agents.ga.trace import GenomeTrace
from swarmtui.core.params import ParamError
from swarmtui.core.saves import typed_path
from swarmtui.core.trace import Decision
from swarmtui.games.noughts.notation import format_position
from swarmtui.games.noughts.rules import Board
from swarmtui.games.noughts.symmetry import canonical, cell_from_image, gene_string

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class GaParams:
    strategy: str = field(default="", metadata={
        "help": "strategy file to play; empty = the shipped default for the seat's side"})


class GaAgent:
    """Plays ``strategy.genome`` from the seat of ``strategy.side``."""

    id = "ga"

    def __init__(self, strategy: Strategy, name: str) -> None:
        self.strategy = strategy
        self.name = name
        self._gene_of = gene_loci()

    def decide(self, state: Board) -> Decision:
        if state.outcome is not None:
            raise ValueError("the game is over: no move to choose")
        base = canonical(state.cells)
        index = self._gene_of[base.key]
        allele = int(self.strategy.genome[index])
        move = cell_from_image(base.symmetry, allele)
        trace = GenomeTrace(
            position=state.text, symmetry=base.symmetry_name, canonical=format_position(base.cells),
            gene=gene_string(base.cells), gene_index=index, allele=allele,
            move=state.format_move(move), strategy=self.name,
        )
        return Decision(move, trace)


@lru_cache(maxsize=16)
def _load_unchanged(path: str, inode: int, mtime_ns: int, size: int) -> Strategy:
    """``load_strategy`` once per file version (atomic saves give every version a new inode):
    a batch builds a fresh agent for every game, and parsing the file was 4/5 of that cost. The
    genome stays ``bytes``: immutable, shared by the agents, and read without NumPy."""
    return load_strategy(Path(path), arrays=False)


def _load(path: Path) -> Strategy:
    try:
        stat = path.stat()
    except OSError:
        return load_strategy(path, arrays=False)  # reports the problem as one SaveError sentence
    return _load_unchanged(str(path.resolve()), stat.st_ino, stat.st_mtime_ns, stat.st_size)


def load_for_seat(seat: str, path_text: str) -> tuple[Strategy, str]:
    """The strategy for ``seat`` (the shipped default when ``path_text`` is empty) and its name."""
    path = typed_path(path_text) if path_text else shipped_strategy_path(seat)
    strategy = _load(path)
    if strategy.side != seat:
        raise ParamError(f"{path} holds a strategy for {strategy.side}, not for the {seat} seat")
    return strategy, str(path)


def build(game_id: str, seat: str, rng: np.random.Generator, params: GaParams) -> GaAgent:
    strategy, name = load_for_seat(seat, params.strategy)
    return GaAgent(strategy, name)


def check(game_id: str, seat: str, params: GaParams) -> None:
    """The seat's strategy file reads and is for its side (what ``build`` needs)."""
    load_for_seat(seat, params.strategy)
