"""The ground the colony forages on: one seat's moves in a position held as a bit set.

The crossing solver's move generator (``halma_crossing.CrossingSearch``: the board's rules —
steps, jump chains, neutral points, pieces that stay in their goal — on a bare occupancy array,
every other seat's pieces fixed as obstacles) gives the moves; this adds each move's gain (rows
towards the goal's tip, ``geometry.advance``) and remembers every position's moves for the
turn, since ants that follow each other meet the same positions again and again. Plans are
ratings, never the source of a move played: the agent plays the move the board generates for
the plan's first step.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.agents.halma_crossing import BIT, HOLES, CrossingSearch, holes_of
from swarmtui.games.halma.rules import Board


@dataclass(frozen=True)
class Spot:
    """A position's moves as the ants see them: (start, end, gain), each move's trail key and
    heuristic weight η^β (eq. 1, 2), the largest gain of any move (its ladder), and the rows between
    the army's front and its rearmost piece."""

    moves: tuple[tuple[int, int, int], ...]
    keys: tuple[int, ...]
    weights: tuple[float, ...]
    best_gain: int
    spread: int


def eta(gain: int) -> float:
    """The heuristic η of eq. 1 and 2 for a move gaining ``gain`` rows: 1 + gain, and
    1 / (1 − gain) for a move that loses ground (positive, falling with every row lost)."""
    return 1.0 + gain if gain >= 0 else 1.0 / (1.0 - gain)


GOAL_PROGRESS = 60
"""Σ advance of ten pieces that fill the goal triangle: 8 + 2 × 7 + 3 × 6 + 4 × 5 (``geometry.advance``);
no other placement reaches it, since every hole outside the goal point has an advance of at most 4."""


class Terrain:
    """The seat to move's moves on ``board`` with the other seats' pieces as obstacles."""

    def __init__(self, board: Board, heading: bool = True, beta: float = 1.0) -> None:
        self.search = CrossingSearch(board)
        self.advance = self.search.advance
        self.heading = heading
        self.beta = beta
        self.start = sum(BIT[i] for i in self.search.start)
        self.cache: dict[int, Spot] = {}
        self.generations = 0
        """Positions whose moves were generated (cache misses): the turn's real work."""
        self.rows_left = GOAL_PROGRESS - self.progress(self.start)
        """Rows still to gain before the seat's pieces fill the goal (0: they do)."""

    def spot(self, bits: int) -> Spot:
        """The moves an ant may take from ``bits`` (with ``heading`` only moves that lose no ground,
        unless there is none: then every move) and what the colony rates there."""
        known = self.cache.get(bits)
        if known is not None:
            return known
        self.generations += 1
        search, adv = self.search, self.advance
        pieces = holes_of(bits)
        occ = search.occupancy(pieces)
        every = [(s, e, adv[e] - adv[s]) for s in pieces for e in search.ends(occ, s)]
        best = max((g for _, _, g in every), default=0)
        kept = tuple([m for m in every if m[2] >= 0] if self.heading else every) or tuple(every)
        beta = self.beta
        ranks = [adv[i] for i in pieces]
        spot = Spot(kept, tuple(s * HOLES + e for s, e, _ in kept), tuple(eta(g) ** beta for _, _, g in kept),
                    best, max(ranks) - min(ranks))
        self.cache[bits] = spot
        return spot

    def moves(self, bits: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
        """The ants' moves from ``bits`` and the largest gain of any move there (``spot``)."""
        spot = self.spot(bits)
        return spot.moves, spot.best_gain

    def progress(self, bits: int) -> int:
        """Σ advance of the seat's pieces: 60 exactly when they fill the goal."""
        adv = self.advance
        return sum(adv[i] for i in holes_of(bits))
