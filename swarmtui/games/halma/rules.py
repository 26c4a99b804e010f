"""Halma (Sternhalma, Chinese Checkers) rules on the 121-hole star, as a python-chess style Board.

The rules of the paper (Kuehner & Stock, section I and Figure 2): each player has 10 pieces
in one point of the star and must bring all of them into the opposite point. A turn moves one
piece either one *step* to an adjacent empty hole, or by a *chain of jumps*: each jump goes
over one adjacent piece of any colour into the empty hole directly behind it; the chain may
change direction and stop after any jump. Pieces are never removed. A move is identified by
its start and end hole; one concrete path is kept with it for display and for agents that
score paths (the paper's eq. 11 scores every path, see ``Board.paths_from``).

Choices where published rule sets differ (``HalmaRules``; defaults in brackets):

* Jumping over the hole the moving piece just left cannot arise on this lattice: every jump
  moves by an even vector, so every landing of a chain differs from the start by even q and r
  and is never adjacent to it (tested). Reversing the last jump, or any return to a hole already
  visited (the start included), is excluded by the no-hole-twice rule.
* ``neutral`` ["free"] - the points that are neither a player's home nor its goal: "free"
  (enter, cross and stop anywhere: "a marble can be moved into any hole on the board,
  including holes in triangles belonging to other players", as most published rules say),
  "pass" (may jump through but not end a move there: the "players cannot end their turn in
  another player's starting or destination triangle" rule), or "closed" (never enter).
* ``leave_goal`` [False] - once in its goal a piece may move only within the goal (a jump
  chain may pass outside but must end inside), the rule almost every published set states.
* ``blocked_goal`` ["fill"] - the anti-spoiling rule for a goal hole held by the pieces of
  the player whose home it is (a piece that never left). "fill": a player also wins when
  every hole of its goal is occupied, at least one by its own piece and every other one by
  that goal's home player, i.e. a blocker counts for the player who filled the rest of the
  goal (the published "dubious block" remedy: "a player wins when all available slots in the
  opposing triangle are filled"). "strict": all 10 holes must hold the player's own pieces (a
  blocker can then stall the game until the move cap). The other published remedy, swapping
  the blocker out (Masters Games' anti-spoiling rule), is not offered: it needs a move kind
  of its own.

The game ends when a player completes its goal (the first to do so wins, as in the paper) or
when ``max_moves`` moves have been played in total (the paper stops at 500, section VI-A):
the outcome then has no winner and its reason says the cap was reached. A player with no legal
move is skipped; if nobody can move the game ends without a winner.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from swarmtui.core.hexgrid import DIRECTIONS, Hex
from swarmtui.core.state import IllegalMoveError, Outcome, Termination
from swarmtui.games.halma.geometry import SEATING, STAR, TRIANGLES, corner_of, opposite
from swarmtui.games.halma.notation import Move, format_cell, format_move, format_position, parse_move, parse_position

PIECES = 10
"""Pieces per player (the ten-piece game of the paper and of Bell, 2009)."""

DEFAULT_MAX_MOVES = 500
"""The paper's cap: a game not finished after 500 moves is stopped (section VI-A)."""

NEUTRAL_MODES = ("free", "pass", "closed")
BLOCKED_GOAL_MODES = ("fill", "strict")

# -- lattice tables (indices into STAR) -------------------------------------------------------
INDEX: dict[Hex, int] = {cell: i for i, cell in enumerate(STAR)}
"""Hole -> its index in ``STAR`` (reading order)."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get(cell + d, -1) for d in DIRECTIONS) for cell in STAR
)
"""Per hole, the index of the neighbour in each of the six directions (-1 off the star)."""

STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in row if j >= 0) for row in NEIGHBOURS)
"""Per hole, the indices of its neighbours on the star."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (INDEX[cell + d], INDEX[cell + d.scale(2)])
        for d in DIRECTIONS
        if cell + d in INDEX and cell + d.scale(2) in INDEX
    )
    for cell in STAR
)
"""Per hole, ``(over, landing)`` index pairs of the straight jumps that stay on the star."""

CORNER: tuple[int, ...] = tuple(-1 if (k := corner_of(c)) is None else k for c in STAR)
"""Per hole, its point (0-5) or -1 for the central hexagon."""


@dataclass(frozen=True)
class HalmaRules:
    """The rule variants players disagree on (see the module docstring for each)."""

    neutral: Literal["free", "pass", "closed"] = field(
        default="free", metadata={"help": "Neutral points: free, pass (jump through, never stop there) or closed"})
    leave_goal: bool = field(
        default=False, metadata={"help": "Leave the goal: may a piece that reached its goal move out again"})
    blocked_goal: Literal["fill", "strict"] = field(
        default="fill", metadata={"help": "Blocked goal: fill (a blocker counts for the filler) or strict"})

    def __post_init__(self) -> None:
        if self.neutral not in NEUTRAL_MODES:
            raise ValueError(f"neutral must be one of {', '.join(NEUTRAL_MODES)}, not {self.neutral!r}")
        if self.blocked_goal not in BLOCKED_GOAL_MODES:
            raise ValueError(f"blocked_goal must be one of {', '.join(BLOCKED_GOAL_MODES)}, not {self.blocked_goal!r}")


def _generated(begin: int, end: int, parent: dict[int, int] | None, stamp: int, new=Move.__new__) -> Move:
    """A move found by the board's generator: path built on demand from ``parent`` (None: a step)."""
    move = new(Move)
    move.start = STAR[begin]
    move.end = STAR[end]
    move._found = (begin, end, parent, stamp)
    return move


_STAMPS = itertools.count(1)
"""Position stamps: a board takes a fresh one on every move, and an undo restores the earlier
one, so one stamp always means one position (copies share it until they move)."""


class Board:
    """A Halma position for 1, 2, 3, 4 or 6 players with move history (``play``/``undo``).

    Seats are ``"1"`` .. ``"n"`` in turn order; seat i starts in corner ``SEATING[n][i]``.
    """

    def __init__(self, players: int = 2, rules: HalmaRules = HalmaRules(),
                 max_moves: int | None = DEFAULT_MAX_MOVES, *, setup: bool = True) -> None:
        if players not in SEATING:
            raise ValueError(f"Halma is played by {', '.join(map(str, SEATING))} players, not {players}")
        self.players = players
        self.rules = rules
        self.max_moves = max_moves
        self.seats: tuple[str, ...] = tuple(str(i + 1) for i in range(players))
        self._corners: tuple[int, ...] = SEATING[players]
        self._home = tuple(frozenset(INDEX[c] for c in TRIANGLES[k]) for k in self._corners)
        self._goal = tuple(frozenset(INDEX[c] for c in TRIANGLES[opposite(k)]) for k in self._corners)
        self._neutral = tuple(
            frozenset(i for i, k in enumerate(CORNER) if k >= 0 and k not in (c, opposite(c)))
            for c in self._corners
        )
        # per seat number k (index 0 unused): byte masks over the holes for the generator
        self._goal_mask = [bytes(121)] + [bytes(i in g for i in range(len(STAR))) for g in self._goal]
        # per seat number k: the seat whose goal is k's home (0 if none plays there), whose goal a
        # piece of k coming home can fill under blocked_goal="fill"
        self._opposite_seat = [0] + [next((j + 1 for j, g in enumerate(self._goal) if g == home), 0)
                                     for home in self._home]
        self._no_stop = [bytes(121)] + [
            bytes(rules.neutral != "free" and i in n for i in range(len(STAR))) for n in self._neutral]
        self._no_enter = [bytes(121)] + [
            bytes(rules.neutral == "closed" and i in n for i in range(len(STAR))) for n in self._neutral]
        self._occ: list[int] = [0] * len(STAR)
        self._pieces: list[set[int]] = [set() for _ in range(players + 1)]
        self._in_goal = [0] * (players + 1)
        self._mobile = [0] * (players + 1)
        self._turn = 0
        self._ply0 = 0
        self._played: list[tuple[Move, int, int, int, int, int]] = []
        self._outcome: Outcome | None = None
        self._unsettled = False  # after a move: is the next seat able to move? (see _settle)
        self._stamp = next(_STAMPS)
        if setup:
            for seat in range(1, players + 1):
                for i in self._home[seat - 1]:
                    self._put(i, seat)

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_pieces(cls, players: int, pieces: Mapping[str, Iterable[Hex]], to_move: str = "1",
                    rules: HalmaRules = HalmaRules(), max_moves: int | None = DEFAULT_MAX_MOVES,
                    ply: int = 0) -> Board:
        """A position with the given pieces per seat (any number each, for hand-built tests)."""
        board = cls(players, rules, max_moves, setup=False)
        for seat, cells in pieces.items():
            k = board._seat_number(seat)
            for cell in cells:
                if cell not in INDEX:
                    raise ValueError(f"{cell} is not a hole of the star")
                if board._occ[INDEX[cell]]:
                    raise ValueError(f"{cell} holds two pieces")
                board._put(INDEX[cell], k)
        board._turn = board._seat_number(to_move) - 1
        board._ply0 = ply
        board._outcome = board._initial_outcome()
        board._stamp = next(_STAMPS)
        return board

    @classmethod
    def from_text(cls, text: str, rules: HalmaRules = HalmaRules(),
                  max_moves: int | None = DEFAULT_MAX_MOVES) -> Board:
        """A board from position notation (see ``notation.parse_position``)."""

        players, pieces, to_move, ply = parse_position(text)
        return cls.from_pieces(players, pieces, to_move, rules, max_moves, ply)

    def copy(self) -> Board:
        """An independent board at the same position (moves generated on either play on both)."""
        board = Board.__new__(Board)
        board.__dict__.update(self.__dict__)
        board._occ = list(self._occ)
        board._pieces = [set(p) for p in self._pieces]
        board._in_goal = list(self._in_goal)
        board._mobile = list(self._mobile)
        board._played = list(self._played)
        return board

    def _put(self, i: int, seat: int) -> None:
        self._occ[i] = seat
        self._pieces[seat].add(i)
        self._in_goal[seat] += self._goal_mask[seat][i]

    def _seat_number(self, seat: str) -> int:
        try:
            k = int(seat)
        except (TypeError, ValueError):
            k = 0
        if not 1 <= k <= self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game (seats {', '.join(self.seats)})")
        return k

    # -- position -------------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        if self._unsettled:
            self._settle()
        return self.seats[self._turn]

    @property
    def ply(self) -> int:
        """Moves played since the start of the game (all seats together)."""
        return self._ply0 + len(self._played)

    @property
    def outcome(self) -> Outcome | None:
        if self._unsettled:
            self._settle()
        return self._outcome

    def highlights(self) -> tuple[Move, ...]:
        """Nothing to point out beyond the last move (``GameState.highlights``)."""
        return ()

    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def history(self) -> list[Move]:
        """The moves played on this board, oldest first."""
        return [p[0] for p in self._played]

    @property
    def last_move(self) -> Move | None:
        return self._played[-1][0] if self._played else None

    def pieces(self, seat: str) -> frozenset[Hex]:
        return frozenset(STAR[i] for i in self._pieces[self._seat_number(seat)])

    def occupant(self, cell: Hex) -> str | None:
        """The seat whose piece is on ``cell`` (None when empty or off the star)."""
        i = INDEX.get(cell)
        k = self._occ[i] if i is not None else 0
        return self.seats[k - 1] if k else None

    def corner(self, seat: str) -> int:
        """The point ``seat`` starts in (its home); its goal is ``opposite`` of it."""
        return self._corners[self._seat_number(seat) - 1]

    def home(self, seat: str) -> frozenset[Hex]:
        return TRIANGLES[self.corner(seat)]

    def goal(self, seat: str) -> frozenset[Hex]:
        return TRIANGLES[opposite(self.corner(seat))]

    def in_goal(self, seat: str) -> int:
        """How many of ``seat``'s pieces are in its goal."""
        return self._in_goal[self._seat_number(seat)]

    # -- moves ----------------------------------------------------------------------------------
    def _may_enter(self, k: int, i: int) -> bool:
        return not self._no_enter[k][i]

    def _may_stop(self, k: int, start: int, end: int) -> bool:
        if self._no_stop[k][end]:
            return False
        return self.rules.leave_goal or not self._goal_mask[k][start] or bool(self._goal_mask[k][end])

    def _ends(self, start: int) -> tuple[list[int], list[int], dict[int, int]]:
        """The piece on ``start``: its step ends, its jump ends, and the jump search's parents.

        Jump chains are searched breadth-first (directions in ``DIRECTIONS`` order), so
        ``parents`` unwinds to the chain with the fewest jumps. A step and a jump never share an
        end: every jump moves by an even vector.
        """
        occ = self._occ
        k = occ[start]
        no_stop = self._no_stop[k]
        goal = self._goal_mask[k]
        keep_in = goal if goal[start] and not self.rules.leave_goal else None
        steps = [j for j in STEPS[start] if not occ[j] and not no_stop[j] and (keep_in is None or keep_in[j])]
        no_enter = self._no_enter[k]
        parent = {start: -1}
        frontier = [start]
        jumps = []
        for here in frontier:  # grows while it is read: breadth-first
            for over, land in JUMPS[here]:
                if occ[over] and not occ[land] and land not in parent and not no_enter[land]:
                    parent[land] = here
                    frontier.append(land)
                    if not no_stop[land] and (keep_in is None or keep_in[land]):
                        jumps.append(land)
        return steps, jumps, parent

    def _routes(self, start: int) -> dict[int, tuple[int, ...]]:
        """End hole -> one route for the piece on ``start``: steps first, then the shortest chains."""
        steps, jumps, parent = self._ends(start)
        routes: dict[int, tuple[int, ...]] = {j: (start, j) for j in steps}
        for land in jumps:
            route = [land]
            while (hole := parent[route[-1]]) != -1:
                route.append(hole)
            routes[land] = tuple(reversed(route))
        return routes

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, one per (start, end), in reading order.

        The path (built on demand) is the step for adjacent ends and otherwise the chain with the
        fewest jumps (breadth-first, directions in ``DIRECTIONS`` order).
        """
        if self._unsettled:
            self._settle()
        if self._outcome is not None:
            return []
        moves = []
        stamp = self._stamp
        for start in sorted(self._pieces[self._turn + 1]):
            moves.extend(self._piece_moves(start, stamp))
        return moves

    def _piece_moves(self, start: int, stamp: int) -> list[Move]:
        steps, jumps, parent = self._ends(start)
        return [_generated(start, j, None, stamp) for j in steps] + [_generated(start, j, parent, stamp) for j in jumps]

    def moves_from(self, cell: Hex) -> list[Move]:
        """The legal moves of the piece on ``cell`` if it belongs to the side to move."""
        i = INDEX.get(cell)
        if self._unsettled:
            self._settle()
        if i is None or self._outcome is not None or self._occ[i] != self._turn + 1:
            return []
        return self._piece_moves(i, self._stamp)

    def paths_from(self, cell: Hex) -> list[tuple[Hex, ...]]:
        """Every step and EVERY simple jump chain the piece on ``cell`` may make, any seat's piece.

        Unlike ``legal_moves`` this does not deduplicate by end hole: the paper's ACO scores each
        path (eq. 11), so two chains to the same hole are two candidates. Chains are listed in
        depth-first order (directions in ``DIRECTIONS`` order), each after its prefix.
        """
        start = INDEX.get(cell)
        if start is None or not self._occ[start]:
            return []
        occ, k = self._occ, self._occ[start]
        paths: list[tuple[Hex, ...]] = [
            (cell, STAR[j]) for j in NEIGHBOURS[start] if j >= 0 and not occ[j] and self._may_stop(k, start, j)
        ]
        self._chains(start, [start], {start}, k, paths)
        return paths

    def _chains(self, start: int, route: list[int], seen: set[int], k: int, out: list) -> None:
        occ = self._occ
        for over, land in JUMPS[route[-1]]:
            if occ[over] and not occ[land] and land not in seen and self._may_enter(k, land):
                route.append(land)
                seen.add(land)
                if self._may_stop(k, start, land):
                    out.append(tuple(STAR[i] for i in route))
                self._chains(start, route, seen, k, out)
                seen.discard(land)
                route.pop()

    def _check_route(self, move: Move) -> tuple[int, ...]:
        """The index route of ``move`` if it is legal for the side to move (IllegalMoveError otherwise)."""

        if self._unsettled:
            self._settle()
        if self._outcome is not None:
            raise IllegalMoveError("the game is over")
        start = INDEX.get(move.start)
        end = INDEX.get(move.end)
        if start is None or end is None:
            raise IllegalMoveError(f"{move.start if start is None else move.end} is not a hole of the star")
        owner = self._occ[start]
        if owner != self._turn + 1:
            held = f"holds seat {owner}'s piece" if owner else "is empty"
            raise IllegalMoveError(f"{format_cell(move.start)} {held}; seat {self.to_move} is to move")
        if not move.path:
            route = self._routes(start).get(end)
            if route is None and self._occ[end]:
                raise IllegalMoveError(f"{format_cell(move.end)} is occupied")
            if route is None:
                raise IllegalMoveError(f"the piece on {format_cell(move.start)} cannot reach {format_cell(move.end)}")
            return route
        return self._check_path(move)

    def _check_path(self, move: Move) -> tuple[int, ...]:

        path = move.path
        if path[0] != move.start or path[-1] != move.end or len(path) < 2:
            raise IllegalMoveError(f"the path of {format_move(move)} does not run from its start to its end")
        if any(c not in INDEX for c in path):
            raise IllegalMoveError(f"the path of {format_move(move)} leaves the star")
        route = tuple(INDEX[c] for c in path)
        start, k, occ = route[0], self._occ[route[0]], self._occ
        if len(set(route)) != len(route):
            raise IllegalMoveError(f"{format_move(move)} visits a hole twice")
        if len(route) == 2 and route[1] in NEIGHBOURS[start]:
            if occ[route[1]]:
                raise IllegalMoveError(f"{format_cell(path[1])} is occupied")
        else:
            for a, b in zip(route, route[1:], strict=False):
                over = next((o for o, land in JUMPS[a] if land == b), None)
                if over is None:
                    raise IllegalMoveError(
                        f"{format_cell(STAR[a])} to {format_cell(STAR[b])} is neither a step nor a jump")
                if not occ[over]:
                    raise IllegalMoveError(f"no piece to jump over on {format_cell(STAR[over])}")
                if occ[b]:
                    raise IllegalMoveError(f"{format_cell(STAR[b])} is occupied")
                if not self._may_enter(k, b):
                    raise IllegalMoveError(f"{format_cell(STAR[b])} lies in a closed point")
        if not self._may_stop(k, start, route[-1]):
            raise IllegalMoveError(f"a piece may not end a move on {format_cell(move.end)} under these rules")
        return route

    def is_legal(self, move: Move) -> bool:
        if move._found is not None and move._found[3] == self._stamp:
            return True
        try:
            self._check_route(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, move: Move) -> None:
        """Make ``move`` for the side to move (its own path if it gives one, else the board's).

        A move generated in this very position (``legal_moves``, ``moves_from``; on this board or
        a copy) is taken as it is; any other is checked first (IllegalMoveError).
        """
        found = move._found
        if found is not None and found[3] == self._stamp:  # generated here, so already settled
            start, end = found[0], found[1]
        else:
            route = self._check_route(move)  # settles the turn
            start, end = route[0], route[-1]
            move = Move(move.start, move.end, tuple(STAR[i] for i in route))
        turn = self._turn
        k = turn + 1
        self._played.append((move, k, turn, start, end, self._stamp))  # the game was running
        self._stamp = next(_STAMPS)
        occ = self._occ
        occ[start] = 0
        occ[end] = k
        pieces = self._pieces[k]
        pieces.discard(start)
        pieces.add(end)
        goal = self._goal_mask[k]
        entered = goal[end] and not goal[start]
        if goal[end] != goal[start]:
            self._in_goal[k] += goal[end] - goal[start]
        if ((entered and self._goal_complete(k))  # only a piece entering its goal can complete it
                or (self.max_moves is not None and self._ply0 + len(self._played) >= self.max_moves)):
            self._outcome = self._outcome_after(k)
            return
        other = self._opposite_seat[k]
        if other and self._goal_mask[other][end] and not self._goal_mask[other][start] and self._goal_complete(other):
            # a blocker coming home filled the last hole of the goal it blocks: that goal's player wins
            self._outcome = self._outcome_after(other)
            return
        self._turn = k % self.players
        self._unsettled = True

    def _settle(self) -> None:
        """Skip the seat to move if it has no legal move (checked on demand: rarely needed).

        ``play`` hands the turn to the next seat unchecked; whatever reads the turn or the outcome
        settles it first, so a perft leaf or a search node that is never looked at costs nothing.
        """
        self._unsettled = False
        if not self._has_move(self._turn + 1):
            self._turn = (self._turn - 1) % self.players
            self._pass_turn()

    push = play

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._played:
            raise IndexError("no move to undo")
        move, k, self._turn, start, end, self._stamp = self._played.pop()
        self._outcome = None
        self._unsettled = False
        occ = self._occ
        occ[end] = 0
        occ[start] = k
        pieces = self._pieces[k]
        pieces.discard(end)
        pieces.add(start)
        goal = self._goal_mask[k]
        if goal[end] != goal[start]:
            self._in_goal[k] += goal[start] - goal[end]
        return move

    pop = undo

    def _has_move(self, k: int) -> bool:
        """True if seat ``k`` can move; tries first the piece that could step last time (a hint)."""
        occ = self._occ
        no_stop = self._no_stop[k]
        hint = self._mobile[k]
        if occ[hint] == k and (self.rules.leave_goal or not self._goal_mask[k][hint]):
            for j in STEPS[hint]:
                if not occ[j] and not no_stop[j]:
                    return True
        goal = self._goal_mask[k]
        leave = self.rules.leave_goal
        for i in self._pieces[k]:  # a free neighbour it may stop on is the common case
            if leave or not goal[i]:
                for j in STEPS[i]:
                    if not occ[j] and not no_stop[j]:
                        self._mobile[k] = i
                        return True
        return any(any(self._ends(i)[:2]) for i in sorted(self._pieces[k]))

    def _pass_turn(self) -> None:
        """Hand the turn to the next seat that can move; end the game when nobody can."""
        for step in range(1, self.players + 1):
            turn = (self._turn + step) % self.players
            if self._has_move(turn + 1):
                self._turn = turn
                return
        self._outcome = Outcome(None, "no player can move")

    # -- the end ----------------------------------------------------------------------------------
    def _goal_complete(self, k: int) -> bool:
        own = self._in_goal[k]
        if own == PIECES:
            return True
        if self.rules.blocked_goal != "fill" or own == 0:
            return False
        goal = self._goal[k - 1]
        if own == len(goal):
            return True
        owners = {self._occ[i] for i in goal}
        if 0 in owners:
            return False
        blockers = owners - {k}
        return all(self._home[b - 1] == goal and self._pieces[b] for b in blockers)

    def _outcome_after(self, k: int) -> Outcome | None:
        if self._in_goal[k] and self._goal_complete(k):
            own = self._in_goal[k]
            why = "all 10 pieces in the goal" if own == PIECES else f"goal filled ({own} own pieces, the rest blocked)"
            return Outcome(self.seats[k - 1], why)
        if self.max_moves is not None and self._ply0 + len(self._played) >= self.max_moves:
            return Outcome(None, f"move cap of {self.max_moves} moves reached", Termination.MOVE_CAP)
        return None

    def _initial_outcome(self) -> Outcome | None:
        for k in range(1, self.players + 1):
            if self._pieces[k] and self._goal_complete(k):
                return self._outcome_after(k)
        if self.max_moves is not None and self.ply >= self.max_moves:
            return Outcome(None, f"move cap of {self.max_moves} moves reached", Termination.MOVE_CAP)
        if not self._has_move(self._turn + 1):
            self._pass_turn()
        return self._outcome

    # -- notation ---------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """A legal move from notation (``i5-h5``, ``m3:k3:k5``): see ``notation.parse_move``."""

        move = parse_move(text)
        route = self._check_route(move)
        return Move(move.start, move.end, tuple(STAR[i] for i in route))

    def format_move(self, move: Move) -> str:

        return format_move(move)

    @property
    def text(self) -> str:
        """Position notation (see ``notation.format_position``)."""

        return format_position(self)

    def cells(self) -> Iterator[tuple[Hex, str | None]]:
        """Every hole with its occupant's seat (None when empty), in reading order."""
        for i, cell in enumerate(STAR):
            k = self._occ[i]
            yield cell, (self.seats[k - 1] if k else None)

    def __repr__(self) -> str:
        return f"Board({self.text!r})"
