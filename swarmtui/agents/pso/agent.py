"""The ``pso`` agent: McGuile's particle swarm with intentions for Hive (sections 3.5, 4.2).

One turn:

1. Every insect of the player on the board is a particle. Its fitness is its distance to the
   opponent Queen *where she is now* (3.5.2; the thesis' code kept aiming at her old cell).
   Its personal best is the fittest cell it has stood on, judged against that same goal.
2. Each insect's vicinity is the player's insects within ``radius`` (3.5.4); the fittest
   member's cell is the vicinity best ``z`` (``topology=global``: the whole swarm's best).
3. Eq. 2.1 updates every velocity (all particles update together, 3.5.1); the rounded
   velocity (0.25 threshold, 3.5.3) gives the desired cell, and the nearest valid move to it
   (from the rules engine's ``moves_for``) is the insect's candidate move.
4. Each insect with a move declares an intention (``intentions.VARIANTS``, selected by
   ``intention=``); the best of each vicinity wins it, and among the vicinity winners the
   highest score moves. Equal scores go to the more able insect when ``tiebreak`` is on (Ant
   +5, Beetle +4, Grasshopper +3, Spider +2, Queen +0: the thesis' code added these bonuses
   to the tied insects only), then to the agent's generator. The expansion bugs, which the
   thesis does not have, slot into that scale by reach: Mosquito +4.5 (it usually borrows an
   Ant's or a Beetle's moves), Ladybug +3.5 (three steps over the hive, fewer cells than an
   Ant, more than a Grasshopper), Pillbug +1 (the Queen's step; its throw moves other pieces,
   which a swarm of its own insects does not plan). The fallback placement ranks bugs in the
   same order.

The vicinity radius is 2, as section 3.5.4 settles ("vicinity radii of two will be used
herein"); the thesis' experiment script defaulted to 3. Section 4.2.9 reports 63.5 % Velocity
and 36.5 % Direct-to-Goal intentions against Random; on the same protocol (100 games, seed 0)
radius 2 gives 53 % / 47 % and radius 3 gives 38 % / 62 %, so the reported experiments most
likely ran with 2 (README, "Hive players").

Velocities persist between turns (the swarm's memory); a new insect starts with a random
velocity (4.2.2). The agent plays either colour and only ever plays moves the rules engine
lists, passing when the engine says nothing else is legal.

Fallback placement policy, used when the swarm has no move — the opponent Queen is not on
the board yet (no goal), none of the player's insects is on the board, or every one is
pinned: place the most able piece in hand (Ant, Beetle, Grasshopper, Spider, Queen; the
engine offers only the Queen when the rules demand her) on the legal cell nearest the
opponent Queen (nearest the centre of the hive while she is not placed), equal cells by the
generator. When no placement is legal either, a uniformly random legal move (which is the
pass when the engine lists only that). The trace's ``fallback`` says which and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from swarmtui.agents.pso.intentions import VARIANTS, Insect, Intention, IntentionConstants, Surroundings, landing
from swarmtui.agents.pso.particles import Particle, desired_cell, fitness, initial_velocity, update_velocity
from swarmtui.agents.pso.trace import IntentionFactor, ParticleTrace, ParticleView
from swarmtui.agents.pso.vicinity import vicinity_best, vicinity_members
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.trace import Decision
from swarmtui.games.hive.pieces import Bug, Piece

Variant = Literal["velocity-or-dtg", "velocity", "accuracy", "fitness", "velocity+accuracy", "velocity-or-accuracy"]


@dataclass(frozen=True)
class PsoParams:
    """The swarm's constants. Defaults: the thesis' final swarm and its published code."""

    intention: Variant = field(default="velocity-or-dtg", metadata={"help": "intention variant (Tables 4.1/4.2)"})
    w: float = field(default=0.5, metadata={"help": "inertia w (eq. 2.1; thesis code 0.5)"})
    c1: float = field(default=0.8, metadata={"help": "cognitive constant c1 (eq. 2.1; thesis code 0.8)"})
    c2: float = field(default=0.9, metadata={"help": "social constant c2 (eq. 2.1; thesis code 0.9)"})
    radius: int = field(default=2, metadata={"help": "vicinity radius (3.5.4: 2; the thesis' experiment code: 3)"})
    topology: Literal["local", "global"] = field(default="local",
                                                 metadata={"help": "vicinity best or global best (3.5.3-4)"})
    threshold: float = field(default=0.25, metadata={"help": "velocity rounding threshold (3.5.3)"})
    initial_speed: float = field(default=1.0, metadata={"help": "initial velocity components uniform in [-s, s]"})
    accuracy_scale: float = field(default=5.0, metadata={"help": "the 5 of eq. 4.1"})
    dtg_score: float = field(default=5.0,
                             metadata={"help": "direct-to-goal score for a move beside the Queen (4.3.2.2)"})
    danger_five: float = field(default=6.0, metadata={"help": "Danger Theory bonus, five around own Queen (4.2.1)"})
    danger_four: float = field(default=3.0, metadata={"help": "Danger Theory bonus, four around own Queen"})
    danger_queen_five: float = field(default=8.0, metadata={"help": "the Queen's own bonus, five around her"})
    danger_queen_four: float = field(default=4.0, metadata={"help": "the Queen's own bonus, four around her"})
    tiebreak: bool = field(default=True, metadata={"help": "break equal scores by ability (3.5.5.1)"})
    bonus_ant: float = field(default=5.0, metadata={"help": "tiebreak bonus, Ant"})
    bonus_beetle: float = field(default=4.0, metadata={"help": "tiebreak bonus, Beetle"})
    bonus_grasshopper: float = field(default=3.0, metadata={"help": "tiebreak bonus, Grasshopper"})
    bonus_spider: float = field(default=2.0, metadata={"help": "tiebreak bonus, Spider"})
    bonus_queen: float = field(default=0.0, metadata={"help": "tiebreak bonus, Queen"})
    bonus_mosquito: float = field(default=4.5, metadata={"help": "tiebreak bonus, Mosquito (expansion)"})
    bonus_ladybug: float = field(default=3.5, metadata={"help": "tiebreak bonus, Ladybug (expansion)"})
    bonus_pillbug: float = field(default=1.0, metadata={"help": "tiebreak bonus, Pillbug (expansion)"})

    def __post_init__(self) -> None:
        check_range("radius", self.radius, 0, 100)
        check_range("threshold", self.threshold, 0.0, 1.0)
        check_range("initial_speed", self.initial_speed, 0.0, 100.0)
        for name in ("w", "c1", "c2"):
            check_range(name, getattr(self, name), -10.0, 10.0)

    def constants(self) -> IntentionConstants:
        return IntentionConstants(
            None if self.topology == "global" else self.radius, self.accuracy_scale, self.dtg_score,
            self.danger_five, self.danger_four, self.danger_queen_five, self.danger_queen_four,
        )

    def bonus(self, bug: Bug) -> float:
        return {
            Bug.ANT: self.bonus_ant, Bug.BEETLE: self.bonus_beetle, Bug.GRASSHOPPER: self.bonus_grasshopper,
            Bug.SPIDER: self.bonus_spider, Bug.QUEEN: self.bonus_queen, Bug.MOSQUITO: self.bonus_mosquito,
            Bug.LADYBUG: self.bonus_ladybug, Bug.PILLBUG: self.bonus_pillbug,
        }[bug]


ABILITY = (Bug.ANT, Bug.MOSQUITO, Bug.BEETLE, Bug.LADYBUG, Bug.GRASSHOPPER, Bug.SPIDER, Bug.PILLBUG, Bug.QUEEN)
"""Movement ability, best first (3.5.5.1; the expansion bugs placed by the tiebreak bonuses)."""


def colour_of(state) -> str:
    """``"w"`` or ``"b"`` for the side to move."""
    return "w" if state.to_move == state.seats[0] else "b"


def axial(h: Hex) -> tuple[int, int]:
    """A cell as a plain ``(q, r)`` pair for traces."""
    return (h.q, h.r)


Rank = tuple[float, ...]
"""How an insect's intention compares with the others' (larger wins; ``SwarmTurn.ranks``)."""


def _rounded(velocity: tuple[float, float]) -> tuple[float, float]:
    """A velocity as traces show it (4 decimals)."""
    return round(velocity[0], 4), round(velocity[1], 4)


@dataclass
class SwarmTurn:
    """Everything one swarm turn computed, before the pick (reused by improved variants)."""

    insects: list[Insect]
    intentions: list[Intention | None]
    views: list[ParticleView]
    members: list[list[int]]
    ranks: list[Rank | None]
    """Per insect: (intention score, ability bonus, tie-break draw), compared as a tuple; None
    for an insect without a move."""
    velocities: list[tuple[float, float]]
    goal: Hex


class SwarmAgent:
    """The thesis' swarm; see the module docstring."""

    id = "pso"

    def __init__(self, rng: np.random.Generator, params: PsoParams) -> None:
        self.rng = rng
        self.params = params
        self.particles: dict[str, Particle] = {}
        self._last_ply = -1

    # -- one turn ---------------------------------------------------------------------------
    def decide_within(self, state, limit: Limit) -> Decision:
        """The swarm's turn within ``limit``: one turn of the swarm (eq. 2.1 once per insect)
        takes milliseconds, far inside any UHP time limit, and a swarm has no search depth, so
        both are ignored (``swarmtui uhp`` says so in its log)."""
        return self.decide(state)

    def decide(self, state) -> Decision:
        if state.ply < self._last_ply:  # a new game: the swarm forgets the old one
            self.particles.clear()
        self._last_ply = state.ply
        turn = self.swarm_turn(state)
        if isinstance(turn, str):
            return self.fallback(state, turn)
        pick = self.pick(turn)
        if pick is None:
            return self.fallback(state, "every insect is pinned")
        return self.commit(state, turn, pick)

    def swarm_turn(self, state) -> SwarmTurn | str:
        """Steps 1-4 of the module docstring; a reason string when there is no swarm."""
        p = self.params
        colour = colour_of(state)
        goal = state.queen("b" if colour == "w" else "w")
        if goal is None:
            return "the opponent Queen is not on the board"
        pieces: list[Piece] = list(state.pieces_on_board(colour))
        if not pieces:
            return "no insect of ours is on the board"
        cells = [state.position(piece) for piece in pieces]
        names = [str(piece) for piece in pieces]
        fits = [fitness(c, goal) for c in cells]
        memory: list[Particle] = []
        for name, cell in zip(names, cells, strict=True):
            particle = self.particles.get(name)
            if particle is None:
                particle = Particle(initial_velocity(self.rng, p.initial_speed), cell)
            if fits[len(memory)] < fitness(particle.personal_best, goal):
                particle.personal_best = cell
            memory.append(particle)
        radius = None if p.topology == "global" else p.radius
        k = p.constants()
        own_queen = state.queen(colour)
        where = Surroundings(goal, own_queen, state.neighbours_occupied(own_queen) if own_queen else 0)
        rule = VARIANTS[p.intention][0]
        draws = self.rng.random((len(pieces), 3))  # r1, r2 of eq. 2.1 and a tie-break draw
        insects: list[Insect] = []
        intentions: list[Intention | None] = []
        views: list[ParticleView] = []
        members_of: list[list[int]] = []
        ranks: list[Rank | None] = []
        velocities: list[tuple[float, float]] = []
        for i, (piece, cell) in enumerate(zip(pieces, cells, strict=True)):
            members = vicinity_members(cells, i, radius)
            z = cells[vicinity_best(members, i, cells, fits, names)]
            particle = memory[i]
            velocity = update_velocity(particle.velocity, cell, particle.personal_best, z, p.w, p.c1, p.c2,
                                       float(draws[i, 0]), float(draws[i, 1]))
            desired = desired_cell(cell, velocity, p.threshold)
            insect = Insect(piece, cell, fits[i], desired, state.moves_for(piece))
            intention = rule(insect, where, k) if insect.moves else None
            bonus = p.bonus(piece.bug) if p.tiebreak else 0.0
            ranks.append((intention.score, bonus, float(draws[i, 2])) if intention else None)
            insects.append(insect)
            intentions.append(intention)
            members_of.append(members)
            velocities.append(velocity)
            views.append(ParticleView(
                piece=names[i], position=axial(cell), fitness=fits[i],
                velocity_before=_rounded(particle.velocity), velocity_after=_rounded(velocity),
                personal_best=axial(particle.personal_best), vicinity_best=axial(z),
                vicinity=tuple(names[j] for j in members), desired=axial(desired),
                move=state.format_move(intention.move) if intention else "",
                move_cell=axial(landing(intention.move)) if intention else None,
                intention=intention.rule if intention else "",
                factors=tuple(IntentionFactor(n, v) for n, v in intention.factors) if intention else (),
                score=intention.score if intention else None, tiebreak=bonus,
            ))
        for name, particle in zip(names, memory, strict=True):
            self.particles[name] = particle
        return SwarmTurn(insects, intentions, views, members_of, ranks, velocities, goal)

    def pick(self, turn: SwarmTurn, allowed: set[int] | None = None) -> tuple[int, list[tuple[str, str]]] | None:
        """The winning insect and each vicinity's winner (section 3.5.5.1), or None."""
        winners: list[tuple[str, str]] = []
        finalists: set[int] = set()
        ranks = {j: rank for j, rank in enumerate(turn.ranks) if rank is not None and (allowed is None or j in allowed)}
        for i, members in enumerate(turn.members):
            able = [j for j in members if j in ranks]
            if not able:
                winners.append((turn.views[i].piece, ""))
                continue
            best = max(able, key=ranks.__getitem__)
            winners.append((turn.views[i].piece, turn.views[best].piece))
            finalists.add(best)
        if not finalists:
            return None
        return max(finalists, key=ranks.__getitem__), winners

    def commit(self, state, turn: SwarmTurn, pick: tuple[int, list[tuple[str, str]]], note: str = "") -> Decision:
        """Store the new velocities and return the chosen insect's move with the trace."""
        index, winners = pick
        for view, velocity in zip(turn.views, turn.velocities, strict=True):
            self.particles[view.piece].velocity = velocity
        intention = turn.intentions[index]
        assert intention is not None, "pick() chooses only insects that have an intention"
        move = intention.move
        trace = ParticleTrace(
            variant=self.params.intention, goal=axial(turn.goal), particles=tuple(turn.views),
            vicinity_winners=tuple(winners), chosen=turn.views[index].piece, move=state.format_move(move), note=note,
        )
        return Decision(move, trace)

    # -- no swarm move ------------------------------------------------------------------------
    def fallback(self, state, reason: str) -> Decision:
        """The documented fallback placement policy (module docstring)."""
        legal = state.legal_moves()
        placements = [m for m in legal if m.piece is not None and m.origin is None]
        if placements:
            colour = colour_of(state)
            target = state.queen("b" if colour == "w" else "w")
            where = "the opponent Queen"
            if target is None:
                target = _centre(state.occupied())
                where = "the centre of the hive"
            best_bug = min((m.piece.bug for m in placements), key=ABILITY.index)
            options = [m for m in placements if m.piece.bug is best_bug]
            near = min(distance(m.dest, target) for m in options)
            options = [m for m in options if distance(m.dest, target) == near]
            move = options[int(self.rng.integers(len(options)))]
            policy = f"placed the most able piece in hand on the legal cell nearest {where}"
        else:
            move = legal[int(self.rng.integers(len(legal)))]
            policy = "no placement is legal either: a uniformly random legal move"
        trace = ParticleTrace(variant=self.params.intention, move=state.format_move(move),
                              fallback=f"no swarm move ({reason}): {policy}")
        return Decision(move, trace)


def _centre(cells) -> Hex:
    cells = list(cells)
    if not cells:
        return Hex(0, 0)
    return Hex(round(sum(c.q for c in cells) / len(cells)), round(sum(c.r for c in cells) / len(cells)))


def build(game_id: str, seat: str, rng: np.random.Generator, params: PsoParams) -> SwarmAgent:
    return SwarmAgent(rng, params)
