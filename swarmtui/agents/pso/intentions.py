"""Intentions (sections 3.5.5, 4.2): how much each insect wants to move, and with which move.

PSO moves every particle at once; Hive allows one move a turn, so each insect declares an
*intention score* and the highest wins (the vicinity rounds and the ability tiebreak are in
``agent.py``). The factors:

* **Velocity** (4.2.2): the length of the rounded velocity, i.e. the hex distance from the
  insect to its desired cell; its move is the valid move nearest the desired cell.
* **Accuracy** (4.2.3, eq. 4.1): ``max(0, 5 - dist(desired, nearest valid move))``.
* **Worst Fitness** (4.2.4): the insect's fitness (distance to the opponent Queen).
* **Danger Theory** (4.2.1): when four or five pieces surround the player's own Queen, +3 /
  +6 for every insect that has her within its vicinity radius, +4 / +8 for the Queen herself
  (the thesis' code never gave the Queen her bonus; this one does). "Surround" counts every
  occupied neighbour, either colour, since any piece counts toward a loss.
* **Direct-to-Goal** (4.2.7): an insect that has the opponent Queen within its vicinity
  radius knows where she is and makes the valid move that ends nearest her. Its score is 5
  (the "vicinity intention of five" of 4.3.2.2) when that move touches her, one less per
  further step, and 0 when no move gets closer than the insect already is (an insect beside
  her stays, "it will not move thereafter unless the Queen moves").

Variants combine them; every one adds Danger Theory (Table 4.1 caption). The name of each
variant is what ``intention=`` selects; the final variant of the thesis is the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swarmtui.agents.pso.particles import fitness
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.games.hive.pieces import Bug, Piece
from swarmtui.games.hive.rules import Move


@dataclass(frozen=True)
class IntentionConstants:
    """The scoring constants (thesis values), passed in from the agent's parameters."""

    radius: int | None
    accuracy_scale: float
    dtg_score: float
    danger_five: float
    danger_four: float
    danger_queen_five: float
    danger_queen_four: float


@dataclass
class Insect:
    """What one insect knows this turn: where it is, where it wants to be, what it can do."""

    piece: Piece
    position: Hex
    fitness: int
    desired: Hex
    moves: list[Move]


@dataclass(frozen=True)
class Intention:
    """An insect's declared move, the rule that chose it, and its score by factor."""

    move: Move
    rule: str
    factors: tuple[tuple[str, float], ...]

    @property
    def score(self) -> float:
        return float(sum(v for _, v in self.factors))


@dataclass(frozen=True)
class Surroundings:
    """The shared facts of the turn: the opponent Queen (goal) and the danger to our own."""

    goal: Hex
    own_queen: Hex | None
    surround: int


def landing(move: Move) -> Hex:
    """The cell an insect's move ends on (its moves are its placements and movements, never the pass)."""
    if move.dest is None:
        raise ValueError("the pass is no insect's move")
    return move.dest


def nearest_move(insect: Insect, goal: Hex) -> Move:
    """The valid move ending nearest the desired cell (3.5.3); ties: nearer the goal, then cell."""
    def key(move: Move) -> tuple[int, int, Hex]:
        cell = landing(move)
        return distance(cell, insect.desired), fitness(cell, goal), cell

    return min(insect.moves, key=key)


def direct_move(insect: Insect, goal: Hex) -> Move:
    """The valid move ending nearest the opponent Queen (4.2.7); ties: nearer the desired cell."""
    def key(move: Move) -> tuple[int, int, Hex]:
        cell = landing(move)
        return fitness(cell, goal), distance(cell, insect.desired), cell

    return min(insect.moves, key=key)


def velocity_factor(insect: Insect) -> float:
    return float(distance(insect.position, insect.desired))


def accuracy_factor(insect: Insect, move: Move, k: IntentionConstants) -> float:
    """Eq. 4.1: ``max(0, 5 - dist(p1, p2))``, p1 the desired cell, p2 the nearest valid move."""
    return max(0.0, k.accuracy_scale - distance(insect.desired, landing(move)))


def danger_factor(insect: Insect, where: Surroundings, k: IntentionConstants) -> float:
    """Danger Theory (4.2.1): only insects with their own Queen in the vicinity feel it."""
    if where.own_queen is None or where.surround < 4:
        return 0.0
    five = where.surround >= 5
    if insect.piece.bug is Bug.QUEEN:
        return k.danger_queen_five if five else k.danger_queen_four
    if k.radius is not None and distance(insect.position, where.own_queen) > k.radius:
        return 0.0
    return k.danger_five if five else k.danger_four


def sees_goal(insect: Insect, k: IntentionConstants) -> bool:
    """The opponent Queen is within the vicinity radius ("DTG if fitness <= V radius")."""
    return k.radius is None or insect.fitness <= k.radius


def _velocity(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    move = nearest_move(insect, where.goal)
    return Intention(move, "velocity",
                     (("velocity", velocity_factor(insect)), ("danger", danger_factor(insect, where, k))))


def _accuracy(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    move = nearest_move(insect, where.goal)
    return Intention(move, "accuracy",
                     (("accuracy", accuracy_factor(insect, move, k)), ("danger", danger_factor(insect, where, k))))


def _worst_fitness(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    move = nearest_move(insect, where.goal)
    return Intention(move, "fitness", (("fitness", float(insect.fitness)), ("danger", danger_factor(insect, where, k))))


def _velocity_and_accuracy(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    move = nearest_move(insect, where.goal)
    return Intention(move, "velocity+accuracy", (
        ("velocity", velocity_factor(insect)), ("accuracy", accuracy_factor(insect, move, k)),
        ("danger", danger_factor(insect, where, k)),
    ))


def _velocity_or_accuracy(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    return (_accuracy if sees_goal(insect, k) else _velocity)(insect, where, k)


def direct_to_goal(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    """Direct-to-Goal (4.2.7) plus Danger Theory; see the module docstring for the score."""
    move = direct_move(insect, where.goal)
    reached = fitness(landing(move), where.goal)
    score = max(0.0, k.dtg_score - (reached - 1)) if reached < insect.fitness else 0.0
    return Intention(move, "direct-to-goal", (("direct-to-goal", score), ("danger", danger_factor(insect, where, k))))


def _velocity_or_direct(insect: Insect, where: Surroundings, k: IntentionConstants) -> Intention:
    return (direct_to_goal if sees_goal(insect, k) else _velocity)(insect, where, k)


Rule = Callable[[Insect, Surroundings, IntentionConstants], Intention]

VARIANTS: dict[str, tuple[Rule, str]] = {
    "velocity-or-dtg": (_velocity_or_direct,
                        "Velocity + DT, or Direct-to-Goal when the opponent Queen is within the vicinity radius"),
    "velocity": (_velocity, "Velocity + DT"),
    "accuracy": (_accuracy, "Accuracy + DT"),
    "fitness": (_worst_fitness, "Worst Fitness + DT"),
    "velocity+accuracy": (_velocity_and_accuracy, "Velocity + Accuracy + DT"),
    "velocity-or-accuracy": (_velocity_or_accuracy,
                             "Velocity + DT, or Accuracy + DT when the opponent Queen is within the vicinity radius"),
}
"""Intention variants by name (Tables 4.1/4.2 rows); the first is the thesis' final swarm."""
