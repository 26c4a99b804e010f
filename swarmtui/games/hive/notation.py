"""Universal Hive Protocol notation: MoveStrings and GameStrings (Mzinga's UHP specification).

A MoveString names the piece that moves and where it goes, relative to a piece already in
the hive: ``wS1`` (the very first placement), ``bG1 -wS1`` (west of wS1), ``wB1 /bQ``
(south-west of bQ), ``\\wA1`` (north-west), ``wS1-`` (east), ``wS1/`` (north-east),
``wS1\\`` (south-east), ``wB1 bQ`` (on top of bQ), ``pass``. Rows are horizontal (pointy-top
hexes), which matches ``core.hexgrid``: ``-`` is W/E, ``/`` is SW/NE, ``\\`` is NW/SE.

A GameString is ``GameType;GameState;Turn;Move1;Move2;...``, e.g.
``Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ \\wS1;bQ bG1-``; the game types are UHP's
``Base``, ``Base+M``, ``Base+L``, ``Base+P``, ``Base+ML``, ``Base+MP``, ``Base+LP``, ``Base+MLP``.
This module reads and writes the text against a position (``stacks.HiveStacks``); replaying a
GameString into a ``Board`` and writing one from a game are ``board.parse_game_string`` and
``board.format_game_string``. ``rules`` exports them all, as python-chess exports its notation
beside its board.
"""

from __future__ import annotations

import re

from swarmtui.core.hexgrid import DIRECTIONS, ORIGIN, Hex
from swarmtui.core.state import NotationError
from swarmtui.games.hive.moves import PASS, Move
from swarmtui.games.hive.pieces import GAME_TYPES, GameType, parse_piece
from swarmtui.games.hive.stacks import HiveStacks

E, SE, SW, W, NW, NE = range(6)
# Where the direction mark sits around the reference piece -> direction from it to the target.
BEFORE = {"-": W, "/": SW, "\\": NW}
AFTER = {"-": E, "/": NE, "\\": SE}
_FORMAT = {E: "{}-", SE: "{}\\", SW: "/{}", W: "-{}", NW: "\\{}", NE: "{}/"}

GAME_TYPE = "Base"  # the default game type
STATES = ("NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins")
_TURN = re.compile(r"(White|Black)\[(\d+)\]")


def parse_move_string(board: HiveStacks, text: str) -> Move:
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


def _target(board: HiveStacks, ref: str) -> Hex:
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


def format_move_string(board: HiveStacks, move: Move) -> str:
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


def state_string(board: HiveStacks) -> str:
    """``NotStarted``, ``InProgress``, ``Draw``, ``WhiteWins`` or ``BlackWins``."""
    outcome = board.outcome
    if outcome is None:
        return "NotStarted" if board.ply == 0 else "InProgress"
    if outcome.winner is None:
        return "Draw"
    return f"{outcome.winner}Wins"


def turn_string(board: HiveStacks) -> str:
    """``White[1]``, ``Black[1]``, ``White[2]``, ..."""
    return f"{board.to_move}[{board.turn}]"


def split_game_string(text: str) -> tuple[GameType, str, str, list[str]]:
    """A GameString's game type, state, turn and MoveStrings, each checked for form only
    (``Board.from_game_string`` replays the moves and checks the state and turn against them)."""
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
    return kind, state, turn, parts[3:]


def check_game_type(game_type: str) -> GameType:
    """The :class:`GameType` a UHP GameTypeString names; ``NotationError`` with the valid names otherwise."""
    try:
        return GameType.parse(game_type)
    except NotationError:
        raise NotationError(f"{game_type!r} is not a game type (one of {', '.join(GAME_TYPES)})") from None
