"""The Hive position itself: stacks of pieces on integer cells, the neighbour masks kept beside
them, the counters the move generator reads, and the questions a position answers about itself.

``HiveStacks`` is the bottom layer of :class:`~swarmtui.games.hive.board.Board`: it holds the
state (``_stacks`` cell -> piece codes bottom to top, ``_nmask`` cell -> occupied-neighbour
bits, ``_pos`` piece code -> cell), the counters ``play``/``undo`` keep up to date (pieces
placed per kind, holes, tall stacks), the Zobrist hash, and the public read-only view of a
position (``stack``, ``top``, ``in_hand``, ``queen``, ...). The layers above it generate moves
(``topology``, ``ants``, ``movement``, ``placement``, ``generation``, ``picker``), judge them
(``legality``) and make them (``board``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from swarmtui.core.hexgrid import Hex
from swarmtui.core.state import Outcome
from swarmtui.games.hive.cells import AROUND, BITS, HEX, cell_of
from swarmtui.games.hive.compiled import NOWHERE
from swarmtui.games.hive.moves import Move
from swarmtui.games.hive.pieces import (
    ALL_PIECES,
    BASE,
    BUG_ORDER,
    COLOURS,
    KIND,
    KIND_START,
    LADYBUG,
    MOSQUITO,
    PIECE_CODES,
    PIECES_PER_SIDE,
    PILLBUG,
    SEATS,
    GameType,
    Piece,
    colour_index,
)
from swarmtui.games.hive.zobrist import ZOBRIST, ZOBRIST_BLACK_TO_MOVE, ZOBRIST_LAST_MOVED, zobrist_index


class HiveStacks:
    """A Hive position: pieces, stacks, whose turn, and the bookkeeping the generator reads.

    ``game_type`` (a :class:`GameType` or its UHP name) says which expansion bugs are in the
    players' hands; ``repetition`` and ``move_cap`` are the draw rules ``Board`` documents.
    """

    seats: Sequence[str] = SEATS

    def __init__(self, *, game_type: GameType | str = BASE, repetition: bool = True,
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
        self._where = np.full(len(ALL_PIECES), NOWHERE, dtype=np.int64)  # cell * 8 + height, for ``compiled``
        self._plain = not any(self._count[k] for k in (MOSQUITO, LADYBUG, PILLBUG))  # the compiled kernel's bugs only
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
        self._seen: dict[int, int] = {}  # repetition: Zobrist key -> how often it occurred
        self._keys: list[int] = []  # the keys of the game's positions, in order (undo takes the last back)
        self._hash = 0
        self._stun0 = -1  # the piece moved last before the history starts (set-up positions)
        self._drawn: Move | None = None  # the move random_move just drew here (known legal)
        if repetition:
            self._remember()

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

    def _remember(self) -> int:
        """Count the position for the repetition rule; how often it has now occurred."""
        key = self.zobrist
        self._keys.append(key)
        count = self._seen[key] = self._seen.get(key, 0) + 1
        return count

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
