"""The BCO forward pass that ``aco-bco-plus`` restores: bees try a few moves ahead (Teodorović's
BCO, section III-B of Kuehner & Stock; the paper's Halma player left it out, V).

A bee takes its ant's proposed path and then builds a partial solution of ``m`` moves in all
(Table II's BCO used m = 3), each further move the swarm's best by the same rating. The
rollout runs on a light copy of the position — occupancy by hole index over the Board's
public lattice tables (``rules.NEIGHBOURS``, ``rules.JUMPS``) — because the real Board only
generates moves for the side to move. It plays the seat's own moves only (in a two-player
game the opponent is assumed to stand still for the few moves looked at), and knows the goal
rules the swarm follows: pieces in the goal stay there and a goal filled from the far row
rests (V-E). It is a rating, never a source of moves: every move played comes from
``Board.paths_from``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from swarmtui.core.hexgrid import distance
from swarmtui.games.halma.geometry import STAR, advance, rows_from_tip
from swarmtui.games.halma.rules import INDEX, JUMPS, NEIGHBOURS, Board


@dataclass
class Rollout:
    """The seat's pieces and every occupied hole, by hole index, for a goal ``corner``."""

    occupied: list[bool]
    mine: set[int]
    rank: list[int]
    """``advance`` of every hole towards the goal."""
    goal: frozenset[int]
    rows: tuple[tuple[int, ...], ...]
    near: tuple[int, ...] | None = None
    """Per hole, steps to the nearest empty goal hole (found on first use after each move)."""

    @classmethod
    def of(cls, board: Board, seat: str, corner: int) -> Rollout:
        occupied = [False] * len(STAR)
        for cell, who in board.cells():
            occupied[INDEX[cell]] = who is not None
        mine = {INDEX[c] for c in board.pieces(seat)}
        rank = _ranks(corner)
        goal = frozenset(INDEX[c] for c in board.goal(seat))
        rows = tuple(tuple(INDEX[c] for c in row) for row in rows_from_tip(corner))
        return cls(occupied, mine, rank, goal, rows)

    def move(self, start: int, end: int) -> None:
        self.occupied[start] = False
        self.occupied[end] = True
        self.mine.discard(start)
        self.mine.add(end)
        self.near = None

    def gain(self, start: int, end: int, eta: float) -> float:
        """Rows gained towards the goal, plus η per step nearer the nearest empty goal hole (the
        end-game pull: a last piece beside the goal gains no rows but must still get in)."""
        rows = self.rank[end] - self.rank[start]
        if not eta or start in self.goal:
            return float(rows)
        if self.near is None:
            self.near = _nearest(tuple(sorted(g for g in self.goal if not self.occupied[g])))
        near = self.near
        return rows + eta * (near[start] - near[end])

    def resting(self) -> set[int]:
        """V-E: pieces of the filled far rows, and the next row's pieces."""
        out: set[int] = set()
        for row in self.rows:
            out.update(i for i in row if i in self.mine)
            if not all(i in self.mine for i in row):
                break
        return out

    def ends(self, start: int) -> list[int]:
        """Every hole the piece on ``start`` can reach this move (steps and jump chains)."""
        occupied = self.occupied
        found = [j for j in NEIGHBOURS[start] if j >= 0 and not occupied[j]]
        occupied[start] = False
        seen = {start}
        frontier = [start]
        while frontier:
            c = frontier.pop()
            for over, land in JUMPS[c]:
                if occupied[over] and not occupied[land] and land not in seen:
                    seen.add(land)
                    frontier.append(land)
                    found.append(land)
        occupied[start] = True
        if start in self.goal:
            found = [j for j in found if j in self.goal]
        return found

    def spread(self, without: int, adding: int) -> int:
        """Front-to-rear gap of the seat's pieces if ``without`` moved to ``adding``."""
        ranks = [self.rank[i] for i in self.mine if i != without] + [self.rank[adding]]
        return max(ranks) - min(ranks)

    def best(self, lag: float, eta: float = 0.0) -> tuple[float, int, int]:
        """The best move by gain − lag · Δspread (``gain``): (rating, start, end); (0, -1, -1) if
        nothing rates above 0."""
        rank = self.rank
        resting = self.resting()
        ranks = sorted(rank[i] for i in self.mine)
        low, high = ranks[0], ranks[-1]
        best = (0.0, -1, -1)
        for start in self.mine:
            if start in resting:
                continue
            here = rank[start]
            top = ranks[-2] if here == high and len(ranks) > 1 else high  # the others' front
            bottom = ranks[1] if here == low and len(ranks) > 1 else low  # the others' rear
            for end in self.ends(start):
                there = rank[end]
                rating = self.gain(start, end, eta) - lag * (max(top, there) - min(bottom, there) - high + low)
                if rating > best[0]:
                    best = (rating, start, end)
        return best


@lru_cache(maxsize=1)
def _steps() -> tuple[tuple[int, ...], ...]:
    """Steps between every two holes of the star."""
    return tuple(tuple(distance(a, b) for b in STAR) for a in STAR)


@lru_cache(maxsize=4096)
def _nearest(empty: tuple[int, ...]) -> tuple[int, ...]:
    """Per hole, the steps to the nearest of the ``empty`` goal holes (0 when none is empty).
    Cached by the set of empty holes, which changes only when a piece enters the goal."""
    if not empty:
        return (0,) * len(STAR)
    steps = _steps()
    return tuple(min(row[g] for g in empty) for row in steps)


_RANKS: dict[int, list[int]] = {}


def _ranks(corner: int) -> list[int]:
    if corner not in _RANKS:
        _RANKS[corner] = [advance(c, corner) for c in STAR]
    return _RANKS[corner]


def forward_value(rollout: Rollout, moves: int, lag: float, decay: float, eta: float = 0.0) -> float:
    """The rating of the best ``moves`` further moves, played greedily on ``rollout`` (changed)."""
    total, weight = 0.0, 1.0
    for _ in range(moves):
        weight *= decay
        rating, start, end = rollout.best(lag, eta)
        if start < 0:
            break
        total += weight * rating
        rollout.move(start, end)
    return total
