"""What every Hive record format shares: moves and game types as other programs write them,
results in both spellings, and a logged Hive game turned back into a record.

MoveStrings are UHP's (``games.hive.notation``); records written by people and by other
programs (BoardSpace, Mzinga, hivegame.com) spell them more loosely, and :func:`read_move`
reads what they write the way Mzinga reads it:

- piece names in any case (``wq``, ``WQ``) and with a number on a bug a side has one of
  (``wM1``, ``bL1``, ``wP1``: BoardSpace numbers every tile);
- the direction mark on either side of the reference, and any spacing (``bG1   -wS1``);
- the very first move with no reference, or with BoardSpace's ``.`` for it.

Each move is kept as the record spells it, normalised (``wM1`` -> ``wM``, case, spacing), so a
record written back says what it said; its legality is then the rules' (``Board.parse_move``:
a refused move says which rule it breaks). Game types are UHP's with the expansion letters in
any order and case (``Base+PLM``, ``base+mlp``); results are UHP's (``WhiteWins``,
``BlackWins``, ``Draw``) or PGN's (``1-0``, ``0-1``, ``1/2-1/2``), and ``InProgress``,
``NotStarted`` or ``*`` for none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swarmtui.core.bounded_json import SaveError
from swarmtui.core.state import NotationError, Outcome
from swarmtui.games.hive.notation import AFTER, BEFORE, split_game_string, state_string
from swarmtui.games.hive.pieces import BASE, EXPANSION_BUGS, GameType, Piece, parse_piece
from swarmtui.records.gamelog import GameLog
from swarmtui.records.recorded import ending, replayed

RESULTS: dict[str, str | None] = {
    "whitewins": "White", "1-0": "White", "blackwins": "Black", "0-1": "Black", "draw": "", "1/2-1/2": "",
    "inprogress": None, "notstarted": None, "*": None,
}
"""Result words (lower case) -> the winning seat, ``""`` for a draw, None for no result yet."""
STATE_OF = {"White": "WhiteWins", "Black": "BlackWins", "": "Draw"}
MARKS = "-/\\"
NO_REFERENCE = "."
"""BoardSpace's destination of the first move (and of a move onto a stack, ``records.sgf``)."""


def read_piece(text: str) -> Piece:
    """A piece as records name it: any case, with or without a number on a single bug."""
    try:
        return parse_piece(text)
    except NotationError:
        if text[-1:] == "1" and len(text) == 3:  # wM1, bL1, wP1, wQ1
            try:
                piece = parse_piece(text[:-1])
            except NotationError:
                piece = None
            if piece is not None and piece.number == 0:
                return piece
        raise


def read_reference(text: str) -> str:
    """A reference with its direction mark, normalised (``\\WQ`` -> ``\\wQ``)."""
    before = text[0] if text[:1] in BEFORE else ""
    after = text[-1] if text[-1:] in AFTER and not before else ""
    name = text[len(before):len(text) - len(after)]
    if not name or name[:1] in MARKS or name[-1:] in MARKS:
        raise NotationError(f"{text!r} is not a reference: a piece with at most one direction mark -, / or \\")
    return f"{before}{read_piece(name)}{after}"


def normal_move(text: str) -> str:
    """A MoveString as a record spells it, normalised (case, numbers on single bugs, spacing)."""
    words = text.split()
    if len(words) == 1 and words[0].lower() == "pass":
        return "pass"
    if not 1 <= len(words) <= 2:
        raise NotationError("a move is a piece, then (after the first move) a reference piece with a "
                            "direction mark -, / or \\ (e.g. 'bG1 -wS1'), or 'pass'")
    piece = str(read_piece(words[0]))
    if len(words) == 1 or words[1] == NO_REFERENCE:
        return piece
    return f"{piece} {read_reference(words[1])}"


def read_move(board: Any, text: str) -> tuple[str, Any]:
    """A ``records.recorded.MoveReader`` for Hive: the normalised text and the legal move it
    names on ``board`` (``NotationError``/``IllegalMoveError`` with the reason otherwise)."""
    kept = normal_move(text)
    return kept, board.parse_move(kept)


def read_game_type(text: str) -> GameType:
    """UHP's game type, the expansion letters in any order and case (``Base+PLM``)."""
    name = text.strip()
    head, plus, letters = name.partition("+")
    wanted = set(letters.upper())
    known = {bug.value for bug in EXPANSION_BUGS}
    if head.lower() != "base" or (plus and (not letters or not wanted <= known or len(wanted) != len(letters))):
        raise NotationError(f"{name[:40]!r} is not a Hive game type (Base, or Base+ with the expansion "
                            "letters M, L and P: Base+M ... Base+MLP)")
    return GameType(*(bug.value in wanted for bug in EXPANSION_BUGS))


def rules_for(game_type: GameType) -> dict[str, str]:
    """A ``GameLog``'s rule overrides for ``game_type`` (none for the base game)."""
    return {} if game_type == BASE else {"game_type": str(game_type)}


def claimed(word: str, reason: str = "") -> Outcome | None:
    """The result a record states in one of :data:`RESULTS`' words (None: none, or a word
    this reader does not know, which hivegame.com's ``Unkown`` is)."""
    seat = RESULTS.get(word.strip().lower())
    if seat is None:
        return None
    return Outcome(seat or None, reason)


@dataclass
class HiveGame:
    """A logged Hive game as a record writes it: its game type, canonical MoveStrings, its UHP
    state at the end (``InProgress`` when nothing decided it) and the final position."""

    game_type: GameType
    moves: list[str]
    result: str
    reason: str
    board: Any


def hive_game(log: GameLog, where: str) -> HiveGame:
    """``log`` replayed for a Hive record (any Hive game swarmtui has: a save, a result file's
    game, a record read earlier); ``SaveError`` for another game, or one whose turns a protocol
    skipped (McGuile's immobile opponent), which no Hive record can hold. A game played on from
    a position (``log.start``, a GameString) is written whole: the GameString's moves, then the log's."""
    if log.game != "hive":
        raise SaveError(f"{where} is a game of {log.game}; Hive records hold Hive games only")
    if log.skips:
        raise SaveError(f"{where} skips turns (the thesis' immobile-opponent protocol), which a Hive record "
                        "cannot hold: a pass is legal only when nothing else is")
    board: Any = replayed(log, where)
    outcome = ending(log, board)
    state = state_string(board) if outcome is None or board.outcome is not None else STATE_OF[outcome.winner or ""]
    earlier = split_game_string(log.start)[3] if log.start else []
    return HiveGame(board.game_type, earlier + list(log.moves), state, outcome.reason if outcome else "", board)
