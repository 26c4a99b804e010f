"""Plain-text game records (``.txt``): a header and one move a line, for any game; and Hive's
UHP GameStrings.

The text record (documented in docs/records.md) is what a Halma or Noughts game exports to
and ``swarmtui replay`` reads back::

    # swarmtui game record
    game: noughts
    player X: minimax
    player O: ga
    seed: 7
    result: X wins (three in a row)
    date: 2026-11-24 18:02:11

    b2
    a1
    c3

Header lines are ``key: value`` (keys in any case; ``#`` lines are comments): ``game`` (a
registered game id, required), ``player SEAT`` (the agent at each seat, in turn order;
``human`` when absent), ``rules`` (the game's rule variants as ``name=value`` words),
``seed``, ``result`` and ``date``. A blank line ends the header; each further line is one move
in the game's own notation (an optional ``N.`` before it is skipped). ``result`` is the
result as the log states it (``X wins``, ``draw``, ``unfinished``, a reason in parentheses);
where the final position decides the game, the two must agree.

For Hive, ``.txt`` is instead one UHP GameString (``Base+MLP;InProgress;White[3];wS1;bG1
-wS1;...``, Mzinga's and ``swarmtui uhp``'s position format) a line, with its moves; its state
must be what the moves lead to (a resignation cannot be told), and hive_lib's header-less move
list (``wS1;bG1 -wS1;...``, a Base game grown by the expansion pieces it uses) is read too.
A text file is one or the other by its first line that is not blank or a comment. Reading is
bounded (``records.recorded.read_record``) and every move goes through the rules.
"""

from __future__ import annotations

import re
from pathlib import Path

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.core.state import NotationError, Outcome
from swarmtui.games import GAMES
from swarmtui.games.hive.notation import split_game_string, state_string, turn_string
from swarmtui.games.hive.pieces import EXPANSION_BUGS, GameType
from swarmtui.records.gamelog import GameLog
from swarmtui.records.hive_record import STATE_OF, hive_game, read_move, read_piece, rules_for
from swarmtui.records.recorded import RecordedGame, ending, quoted, read_record, replayed, shown, strict_move, to_log

HEADER = "# swarmtui game record"
_FIELD = re.compile(r"([A-Za-z]+)(?:\s+(\S+))?\s*:\s*(.*)")
_NUMBERED = re.compile(r"\d+\.+\s*(\S.*)")
_RESULT = re.compile(r"(?:(\S+) wins|(draw)|unfinished)\s*(?:[(:]\s*(.*?)\)?)?", re.IGNORECASE)


def format_text_record(log: GameLog, where: str) -> str:
    """``log`` as a text record (header, blank line, one move a line); ``SaveError`` for a game
    played on from a position (a text record starts at the game's start)."""
    if log.start:
        raise SaveError(f"{where} was played on from a position, and a text record starts from the game's "
                        "start: export it as JSON (.json) instead")
    state = replayed(log, where)
    outcome = ending(log, state)
    lines = [HEADER, f"game: {log.game}"]
    lines += [f"player {seat}: {agent}" for seat, agent in log.players.items()]
    if log.rules:
        lines.append("rules: " + " ".join(f"{name}={value}" for name, value in log.rules.items()))
    if log.seed is not None:
        lines.append(f"seed: {log.seed}")
    lines.append(f"result: {outcome.summary() if outcome else 'unfinished'}")
    if log.saved:
        lines.append(f"date: {log.saved}")
    return "\n".join([*(_one_line(line) for line in lines), "", *log.moves]) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def format_game_string(log: GameLog, where: str) -> str:
    """``log`` (a Hive game) as its UHP GameString, one line, each move as the log spells it;
    the state is the final position's (a GameString cannot say that a player resigned)."""
    game = hive_game(log, where)
    board = game.board
    return ";".join([str(game.game_type), state_string(board), turn_string(board), *game.moves]) + "\n"


def read_text_record(path: Path) -> list[GameLog]:
    """The games of the text file ``path``: a text record, or UHP GameStrings one a line."""
    where = str(path)
    text = read_record(path, "text game record")
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in lines if line and not line.startswith("#")]
    if not lines:
        raise SaveError(f"{where} holds no game (neither a text record nor a UHP GameString)")
    if _FIELD.fullmatch(lines[0][1]):
        return [to_log(_text_record(text, where), where, 0, strict_move)]
    if len(lines) > LIMITS.max_record_games:
        raise SaveError(f"{where} holds more than {LIMITS.max_record_games} GameStrings")
    many = len(lines) > 1
    logs = []
    for index, (number, line) in enumerate(lines):
        at = f"{where} line {number}" if many else where
        record, state = _game_string(line, at)
        log = to_log(record, at, index, read_move)
        reached = STATE_OF[log.winner or ""] if log.result != "unfinished" else "NotStarted" if not log.moves \
            else "InProgress"
        if state and state != reached:
            raise SaveError(f"{at}: the GameString says {state}, but its moves lead to {reached}")
        logs.append(log)
    return logs


def _text_record(text: str, where: str) -> RecordedGame:
    fields: dict[str, str] = {}
    players: dict[str, str] = {}
    body = False
    record: RecordedGame | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not body:
            if not line:
                body, record = True, _header(fields, players, where)
                continue
            _field(line, number, where, fields, players)
            continue
        if line and record is not None:
            if len(record.moves) >= LIMITS.max_record_moves:
                raise SaveError(f"{where} line {number}: a game of more than {LIMITS.max_record_moves} moves")
            numbered = _NUMBERED.fullmatch(line)
            record.add(numbered.group(1) if numbered else line, number)
    return record if record is not None else _header(fields, players, where)


def _field(line: str, number: int, where: str, fields: dict[str, str], players: dict[str, str]) -> None:
    match = _FIELD.fullmatch(line)
    if match is None:
        raise SaveError(f"{where} line {number}: {quoted(line)} is not a header line 'key: value' "
                        "(a blank line ends the header)")
    key, seat, value = match.group(1).lower(), match.group(2), match.group(3).strip()
    if len(value) > LIMITS.max_text or len(fields) + len(players) >= LIMITS.max_tags:
        raise SaveError(f"{where} line {number}: the header is too long")
    if key == "player" and seat:
        players[seat] = value
    elif key in ("game", "rules", "seed", "result", "date") and not seat:
        fields[key] = value
    else:
        raise SaveError(f"{where} line {number}: {quoted(line)}: the header keys are game, player SEAT, rules, "
                        "seed, result and date")


def _header(fields: dict[str, str], players: dict[str, str], where: str) -> RecordedGame:
    game = fields.get("game", "")
    if game not in GAMES:
        raise SaveError(f"{where}: 'game: {shown(game)}' is not a game swarmtui plays "
                        f"({', '.join(GAMES)})")
    seed = fields.get("seed")
    if seed is not None and (not seed.isdigit() or int(seed) > 2**64):
        raise SaveError(f"{where}: 'seed: {shown(seed)}' is not a whole number from 0 to 2**64")
    rules = dict(word.partition("=")[::2] for word in fields.get("rules", "").split())
    record = RecordedGame(game, players=players, seed=int(seed) if seed is not None else None, rules=rules,
                          claimed=_claimed(fields.get("result", ""), where))
    if fields.get("date"):
        record.tags["Date"] = fields["date"]
    return record


def _claimed(text: str, where: str) -> Outcome | None:
    if not text:
        return None
    match = _RESULT.fullmatch(text.strip())
    if match is None:
        raise SaveError(f"{where}: 'result: {shown(text)}' is not 'SEAT wins', 'draw' or 'unfinished' "
                        "(a reason may follow in parentheses)")
    winner, drawn, reason = match.groups()
    if winner is None and drawn is None:
        return None
    return Outcome(winner, reason or "")


def _game_string(line: str, at: str) -> tuple[RecordedGame, str]:
    """One GameString line and the state it declares; header-less, the game type grows with
    the expansion pieces used and no state is declared."""
    parts = [part.strip() for part in line.split(";")]
    if parts[0].lower().startswith("base"):
        try:
            game_type, state, turn, moves = split_game_string(line)
        except NotationError as error:
            raise SaveError(f"{at}: {error}") from None
        if "" in moves[:-1]:
            raise SaveError(f"{at}: move {moves.index('') + 1} is empty (a stray ';'?)")
        moves = [move for move in moves if move]  # a trailing ';' (hive_lib writes one)
        plies = len(moves)
        reached = f"{('White', 'Black')[plies % 2]}[{plies // 2 + 1}]"
        if turn != reached:
            raise SaveError(f"{at}: the GameString says {turn}, but its {plies} moves lead to {reached}")
    else:
        moves, state = [part for part in parts if part], ""
        game_type = _grown(moves)
    if len(moves) > LIMITS.max_record_moves:
        raise SaveError(f"{at}: a game of more than {LIMITS.max_record_moves} moves")
    record = RecordedGame("hive", rules=rules_for(game_type))
    for text in moves:
        record.add(text)
    return record, state


def _grown(moves: list[str]) -> GameType:
    used: set[str] = set()
    for text in moves:
        try:
            used.add(read_piece(text.split()[0]).bug.value)
        except (NotationError, IndexError):
            continue  # 'pass', or a bad move the rules will name
    return GameType(*(bug.value in used for bug in EXPANSION_BUGS))
