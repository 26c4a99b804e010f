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


Cell = tuple[int, int]
"""A hole as axial ``(q, r)`` (``core.hexgrid.Hex`` is one) — traces stay plain tuples."""


@dataclass(frozen=True)
class PathScore:
    """One path a Halma piece could take (Kuehner & Stock, eq. 11).

    ``path`` lists the holes from the piece to the landing hole, ``length`` is the path length
    l, ``pheromone`` the sum of τ over its edges and ``score`` p = l · Σ τ.
    """

    path: tuple[Cell, ...]
    length: float
    pheromone: float
    score: float


@dataclass(frozen=True)
class AntChoice:
    """One piece's ant (section V-B): its draw q, exploit (q < q0) or explore, and its path.

    ``candidates`` are every valid step and jump path of the piece, each scored by eq. 11;
    ``chosen`` indexes the one the ant proposes (the max-p path when exploiting, a uniformly
    random one when exploring).
    """

    piece: Cell
    draw: float
    mode: str
    candidates: tuple[PathScore, ...]
    chosen: int


@dataclass(frozen=True)
class PheromoneDelta:
    """τ added to the directed edge ``start``→``end`` by ``rule`` ("eq15", "eq16", "eq18")."""

    rule: str
    start: Cell
    end: Cell
    delta: float


@dataclass(frozen=True)
class AntTrace(Trace):
    """The Halma ACO half of a swarm turn (section V-B, V-D, V-F).

    ``ants`` holds one ``AntChoice`` per piece that takes part; ``resting`` the pieces that
    take no part (goal filled from the far row, section V-E, or no valid path). ``deltas`` are
    the pheromone additions of this turn (eq. 15 on the moved path, eq. 16 when the piece
    reaches the goal, eq. 18 from a cooperating partner); ``evaporation`` is the factor all
    edges were multiplied by (eq. 17: 1 - α every e moves, else 1). ``field`` is the whole
    pheromone field after the turn's update, summed per hole over the edges leading into it
    (the heat map of the panel).
    """

    kind: str = field(init=False, default="ant")
    seat: str = ""
    q0: float = 0.0
    ants: tuple[AntChoice, ...] = ()
    resting: tuple[Cell, ...] = ()
    deltas: tuple[PheromoneDelta, ...] = ()
    evaporation: float = 1.0
    field: tuple[tuple[Cell, float], ...] = ()


@dataclass(frozen=True)
class BeeChoice:
    """One piece's bee in the backward pass (section V-C).

    ``fitness`` is eq. 12 (eq. 13 when ``in_goal``), ``share`` its roulette share (eq. 14);
    it advertises when ``share`` exceeds 1/|C|, otherwise it abandons and ``follows`` the
    advertiser it picked by roulette over the advertisers only.
    """

    piece: Cell
    path: tuple[Cell, ...]
    fitness: float
    in_goal: bool
    share: float
    advertises: bool
    follows: Cell | None = None


@dataclass(frozen=True)
class BeeTrace(Trace):
    """The Halma BCO backward pass (section V-C): who advertised, who followed whom, who moves.

    ``threshold`` is 1/|C|; ``recruited`` is the piece chosen among the advertisers (eq. 14
    over the advertisers) and ``path`` the path it moves along.
    """

    kind: str = field(init=False, default="bee")
    bees: tuple[BeeChoice, ...] = ()
    threshold: float = 0.0
    recruited: Cell | None = None
    path: tuple[Cell, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class SwarmTrace(Trace):
    """A Halma swarm turn: the ants' path planning and the bees' recruiting (a ``Decision``
    carries one trace, so the ACO-BCO player returns both halves in this pair)."""

    kind: str = field(init=False, default="swarm")
    ants: AntTrace = field(default_factory=AntTrace)
    bees: BeeTrace = field(default_factory=BeeTrace)


@dataclass(frozen=True)
class IntentionFactor:
    """One term of a Hive particle's intention score (McGuile 3.5.5.1, 4.2): its name and value."""

    name: str
    value: float


@dataclass(frozen=True)
class ParticleView:
    """One insect of the Hive swarm in one turn (McGuile 3.5, eq. 2.1).

    Cells are axial ``(q, r)``. ``fitness`` is the hex distance to the opponent Queen (0 counted
    as 1, 3.5.2); ``velocity_before``/``velocity_after`` straddle eq. 2.1 and ``desired`` is the
    position plus the rounded velocity (0.25 threshold, 3.5.3). ``move`` is the valid move the
    intention settled on (the nearest to ``desired``, or the direct-to-goal move) and
    ``intention`` names the rule that scored it; ``score`` is None when the insect cannot move.
    ``tiebreak`` is the ability bonus that orders equal scores (3.5.5.1; 0 with the tiebreak off).
    """

    piece: str
    position: Cell
    fitness: int
    velocity_before: tuple[float, float]
    velocity_after: tuple[float, float]
    personal_best: Cell
    vicinity_best: Cell
    vicinity: tuple[str, ...] = ()
    desired: Cell = (0, 0)
    move: str = ""
    move_cell: Cell | None = None
    intention: str = ""
    factors: tuple[IntentionFactor, ...] = ()
    score: float | None = None
    tiebreak: float = 0.0


@dataclass(frozen=True)
class ParticleTrace(Trace):
    """A Hive PSO turn (McGuile 3.5, 4.2): every insect, each vicinity's winner, the pick.

    ``vicinity_winners`` pairs each insect with the winner of the vicinity centred on it;
    ``chosen`` is the insect that moves and ``move`` its UHP MoveString. ``fallback`` is empty
    for a swarm move; otherwise it says which documented policy chose the move and why the
    swarm had none (no opponent Queen yet, no insect on the board, every insect pinned).
    """

    kind: str = field(init=False, default="particle")
    variant: str = ""
    goal: Cell | None = None
    particles: tuple[ParticleView, ...] = ()
    vicinity_winners: tuple[tuple[str, str], ...] = ()
    chosen: str = ""
    move: str = ""
    fallback: str = ""
    note: str = ""


@dataclass(frozen=True)
class Decision(Generic[Move]):
    """What ``Agent.decide`` returns: the chosen move and how it was reached."""

    move: Move
    trace: Trace = field(default_factory=NoTrace)
