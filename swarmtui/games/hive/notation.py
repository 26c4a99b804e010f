"""Universal Hive Protocol notation: MoveStrings and GameStrings (Mzinga's UHP specification).

A MoveString names the piece that moves and where it goes, relative to a piece already in
the hive: ``wS1`` (the very first placement), ``bG1 -wS1`` (west of wS1), ``wB1 /bQ``
(south-west of bQ), ``\\wA1`` (north-west), ``wS1-`` (east), ``wS1/`` (north-east),
``wS1\\`` (south-east), ``wB1 bQ`` (on top of bQ), ``pass``. Rows are horizontal (pointy-top
hexes), which matches ``core.hexgrid``: ``-`` is W/E, ``/`` is SW/NE, ``\\`` is NW/SE.

A GameString is ``GameType;GameState;Turn;Move1;Move2;...``, e.g.
``Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ \\wS1;bQ bG1-``; the game types are UHP's
``Base``, ``Base+M``, ``Base+L``, ``Base+P``, ``Base+ML``, ``Base+MP``, ``Base+LP``, ``Base+MLP``.
"""

from __future__ import annotations

import re

from swarmtui.core.hexgrid import DIRECTIONS, ORIGIN, Hex
from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games.hive.pieces import GAME_TYPES, GameType, parse_piece
from swarmtui.games.hive.rules import PASS, Board, Move

E, SE, SW, W, NW, NE = range(6)
# Where the direction mark sits around the reference piece -> direction from it to the target.
BEFORE = {"-": W, "/": SW, "\\": NW}
AFTER = {"-": E, "/": NE, "\\": SE}
_FORMAT = {E: "{}-", SE: "{}\\", SW: "/{}", W: "-{}", NW: "\\{}", NE: "{}/"}

GAME_TYPE = "Base"  # the default game type
STATES = ("NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins")
_TURN = re.compile(r"(White|Black)\[(\d+)\]")


def parse_move_string(board: Board, text: str) -> Move:
    """The move a MoveString describes on ``board`` (not yet checked for legality).

    ``NotationError`` for malformed text or a reference piece that is not in the hive.
    """
    raw = text.strip()
    if raw.lower() == "pass":
        return PASS
    parts = raw.split()
    if len(parts) not in (1, 2):
        raise NotationError(
            f"{raw!r} is not a MoveString: a piece, then (after the first move) a space and a "
            "reference piece with an optional direction mark -, / or \\ (e.g. 'bG1 -wS1'), or 'pass'"
        )
    piece = parse_piece(parts[0])
    if len(parts) == 1:
        if board.occupied():
            raise NotationError(f"{raw!r} needs a reference piece: only the first move stands alone")
        dest = ORIGIN
    else:
        dest = _target(board, parts[1])
    return Move(piece, board.position(piece), dest)


def _target(board: Board, ref: str) -> Hex:
    direction = None
    name = ref
    if ref[:1] in BEFORE:
        direction, name = BEFORE[ref[0]], ref[1:]
    elif ref[-1:] in AFTER:
        direction, name = AFTER[ref[-1]], ref[:-1]
    if name[:1] in BEFORE or name[-1:] in AFTER:
        raise NotationError(f"{ref!r} has more than one direction mark")
    anchor = parse_piece(name)
    where = board.position(anchor)
    if where is None:
        raise NotationError(f"reference piece {anchor} is not in the hive")
    return where if direction is None else where + DIRECTIONS[direction]


def format_move_string(board: Board, move: Move) -> str:
    """The MoveString of ``move`` on ``board`` (before it is played).

    The reference is the top piece of the target cell when the move climbs onto a stack,
    otherwise the first piece found around the target (E, SE, SW, W, NW, NE) other than the
    moving piece itself.
    """
    piece, _, dest = move
    if piece is None or dest is None:
        return "pass"
    name = str(piece)
    if not board.occupied():
        return name
    below = board.top(dest)
    if below is not None:
        return f"{name} {below}"
    for i in range(6):
        stack = board.stack(dest + DIRECTIONS[i])
        anchor = stack[-1] if stack and stack[-1] != piece else (stack[-2] if len(stack) > 1 else None)
        if anchor is not None:
            return f"{name} {_FORMAT[(i + 3) % 6].format(anchor)}"
    raise NotationError(f"{name} to {dest} touches no other piece, so it has no MoveString")


def state_string(board: Board) -> str:
    """``NotStarted``, ``InProgress``, ``Draw``, ``WhiteWins`` or ``BlackWins``."""
    outcome = board.outcome
    if outcome is None:
        return "NotStarted" if board.ply == 0 else "InProgress"
    if outcome.winner is None:
        return "Draw"
    return f"{outcome.winner}Wins"


def turn_string(board: Board) -> str:
    """``White[1]``, ``Black[1]``, ``White[2]``, ..."""
    return f"{board.to_move}[{board.turn}]"


def format_game_string(board: Board) -> str:
    """The GameString of ``board``'s game, each move written as it stood when played."""
    replay = Board(game_type=board.game_type, repetition=board.repetition, move_cap=board.move_cap)
    moves = []
    for move in board.history:
        moves.append(format_move_string(replay, move))
        replay._apply(move)
    return ";".join([str(board.game_type), state_string(board), turn_string(board), *moves])


def parse_game_string(text: str, *, repetition: bool = False, move_cap: int | None = None) -> Board:
    """Replay a GameString into a ``Board``, checking its state and turn against the moves."""
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) < 3:
        raise NotationError(
            f"{text.strip()!r} is not a GameString: it starts GameType;GameState;Turn, "
            "e.g. 'Base;NotStarted;White[1]'"
        )
    game_type, state, turn = parts[:3]
    kind = check_game_type(game_type)
    if state not in STATES:
        raise NotationError(f"{state!r} is not a game state (one of {', '.join(STATES)})")
    if not _TURN.fullmatch(turn):
        raise NotationError(f"{turn!r} is not a turn: White[n] or Black[n]")
    board = Board(game_type=kind, repetition=repetition, move_cap=move_cap)
    for index, move_text in enumerate(parts[3:], start=1):
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


def check_game_type(game_type: str) -> GameType:
    """The :class:`GameType` a UHP GameTypeString names; ``NotationError`` with the valid names otherwise."""
    try:
        return GameType.parse(game_type)
    except NotationError:
        raise NotationError(f"{game_type!r} is not a game type (one of {', '.join(GAME_TYPES)})") from None
