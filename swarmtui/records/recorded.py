"""A game as a record file states it, checked move by move by the rules into a ``GameLog``.

Record files from people and other programs (Hive's PGN and BoardSpace SGF, ``records.pgn``
and ``records.sgf``; UHP GameStrings and the plain-text record of any game,
``records.text_record``) are read in two steps: their syntax into a :class:`RecordedGame` (the
moves as written, the line each stands on, the tags, the result the record claims), then
:func:`to_log`, which plays every move through the game's own rules and settles the result. A
move the notation cannot read or the rules refuse is one ``SaveError`` naming the file, the
line, the move's number and text, and the rule it breaks; so is a result the final position
contradicts (the record says White won, but Black surrounded White's queen).

Going the other way, :func:`ending` is how a logged game ended: what its final position decides,
else what its log claims beyond the position (a resignation, a forfeit, a draw agreed), so
every writer (``records.pgn``, ``records.text_record``) states the same result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import read_text
from swarmtui.core.state import GameState, IllegalMoveError, Outcome, Termination
from swarmtui.games import GAMES
from swarmtui.records.gamelog import GameLog
from swarmtui.records.replay import Recording, rules_of

UNDECIDED = "as the record says; the final position does not decide it"
"""The reason kept for a result the record states but the board does not show (a resignation,
a flag fall, a draw agreed)."""
UNFINISHED = "the record ends before the game does"

MoveReader = Callable[[Any, str], tuple[str, Any]]
"""Reads one move as a record writes it, on the position before it: the text the log keeps and
the move (``NotationError`` when the notation cannot read it); ``play`` checks its legality."""


def shown(text: str, limit: int = 60) -> str:
    """``text`` from a file, safe inside a one-line message (``core.safe_text``) and bounded."""
    return safe_text(text, limit=limit).plain


def quoted(text: str, limit: int = 60) -> str:
    """``'text'``: :func:`shown` in quotes."""
    return f"'{shown(text, limit)}'"


def read_record(path: Path, what: str) -> str:
    """The text of the record file ``path`` (a ``what``): a regular file of at most
    ``LIMITS.max_record_bytes``, UTF-8 (a byte-order mark dropped), no line longer than
    ``LIMITS.max_record_line`` characters; one ``SaveError`` otherwise (``core.saves.read_text``
    refuses FIFOs, devices and, for ``swarmtui serve`` players, files outside their saves)."""
    text = read_text(path, limit=LIMITS.max_record_bytes, what=what).removeprefix("\ufeff")
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > LIMITS.max_record_line:
            raise SaveError(f"{path} line {number} is longer than {LIMITS.max_record_line} characters: "
                            f"not a {what}")
    return text


def strict_move(state: GameState, text: str) -> tuple[str, Any]:
    """A move in the game's own notation, kept as the game writes it."""
    move = state.parse_move(text)
    return state.format_move(move), move


@dataclass
class RecordedGame:
    """One game as a record file states it, before the rules have checked it.

    ``lines[i]`` is the file's line of move ``i`` (0: not known); ``claimed`` the result the
    record states (``Outcome(None, ...)`` a draw; None: it states none); ``players`` seat ->
    agent id (empty: ``human`` at every seat, the players are people).
    """

    game: str
    moves: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    claimed: Outcome | None = None
    tags: dict[str, str] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    rules: dict[str, str] = field(default_factory=dict)

    def add(self, text: str, line: int = 0) -> None:
        self.moves.append(text)
        self.lines.append(line)


def to_log(record: RecordedGame, where: str, index: int = 0, read_move: MoveReader = strict_move) -> GameLog:
    """Play ``record`` through its game's rules into a result-file-shaped ``GameLog`` (game
    ``index`` of its file): the moves as ``read_move`` keeps them, the winner and reason
    settled (:func:`settle`). Any fault is one ``SaveError`` naming ``where``, the line, the
    move and why.

    A record that names no ``repetition`` rule and plays on past a threefold repetition (a
    draw by swarmtui's default Hive rules, issue 30) was played where that is no draw
    (BoardSpace, the printed rules): it is read under those rules, and the log says so
    (``repetition=false``), as ``records.replay`` reads logs written before the default."""
    try:
        return _played(record, record.rules, where, index, read_move)
    except SaveError as error:
        printed = _without_repetition(record)
        if printed is None:
            raise
        try:
            return _played(record, printed, where, index, read_move)
        except SaveError:
            raise error from None


def _without_repetition(record: RecordedGame) -> dict[str, str] | None:
    """``record``'s rules with the repetition draw off, when its game has that rule on by
    default and the record does not name it; None otherwise."""
    spec = GAMES[record.game]
    if "repetition" in record.rules or not spec.rules or getattr(spec.rules_type()(), "repetition", None) is not True:
        return None
    return {**record.rules, "repetition": "false"}


def _played(record: RecordedGame, rules: dict[str, str], where: str, index: int, read_move: MoveReader) -> GameLog:
    spec = GAMES[record.game]
    log = GameLog(record.game, dict(record.players), [], record.seed, rules=dict(rules), tags=dict(record.tags),
                  index=index)
    try:
        state = spec.start(len(record.players) or None if spec.seat_counts else None, rules_of(log, where))
    except ValueError as error:
        raise SaveError(f"{where}: {error}") from None
    if not log.players:
        log.players = dict.fromkeys(state.seats, "human")
    if tuple(log.players) != tuple(state.seats):
        raise SaveError(f"{where}: the record's players sit at {', '.join(map(quoted, log.players))}, but "
                        f"{spec.title} seats {', '.join(state.seats)}")
    for ply, text in enumerate(record.moves):
        line = record.lines[ply] if ply < len(record.lines) else 0
        at = f"{where} line {line}" if line else where
        try:
            kept, move = read_move(state, text)
            state.play(move)
        except IllegalMoveError as error:
            raise SaveError(f"{at}: move {ply + 1} ({shown(text)}) is illegal: {error}") from None
        except (ValueError, LookupError) as error:  # NotationError and a hostile text alike: one sentence
            raise SaveError(f"{at}: move {ply + 1} ({shown(text)}) cannot be read: {error}") from None
        log.moves.append(kept)
    settle(log, state, record.claimed, where)
    return log


def settle(log: GameLog, state: GameState, claimed: Outcome | None, where: str) -> None:
    """Fill ``log``'s winner, result and reason from the final ``state`` and the result the
    record ``claimed``: a position the rules decided must agree with the claim; a claim the
    position does not decide is kept as the record says (:data:`UNDECIDED` unless it gave a
    reason); without either the game is unfinished."""
    outcome = state.outcome
    if outcome is not None and outcome.termination.by_rule:
        if claimed is not None and claimed.winner != outcome.winner:
            raise SaveError(f"{where}: the record says {_said(claimed)}, but its moves end the game after move "
                            f"{len(log.moves)}: {outcome.summary()}")
        final = outcome
    elif claimed is not None:
        final = Outcome(claimed.winner, claimed.reason or UNDECIDED)
    else:
        final = outcome or Outcome(None, UNFINISHED, Termination.STOPPED)
    log.winner = final.winner
    log.result = (f"{final.winner} wins" if final.winner is not None
                  else "draw" if final.termination is Termination.DRAW else "unfinished")
    log.reason = final.reason
    log.plies = len(log.moves)


def _said(claimed: Outcome) -> str:
    return f"{claimed.winner} won" if claimed.winner is not None else "the game was drawn"


def replayed(log: GameLog, where: str) -> GameState:
    """The final position of ``log``, every move replayed by the rules (``SaveError`` when one
    does not fit)."""
    return Recording.from_log(log, where).positions.board


def ending(log: GameLog, state: GameState) -> Outcome | None:
    """How ``log``'s game ended: its final ``state``'s outcome when the rules decided it, else
    what the log records (a result line's winner or draw, a finished save's result sentence:
    a resignation, a forfeit, a draw agreed); None while it is unfinished or was cut off."""
    outcome = state.outcome
    if outcome is not None and outcome.termination.by_rule:
        return outcome
    if log.is_result_line:
        recorded = log.outcome
        return recorded if recorded is not None and recorded.finished else None
    if not log.finished or not log.result:
        return None
    head = log.result.split()[0] if log.result.split() else ""
    if head in state.seats and " wins" in log.result:
        return Outcome(head, log.result)
    if head.lower().startswith("draw"):
        return Outcome(None, log.result)
    return None
