"""The Halma swarm's trace kinds (Kuehner & Stock, section V): what the ants planned and how
the bees recruited, as plain data for the panels, result files and tests. Importing this
module registers the ``ant``, ``bee`` and ``swarm`` kinds (``core.trace``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from swarmtui.core.trace import Cell, Trace


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
