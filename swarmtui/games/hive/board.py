"""The Hive ``Board``, like ``chess.Board``: a position with its move history, made and unmade
move by move (``play``/``undo``), with the game's outcome and its UHP notation.

``Board`` is the top of a stack of layers, one job each: ``stacks`` (the position and its
bookkeeping), ``topology`` (One Hive), ``ants``, ``movement`` (each bug), ``placement``,
``generation`` (the move list), ``picker`` (a uniform random move), ``legality`` (reasons).
This module adds making and unmaking moves (the counters and the Zobrist hash updated in
place), the outcome, set-up positions, copies, and the GameString replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from swarmtui.core.hexgrid import Hex
from swarmtui.core.state import IllegalMoveError, NotationError, Outcome, Termination
from swarmtui.games.hive.cells import FULL, HOLES_MADE, W, cell_of
from swarmtui.games.hive.compiled import NOWHERE, kernel
from swarmtui.games.hive.legality import Legality
from swarmtui.games.hive.moves import Move
from swarmtui.games.hive.notation import (
    format_move_string,
    parse_move_string,
    split_game_string,
    state_string,
    turn_string,
)
from swarmtui.games.hive.picker import RandomMoves
from swarmtui.games.hive.pieces import (
    ALL_PIECES,
    CLIMBERS,
    COLOUR_OF,
    KIND,
    KIND_START,
    PIECE_CODES,
    PIECES_PER_SIDE,
    SEATS,
    Piece,
    colour_index,
)
from swarmtui.games.hive.zobrist import ZOBRIST, ZOBRIST_BLACK_TO_MOVE


class Board(RandomMoves, Legality):
    """A Hive position with its move history, like ``chess.Board``.

    ``game_type`` (a :class:`GameType` or its UHP name, default ``Base``) says which expansion
    bugs are in the players' hands. ``repetition`` (on by default, as the online community
    plays: hivegame.com, nokamute) declares a draw when a position occurs for the third time:
    the same pieces on the same cells in the same stacks, the same side to move and, with the
    Pillbug in play, the same piece moved last (it decides what may move) -- the position's
    Zobrist key (:attr:`zobrist`), counted over the whole game. ``repetition=False`` plays the
    printed rules, which have no repetition draw. ``move_cap=N`` declares a draw after N
    plies (off by default; the official rules have none).
    """

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
        ready = kernel() if self._plain else None
        if ready is not None:
            dest = move[2]
            return dest is not None and dest[0] * W + dest[1] in self._compiled_dests(ready[0], code)
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
            else:  # the piece leaves the top of its stack (inlined: hot path)
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
            onto = stacks.get(cell)  # and lands on top of its destination (inlined)
            if onto is None:
                stacks[cell] = [code]
                self._land(cell)
                self._holes += HOLES_MADE[nmask.get(cell, 0)]
                zobrist ^= ZOBRIST[(cell << 10) | 64 | code]
                self._where[code] = cell * 8 + 1
            else:
                onto.append(code)
                zobrist ^= ZOBRIST[(cell << 10) | (len(onto) << 6) | code]
                if len(onto) == 2:
                    self._tall += 1
                self._where[code] = cell * 8 + len(onto)
            pos[code] = cell
        self._hash = zobrist
        self._ply += 1
        self.history.append(move)
        self._legal = self._cut = self._rim = self._drawn = None
        if self.repetition:  # _remember, inlined (hot path)
            key = self.zobrist if self._pillbug else zobrist
            self._keys.append(key)
            seen = self._seen
            repeats = seen[key] = seen.get(key, 0) + 1
        else:
            repeats = 0
        wq, bq = pos[0], pos[PIECES_PER_SIDE]
        if (wq is not None and nmask.get(wq) == FULL) or (bq is not None and nmask.get(bq) == FULL):
            self._outcome = self._judge_surround()  # a surrounded queen decides, even on a third repetition
        elif repeats >= 3:
            self._outcome = Outcome(None, "threefold repetition")
        elif self.move_cap is not None and self._ply >= self.move_cap:
            self._outcome = Outcome(None, f"move cap of {self.move_cap} plies", Termination.MOVE_CAP)
        else:
            self._outcome = None


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
            cell = pos[code]  # the piece just played leaves the top of its stack (inlined: hot path)
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
                self._where[code] = NOWHERE
            else:  # and goes back on top of its origin
                cell = origin[0] * W + origin[1]
                onto = stacks.get(cell)
                if onto is None:
                    stacks[cell] = [code]
                    self._land(cell)
                    self._holes += HOLES_MADE[nmask.get(cell, 0)]
                    zobrist ^= ZOBRIST[(cell << 10) | 64 | code]
                    self._where[code] = cell * 8 + 1
                else:
                    onto.append(code)
                    zobrist ^= ZOBRIST[(cell << 10) | (len(onto) << 6) | code]
                    if len(onto) == 2:
                        self._tall += 1
                    self._where[code] = cell * 8 + len(onto)
                pos[code] = cell
        self._hash = zobrist
        self._ply -= 1
        self._legal = self._cut = self._rim = self._drawn = None
        self._outcome = None  # no move is ever played from a finished position
        return move

    pop = undo

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
        seen = board._lay_out(layout)
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

    def _lay_out(self, layout: Mapping[Hex, Sequence[Piece]]) -> set[int]:
        """Put ``layout``'s stacks on this empty board, checking each piece (once, of the game
        type, only climbers on top, bugs in number order); the codes of the pieces put."""
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
            if any(c % PIECES_PER_SIDE - KIND_START[KIND[c]] >= self._count[KIND[c]] for c in codes):
                raise ValueError(f"the stack at {h} has a piece that is not in {self.game_type}")
            cell = cell_of(h)
            self._stacks[cell] = codes
            self._land(cell)
            for height, code in enumerate(codes, 1):
                self._pos[code] = cell
                self._where[code] = cell * 8 + height
                self._placed[code // PIECES_PER_SIDE][KIND[code % PIECES_PER_SIDE]] += 1
        for code in seen:
            base = code - code % PIECES_PER_SIDE
            kind = KIND[code % PIECES_PER_SIDE]
            if code - base - KIND_START[kind] >= self._placed[code // PIECES_PER_SIDE][kind]:
                piece = ALL_PIECES[code]
                raise ValueError(f"{piece} is in play before a lower-numbered {piece.bug.name.lower()}")
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
        board._where = self._where.copy()
        board._plain = self._plain
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
        move = parse_move_string(self, text)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def format_move(self, move: Move) -> str:
        """The UHP MoveString of ``move`` in this position (before it is played)."""
        return format_move_string(self, move)

    def game_string(self) -> str:
        """The UHP GameString of the game so far (``Base;InProgress;White[3];wS1;...``)."""
        return format_game_string(self)

    @classmethod
    def from_game_string(cls, text: str, *, repetition: bool = True, move_cap: int | None = None) -> Board:
        """Replay a UHP GameString; ``NotationError``/``IllegalMoveError`` say what is wrong."""
        return parse_game_string(text, repetition=repetition, move_cap=move_cap)

    def play_all(self, moves: Iterable[str]) -> None:
        """Play MoveStrings in order (handy in tests and game records)."""
        for text in moves:
            self.play(self.parse_move(text))

    def __repr__(self) -> str:
        return f"Board({self.game_string()!r})"


def format_game_string(board: Board) -> str:
    """The GameString of ``board``'s game, each move written as it stood when played."""
    replay = Board(game_type=board.game_type, repetition=board.repetition, move_cap=board.move_cap)
    moves = []
    for move in board.history:
        moves.append(format_move_string(replay, move))
        replay._apply(move)
    return ";".join([str(board.game_type), state_string(board), turn_string(board), *moves])


def parse_game_string(text: str, *, repetition: bool = True, move_cap: int | None = None) -> Board:
    """Replay a GameString into a ``Board``, checking its state and turn against the moves."""
    game_type, state, turn, moves = split_game_string(text)
    board = Board(game_type=game_type, repetition=repetition, move_cap=move_cap)
    for index, move_text in enumerate(moves, start=1):
        if not move_text:
            raise NotationError(f"move {index} is empty (a stray ';'?)")
        try:
            board.play(board.parse_move(move_text))
        except NotationError as error:
            raise NotationError(f"move {index} ({move_text}): {error}") from None
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {index} ({move_text}) is illegal: {error}") from None
    if turn != turn_string(board):
        raise NotationError(f"the GameString says {turn}, but its moves lead to {turn_string(board)}")
    if state != state_string(board):
        raise NotationError(f"the GameString says {state}, but its moves lead to {state_string(board)}")
    return board
