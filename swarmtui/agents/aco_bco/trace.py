"""The Halma swarm's trace kinds (Kuehner & Stock, section V): what the ants planned and how
the bees recruited, as plain data for the panels, result files and tests. Importing this
module registers the ``ant``, ``bee`` and ``swarm`` kinds (``core.trace``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.state import NotationError
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

    def summary(self) -> str:
        """``ants: 7 plan (2 explore, 5 exploit; q0 0.80); +1.5 τ on 3 edges``."""
        explore = sum(ant.mode == "explore" for ant in self.ants)
        added = sum(delta.delta for delta in self.deltas)
        text = f"ants: {len(self.ants)} plan ({explore} explore, {len(self.ants) - explore} exploit; q0 {self.q0:.2f})"
        if self.deltas:
            text += f"; +{added:.3g} τ on {len(self.deltas)} edges"
        return text + (f"; evaporation ×{self.evaporation:g}" if self.evaporation != 1.0 else "")


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

    def summary(self) -> str:
        """``bees recruit c3 along c3→e9: 3 of 7 advertise (share > 1/|C| = 0.14), 4 abandon``."""
        if self.recruited is None:
            return self.note or "bees: no piece recruited"
        advertisers = sum(bee.advertises for bee in self.bees)
        route = "→".join(_hole(cell) for cell in self.path)
        return (f"bees recruit {_hole(self.recruited)} along {route}: {advertisers} of {len(self.bees)} advertise "
                f"(share > 1/|C| = {self.threshold:.2f}), {len(self.bees) - advertisers} abandon")


@dataclass(frozen=True)
class SwarmTrace(Trace):
    """A Halma swarm turn: the ants' path planning and the bees' recruiting (a ``Decision``
    carries one trace, so the ACO-BCO player returns both halves in this pair)."""

    kind: str = field(init=False, default="swarm")
    ants: AntTrace = field(default_factory=AntTrace)
    bees: BeeTrace = field(default_factory=BeeTrace)

    def proposals(self) -> tuple[str, ...]:
        """Each piece's path as the swarm proposed it: the recruited piece's first, then the
        bees by their roulette share (eq. 14); without a backward pass, the ants' chosen paths."""
        if self.bees.bees:
            bees = sorted(self.bees.bees, key=lambda bee: (bee.piece != self.bees.recruited, -bee.share))
            paths = [bee.path for bee in bees]
        else:
            paths = [self.bees.path] * bool(self.bees.path) + [
                ant.candidates[ant.chosen].path for ant in self.ants.ants if 0 <= ant.chosen < len(ant.candidates)]
        return tuple(dict.fromkeys(_path(path) for path in paths if len(path) > 1))

    def summary(self) -> str:
        """The bees' recruiting (what moved and why), then the ants' planning behind it."""
        return f"{self.bees.summary()}; {self.ants.summary()}"


def _path(path: tuple[Cell, ...]) -> str:
    """A path in Halma move notation: ``m5-l5`` for a step, every landing hole for jumps."""
    if len(path) == 2 and distance(Hex(*path[0]), Hex(*path[1])) == 1:
        return f"{_hole(path[0])}-{_hole(path[1])}"
    return ":".join(_hole(cell) for cell in path)


def _hole(cell: Cell) -> str:
    """A hole in Halma notation (``e9``), or its axial coordinates when it is off the star."""
    from swarmtui.games.halma.notation import format_cell  # the rules only when a summary is asked for

    try:
        return format_cell(Hex(*cell))
    except NotationError:
        return str(tuple(cell))
