"""The ``beam`` agent: a beam search for the fastest single-player crossing of the Halma star.

Bell (2009, ref. [2] of Kuehner & Stock) proved that one player needs at least 27 moves to
bring all ten pieces across the star; the paper's swarm needed 68 at best (section VI-B). This
player plans the whole crossing at once. Breadth-first by move number, it expands every
position of the beam by every legal move of its pieces (steps and every jump chain, under the
board's rules), merges transpositions, and keeps the ``width`` best positions by

    score = Σ advance(piece) - spread · (max advance - min advance) - symmetry · unmatched

``advance`` is a piece's distance along the axis towards the goal's tip (``geometry.advance``),
so the first term is the army's progress; the second penalises stragglers (a piece left far
behind costs many late moves); ``unmatched`` counts the pieces whose half-turned hole is not
occupied, steering the beam towards the centrally symmetric mid-game positions through which
Bell's shortest crossings pass (they are palindromes: the second half is the first half turned
and played backwards, Bell section 3).

The search meets itself in the middle (``CrossingSearch.solve``): a position reached in e moves,
turned half a turn, is one from which the goal is e moves away, so every new position is looked
up among the turned positions of all earlier move numbers. Move sequences found this way are
replayed under the rules before they are accepted (the goal rules are not symmetric).

With other players on the board (any seat count) the agent plans its own crossing with their
pieces as fixed obstacles (without the turned lookup unless the obstacles are symmetric) and
replans whenever its plan no longer fits the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from swarmtui.core.agent import AgentSpec
from swarmtui.core.trace import CandidateMove, Decision, SearchTrace
from swarmtui.games.halma.geometry import STAR, advance, opposite, rotate
from swarmtui.games.halma.rules import CORNER, INDEX, JUMPS, NEIGHBOURS, Board, Move


ROTATE: tuple[int, ...] = tuple(INDEX[rotate(c, 3)] for c in STAR)
"""Hole index -> the index of the hole turned half a turn about the centre."""


@dataclass(frozen=True)
class BeamParams:
    width: int = field(default=100, metadata={"help": "positions kept per move number"})
    depth: int = field(default=80, metadata={"help": "give up after this many moves"})
    spread: float = field(default=0.5, metadata={"help": "penalty per row between the leading and the last piece"})
    symmetry: float = field(default=3.0, metadata={"help": "penalty per piece whose half-turned hole is empty"})
    replan_width: int = field(default=30, metadata={"help": "beam width when replanning among other players"})
    replan_depth: int = field(default=30, metadata={"help": "plan length when replanning among other players"})


@dataclass(frozen=True)
class Crossing:
    """A plan: its moves (start, end hole indices) and how the search went."""

    moves: tuple[tuple[int, int], ...]
    expanded: int
    complete: bool


class CrossingSearch:
    """Beam search over one seat's moves with every other piece fixed (see module docstring)."""

    def __init__(self, board: Board, params: BeamParams = BeamParams()) -> None:
        self.params = params
        seat = board.to_move
        self.goal_corner = opposite(board.corner(seat))
        self.goal = frozenset(INDEX[c] for c in board.goal(seat))
        self.home_or_goal = {board.corner(seat), self.goal_corner}
        self.rules = board.rules
        self.obstacles = frozenset(INDEX[c] for s in board.seats if s != seat for c in board.pieces(s))
        self.start = tuple(sorted(INDEX[c] for c in board.pieces(seat)))
        self.advance = tuple(advance(c, self.goal_corner) for c in STAR)

    # -- move generation (the Board's rules on a bare occupancy array) --------------------------
    def _neutral(self, i: int) -> bool:
        return CORNER[i] >= 0 and CORNER[i] not in self.home_or_goal

    def _may_stop(self, start: int, end: int) -> bool:
        if self.rules.neutral != "free" and self._neutral(end):
            return False
        return self.rules.leave_goal or start not in self.goal or end in self.goal

    def moves(self, pieces: tuple[int, ...]) -> list[tuple[int, int, bool]]:
        """Every (start, end, is_jump) of the seat in position ``pieces``."""
        occ = bytearray(len(STAR))
        for i in self.obstacles:
            occ[i] = 1
        for i in pieces:
            occ[i] = 1
        closed = self.rules.neutral == "closed"
        out = []
        for start in pieces:
            ends = set()
            for j in NEIGHBOURS[start]:
                if j >= 0 and not occ[j] and self._may_stop(start, j):
                    ends.add(j)
                    out.append((start, j, False))
            seen = {start}
            frontier = [start]
            while frontier:
                here = frontier.pop()
                for over, land in JUMPS[here]:
                    if occ[over] and not occ[land] and land not in seen and not (closed and self._neutral(land)):
                        seen.add(land)
                        frontier.append(land)
                        if land not in ends and self._may_stop(start, land):
                            ends.add(land)
                            out.append((start, land, True))
        return out

    # -- search -------------------------------------------------------------------------------------
    def score(self, pieces: tuple[int, ...]) -> float:
        """The beam's order (higher is better): progress, stragglers, symmetry (module docstring)."""
        adv = [self.advance[i] for i in pieces]
        held = set(pieces)
        unmatched = sum(1 for p in pieces if ROTATE[p] not in held)
        return sum(adv) - self.params.spread * (max(adv) - min(adv)) - self.params.symmetry * unmatched

    def solve(self) -> Crossing:
        """The shortest crossing the beam finds (``complete`` False if none within ``depth``).

        Moves are reversible and the half-turn ``ROTATE`` maps home onto goal, so a position Q
        reached in e moves, turned, is a position from which the goal can be reached in e
        moves (Q's plan backwards and turned). Every child is looked up among the turned beam
        positions of its own and all earlier move numbers: a hit at move d joins the halves into
        a crossing of d + e moves (Bell's shortest crossings are palindromes of this kind). The
        forward search alone (reaching the full goal) is the special case e = 0.
        """
        params = self.params
        beam: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {self.start: ()}
        meet = self.turned(tuple(self.obstacles)) == tuple(sorted(self.obstacles))
        turned: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {self.turned(self.start): ()} if meet else {}
        expanded = 0
        best: tuple[tuple[int, int], ...] | None = None
        best_partial: tuple[tuple[int, int], ...] = ()
        for depth in range(1, params.depth + 1):
            if best is not None and depth >= len(best):
                break
            children: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
            for pieces, plan in beam.items():
                expanded += 1
                for start, end, _jump in self.moves(pieces):
                    child = tuple(sorted(end if p == start else p for p in pieces))
                    if child in children:
                        continue
                    children[child] = plan + ((start, end),)
            if not children:
                break
            ranked = sorted(children, key=lambda c: (-self.score(c), c))
            beam = {c: children[c] for c in ranked[: params.width]}
            best_partial = beam[ranked[0]]
            if meet:
                for c, plan in beam.items():
                    turned.setdefault(self.turned(c), plan)
                for child, plan in children.items():  # halves of this move number included
                    for joined in self.completions(child, plan, turned.get(child)):
                        if (best is None or len(joined) < len(best)) and self.valid(joined):
                            best = joined
            else:
                done = [c for c in children if all(p in self.goal for p in c)]
                if done:
                    best = children[min(done)]
        if best is not None:
            return Crossing(best, expanded, True)
        return Crossing(best_partial, expanded, False)

    def completions(self, pieces: tuple[int, ...], plan: tuple, half: tuple | None) -> list[tuple]:
        """Crossings through ``pieces`` (reached by ``plan``): joined with a turned half, or palindromes.

        A centrally symmetric position is the middle of a palindrome of twice its moves; one whose
        only unmatched piece can move onto its own turned hole is the middle of one of twice its
        moves plus one (Bell's 27-move crossings are of this kind). Checked on every child, not
        only on those the beam keeps.
        """
        found = [plan + self.backwards(half)] if half is not None else []
        held = set(pieces)
        unmatched = [p for p in pieces if ROTATE[p] not in held]
        if not unmatched:
            found.append(plan + self.backwards(plan))
        elif len(unmatched) == 1:
            a = unmatched[0]
            if any(s == a and e == ROTATE[a] for s, e, _ in self.moves(pieces)):
                found.append(plan + ((a, ROTATE[a]),) + self.backwards(plan))
        return found

    @staticmethod
    def turned(pieces: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(ROTATE[i] for i in pieces))

    @staticmethod
    def backwards(plan: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        """A plan from the start, turned and played backwards: from its end's turn to the goal."""
        return tuple((ROTATE[b], ROTATE[a]) for a, b in reversed(plan))

    def valid(self, plan: tuple[tuple[int, int], ...]) -> bool:
        """True if ``plan`` is legal move by move under the rules (the goal rules are not symmetric)."""
        pieces = self.start
        for start, end in plan:
            if start not in pieces or (start, end) not in {(a, b) for a, b, _ in self.moves(pieces)}:
                return False
            pieces = tuple(sorted(end if p == start else p for p in pieces))
        return all(p in self.goal for p in pieces)


def plan_crossing(board: Board, params: BeamParams = BeamParams()) -> tuple[list[Move], Crossing]:
    """The beam search's crossing from ``board`` for the side to move, as Moves with paths."""
    crossing = CrossingSearch(board, params).solve()
    replay, seat = board.copy(), board.to_move
    moves = []
    for start, end in crossing.moves:
        if replay.to_move != seat or replay.outcome is not None:
            moves.append(Move(STAR[start], STAR[end]))  # others move first: the board picks the route
            continue
        move = next(m for m in replay.moves_from(STAR[start]) if m.end == STAR[end])
        moves.append(move)
        replay.play(move)
    return moves, crossing


def _layout(board: Board) -> str:
    """The position without its move counters: what a plan depends on."""
    return board.text.split()[0]


class BeamAgent:
    """Plans a crossing with ``CrossingSearch`` and plays it, replanning when it no longer fits."""

    id = "beam"

    def __init__(self, rng: np.random.Generator, params: BeamParams = BeamParams()) -> None:
        self.rng = rng
        self.params = params
        self.plan: list[Move] = []
        self.expect = ""
        self.expanded = 0
        self.complete = False

    def decide(self, state: Board) -> Decision:
        if not (self.plan and self.expect == _layout(state) and state.is_legal(self.plan[0])):
            params = self.params if state.players == 1 else replace(
                self.params, width=self.params.replan_width, depth=self.params.replan_depth)
            self.plan, crossing = plan_crossing(state, params)
            self.expanded, self.complete = crossing.expanded, crossing.complete
            if not self.plan:
                raise ValueError("no legal move to choose from")
        move = self.plan.pop(0)
        after = state.copy()
        after.play(move)
        self.expect = _layout(after)
        return Decision(move, self._trace(state, move))

    def _trace(self, state: Board, move: Move) -> SearchTrace:
        ahead = [move, *self.plan]
        what = "crossing" if self.complete else "best partial plan"
        candidates = tuple(
            CandidateMove(state.format_move(m), float(i + 1), note=f"{what}, move {state.ply + i + 1}")
            for i, m in enumerate(ahead[:8])
        )
        return SearchTrace(
            algorithm=f"beam search, width {self.params.width}: {len(ahead)} moves to go",
            candidates=candidates, best=(state.format_move(move),), chosen=state.format_move(move),
            nodes=self.expanded,
        )


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: BeamParams | None) -> BeamAgent:
    return BeamAgent(rng, params or BeamParams())


SPEC = AgentSpec(
    "beam", "Beam crossing", ("halma",), _factory, BeamParams,
    description="plans the whole crossing by beam search (near Bell's 27-move optimum alone)",
)
