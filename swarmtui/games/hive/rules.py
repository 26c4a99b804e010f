"""Hive rules, base game and the Mosquito/Ladybug/Pillbug expansions, as a python-chess style
``Board`` (legal_moves / play / undo).

The rules are those of the published game as established engines (Mzinga, nokamute) play it,
which refine McGuile's summary (section 3.2) where it is incomplete:

* Placement: the first piece goes anywhere (UHP puts it at the origin), the second player's
  first piece next to it, every later piece touches only its own colour. Tournament rule: no
  Queen on a player's first turn; the Queen must be in play by the player's fourth turn
  (McGuile: "if a player has not placed their Queen Bee by the third move, they must play it
  on their fourth"). Identical bugs enter in number order. No piece moves before its owner's
  Queen is placed.
* One Hive: a ground piece whose cell is an articulation point of the hive graph cannot move
  (instead of McGuile's search per candidate move, section 3.3.2: in a hive without holes,
  counted by ``play``/``undo``, a cell is one exactly when its neighbours form two or more
  arcs; with holes, one linear Tarjan pass per position); the piece under a beetle is pinned.
* Freedom to Move: a ground step from cell x to neighbour n is a slide, allowed when exactly
  one of the two cells beside both x and n is occupied (both: a gate; neither: the piece
  would lose touch with the hive). Beetles moving on or off the hive pass a gate only if one
  of its two stacks is no higher than the higher of source (without the beetle) and target.
* Queen and Beetle one step, Spider exactly three slides without revisiting a cell,
  Grasshopper jumps in a straight line over at least one piece to the first empty cell, Ant
  any number of slides. Pass only when nothing else is legal.
* Game types (UHP ``Base``, ``Base+M`` ... ``Base+MLP``, :class:`GameType`) add one Mosquito,
  Ladybug and/or Pillbug a side; they are placed like any other bug. The readings below are
  the official rulebook's, settled where it is silent the way Mzinga's ``Board.cs`` does (and
  nokamute agrees):

  - **Mosquito** on the ground moves as any bug whose *top* piece touches it (the union of
    their moves; a neighbour under a beetle lends nothing, the beetle on top lends its
    moves). Touching only mosquitoes, it cannot move. Once on top of the hive (it climbed as
    a beetle) it moves only as a beetle until it comes down. It obeys One Hive like any
    ground piece. Touching a Pillbug it may use the Pillbug's special ability (below), also
    when One Hive pins the mosquito itself, but never from on top of the hive.
  - **Ladybug** moves exactly three steps: two on top of the hive, then one down to an empty
    cell, never ending where it started; each step passes gates as a beetle does (a step is
    blocked when both flanking stacks are higher than the higher of where it comes from and
    where it goes).
  - **Pillbug** moves like the Queen (one slide). Its special ability moves an *adjacent*
    piece of either colour up onto the pillbug and down to an empty cell adjacent to the
    pillbug, instead of moving itself. The piece moved must not be covered (a stack of one),
    must not be the piece moved (or placed) on the previous turn, and must not be pinned by
    One Hive; climbing onto and down from the pillbug passes gates as a beetle (blocked by
    two flanking stacks of height two or more). A pillbug may use the ability even when One
    Hive pins it, but not when it is covered or was itself moved on the previous turn.
  - **The piece moved last** (placed, moved, or moved by a pillbug; nothing after a pass)
    cannot move, be moved by a pillbug, or use the pillbug's ability on the next turn. In
    the base game that piece is always the opponent's, so the rule only matters with the
    Pillbug in play.
  - A move is a piece and its destination: a pillbug throw that puts a piece where it could
    also walk, or two pillbugs (a pillbug and a mosquito) throwing the same piece to the same
    cell, is one move (Mzinga's move set), which is what perft counts.
* Outcome: a Queen with six occupied neighbours loses; both at once is a draw. Batch runs
  may add a threefold-repetition draw and a move cap (``Board(repetition=..., move_cap=...)``),
  both off by default because the official rules have neither.

Cells are stored as integers ``q * W + r`` (``W = 2**20 + 11``), which keeps the hot loops free
of tuple arithmetic; the public API speaks ``core.hexgrid.Hex``. ``W`` is odd on purpose: a
Python set or dict puts an integer in slot ``value % table size``, and with a power of two every
cell of a row (same ``r``) would share a slot; with ``W = 11 (mod 64)`` a compact hive's cells
spread over the table (set and dict look-ups about twice as fast). Moves are interned (one
``Move`` object per piece, origin and destination, see ``PLACEMENTS``/``MOVEMENTS``), the
neighbour-mask updates are unrolled over a memoised neighbour table (``AROUND``), ``play`` of a
move not taken from the cached list checks only its own piece's moves, and
:meth:`Board.random_move` draws a uniform legal move without listing them all (MCTS playouts).
Ants take the empty cells round the hive outside the pockets behind gates, found once per
position (``Board._ant_dests``), instead of a flood fill each.
``benchmarks/hive_perft.py`` measures each against the engine before these changes.

Every position carries a 64-bit Zobrist hash (``Board.zobrist``), updated incrementally by
``play``/``undo``: the XOR of one key per piece in play, drawn from the piece's colour, bug and
number, its cell and its height in the stack, plus one key when Black is to move. Search players
key their transposition tables by it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Literal, NamedTuple

from swarmtui.core.hexgrid import DIRECTIONS, Hex
from swarmtui.core.state import IllegalMoveError, Outcome, Termination

if TYPE_CHECKING:
    import numpy as np

from swarmtui.games.hive.pieces import (
    ALL_PIECES,
    BASE,
    BUG_COUNTS,
    BUG_NAMES,
    BUG_ORDER,
    COLOUR_NAMES,
    COLOURS,
    PIECE_CODES,
    PIECES_PER_SIDE,
    Bug,
    GameType,
    Piece,
)

SEATS = ("White", "Black")
GameTypeName = Literal["Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP"]


@dataclass(frozen=True)
class HiveRules:
    """Hive's rule variant for the game descriptor: the UHP game type (which expansion bugs play)."""

    game_type: GameTypeName = field(default="Base", metadata={"help": "UHP game type: Base, Base+M ... Base+MLP"})

# -- integer cells --------------------------------------------------------------------------
W = (1 << 20) + 11
_HALF = W >> 1
D: tuple[int, ...] = tuple(d.q * W + d.r for d in DIRECTIONS)  # E, SE, SW, W, NW, NE
FULL = 63  # all six neighbours occupied


def cell_of(h: Hex) -> int:
    """The integer cell of a hex."""
    return h.q * W + h.r


class _HexOf(dict):
    """Integer cell -> ``Hex`` (memoised: the same few hundred cells recur all game)."""

    def __missing__(self, cell: int) -> Hex:
        r = (cell + _HALF) % W - _HALF
        h = self[cell] = Hex((cell - r) // W, r)
        return h


HEX = _HexOf()


class _Around(dict):
    """Integer cell -> its six neighbours (E, SE, SW, W, NW, NE), memoised like ``HEX``."""

    def __missing__(self, cell: int) -> tuple[int, ...]:
        around = self[cell] = (cell + D[0], cell + D[1], cell + D[2], cell + D[3], cell + D[4], cell + D[5])
        return around


AROUND = _Around()


def _slides(mask: int) -> tuple[int, ...]:
    """Directions a ground piece can slide out of a cell whose occupied neighbours are ``mask``.

    The target must be empty and exactly one of the two cells flanking the step occupied.
    """
    out = []
    for i in range(6):
        left, right = (mask >> ((i - 1) % 6)) & 1, (mask >> ((i + 1) % 6)) & 1
        if not (mask >> i) & 1 and left != right:
            out.append(i)
    return tuple(out)


SLIDE: tuple[tuple[int, ...], ...] = tuple(_slides(m) for m in range(64))
BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(6) if m >> i & 1) for m in range(64))
def _arcs(mask: int) -> int:
    """How many separate runs of occupied neighbours go round a cell (0-3)."""
    if mask == FULL:
        return 1
    return sum(1 for i in range(6) if mask >> i & 1 and not mask >> ((i - 1) % 6) & 1)


ARCS: tuple[int, ...] = tuple(_arcs(m) for m in range(64))
# Landing a piece on an empty cell whose occupied neighbours form k arcs encloses k - 1 new
# empty regions (0 arcs: a new hive; all six: a one-cell hole filled, -1). This is the change
# of E - V - T (edges, cells and triangles of the hive graph), so 1 + E - V - T, kept in
# ``Board._holes``, counts the hive's holes (Euler's formula V - E + T = components - holes).
HOLES_MADE: tuple[int, ...] = tuple((0 if m == FULL else _arcs(m)) - 1 for m in range(64))
# Gate directions of an empty cell: neighbour i empty, both cells flanking the step occupied.
GATE_DIRS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(6) if not m >> i & 1 and m >> ((i - 1) % 6) & 1 and m >> ((i + 1) % 6) & 1)
    for m in range(64))
GATES: tuple[int, ...] = tuple(len(g) for g in GATE_DIRS)
POCKET_LIMIT = 12  # empty cells searched a side of a gate before the ants flood instead
ARC_STARTS: tuple[tuple[int, ...], ...] = tuple(
    () if m == FULL else tuple(i for i in range(6) if m >> i & 1 and not m >> ((i - 1) % 6) & 1) for m in range(64))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(D[i] for i in BITS[m]) for m in range(64))  # occupied ones
_LIFT = tuple((D[i], ~(1 << ((i + 3) % 6))) for i in range(6))  # neighbour offset, mask bits kept
_LAND = tuple((D[i], 1 << ((i + 3) % 6)) for i in range(6))  # neighbour offset, mask bit set
_KEEP = tuple(63 & ~(1 << ((i + 3) % 6)) for i in range(6))  # neighbour i's mask without the centre cell
_OPEN = tuple(tuple((D[i], _KEEP[i]) for i in range(6) if not m >> i & 1) for m in range(64))  # empty neighbours
STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(D[i] for i in SLIDE[m]) for m in range(64))  # as cell offsets
# A ground beetle's moves when no stack is two high (no gate can close over it): its slides,
# then a climb onto each occupied neighbour (the order _beetle_steps gives them).
BEETLE_GROUND: tuple[tuple[int, ...], ...] = tuple(STEPS[m] + NEIGHBOURS[m] for m in range(64))

# -- pieces as small integers ---------------------------------------------------------------
QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG = range(8)
KIND_START = (0, 1, 3, 5, 8, 11, 12, 13)
KIND_COUNT = tuple(BUG_COUNTS[b] for b in BUG_ORDER)
CLIMBERS = (BEETLE, MOSQUITO)  # the bugs that can end a move on top of the hive
KIND: tuple[int, ...] = tuple(BUG_ORDER.index(p.bug) for p in ALL_PIECES[:PIECES_PER_SIDE]) * 2
COLOUR_OF: tuple[int, ...] = tuple(code // PIECES_PER_SIDE for code in range(len(ALL_PIECES)))  # 0 white, 1 black


# -- Zobrist keys ---------------------------------------------------------------------------
_MASK64 = (1 << 64) - 1


def _mix64(x: int) -> int:
    """The splitmix64 finaliser: a 64-bit bijection that scatters nearby integers."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _piece_seed(piece: Piece) -> int:
    """A fixed 64-bit number per tile, from its colour, bug letter and number only (so new bug
    kinds get keys without a table, and keys do not depend on the order of ``ALL_PIECES``)."""
    name = f"{piece.colour}{piece.bug.value}{piece.number}".encode()
    return int.from_bytes(hashlib.blake2b(name, digest_size=8, person=b"swarmtui-hive").digest(), "big")


_PIECE_SEED: tuple[int, ...] = tuple(_piece_seed(p) for p in ALL_PIECES)
ZOBRIST_BLACK_TO_MOVE = _mix64(0x5EED_B1AC)  # XORed in when Black is to move
ZOBRIST_LAST_MOVED: tuple[int, ...] = tuple(_mix64(seed ^ 0x1A57_B0B) for seed in _PIECE_SEED)  # Pillbug games


def zobrist_index(code: int, cell: int, height: int) -> int:
    """The ``ZOBRIST`` index of piece ``code`` at ``height`` (1 = on the ground) on ``cell``."""
    return (cell << 10) | (height << 6) | code


class _ZobristKeys(dict):
    """``zobrist_index(code, cell, height)`` -> 64-bit key, made on first use (the board is
    unbounded, so keys cannot be tabled in advance) and deterministic across runs."""

    def __missing__(self, index: int) -> int:
        code, height, cell = index & 63, (index >> 6) & 15, index >> 10
        key = self[index] = _mix64(_PIECE_SEED[code] ^ _mix64((cell & _MASK64) ^ (height << 58)))
        return key


ZOBRIST = _ZobristKeys()
assert len(ALL_PIECES) <= 64  # zobrist_index packs the piece code into 6 bits


class Move(NamedTuple):
    """A move: a placement (``origin`` None), a movement, or a pass (all three None)."""

    piece: Piece | None
    origin: Hex | None
    dest: Hex | None

    @property
    def is_placement(self) -> bool:
        return self.piece is not None and self.origin is None


PASS = Move(None, None, None)
_new_move = tuple.__new__  # Move(...) without the namedtuple's Python-level __new__ (hot loop)


# -- interned moves -------------------------------------------------------------------------
# The generator hands out one shared ``Move`` object per (piece, origin, destination) instead
# of building ~65 new tuples per position: a move list is then a run of dict look-ups done in
# C (``_look_up``: ``operator.itemgetter``), the cyclic garbage collector sees far fewer new
# objects, and ``play``'s membership test usually succeeds on identity. Moves stay plain
# values: a ``Move`` built by hand equals (and hashes like) the interned one.
INTERNED_MOVES_LIMIT = 200_000  # moves kept before the tables start afresh (a drifting hive in a long-lived process)
_interned = [0]  # moves made so far (shared by every table)


class _PlacementMoves(dict):
    """Integer cell -> the interned placement of one piece on that cell."""

    __slots__ = ("piece",)

    def __init__(self, piece: Piece) -> None:
        super().__init__()
        self.piece = piece

    def __missing__(self, cell: int) -> Move:
        _count_interned()
        move = self[cell] = _new_move(Move, (self.piece, None, HEX[cell]))
        return move


class _StepMoves(dict):
    """Integer destination -> the interned move of one piece from one origin."""

    __slots__ = ("piece", "origin")

    def __init__(self, piece: Piece, origin: Hex) -> None:
        super().__init__()
        self.piece, self.origin = piece, origin

    def __missing__(self, cell: int) -> Move:
        _count_interned()
        move = self[cell] = _new_move(Move, (self.piece, self.origin, HEX[cell]))
        return move


class _OriginMoves(dict):
    """Integer origin -> the :class:`_StepMoves` of one piece from there."""

    __slots__ = ("piece",)

    def __init__(self, piece: Piece) -> None:
        super().__init__()
        self.piece = piece

    def __missing__(self, cell: int) -> _StepMoves:
        table = self[cell] = _StepMoves(self.piece, HEX[cell])
        return table


PLACEMENTS: tuple[_PlacementMoves, ...] = tuple(_PlacementMoves(p) for p in ALL_PIECES)
MOVEMENTS: tuple[_OriginMoves, ...] = tuple(_OriginMoves(p) for p in ALL_PIECES)


def _look_up(table: Mapping[int, Move], cells: Collection[int]) -> Sequence[Move]:
    """``[table[c] for c in cells]`` in C: ``operator.itemgetter`` for many cells (about
    twice as fast as ``map(table.__getitem__, cells)`` for an ant's thirty-odd destinations,
    slower for a few)."""
    if len(cells) > 6:
        return itemgetter(*cells)(table)
    return list(map(table.__getitem__, cells))


def _count_interned() -> None:
    """Count one new interned move; past ``INTERNED_MOVES_LIMIT`` empty every table (they
    refill on demand; moves already handed out stay valid values)."""
    _interned[0] += 1
    if _interned[0] > INTERNED_MOVES_LIMIT:
        _interned[0] = 0
        for table in (*PLACEMENTS, *MOVEMENTS):
            table.clear()


def colour_index(colour: str) -> int:
    """0 for white (``"w"``/``"White"``), 1 for black."""
    key = colour[:1].lower()
    if key not in COLOURS:
        raise ValueError(f"{colour!r} is not a colour (w/White or b/Black)")
    return COLOURS.index(key)


class Board:
    """A Hive position with its move history, like ``chess.Board``.

    ``game_type`` (a :class:`GameType` or its UHP name, default ``Base``) says which expansion
    bugs are in the players' hands. ``repetition=True`` declares a draw when a position
    (pieces, stacks and side to move) occurs for the third time; ``move_cap=N`` declares a
    draw after N plies. Both are for batch runs of agents that could otherwise shuffle
    forever; the official rules have neither, so both are off by default.
    """

    seats: Sequence[str] = SEATS

    def __init__(self, *, game_type: GameType | str = BASE, repetition: bool = False,
                 move_cap: int | None = None) -> None:
        if move_cap is not None and move_cap < 1:
            raise ValueError("move_cap must be at least 1 ply")
        self.game_type = game_type if isinstance(game_type, GameType) else GameType.parse(game_type)
        self._count = tuple(self.game_type.count(b) for b in BUG_ORDER)  # tiles a side per bug kind
        self._kinds = tuple(k for k in range(8) if self._count[k])  # the bug kinds in this game
        self._codes = tuple(tuple(c for c in range(side * PIECES_PER_SIDE, (side + 1) * PIECES_PER_SIDE)
                                  if c % PIECES_PER_SIDE - KIND_START[KIND[c]] < self._count[KIND[c]])
                            for side in (0, 1))  # each side's tiles in this game
        self._pillbug = self.game_type.pillbug  # the only bug that moves other pieces
        self.repetition = repetition
        self.move_cap = move_cap
        self._stacks: dict[int, list[int]] = {}  # cell -> piece codes, bottom to top
        self._nmask: dict[int, int] = {}  # cell -> bit i set if neighbour i is occupied
        self._pos: list[int | None] = [None] * len(ALL_PIECES)
        self._placed = [[0] * 8, [0] * 8]  # pieces placed per colour and bug kind
        self._hand_kinds = [len(self._kinds)] * 2  # bug kinds per colour with a piece still in hand
        self._ply = 0
        self.history: list[Move] = []
        self._outcome: Outcome | None = None
        self._legal: list[Move] | None = None
        self._cut: set[int] | None = None  # articulation points of this position, once needed
        self._holes = 1  # enclosed empty regions of the hive (HOLES_MADE; 1 on the empty board)
        self._tall = 0  # stacks two or more high
        self._rim: tuple[set[int] | None, set[int]] | None = None  # _rim_cells, once needed
        self._seen: dict[tuple, int] = {}
        self._keys: list[tuple] = []
        self._hash = 0
        self._stun0 = -1  # the piece moved last before the history starts (set-up positions)
        self._drawn: Move | None = None  # the move random_move just drew here (known legal)
        if repetition:
            self._remember()

    # -- position -------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        """Moves (passes included) played since the empty board."""
        return self._ply

    @property
    def turn(self) -> int:
        """The UHP turn number: 1 for each side's first move, 2 for its second, ..."""
        return self._ply // 2 + 1

    @property
    def to_move(self) -> str:
        return SEATS[self._ply & 1]

    @property
    def colour_to_move(self) -> str:
        """``"w"`` or ``"b"``."""
        return COLOURS[self._ply & 1]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def highlights(self) -> tuple[Move, ...]:
        """Nothing to point out beyond the last move (``GameState.highlights``)."""
        return ()

    def is_over(self) -> bool:
        return self._outcome is not None

    def position(self, piece: Piece) -> Hex | None:
        """Where ``piece`` is (None while in hand)."""
        cell = self._pos[PIECE_CODES[piece]]
        return None if cell is None else HEX[cell]

    def stack(self, cell: Hex) -> tuple[Piece, ...]:
        """The pieces on ``cell``, bottom to top (empty tuple for an empty cell)."""
        return tuple(ALL_PIECES[c] for c in self._stacks.get(cell_of(cell), ()))

    def height(self, cell: Hex) -> int:
        return len(self._stacks.get(cell_of(cell), ()))

    def top(self, cell: Hex) -> Piece | None:
        st = self._stacks.get(cell_of(cell))
        return ALL_PIECES[st[-1]] if st else None

    def occupied(self) -> list[Hex]:
        """The occupied cells."""
        return [HEX[c] for c in self._stacks]

    def in_hand(self, colour: str) -> list[Piece]:
        """``colour``'s pieces of this game type not yet placed, in number order (Q, S1, ..., A3, M, L, P)."""
        base = colour_index(colour) * PIECES_PER_SIDE
        count = self._count
        return [ALL_PIECES[c] for c in range(base, base + PIECES_PER_SIDE)
                if self._pos[c] is None and c - base - KIND_START[KIND[c]] < count[KIND[c]]]

    def pieces(self) -> list[Piece]:
        """Every tile of this game type, both colours (in play or in hand)."""
        count = self._count
        return [p for c, p in enumerate(ALL_PIECES) if c % PIECES_PER_SIDE - KIND_START[KIND[c]] < count[KIND[c]]]

    @property
    def last_moved(self) -> Piece | None:
        """The piece placed or moved on the previous turn (None at the start and after a pass).

        With the Pillbug in play it cannot move, be moved or use the pillbug's ability now.
        """
        code = self._stunned()
        return None if code < 0 else ALL_PIECES[code]

    def pieces_on_board(self, colour: str) -> list[Piece]:
        """``colour``'s pieces in the hive (covered ones included)."""
        base = colour_index(colour) * PIECES_PER_SIDE
        return [ALL_PIECES[c] for c in range(base, base + PIECES_PER_SIDE) if self._pos[c] is not None]

    def queen(self, colour: str) -> Hex | None:
        cell = self._pos[colour_index(colour) * PIECES_PER_SIDE]
        return None if cell is None else HEX[cell]

    def neighbours_occupied(self, cell: Hex) -> int:
        """How many of ``cell``'s six neighbours hold a piece."""
        return len(BITS[self._nmask.get(cell_of(cell), 0)])

    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist hash of the position (pieces by colour, bug, number, cell and
        height, and the side to move); equal positions reached by different move orders agree.
        With the Pillbug in play the piece moved last is part of the position (it decides what
        may move), so its key is mixed in too, as in Mzinga's Zobrist key."""
        if self._pillbug:
            stunned = self._stunned()
            if stunned >= 0:
                return self._hash ^ ZOBRIST_LAST_MOVED[stunned]
        return self._hash

    def zobrist_from_scratch(self) -> int:
        """The Zobrist hash recomputed from the stacks (the incremental one must equal it)."""
        h = ZOBRIST_BLACK_TO_MOVE if self._ply & 1 else 0
        for cell, st in self._stacks.items():
            for height, code in enumerate(st, 1):
                h ^= ZOBRIST[zobrist_index(code, cell, height)]
        stunned = self._stunned() if self._pillbug else -1
        return h ^ ZOBRIST_LAST_MOVED[stunned] if stunned >= 0 else h

    def position_key(self) -> tuple:
        """The position as a hashable value: side to move and every stack (not the history).

        With the Pillbug in play the piece moved last is part of the position (it decides
        what may move), as in Mzinga's Zobrist key.
        """
        key = (self._ply & 1, tuple(sorted((c, tuple(s)) for c, s in self._stacks.items())))
        return (*key, self._stunned()) if self._pillbug else key

    def _stunned(self) -> int:
        """The code of the piece placed or moved by the previous ply, -1 if none (start, pass)."""
        if not self.history:
            return self._stun0
        piece = self.history[-1][0]
        return -1 if piece is None else PIECE_CODES[piece]

    # -- move generation --------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move; ``[PASS]`` when the side to move has none; ``[]`` once over."""
        if self._legal is not None:
            return list(self._legal)
        if self._outcome is not None:
            moves: list[Move] = []
        else:
            colour = self._ply & 1
            moves = self._placements(colour, None)
            if self._pos[colour * PIECES_PER_SIDE] is not None:
                if self._pillbug:
                    stunned = self._stunned()
                    for code in self._codes[colour]:
                        if code != stunned:
                            self._movements(code, moves)
                    if self._throws(colour, stunned, moves):
                        moves = list(dict.fromkeys(moves))  # a throw may repeat a walk or another throw
                else:
                    pos, dests, movements = self._pos, self._dests, MOVEMENTS
                    for code in self._codes[colour]:
                        cell = pos[code]
                        if cell is not None:
                            found = dests(code)
                            if found:
                                if len(found) > 6:  # _look_up, inlined (hot path)
                                    moves += itemgetter(*found)(movements[code][cell])
                                else:
                                    moves += map(movements[code][cell].__getitem__, found)
            if not moves:
                moves.append(PASS)
        self._legal = moves
        return list(moves)

    def random_move(self, rng: np.random.Generator) -> Move:
        """A uniformly random legal move (each move of ``legal_moves()`` with probability
        1 / its length), drawn without listing every move: a playout's move picker.

        Rejection sampling over upper bounds: placements are counted exactly (bugs x cells);
        each piece in play gets a cheap bound on its move count (6 for a queen, beetle,
        grasshopper or a bug on top of the hive; the number of empty cells touching the hive
        for an ant, spider or ladybug; that plus 6 for a mosquito); a draw among all bound
        slots that falls on a piece generates that piece's moves only, and lands on one of
        them or, past their number, is drawn again with the piece's bound now exact. Every
        legal move owns one slot in every draw, so the accepted move is uniform; a piece is
        generated at most once. With the Pillbug in play (a throw may repeat a walk) the move
        is drawn from the full list. Draws are ``floor(u * n)`` of ``u = rng.random()`` (uniform
        up to n / 2**53, and cheaper than ``rng.integers``). ``ValueError`` once the game is over.
        """
        if self._outcome is not None:
            raise ValueError("the game is over: no move to draw")
        if self._pillbug:
            legal = self.legal_moves()
            return legal[int(rng.random() * len(legal))]
        colour = self._ply & 1
        base = colour * PIECES_PER_SIDE
        placed = self._placed[colour]
        codes = [base + KIND_START[k] + placed[k] for k in self._placeable_kinds(colour)]
        cells = self._placement_cells(colour) if codes else []
        spots = len(cells)
        total = placing = len(codes) * spots
        pieces: list[int] = []
        homes: list[int] = []
        bounds: list[int] = []
        stacks, pos, nmask = self._stacks, self._pos, self._nmask
        if pos[base] is not None:
            perimeter = len(nmask) - len(stacks) if len(stacks) > 1 else 6  # empty cells touching the hive
            for code in self._codes[colour]:
                cell = pos[code]
                if cell is None:
                    continue
                st = stacks[cell]
                if st[-1] != code:
                    continue  # pinned under a beetle
                kind = KIND[code]
                if len(st) > 1:
                    bound = 6  # on top of the hive: one step per direction
                elif kind == QUEEN or kind == PILLBUG:
                    bound = len(STEPS[nmask.get(cell, 0)])  # its slides (exact unless One Hive pins it)
                elif kind == GRASSHOPPER:
                    bound = len(BITS[nmask.get(cell, 0)])  # one jump over each occupied neighbour
                elif kind == BEETLE:
                    bound = len(STEPS[nmask.get(cell, 0)]) + len(BITS[nmask.get(cell, 0)])  # slides and climbs
                elif kind == MOSQUITO:
                    bound = perimeter + 6
                else:
                    bound = perimeter  # ant, spider, ladybug: they end on an empty cell touching the hive
                pieces.append(code)
                homes.append(cell)
                bounds.append(bound)
                total += bound
        generated: dict[int, list[Move]] = {}
        draw = rng.random  # a float draw is several times cheaper than rng.integers; floor(u * n) is
        while total:        # uniform on 0..n-1 up to n / 2**53
            k = int(draw() * total)
            if k < placing:
                move = PLACEMENTS[codes[k // spots]][cells[k % spots]]
                self._drawn = move
                return move
            k -= placing
            i = 0
            while k >= bounds[i]:
                k -= bounds[i]
                i += 1
            code = pieces[i]
            moves = generated.get(code)
            if moves is None:
                moves = generated[code] = []
                cell = homes[i]
                if self._cut is not None or len(stacks[cell]) > 1 or not self._splits(cell):
                    dests = self._dests(code, free=self._cut is None)
                    if dests:
                        moves += _look_up(MOVEMENTS[code][cell], dests)
                total += len(moves) - bounds[i]
                bounds[i] = len(moves)
            if k < len(moves):
                move = moves[k]
                self._drawn = move
                return move
        return PASS

    def moves_for(self, piece: Piece) -> list[Move]:
        """The legal moves of one piece (its placements while it is in hand; with the Pillbug in
        play also its throws, so an opponent's piece may have moves)."""
        code = PIECE_CODES[piece]
        colour = code // PIECES_PER_SIDE
        if self._pillbug and self._pos[code] is not None:  # a pillbug may move it, whatever its colour
            return [m for m in self.legal_moves() if m[0] == piece]
        if self._outcome is not None or colour != self._ply & 1:
            return []
        if self._pos[code] is None:
            return self._placements(colour, code)
        moves: list[Move] = []
        if self._pos[colour * PIECES_PER_SIDE] is not None:
            self._movements(code, moves)
        return moves

    def _placeable_kinds(self, colour: int) -> list[int]:
        turn = self._ply >> 1
        placed = self._placed[colour]
        if turn == 3 and placed[QUEEN] == 0:
            return [QUEEN]  # the Queen must be in play by the fourth turn
        count = self._count
        return [k for k in self._kinds if placed[k] < count[k] and not (k == QUEEN and turn == 0)]

    def _placement_cells(self, colour: int) -> list[int]:
        """The empty cells where ``colour`` may place a piece."""
        return list(self._placement_set(colour))

    def _placement_set(self, colour: int) -> set[int]:
        stacks = self._stacks
        if not stacks:
            return {0}
        if not any(self._placed[colour]):  # the second player's first piece: beside the others
            beside: set[int] = set()
            for cell in stacks:
                beside.update(AROUND[cell])
            beside.difference_update(stacks)
            return beside
        own: set[int] = set()
        enemy = []
        around = AROUND
        for cell, st in stacks.items():
            if COLOUR_OF[st[-1]] == colour:
                own.update(around[cell])
            else:
                enemy.append(cell)
        for cell in enemy:
            own.difference_update(around[cell])
        own.difference_update(stacks)
        return own

    def _placements(self, colour: int, only: int | None) -> list[Move]:
        if not self._hand_kinds[colour]:
            return []  # every piece is in play
        base = colour * PIECES_PER_SIDE
        codes = [base + KIND_START[k] + self._placed[colour][k] for k in self._placeable_kinds(colour)]
        if only is not None:
            codes = [c for c in codes if c == only]
        if not codes:
            return []
        cells = self._placement_cells(colour)
        moves: list[Move] = []
        for code in codes:
            moves += _look_up(PLACEMENTS[code], cells)
        return moves

    def _movements(self, code: int, moves: list[Move]) -> None:
        """Append the moves of piece ``code`` (its own way of moving, not a pillbug's throws)."""
        dests = self._dests(code)
        if dests:
            moves += _look_up(MOVEMENTS[code][self._pos[code]], dests)

    def _dests(self, code: int, free: bool = False) -> list[int] | set[int]:
        """The cells piece ``code`` can move to by itself (empty when it is in hand, covered or
        pinned by One Hive; ``free``: the caller has checked One Hive already)."""
        cell = self._pos[code]
        if cell is None:
            return []
        st = self._stacks[cell]
        if st[-1] != code:
            return []  # pinned under a beetle
        if len(st) > 1:
            return self._beetle_steps(cell, len(st))  # a beetle or mosquito on top of the hive
        if not free and self._is_cut(cell):
            return []  # One Hive
        kind = KIND[code]
        if kind == ANT:
            return self._ant_dests(cell)
        if kind == GRASSHOPPER:
            return self._jumps(cell)
        if kind == SPIDER:
            return self._spider_dests(cell)
        if kind == QUEEN or kind == PILLBUG:
            return [cell + step for step in STEPS[self._nmask.get(cell, 0)]]
        if kind == BEETLE:
            if not self._tall:
                return [cell + step for step in BEETLE_GROUND[self._nmask.get(cell, 0)]]
            return [cell + step for step in STEPS[self._nmask.get(cell, 0)]] + self._beetle_steps(cell, 1)
        if kind == LADYBUG:
            return self._ladybug_dests(cell)
        return self._mosquito_dests(cell)

    def count_moves(self) -> int:
        """``len(self.legal_moves())``, without building the moves where it can (perft's last
        ply): the placements are bugs x cells and each piece's destinations are counted from
        the same generator ``legal_moves`` uses. With the Pillbug in play (a throw may repeat a
        walk) the list is built and counted."""
        if self._legal is not None:
            return len(self._legal)
        if self._outcome is not None:
            return 0
        if self._pillbug:
            return len(self.legal_moves())
        colour = self._ply & 1
        turn = self._ply >> 1  # the kinds _placeable_kinds lists, counted
        if turn == 3 and not self._placed[colour][QUEEN]:
            kinds = 1
        else:
            kinds = self._hand_kinds[colour] - (turn == 0 and not self._placed[colour][QUEEN])  # no Queen on turn 1
        count = kinds * len(self._placement_set(colour)) if kinds else 0
        pos = self._pos
        if pos[colour * PIECES_PER_SIDE] is not None:
            dests = self._dests
            for code in self._codes[colour]:
                if pos[code] is not None:
                    count += len(dests(code))
        return count or 1  # nothing else legal: the pass

    def _is_cut(self, cell: int) -> bool:
        """Would lifting the piece on ``cell`` split the hive?

        Only a cell whose occupied neighbours form two or more separate arcs can be an
        articulation point (one arc stays joined round it), so most cells are answered from
        the neighbour mask. In a hive without holes every such cell is one: two arcs joined
        by a path that avoids the cell would close a ring round the empty cells between them
        (a hole). With holes, one Tarjan pass answers, kept until the hive changes.
        """
        if ARCS[self._nmask.get(cell, 0)] < 2:
            return False
        if not self._holes:
            return True
        if self._cut is None:
            self._cut = self._cut_cells()
        return cell in self._cut

    def _splits(self, cell: int) -> bool:
        """Would lifting the piece on ``cell`` split the hive? One breadth-first search over the
        hive without ``cell``, from one arc of its neighbours until it has met every other arc
        (a piece on a ring usually closes it within a few cells): cheaper than a Tarjan pass
        when only one or two pieces are asked about (``random_move``). Without holes the
        neighbour mask answers, as in :meth:`_is_cut`."""
        nmask = self._nmask
        mask = nmask.get(cell, 0)
        starts = ARC_STARTS[mask]
        if len(starts) < 2:
            return False
        if not self._holes:
            return True  # see _is_cut
        others = {cell + D[i] for i in starts[1:]}
        first = cell + D[starts[0]]
        seen = {cell, first}
        order = [first]
        left = len(others)
        for x in order:  # grows while it is walked: breadth-first
            for step in NEIGHBOURS[nmask[x]]:
                n = x + step
                if n not in seen:
                    if n in others:
                        left -= 1
                        if not left:
                            return False
                    seen.add(n)
                    order.append(n)
        return True

    def _holes_from_scratch(self) -> int:
        """``_holes`` recomputed: 1 + E - V - T over the hive graph (cells, touching pairs and
        triangles of three mutually touching cells); the holes of a connected hive."""
        nmask = self._nmask
        edges = triangles = 0
        for cell in self._stacks:
            mask = nmask.get(cell, 0)
            edges += len(BITS[mask])
            triangles += len(BITS[mask & ((mask >> 1) | ((mask & 1) << 5))])  # neighbours i, i+1 both occupied
        return 1 + edges // 2 - len(self._stacks) - triangles // 3

    def _cut_cells(self) -> set[int]:
        """Articulation points of the hive (cells whose removal splits it): Tarjan, one pass."""
        stacks, nmask = self._stacks, self._nmask
        cut: set[int] = set()
        if len(stacks) < 3:
            return cut
        num: dict[int, int] = {}

        def visit(cell: int, parent: int | None) -> int:
            n = num[cell] = len(num)
            lowest = n
            children = 0
            for step in NEIGHBOURS[nmask[cell]]:
                nb = cell + step
                seen = num.get(nb)
                if seen is None:
                    children += 1
                    sub = visit(nb, cell)
                    if sub < lowest:
                        lowest = sub
                    if sub >= n and parent is not None:
                        cut.add(cell)
                elif nb != parent and seen < lowest:
                    lowest = seen
            if parent is None and children > 1:
                cut.add(cell)
            return lowest

        visit(next(iter(stacks)), None)
        return cut

    def _beetle_steps(self, cell: int, height: int) -> list[int]:
        """Beetle steps onto, across or off the hive (gates measured in stack heights).

        A step to neighbour i is blocked when both flanking stacks are higher than the higher
        of the source (without the beetle) and the target; steps between two ground cells are
        left to the sliding rule.
        """
        get = self._stacks.get
        e, se, sw, w, nw, ne = AROUND[cell]
        heights = (len(get(e, ())), len(get(se, ())), len(get(sw, ())), len(get(w, ())), len(get(nw, ())),
                   len(get(ne, ())))
        below = height - 1
        out = []
        for i in range(6):
            barrier = below if below > heights[i] else heights[i]
            if barrier == 0:
                continue
            if heights[i - 1] > barrier and heights[(i + 1) % 6] > barrier:
                continue
            out.append(cell + D[i])
        return out

    def _ladybug_dests(self, cell: int) -> set[int]:
        """Two steps on top of the hive, then one down to an empty cell other than the start.

        Each step passes a gate as a beetle does; heights are those without the ladybug.
        """
        stacks = self._stacks

        def height(x: int) -> int:
            return len(stacks[x]) if x in stacks and x != cell else 0

        def passes(a: int, i: int) -> bool:
            """Can a bug on stack ``a`` (of its height without the bug) step in direction ``i``?"""
            barrier = max(height(a), height(a + D[i]))
            return not (height(a + D[i - 1]) > barrier and height(a + D[(i + 1) % 6]) > barrier)

        out: set[int] = set()
        for i in range(6):
            s1 = cell + D[i]
            if not height(s1) or not passes(cell, i):
                continue
            for j in range(6):
                s2 = s1 + D[j]
                if not height(s2) or not passes(s1, j):
                    continue
                for k in range(6):
                    s3 = s2 + D[k]
                    if s3 != cell and not height(s3) and passes(s2, k):
                        out.add(s3)
        return out

    def _mosquito_dests(self, cell: int) -> set[int]:
        """A ground mosquito's moves: those of every bug whose top piece touches it."""
        stacks = self._stacks
        kinds = {KIND[stacks[cell + d][-1]] for d in NEIGHBOURS[self._nmask.get(cell, 0)]}
        out: set[int] = set()
        if ANT in kinds:
            out.update(self._ant_dests(cell))  # an ant's slides include every single slide
        elif kinds & {QUEEN, PILLBUG, BEETLE}:
            out.update(cell + step for step in STEPS[self._nmask.get(cell, 0)])
        if SPIDER in kinds:
            out.update(self._spider_dests(cell))
        if GRASSHOPPER in kinds:
            out.update(self._jumps(cell))
        if BEETLE in kinds:
            out.update(self._beetle_steps(cell, 1))
        if LADYBUG in kinds:
            out.update(self._ladybug_dests(cell))
        return out

    def _throws(self, colour: int, stunned: int, moves: list[Move]) -> bool:
        """Add the pillbugs' special-ability moves of ``colour``; True if any was added.

        A ground pillbug, or a ground mosquito touching a pillbug's top piece, uncovered and
        not moved on the previous turn (``stunned``), may move an adjacent uncovered piece
        that is not ``stunned`` and not pinned by One Hive up onto itself and down to an empty
        neighbour. Both steps pass gates as a beetle does: with the thrower a stack of one, a
        step is blocked when both flanking stacks are two or more high.
        """
        stacks, pos = self._stacks, self._pos
        base = colour * PIECES_PER_SIDE
        added = False
        for code in (base + KIND_START[PILLBUG], base + KIND_START[MOSQUITO]):
            cell = pos[code]
            if cell is None or code == stunned or len(stacks[cell]) != 1:
                continue
            nbrs = NEIGHBOURS[self._nmask.get(cell, 0)]
            if code != base + KIND_START[PILLBUG] and not any(KIND[stacks[cell + d][-1]] == PILLBUG for d in nbrs):
                continue
            tall = [cell + D[i] in stacks and len(stacks[cell + D[i]]) > 1 for i in range(6)]
            open_dirs = [i for i in range(6) if not (tall[i - 1] and tall[(i + 1) % 6])]
            sources = [i for i in open_dirs if cell + D[i] in stacks and len(stacks[cell + D[i]]) == 1]
            targets = [cell + D[i] for i in open_dirs if cell + D[i] not in stacks]
            if not targets:
                continue
            for i in sources:
                src = cell + D[i]
                victim = stacks[src][0]
                if victim == stunned or self._is_cut(src):
                    continue
                moves += _look_up(MOVEMENTS[victim][src], targets)
                added = True
        return added

    def _jumps(self, cell: int) -> list[int]:
        stacks = self._stacks
        out = []
        for d in NEIGHBOURS[self._nmask.get(cell, 0)]:  # over each occupied neighbour
            n = cell + d + d
            while n in stacks:
                n += d
            out.append(n)
        return out

    def _lift(self, cell: int) -> None:
        """Mark ``cell`` empty in the neighbour masks (the moving piece leaves it).

        Unrolled over the six neighbours (E, SE, SW, W, NW, NE): neighbour i loses its bit
        (i + 3) % 6, the direction back to ``cell``; a mask that becomes empty is dropped.
        """
        nmask = self._nmask
        e, se, sw, w, nw, ne = AROUND[cell]
        m = nmask[e] & 55
        if m:
            nmask[e] = m
        else:
            del nmask[e]
        m = nmask[se] & 47
        if m:
            nmask[se] = m
        else:
            del nmask[se]
        m = nmask[sw] & 31
        if m:
            nmask[sw] = m
        else:
            del nmask[sw]
        m = nmask[w] & 62
        if m:
            nmask[w] = m
        else:
            del nmask[w]
        m = nmask[nw] & 61
        if m:
            nmask[nw] = m
        else:
            del nmask[nw]
        m = nmask[ne] & 59
        if m:
            nmask[ne] = m
        else:
            del nmask[ne]

    def _land(self, cell: int) -> None:
        """Mark ``cell`` occupied in the neighbour masks (unrolled as in :meth:`_lift`)."""
        nmask = self._nmask
        get = nmask.get
        e, se, sw, w, nw, ne = AROUND[cell]
        nmask[e] = get(e, 0) | 8
        nmask[se] = get(se, 0) | 16
        nmask[sw] = get(sw, 0) | 32
        nmask[w] = get(w, 0) | 1
        nmask[nw] = get(nw, 0) | 2
        nmask[ne] = get(ne, 0) | 4

    def _ant_dests_beside_pockets(self, cell: int, reach: set[int], beside: list[int], alone: list[int]) -> set[int]:
        """``_ant_dests`` for an ant touching pockets (cells ``beside``) in a hive without holes.

        Lifting the ant changes no pocket it does not touch, adds no gate (the caller checked
        its cell), and every gate it opens joins two of its neighbours; the rim outside the
        pockets (``reach``) stays one slide-connected whole. So only the pockets beside it are
        searched, from the ant's cell and from each of those pocket cells, without entering
        ``reach``: the ant reaches its own search's cells, and if that search touched
        ``reach``, all of ``reach`` (less the cells only the ant touched, ``alone``) and every
        other search that touched it.
        """
        self._lift(cell)
        get = self._nmask.get
        seen = {cell}

        def search(start: int) -> tuple[list[int], bool]:
            found, touched = [start], False
            seen.add(start)
            for x in found:  # grows while it is walked
                for step in STEPS[get(x, 0)]:
                    n = x + step
                    if n not in seen:
                        if n in reach:
                            touched = True
                        else:
                            seen.add(n)
                            found.append(n)
            return found, touched

        own, touched = search(cell)
        if touched:
            out = reach.difference(alone)
            out.update(own)
            for start in beside:
                if start not in seen:
                    found, joined = search(start)
                    if joined:
                        out.update(found)
        else:
            out = set(own)
        self._land(cell)
        out.discard(cell)
        return out

    def _rim_cells(self) -> tuple[set[int] | None, set[int]]:
        """For a hive without holes: the empty cells touching the hive outside every pocket
        (None if a pocket is too big to follow: the caller floods instead), and the pockets'
        cells. A gate's pocket holds one of its two cells, and the pieces that close a
        pocket or flank its gate all touch a pocket cell."""
        nmask = self._nmask
        reach = nmask.keys() - self._stacks.keys()
        gated = [x for x in reach if GATES[nmask[x]]]
        if not gated:
            return reach, set()
        pockets = {x for x in gated if ARCS[nmask[x]] == 1}  # one-cell pockets: five neighbours
        for x in gated:
            if x in pockets:
                continue  # in a pocket found through another gate (nested) or the same one
            for i in GATE_DIRS[nmask[x]]:
                y = x + D[i]
                if y not in pockets:
                    pocket = self._pocket(x, y)
                    if pocket is None:
                        return None, pockets
                    pockets |= pocket
        reach -= pockets
        return reach, pockets

    def _pocket(self, x: int, y: int) -> set[int] | None:
        """The empty cells on the closed side of the gate between empty cells ``x`` and ``y``.

        The gate's flanking pieces are joined through the hive, and that chain with the gate
        closes a ring: the cells on one side meet the others only across the gate, and one
        side is finite. Each side is searched (empty neighbours, not across the gate), the
        more enclosed end first, until one runs out within ``POCKET_LIMIT`` cells; None if
        neither does.
        """
        nmask = self._nmask
        if len(BITS[nmask[y]]) > len(BITS[nmask[x]]):
            x, y = y, x
        for start, other in ((x, y), (y, x)):
            seen = {start, other}  # the gate's other end is never crossed into
            todo = [start]
            for c in todo:  # grows while it is walked
                for step in NEIGHBOURS[63 ^ nmask.get(c, 0)]:  # the empty neighbours
                    n = c + step
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
                if len(todo) > POCKET_LIMIT:
                    break
            else:
                seen.discard(other)
                return seen
        return None

    def _spider_dests(self, cell: int) -> set[int]:
        self._lift(cell)
        nmask = self._nmask
        out = set()
        for step in STEPS[nmask.get(cell, 0)]:
            a = cell + step
            for step2 in STEPS[nmask.get(a, 0)]:
                b = a + step2
                if b == cell:
                    continue
                for step3 in STEPS[nmask.get(b, 0)]:
                    e = b + step3
                    if e != a and e != cell:
                        out.add(e)
        self._land(cell)
        return out

    def _ant_dests(self, cell: int) -> set[int]:
        """Every empty cell an ant on ``cell`` reaches by slides.

        In a hive without holes, one boundary goes all round it and each step along it is a
        slide except at a gate (two empty cells whose two flanking cells are both occupied);
        every gate is the only way into the pocket it closes. So the ant reaches every empty
        cell touching the hive outside the pockets (``_rim``), less the cells only the ant
        touched. An ant touching a one-cell pocket (an empty cell with five occupied
        neighbours) flanks its gate (the pocket's one empty neighbour touches the ant too, as
        the ant's empty neighbours are one run of two or more), so lifting it opens that
        pocket and no other; beside larger pockets only those are searched
        (:meth:`_ant_dests_beside_pockets`). An ant leaving a gate where it stood, or in a
        hive with holes, is flooded. The set returned may be the position's own rim set:
        callers read it and never change it.
        """
        nmask = self._nmask
        mask = nmask.get(cell, 0)
        if not self._holes and not GATES[mask] and mask != FULL:
            rim = self._rim
            if rim is None:
                rim = self._rim = self._rim_cells()
            reach, pockets = rim
            if reach is not None:
                alone = [cell + d for d, keep in _OPEN[mask] if not nmask[cell + d] & keep]  # only the ant touched
                if not pockets or pockets.isdisjoint(AROUND[cell]):
                    return reach.difference(alone) if alone else reach
                opened = [n for n in AROUND[cell] if n in pockets]
                if all(len(BITS[nmask[n]]) == 5 for n in opened):  # one-cell pockets whose gate the ant flanks
                    dests = reach.difference(alone)
                    dests.update(opened)
                    return dests
                return self._ant_dests_beside_pockets(cell, reach, opened, alone)
        self._lift(cell)
        get, steps = self._nmask.get, STEPS
        seen = {cell}
        mark = seen.add
        todo = [cell]
        push, pop = todo.append, todo.pop
        while todo:
            x = pop()
            for step in steps[get(x, 0)]:
                n = x + step
                if n not in seen:
                    mark(n)
                    push(n)
        self._land(cell)
        seen.discard(cell)
        return seen

    # -- making and unmaking moves ----------------------------------------------------------
    def play(self, move: Move) -> None:
        """Play a legal move; ``IllegalMoveError`` with the reason otherwise.

        The move is checked against the cached move list when there is one, else against the
        moves of its own piece only (base game: a move is legal exactly when its piece's
        generator yields it), and only a move found in neither is judged by the full rules.
        """
        legal = self._legal
        if move is self._drawn and move is not None:
            self._apply(move)
            return
        if legal is not None:
            if move in legal:
                self._apply(move)
                return
        elif self._vouches(move):
            self._apply(move)
            return
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._apply(move)

    def _vouches(self, move: Move) -> bool:
        """True if ``move`` is surely legal, from its piece's moves alone (no full list).

        Only for the games without the Pillbug (there a piece may be moved by another, and a
        throw may repeat a walk); False means "not shown", never "illegal".
        """
        if self._pillbug or self._outcome is not None or type(move) is not Move:
            return False
        piece = move[0]
        code = PIECE_CODES.get(piece) if piece is not None else None
        if code is None or COLOUR_OF[code] != self._ply & 1:
            return False
        if move[1] is None:
            return move in self._placements(COLOUR_OF[code], code)
        if self._pos[COLOUR_OF[code] * PIECES_PER_SIDE] is None:
            return False
        moves: list[Move] = []
        self._movements(code, moves)
        return move in moves

    push = play

    def _apply(self, move: Move) -> None:
        """Make ``move`` without checking it (perft and search use this after legal_moves)."""
        piece = move[0]
        stacks, nmask, pos = self._stacks, self._nmask, self._pos
        zobrist = self._hash ^ ZOBRIST_BLACK_TO_MOVE
        if piece is not None:
            code = PIECE_CODES[piece]
            dest = move[2]
            if move[1] is None:
                placed, kind = self._placed[COLOUR_OF[code]], KIND[code]
                placed[kind] += 1
                if placed[kind] == self._count[kind]:
                    self._hand_kinds[COLOUR_OF[code]] -= 1
            else:  # _take, inlined (hot path)
                cell = pos[code]
                st = stacks[cell]  # type: ignore[index]  # a moving piece is in play
                zobrist ^= ZOBRIST[(cell << 10) | (len(st) << 6) | st.pop()]  # type: ignore[operator]
                if not st:
                    del stacks[cell]  # type: ignore[arg-type]
                    self._lift(cell)  # type: ignore[arg-type]
                    self._holes -= HOLES_MADE[nmask.get(cell, 0)]  # type: ignore[arg-type]
                elif len(st) == 1:
                    self._tall -= 1
            cell = dest[0] * W + dest[1]  # type: ignore[index]  # only a pass has no dest
            onto = stacks.get(cell)  # _put, inlined (hot path)
            if onto is None:
                stacks[cell] = [code]
                self._land(cell)
                self._holes += HOLES_MADE[nmask.get(cell, 0)]
                zobrist ^= ZOBRIST[(cell << 10) | 64 | code]
            else:
                onto.append(code)
                zobrist ^= ZOBRIST[(cell << 10) | (len(onto) << 6) | code]
                if len(onto) == 2:
                    self._tall += 1
            pos[code] = cell
        self._hash = zobrist
        self._ply += 1
        self.history.append(move)
        self._legal = self._cut = self._rim = self._drawn = None
        if self.repetition or self.move_cap is not None:
            self._outcome = self._judge()
        else:  # the official rules: only a surrounded queen ends the game
            wq, bq = pos[0], pos[PIECES_PER_SIDE]
            if (wq is not None and nmask.get(wq) == FULL) or (bq is not None and nmask.get(bq) == FULL):
                self._outcome = self._judge_surround()
            else:
                self._outcome = None

    def _take(self, cell: int) -> None:
        """Remove the top piece of ``cell`` (its position is set by the caller)."""
        st = self._stacks[cell]
        self._hash ^= ZOBRIST[(cell << 10) | (len(st) << 6) | st.pop()]
        if not st:
            del self._stacks[cell]
            self._lift(cell)
            self._holes -= HOLES_MADE[self._nmask.get(cell, 0)]
        elif len(st) == 1:
            self._tall -= 1

    def _put(self, cell: int, code: int) -> None:
        """Put piece ``code`` on top of ``cell``."""
        st = self._stacks.get(cell)
        if st is None:
            self._stacks[cell] = [code]
            self._land(cell)
            self._holes += HOLES_MADE[self._nmask.get(cell, 0)]
            self._hash ^= ZOBRIST[(cell << 10) | 64 | code]
        else:
            st.append(code)
            self._hash ^= ZOBRIST[(cell << 10) | (len(st) << 6) | code]
            if len(st) == 2:
                self._tall += 1
        self._pos[code] = cell

    def undo(self) -> Move:
        """Take back the last move and return it."""
        try:
            move = self.history.pop()
        except IndexError:
            raise IndexError("no move to undo") from None
        if self.repetition:
            key = self._keys.pop()
            left = self._seen[key] - 1
            if left:
                self._seen[key] = left
            else:
                del self._seen[key]
        piece = move[0]
        zobrist = self._hash ^ ZOBRIST_BLACK_TO_MOVE
        if piece is not None:
            code = PIECE_CODES[piece]
            stacks, nmask, pos = self._stacks, self._nmask, self._pos
            cell = pos[code]  # _take, inlined (hot path): the piece just played is on top
            st = stacks[cell]  # type: ignore[index]
            zobrist ^= ZOBRIST[(cell << 10) | (len(st) << 6) | st.pop()]  # type: ignore[operator]
            if not st:
                del stacks[cell]  # type: ignore[arg-type]
                self._lift(cell)  # type: ignore[arg-type]
                self._holes -= HOLES_MADE[nmask.get(cell, 0)]  # type: ignore[arg-type]
            elif len(st) == 1:
                self._tall -= 1
            origin = move[1]
            if origin is None:
                placed, kind = self._placed[COLOUR_OF[code]], KIND[code]
                if placed[kind] == self._count[kind]:
                    self._hand_kinds[COLOUR_OF[code]] += 1
                placed[kind] -= 1
                pos[code] = None
            else:  # _put, inlined
                cell = origin[0] * W + origin[1]
                onto = stacks.get(cell)
                if onto is None:
                    stacks[cell] = [code]
                    self._land(cell)
                    self._holes += HOLES_MADE[nmask.get(cell, 0)]
                    zobrist ^= ZOBRIST[(cell << 10) | 64 | code]
                else:
                    onto.append(code)
                    zobrist ^= ZOBRIST[(cell << 10) | (len(onto) << 6) | code]
                    if len(onto) == 2:
                        self._tall += 1
                pos[code] = cell
        self._hash = zobrist
        self._ply -= 1
        self._legal = self._cut = self._rim = self._drawn = None
        self._outcome = None  # no move is ever played from a finished position
        return move

    pop = undo

    def _judge(self) -> Outcome | None:
        repeats = self._remember() if self.repetition else 0
        outcome = self._judge_surround()
        if outcome is not None:
            return outcome
        if repeats >= 3:
            return Outcome(None, "threefold repetition")
        if self.move_cap is not None and self._ply >= self.move_cap:
            return Outcome(None, f"move cap of {self.move_cap} plies", Termination.MOVE_CAP)
        return None

    def _judge_surround(self) -> Outcome | None:
        nmask = self._nmask
        wq, bq = self._pos[0], self._pos[PIECES_PER_SIDE]
        white_lost = wq is not None and nmask.get(wq) == FULL
        black_lost = bq is not None and nmask.get(bq) == FULL
        if white_lost and black_lost:
            return Outcome(None, "both queens surrounded")
        if white_lost:
            return Outcome("Black", "White's queen surrounded")
        if black_lost:
            return Outcome("White", "Black's queen surrounded")
        return None

    def _remember(self) -> int:
        key = self.position_key()
        self._keys.append(key)
        count = self._seen[key] = self._seen.get(key, 0) + 1
        return count

    # -- legality with reasons ------------------------------------------------------------
    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` is not legal here, in one sentence (None if it is legal)."""
        if self._outcome is not None:
            return f"the game is over ({self._outcome.reason})"
        if not isinstance(move, tuple) or len(move) != 3:
            return f"{move!r} is not a Hive move"
        piece, origin, dest = move
        if piece is None:
            if self.legal_moves() == [PASS]:
                return None
            return "passing is allowed only when no other move is legal"
        if piece not in PIECE_CODES or dest is None:
            return f"{move!r} is not a Hive move"
        code = PIECE_CODES[piece]
        colour = code // PIECES_PER_SIDE
        name = str(piece)
        if code % PIECES_PER_SIDE - KIND_START[KIND[code]] >= self._count[KIND[code]]:
            return f"{name} is not in this game ({self.game_type}: no {BUG_NAMES[piece.bug]})"
        if move in self.legal_moves():
            return None  # also a piece of either colour moved by a pillbug
        if colour != self._ply & 1:
            return f"it is {self.to_move}'s turn, and {name} is {COLOUR_NAMES[piece.colour]}'s"
        if origin is None:
            reason = self._placement_reason(piece, code, colour)
        else:
            reason = self._movement_reason(piece, code, colour, origin)
        if reason is not None:
            return reason
        if origin is None:
            return f"{name} cannot be placed there: a new piece must touch its own colour only"
        return f"{name} cannot move there (its way of moving, Freedom to Move or One Hive forbids it)"

    def _placement_reason(self, piece: Piece, code: int, colour: int) -> str | None:
        name, side = str(piece), SEATS[colour]
        if self._pos[code] is not None:
            return f"{name} is already in the hive"
        turn = self._ply >> 1
        if piece.bug is Bug.QUEEN and turn == 0:
            return "the Queen cannot be placed on a player's first turn (tournament rule)"
        if turn == 3 and self._placed[colour][QUEEN] == 0 and piece.bug is not Bug.QUEEN:
            return f"{side} must place the Queen on this, its fourth turn"
        kind = KIND[code]
        expected = self._placed[colour][kind] + 1
        if piece.number and piece.number != expected:
            return f"{name} cannot enter before {piece.colour}{piece.bug.value}{expected}"
        return None

    def _movement_reason(self, piece: Piece, code: int, colour: int, origin: Hex) -> str | None:
        name, side = str(piece), SEATS[colour]
        cell = self._pos[code]
        if cell is None:
            return f"{name} is not in the hive yet"
        if HEX[cell] != origin:
            return f"{name} is at {HEX[cell]}, not at {origin}"
        if self._pos[colour * PIECES_PER_SIDE] is None:
            return f"no {side} piece may move before {side}'s Queen is placed"
        st = self._stacks[cell]
        if st[-1] != code:
            return f"{name} is pinned under {ALL_PIECES[st[-1]]}"
        if len(st) == 1 and self._is_cut(cell):
            return f"moving {name} would split the hive (One Hive rule)"
        if self._pillbug and code == self._stunned():
            return f"{name} was moved on the previous turn, so it cannot move on this one (Pillbug rule)"
        return None

    @classmethod
    def from_layout(cls, layout: Mapping[Hex, Sequence[Piece]], to_move: str = "White",
                    ply: int | None = None, last_moved: Piece | None = None, **options) -> Board:
        """A position set up directly (puzzles, tests): ``{cell: (bottom, ..., top)}``.

        Without a history the ply is taken as the number of pieces in play, plus one when
        Black is to move and that number is even (or minus one when White is to move and it
        is odd), so the turn rules see a position at least that far into the game. The layout
        must be a possible Hive: each piece once and of the game type, bugs in number order,
        only beetles and mosquitoes on top of others, one connected hive. ``last_moved`` is
        the piece moved on the previous turn (it matters with the Pillbug).
        """
        board = cls(**options)
        colour = colour_index(to_move)
        seen: set[int] = set()
        for h, pieces in layout.items():
            codes = [PIECE_CODES[p] for p in pieces]
            if not codes:
                continue
            if seen & set(codes) or len(set(codes)) != len(codes):
                raise ValueError("a piece appears twice in the layout")
            seen.update(codes)
            if any(KIND[c] not in CLIMBERS for c in codes[1:]):
                raise ValueError(f"only beetles and mosquitoes climb: the stack at {h} has another bug on top")
            if any(c % PIECES_PER_SIDE - KIND_START[KIND[c]] >= board._count[KIND[c]] for c in codes):
                raise ValueError(f"the stack at {h} has a piece that is not in {board.game_type}")
            cell = cell_of(h)
            board._stacks[cell] = codes
            board._land(cell)
            for code in codes:
                board._pos[code] = cell
                board._placed[code // PIECES_PER_SIDE][KIND[code % PIECES_PER_SIDE]] += 1
        for code in seen:
            base = code - code % PIECES_PER_SIDE
            kind = KIND[code % PIECES_PER_SIDE]
            if code - base - KIND_START[kind] >= board._placed[code // PIECES_PER_SIDE][kind]:
                piece = ALL_PIECES[code]
                raise ValueError(f"{piece} is in play before a lower-numbered {piece.bug.name.lower()}")
        if board._stacks and len(board._connected_cells()) != len(board._stacks):
            raise ValueError("the layout is not one connected hive")
        if ply is None:
            ply = len(seen) + ((len(seen) & 1) != colour)
        if ply & 1 != colour:
            raise ValueError(f"ply {ply} has {SEATS[ply & 1]} to move, not {SEATS[colour]}")
        board._ply = ply
        board._holes = board._holes_from_scratch()
        board._hand_kinds = [sum(board._placed[side][k] < board._count[k] for k in board._kinds) for side in (0, 1)]
        board._tall = sum(len(st) > 1 for st in board._stacks.values())
        board._hash = board.zobrist_from_scratch()  # pieces and side only: _stun0 is still -1 here
        if last_moved is not None:
            if PIECE_CODES[last_moved] not in seen:
                raise ValueError(f"the last moved piece {last_moved} is not in the layout")
            board._stun0 = PIECE_CODES[last_moved]
        if board.repetition:
            board._seen.clear()
            board._keys.clear()
            board._remember()
        board._outcome = board._judge_surround()
        return board

    def _connected_cells(self) -> set[int]:
        start = next(iter(self._stacks))
        seen, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for i in BITS[self._nmask[cell]]:
                n = cell + D[i]
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    # -- copies and notation ----------------------------------------------------------------
    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.repetition, board.move_cap = self.repetition, self.move_cap
        board.game_type, board._count, board._pillbug = self.game_type, self._count, self._pillbug
        board._kinds, board._codes = self._kinds, self._codes
        board._stun0 = self._stun0
        board._drawn = None
        board._stacks = {c: list(s) for c, s in self._stacks.items()}
        board._nmask = dict(self._nmask)
        board._pos = list(self._pos)
        board._placed = [list(p) for p in self._placed]
        board._hand_kinds = list(self._hand_kinds)
        board._ply = self._ply
        board.history = list(self.history)
        board._outcome = self._outcome
        board._legal = self._legal
        board._cut = self._cut
        board._holes = self._holes
        board._tall = self._tall
        board._rim = None
        board._seen = dict(self._seen)
        board._keys = list(self._keys)
        board._hash = self._hash
        return board

    def parse_move(self, text: str) -> Move:
        """A legal move from a UHP MoveString (``wS1``, ``bG1 -wS1``, ``wB1 /bQ``, ``pass``)."""
        from swarmtui.games.hive.notation import parse_move_string

        move = parse_move_string(self, text)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def format_move(self, move: Move) -> str:
        """The UHP MoveString of ``move`` in this position (before it is played)."""
        from swarmtui.games.hive.notation import format_move_string

        return format_move_string(self, move)

    def game_string(self) -> str:
        """The UHP GameString of the game so far (``Base;InProgress;White[3];wS1;...``)."""
        from swarmtui.games.hive.notation import format_game_string

        return format_game_string(self)

    @classmethod
    def from_game_string(cls, text: str, *, repetition: bool = False, move_cap: int | None = None) -> Board:
        """Replay a UHP GameString; ``NotationError``/``IllegalMoveError`` say what is wrong."""
        from swarmtui.games.hive.notation import parse_game_string

        return parse_game_string(text, repetition=repetition, move_cap=move_cap)

    def play_all(self, moves: Iterable[str]) -> None:
        """Play MoveStrings in order (handy in tests and game records)."""
        for text in moves:
            self.play(self.parse_move(text))

    def __repr__(self) -> str:
        return f"Board({self.game_string()!r})"

