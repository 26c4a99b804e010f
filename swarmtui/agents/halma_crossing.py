"""The single-player crossing search behind the ``beam`` agent: bit-set positions, beam by move number.

Bell (2009, ref. [2] of Kuehner & Stock) proved that one player needs at least 27 moves to
bring all ten pieces across the star (Levenspiel's 1971 crossing; the paper's swarm needed 68
at best, section VI-B). This search plans the whole crossing at once. Breadth-first by move
number, it expands every position of the beam by every legal move of its pieces (steps and jump
chains, under the board's rules), drops positions met before (this move number or an earlier
one) and keeps the ``width`` best by

    score = Σ advance(piece) + ladder · best_gain - spread · (max - min advance) - symmetry · unmatched

``advance`` is a piece's distance along the axis towards the goal's tip (``geometry.advance``),
so the first term is the army's progress. ``best_gain`` is the largest advance one move could
make from the position: the ladders it has built (a position that advances little but lets a
piece run across the board next move is worth keeping); it costs a move generation, so it is
computed only for the ``shortlist`` x ``width`` children with the best other terms. ``spread``
(stragglers) and ``symmetry`` (pieces whose half-turned hole is empty) are the earlier beam's
terms, kept as options: with the ladder term they only made the crossings longer (0 by default;
see docs/halma.md).

Speed: a position is a Python int used as a bit set over the 121 holes (one bit per own piece),
so a child is ``parent ^ bit(start) ^ bit(end)``, hashing and duplicate detection are integer
operations, and no piece tuple is built or sorted per child; the half-turned position is carried
along the same way (the symmetry term is a popcount); a child's score is its parent's plus the
moved piece's change. Scores, a seeded tie-break and the back pointer are packed into one int
per child, so choosing the beam is one ``heapq.nlargest`` over a dict.

Bidirectional: a position reached in e moves, turned half a turn, is one from which the goal is
e moves away (its plan turned and played backwards), so the search meets itself: every child is
looked up among the turned positions kept so far (d + e moves), and near the middle every child
one move away from a turned kept position is bridged to it (d + 1 + e moves; Levenspiel's
27-move crossing is an odd palindrome, 13 + 1 + 13). Crossings found this way are replayed
under the rules before they are accepted (the goal rules are not symmetric). ``solve`` widens
the beam (iterative widening: ``width``, doubling up to ``max_width``) until it finds a crossing
of ``stop_at`` moves (Bell's optimum) or runs out of widths or CPU time.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.rng import derive_seed
from swarmtui.core.saves import SaveError, read_json, shipped_dir
from swarmtui.games.halma.geometry import STAR, advance, opposite, rotate
from swarmtui.games.halma.rules import CORNER, INDEX, JUMPS, STEPS, Board, HalmaRules

OPTIMAL_CROSSING = "halma/optimal-crossing.json"
"""The shipped record of the solver's 27-move crossing (``benchmarks/halma_solver.py --record``)."""

BELL_OPTIMUM = 27
"""Bell (2009): the shortest single-player crossing of the ten-piece star has 27 moves."""

def optimal_crossing_record() -> tuple[Path, dict[str, Any]]:
    """The shipped optimal crossing as a game record (the TUI's "Watch the optimal crossing").

    ``SaveError`` when this installation ships no saves folder or the file is damaged.
    """
    shipped = shipped_dir()
    if shipped is None:
        raise SaveError("this swarmtui installation has no shipped saves folder")
    path = shipped / OPTIMAL_CROSSING
    return path, read_json(path, kind="game")


HOLES = len(STAR)
BIT: tuple[int, ...] = tuple(1 << i for i in range(HOLES))
ROTATE: tuple[int, ...] = tuple(INDEX[rotate(c, 3)] for c in STAR)
"""Hole index -> the index of the hole turned half a turn about the centre."""


def holes_of(bits: int) -> list[int]:
    """The hole indices set in a bit set, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def bits_of(holes) -> int:
    value = 0
    for i in holes:
        value |= BIT[i]
    return value


def turned(bits: int) -> int:
    """The bit set turned half a turn about the centre."""
    return bits_of(ROTATE[i] for i in holes_of(bits))


@dataclass(frozen=True)
class CrossingParams:
    width: int = field(default=500, metadata={"help": "positions kept per move number (first round)"})
    max_width: int = field(default=32000, metadata={"help": "widest beam tried (the width doubles per round)"})
    depth: int = field(default=80, metadata={"help": "give up a round after this many moves"})
    spread: float = field(default=0.0, metadata={"help": "penalty per row between the leading and the last piece"})
    symmetry: float = field(default=0.0, metadata={"help": "penalty per piece whose half-turned hole is empty"})
    stop_at: int = field(default=BELL_OPTIMUM, metadata={"help": "stop as soon as a crossing this short is found"})
    seconds: float = field(default=0.0, metadata={"help": "stop widening after this much CPU time (0: no limit)"})
    seed: int = field(default=0, metadata={"help": "breaks ties between equally scored positions"})
    ladder: float = field(default=1.0, metadata={"help": "weight of the best one-move gain (the ladders built)"})
    shortlist: int = field(default=4, metadata={"help": "children scored for ladders, per position kept"})
    bridge_margin: int = field(default=1, metadata={"help": "start bridging this many moves before stop_at's middle"})
    overrun: int = field(default=2, metadata={"help": "moves searched past the middle of the best crossing"})


@dataclass(frozen=True)
class Crossing:
    """A plan: its moves (start, end hole indices) and how the search went."""

    moves: tuple[tuple[int, int], ...]
    expanded: int
    complete: bool
    width: int = 0
    rounds: tuple[tuple[int, int | None], ...] = ()
    """(width, crossing length found or None) per widening round."""


class CrossingSearch:
    """Beam search over one seat's moves with every other piece fixed (see module docstring)."""

    SCALE = 4  # scores are integers: quarter rows

    def __init__(self, board: Board, params: CrossingParams = CrossingParams()) -> None:
        self.params = params
        seat = board.to_move
        self.goal_corner = opposite(board.corner(seat))
        self.goal = frozenset(INDEX[c] for c in board.goal(seat))
        home_or_goal = {board.corner(seat), self.goal_corner}
        neutral = [CORNER[i] >= 0 and CORNER[i] not in home_or_goal for i in range(HOLES)]
        rules = board.rules
        self.no_stop = bytes(rules.neutral != "free" and n for n in neutral)
        self.no_enter = bytes(rules.neutral == "closed" and n for n in neutral)
        self.goal_mask = bytes(i in self.goal for i in range(HOLES))
        self.keep_in_goal = not rules.leave_goal
        self.obstacles = frozenset(INDEX[c] for s in board.seats if s != seat for c in board.pieces(s))
        self.occ_base = bytes(i in self.obstacles for i in range(HOLES))
        self.start = tuple(sorted(INDEX[c] for c in board.pieces(seat)))
        self.advance = tuple(advance(c, self.goal_corner) for c in STAR)
        self.goal_bits = bits_of(self.goal)
        # under blocked_goal="fill" the goal's home player's pieces still in it count as filled
        # (rules.HalmaRules): the crossing is complete once every other goal hole holds our piece
        blockers = [s for s in board.seats if s != seat and board.corner(s) == self.goal_corner]
        blocked = (self.goal & frozenset(INDEX[c] for s in blockers for c in board.pieces(s))
                   if rules.blocked_goal == "fill" else frozenset())
        self.fill_bits = self.goal_bits & ~bits_of(blocked)

    # -- move generation (the Board's rules on a bare occupancy array) --------------------------
    def ends(self, occ: bytearray, start: int) -> list[int]:
        """Every end hole of the piece on ``start`` (steps, then jump chains breadth-first)."""
        no_stop, no_enter = self.no_stop, self.no_enter
        keep = self.goal_mask if self.keep_in_goal and self.goal_mask[start] else None
        out = [j for j in STEPS[start] if not occ[j] and not no_stop[j] and (keep is None or keep[j])]
        seen = {start}
        frontier = [start]
        for here in frontier:
            for over, land in JUMPS[here]:
                if occ[over] and not occ[land] and land not in seen and not no_enter[land]:
                    seen.add(land)
                    frontier.append(land)
                    if not no_stop[land] and (keep is None or keep[land]):
                        out.append(land)
        return out

    def occupancy(self, pieces) -> bytearray:
        occ = bytearray(self.occ_base)
        for i in pieces:
            occ[i] = 1
        return occ

    def moves(self, pieces: tuple[int, ...]) -> list[tuple[int, int, bool]]:
        """Every (start, end, is_jump) of the seat in position ``pieces``."""
        occ = self.occupancy(pieces)
        return [(s, e, e not in STEPS[s]) for s in pieces for e in self.ends(occ, s)]

    # -- search -------------------------------------------------------------------------------------
    def score(self, pieces) -> int:
        """The beam's order (higher is better), in quarter rows: progress, stragglers, symmetry."""
        adv = [self.advance[i] for i in pieces]
        held = set(pieces)
        unmatched = sum(1 for p in pieces if ROTATE[p] not in held)
        p = self.params
        return round(self.SCALE * (sum(adv) - p.spread * (max(adv) - min(adv)) - p.symmetry * unmatched))

    def solve(self) -> Crossing:
        """Widen the beam until a crossing of ``stop_at`` moves is found (see module docstring)."""
        params = self.params
        clock = time.process_time()
        best: tuple[tuple[int, int], ...] | None = None
        best_partial: tuple[tuple[int, int], ...] = ()
        expanded, width, rounds = 0, params.width, []
        while True:
            plan, partial, count = self.beam(width, best)
            expanded += count
            rounds.append((width, len(plan) if plan is not None else None))
            if plan is not None and (best is None or len(plan) < len(best)):
                best = plan
            best_partial = partial or best_partial
            if best is not None and len(best) <= params.stop_at:
                break
            if width * 2 > params.max_width or (params.seconds and time.process_time() - clock > params.seconds):
                break
            width *= 2
        if best is not None:
            return Crossing(best, expanded, True, width, tuple(rounds))
        return Crossing(best_partial, expanded, False, width, tuple(rounds))

    def beam(self, width: int, known: tuple | None) -> tuple[tuple | None, tuple, int]:
        """One beam search of ``width``: (shortest crossing found or None, best partial plan, expanded)."""
        return BeamRun(self, width, known).run()

    def _bridges(self, children: dict[int, int], beam: list, previous: list, rot_bit: list) -> list[tuple]:
        """Children one move away from a turned kept position (this move number or the one before).

        The child (d moves), one connecting move, and the kept position's plan turned and played
        backwards (e moves) make a crossing of d + 1 + e moves: the odd palindromes' middle move
        generalised to any pair of positions. Found through the positions with one piece lifted.
        """
        near: dict[int, tuple[int, int]] = {}
        for _, rpos, node in beam + previous:
            for p in holes_of(rpos):
                near.setdefault(rpos ^ BIT[p], (node, p))
        found = []
        for child, packed in children.items():
            for s in holes_of(child):
                entry = near.get(child ^ BIT[s])
                if entry is None:
                    continue
                other, e = entry
                if e == s or child & BIT[e]:
                    continue
                if e in self.ends(self.occupancy(holes_of(child)), s):
                    node = packed >> 14 & ((1 << 26) - 1)
                    found.append((child, node, packed >> 7 & 127, packed & 127, s, e, other))
        return found

    def best_gain(self, bits: int) -> int:
        """The largest advance one move can make from ``bits`` (how far its ladders carry a piece)."""
        pieces = holes_of(bits)
        occ = self.occupancy(pieces)
        adv = self.advance
        best = 0
        for s in pieces:
            a = adv[s]
            for e in self.ends(occ, s):
                if adv[e] - a > best:
                    best = adv[e] - a
        return best

    def valid(self, plan: tuple[tuple[int, int], ...]) -> bool:
        """True if ``plan`` is legal move by move under the rules (the goal rules are not symmetric)."""
        pieces = set(self.start)
        for start, end in plan:
            if start not in pieces or end not in self.ends(self.occupancy(pieces), start):
                return False
            pieces.discard(start)
            pieces.add(end)
        return self.complete(bits_of(pieces))

    def complete(self, bits: int) -> bool:
        """True if the pieces on ``bits`` have filled the goal: all ten in it, or under
        ``blocked_goal="fill"`` every goal hole not held by the goal's home player."""
        return bits & self.fill_bits == self.fill_bits and bool(bits & self.goal_bits)


class BeamRun:
    """One beam search of ``CrossingSearch`` at one width (``CrossingSearch.beam``).

    Its state: the search tree as parallel lists (``parent``, ``move_of``; node 0 the start),
    the beam (position, its half-turn, node), the positions met, the turned positions kept (to
    meet the search turned), and the shortest crossing found. At each move number ``expand``
    turns the beam into scored children (and the hits that may finish a crossing), ``keep``
    makes the best ``width`` of them the beam, and ``settle`` replays each hit's crossing under
    the rules.
    """

    def __init__(self, search: CrossingSearch, width: int, known: tuple | None) -> None:
        self.search = search
        self.width = width
        params = self.params = search.params
        scale = search.SCALE
        self.spread = round(scale * params.spread)
        self.sym = round(scale * params.symmetry)
        self.ladder = round(scale * params.ladder)
        self.adv4 = [scale * a for a in search.advance]
        self.rot_bit = [BIT[ROTATE[i]] for i in range(HOLES)]
        start = bits_of(search.start)
        # meeting a turned position means reaching the goal only when the start is the goal turned
        # (the home triangle) and the goal is free and the obstacles are symmetric
        self.meet = (turned(start) == search.goal_bits == search.fill_bits
                     and turned(bits_of(search.obstacles)) == bits_of(search.obstacles))
        self.parent = [-1]
        self.move_of = [(-1, -1)]
        self.beam = [(start, turned(start), 0)]  # (position, its half-turn, node)
        self.seen = {start}
        self.turned_nodes = {turned(start): 0} if self.meet else {}
        self.previous: list[tuple[int, int, int]] = []
        self.best: tuple | None = None
        self.best_len = len(known) if known is not None else params.depth * 2 + 2
        self.expanded = 0
        self.salt = derive_seed(params.seed, "halma crossing") if params.seed else 0
        self.last_partial = 0

    def run(self) -> tuple[tuple | None, tuple, int]:
        """(shortest crossing found or None, best partial plan, positions expanded)."""
        params, meet = self.params, self.meet
        for depth in range(1, params.depth + 1):
            if depth >= self.best_len or (meet and 2 * depth > self.best_len + params.overrun):
                break
            children, hits = self.expand()
            if not children:
                break
            self.keep(children)
            if meet and 2 * depth + 1 >= params.stop_at - 2 * params.bridge_margin and 2 * depth + 1 < self.best_len:
                hits.extend(self.search._bridges(children, self.beam, self.previous, self.rot_bit))
            self.previous = self.beam
            self.settle(hits)
        return self.best, self.plan_of(self.last_partial), self.expanded

    def expand(self) -> tuple[dict[int, int], list[tuple[int, ...]]]:
        """Every new child of the beam, packed with its score, tie-break and origin; and the hits
        (child, node, start, end): children that may finish a crossing."""
        search, adv4, rot_bit, meet = self.search, self.adv4, self.rot_bit, self.meet
        spread, sym, scale, salt = self.spread, self.sym, search.SCALE, self.salt
        fill, goal, seen, turned_nodes = search.fill_bits, search.goal_bits, self.seen, self.turned_nodes
        offset = 1 << 20
        children: dict[int, int] = {}
        hits: list[tuple[int, ...]] = []  # (child, node, start, end[, bridge start, end, node])
        for pos, rpos, node in self.beam:
            self.expanded += 1
            pieces = holes_of(pos)
            occ = search.occupancy(pieces)
            advs = [adv4[i] for i in pieces]
            total = sum(advs)
            hi = sorted(advs)
            for idx, s in enumerate(pieces):
                a = advs[idx]
                # extremes of the other nine pieces
                omin = hi[1] if a == hi[0] else hi[0]
                omax = hi[-2] if a == hi[-1] else hi[-1]
                base = total - a
                bs = BIT[s]
                rs = rot_bit[s]
                for e in search.ends(occ, s):
                    child = pos ^ bs ^ BIT[e]
                    if child in children or child in seen:
                        continue
                    rchild = rpos ^ rs ^ rot_bit[e]
                    ae = adv4[e]
                    hi_e = ae if ae > omax else omax
                    lo_e = ae if ae < omin else omin
                    un = (child & ~rchild).bit_count()
                    score = base + ae - (spread * (hi_e - lo_e)) // scale - sym * un
                    tie = hash(child ^ salt) & 0xFFFFF
                    children[child] = ((score + offset) << 60) | (tie << 40) | (node << 14) | (s << 7) | e
                    if meet and (un <= 1 or child in turned_nodes):
                        hits.append((child, node, s, e))
                    elif not meet and child & fill == fill and child & goal:
                        hits.append((child, node, s, e))
        return children, hits

    def keep(self, children: dict[int, int]) -> None:
        """The best ``width`` children (the shortlist's ladders counted) become the beam and nodes."""
        width, rot_bit = self.width, self.rot_bit
        if self.ladder and len(children) > width:
            short = heapq.nlargest(width * self.params.shortlist, children, key=children.__getitem__)
            for child in short:
                children[child] += (self.ladder * self.search.best_gain(child)) << 60
        kept = (heapq.nlargest(width, children, key=children.__getitem__) if len(children) > width
                else list(children))
        rmap = {n: r for _, r, n in self.beam}
        beam = []
        for child in kept:
            packed = children[child]
            node = packed >> 14 & ((1 << 26) - 1)
            s, e = packed >> 7 & 127, packed & 127
            self.parent.append(node)
            self.move_of.append((s, e))
            new = len(self.parent) - 1
            r = rmap[node] ^ rot_bit[s] ^ rot_bit[e]
            beam.append((child, r, new))
            self.seen.add(child)
            if self.meet:
                self.turned_nodes.setdefault(r, new)
        self.beam = beam
        if beam:
            self.last_partial = beam[0][2]

    def settle(self, hits: list[tuple[int, ...]]) -> None:
        """Each hit's crossings, replayed under the rules; the shortest valid one is kept."""
        for child, node, s, e, *bridge in hits:
            plan = self.plan_of(node) + ((s, e),)
            if bridge:
                (b_s, b_e, other) = bridge
                self.consider(plan + ((b_s, b_e),) + backwards(self.plan_of(other)))
                continue
            met = self.turned_nodes.get(child)
            if met is not None:
                self.consider(plan + backwards(self.plan_of(met)))
            if self.meet:
                self.meet_turned(child, plan)
            else:
                self.consider(plan)

    def meet_turned(self, child: int, plan: tuple) -> None:
        """``plan`` reaches ``child``, which is its own half-turn but for at most one piece: the
        plan played on backwards (through that piece's move to its turned hole) crosses."""
        free = child & ~turned(child)
        if not free:
            self.consider(plan + backwards(plan))
        elif free.bit_count() == 1:
            a = free.bit_length() - 1
            if ROTATE[a] in self.search.ends(self.search.occupancy(holes_of(child)), a):
                self.consider(plan + ((a, ROTATE[a]),) + backwards(plan))

    def consider(self, joined: tuple) -> None:
        """Keep ``joined`` when it is shorter than the best and legal under the rules."""
        if len(joined) < self.best_len and self.search.valid(joined):
            self.best, self.best_len = joined, len(joined)

    def plan_of(self, node: int) -> tuple[tuple[int, int], ...]:
        """The moves from the start to ``node``."""
        out = []
        while node > 0:
            out.append(self.move_of[node])
            node = self.parent[node]
        return tuple(reversed(out))


def backwards(plan: tuple) -> tuple:
    """``plan`` turned half a turn and played backwards: from its end's turn back to its start's."""
    return tuple((ROTATE[b], ROTATE[a]) for a, b in reversed(plan))


@dataclass(frozen=True)
class CooperativeParams:
    width: int = field(default=2000, metadata={"help": "positions kept per move number"})
    depth: int = field(default=40, metadata={"help": "give up after this many moves (both seats)"})
    ladder: float = field(default=1.0, metadata={"help": "weight of the side to move's best one-move gain"})
    shortlist: int = field(default=4, metadata={"help": "children scored for ladders, per position kept"})
    seed: int = field(default=0, metadata={"help": "breaks ties between equally scored positions"})
    lead: int = field(default=3, metadata={"help": "weight of seat 1's progress against seat 2's (the winner-to-be)"})
    runner: bool = field(default=True, metadata={"help": "under the fill rule, score one runner (runner_score)"})


@dataclass(frozen=True)
class CooperativeGame:
    """The shortest two-player game found: moves (start, end) in turn order from seat 1, and the winner."""

    moves: tuple[tuple[int, int], ...]
    winner: str | None
    expanded: int


class CooperativeSearch:
    """The cooperative two-player game (Kuehner & Stock V-F; Bell 2009): both seats help one of them win fast.

    Seats 1 (south) and 2 (north) swap homes, moving alternately from seat 1; the game ends when
    the side that just moved has completed its goal under the board's rules (``blocked_goal``:
    with "fill" a goal whose other holes hold the pieces of the player whose home it is counts as
    complete, so the loser need not leave). Beam search by move number over pairs of bit sets,
    scored by both armies' progress (each towards its own goal) plus the ladder term of
    ``CrossingSearch`` for the side to move next; any child that ends the game is a candidate,
    replayed under the rules before it is accepted. Bell proved 30 moves (15 each, Fabian 1979)
    the shortest under the usual rule that the whole goal must hold the winner's pieces.
    """

    SCALE = 4

    def __init__(self, rules: HalmaRules = HalmaRules(), params: CooperativeParams = CooperativeParams()) -> None:
        self.rules = rules
        self.params = params
        board = Board(2, rules=rules, max_moves=None)
        # each seat's rule tables, built with its own pieces only (the other army is not fixed here)
        self.sides = tuple(CrossingSearch(Board.from_pieces(2, {s: board.pieces(s)}, to_move=s, rules=rules,
                                                            max_moves=None)) for s in board.seats)
        self.start = (bits_of(self.sides[0].start), bits_of(self.sides[1].start))
        self.goals = (self.sides[0].goal_bits, self.sides[1].goal_bits)

    def won(self, own: int, other: int, k: int) -> bool:
        goal = self.goals[k]
        if own & goal == goal:
            return True
        return self.rules.blocked_goal == "fill" and bool(own & goal) and (own | other) & goal == goal

    def solve(self) -> CooperativeGame:
        params = self.params
        scale = self.SCALE
        adv = [[scale * a for a in side.advance] for side in self.sides]
        ladder = round(scale * params.ladder)
        salt = derive_seed(params.seed, "halma cooperative") if params.seed else 0
        offset = 1 << 20
        runner = params.runner and self.rules.blocked_goal == "fill"
        lead = params.lead
        parent, move_of = [-1], [(-1, -1)]
        beam = [(self.start[0], self.start[1], 0)]
        seen = {(self.start[0], self.start[1], 0)}
        expanded = 0

        def plan_of(node: int) -> tuple[tuple[int, int], ...]:
            out = []
            while node > 0:
                out.append(move_of[node])
                node = parent[node]
            return tuple(reversed(out))

        for ply in range(params.depth):
            k = ply % 2
            side = self.sides[k]
            children: dict[tuple[int, int], int] = {}
            wins: list[tuple[int, int, int]] = []
            for a, b, node in beam:
                expanded += 1
                own, other = (a, b) if k == 0 else (b, a)
                occ = side.occupancy(holes_of(a | b))
                base = lead * sum(adv[0][i] for i in holes_of(a)) + sum(adv[1][i] for i in holes_of(b))
                gain = [lead * g for g in adv[0]] if k == 0 else adv[1]
                for s in holes_of(own):
                    for e in side.ends(occ, s):
                        moved = own ^ BIT[s] ^ BIT[e]
                        if self.won(moved, other, k):
                            wins.append((node, s, e))
                            continue
                        child = (moved, other) if k == 0 else (other, moved)
                        if child in children or (*child, (ply + 1) % 2) in seen:
                            continue
                        score = base + gain[e] - gain[s] if not runner else self.runner_score(*child)
                        tie = hash(child[0] ^ (child[1] << 121) ^ salt) & 0xFFFFF
                        children[child] = ((score + offset) << 60) | (tie << 40) | (node << 14) | (s << 7) | e
            for node, s, e in wins:
                plan = plan_of(node) + ((s, e),)
                winner = self.replay(plan)
                if winner is not None:
                    return CooperativeGame(plan, winner, expanded)
            if not children:
                break
            if ladder and len(children) > params.width:
                mover = self.sides[1 - k]
                short = heapq.nlargest(params.width * params.shortlist, children, key=children.__getitem__)
                for child in short:
                    own = child[1 - k]
                    occ = mover.occupancy(holes_of(child[0] | child[1]))
                    best = max((mover.advance[e] - mover.advance[s] for s in holes_of(own)
                                for e in mover.ends(occ, s)), default=0)
                    children[child] += (ladder * best) << 60
            kept = (heapq.nlargest(params.width, children, key=children.__getitem__)
                    if len(children) > params.width else list(children))
            beam = []
            for child in kept:
                packed = children[child]
                parent.append(packed >> 14 & ((1 << 26) - 1))
                move_of.append((packed >> 7 & 127, packed & 127))
                beam.append((child[0], child[1], len(parent) - 1))
                seen.add((child[0], child[1], (ply + 1) % 2))
        return CooperativeGame((), None, expanded)

    def runner_score(self, a: int, b: int) -> int:
        """Under the "fill" rule seat 1 needs one piece in a hole seat 2 left, seat 2 its other nine at
        home: the lead runner's advance counts ten times, seat 2's pieces away from home cost."""
        adv = self.sides[0].advance
        lead = max(adv[i] for i in holes_of(a))
        away = (b & ~self.sides[0].goal_bits).bit_count()
        total = sum(adv[i] for i in holes_of(a)) + sum(self.sides[1].advance[i] for i in holes_of(b))
        return self.SCALE * (10 * lead + total - 6 * max(0, away - 1))

    def replay(self, plan: tuple[tuple[int, int], ...]) -> str | None:
        """The winner if ``plan`` is a legal game under the rules that ends with a win, else None."""
        board = Board(2, rules=self.rules, max_moves=None)
        for start, end in plan:
            if board.outcome is not None:
                return None
            move = next((m for m in board.moves_from(STAR[start]) if m.end == STAR[end]), None)
            if move is None:
                return None
            board.play(move)
        return board.outcome.winner if board.outcome is not None else None
