"""Decisions and the traces that record how an agent reached them (DESIGN.md, core vocabulary).

Traces are plain data: panels animate them, ``swarmtui sim`` can log them as JSON, tests
assert on them. Each trace kind is a frozen dataclass with a ``kind`` tag and ``to_json()``.
Trace kinds of later games (AntTrace, BeeTrace, ParticleTrace) join this module with them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Generic, TypeVar

Move = TypeVar("Move")


@dataclass(frozen=True)
class Trace:
    """Base of every trace kind."""

    kind: str = field(init=False, default="trace")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class NoTrace(Trace):
    """The agent has nothing to show (a human, a uniform random choice)."""

    kind: str = field(init=False, default="none")
    note: str = ""


@dataclass(frozen=True)
class CandidateMove:
    """One move a search considered: its notation, a value and (for MCTS) its visit count."""

    move: str
    value: float
    visits: int = 0
    note: str = ""


@dataclass(frozen=True)
class SearchTrace(Trace):
    """Search players (minimax, MCTS): the candidate moves with their values.

    ``value`` is from the mover's point of view: +1 win, 0 draw, -1 loss for exact search.
    ``best`` holds the notations of all moves that tie for the best value; ``chosen`` is the
    one the seeded tie-break picked.
    """

    kind: str = field(init=False, default="search")
    algorithm: str = ""
    candidates: tuple[CandidateMove, ...] = ()
    best: tuple[str, ...] = ()
    chosen: str = ""
    nodes: int = 0


@dataclass(frozen=True)
class GenomeTrace(Trace):
    """The noughts GA reading its strategy (Ford, section 3.1, Figure 3).

    The position is mapped by ``symmetry`` onto its base-case ``canonical`` state, the gene
    ``gene`` (the paper's string encoding, empty=1, X=2, O=3) is looked up, its allele is a cell
    of the canonical state, and the inverse symmetry maps it back to ``move`` on the real board.
    """

    kind: str = field(init=False, default="genome")
    position: str = ""
    symmetry: str = ""
    canonical: str = ""
    gene: str = ""
    gene_index: int = -1
    allele: int = -1
    move: str = ""
    strategy: str = ""


@dataclass(frozen=True)
class Decision(Generic[Move]):
    """What ``Agent.decide`` returns: the chosen move and how it was reached."""

    move: Move
    trace: Trace = field(default_factory=NoTrace)
