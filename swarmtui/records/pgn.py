"""Hive games as PGN, the way BoardSpace, Mzinga and hivegame.com write and read them.

A Hive PGN is chess's Portable Game Notation with UHP MoveStrings for moves::

    [GameType "Base+MLP"]
    [Date "2019.10.02"]
    [Event ""]
    [Site ""]
    [Round ""]
    [White "Jewdoka"]
    [Black "Quodlibet"]
    [Result "BlackWins"]

    1. wL
    2. bG1 /wL
    3. wQ wL-
    ...
    54. bG2 wQ-

    BlackWins

Written as Mzinga's ``GameRecording.SavePGN`` writes it (its seven tags in its order, then any
others; one numbered move a line; the result after a blank line once the game is over), so a
record read and written back is the same text. A game swarmtui played also gets ``Seed``,
``WhiteAgent``/``BlackAgent`` (agent ids, read back as the seats' players) and
``Termination`` (why it ended).

Read leniently, as those programs write: tags ``[Name "value"]`` (PGN's ``\\"`` and ``\\\\``
escapes; Mzinga's unquoted values), ``GameType`` defaulting to ``Base``; moves one per line or
several per line, numbered per ply (``1. wS1``, ``12...``, ``3.wQ``), per turn (``1. wS1 bG1
-wS1``) or not at all; hivegame.com's trailing spaces; results in UHP's and PGN's words
(``records.hive_record``) in the ``Result`` tag or after the moves, which must agree;
``{...}`` and ``;`` comments and ``%`` lines skipped. Several games in one file follow each
other, each starting at its tags. Not read: variations in parentheses (one clear error).

Bounded (``core.bounded_json.LIMITS``): the file's size, each line's length, the games a file
and the moves and tags a game may hold; a file never names a path or a program.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.core.state import NotationError
from swarmtui.games.hive.pieces import BASE
from swarmtui.records.gamelog import GameLog
from swarmtui.records.hive_record import (
    MARKS,
    NO_REFERENCE,
    RESULTS,
    claimed,
    hive_game,
    read_game_type,
    read_move,
    rules_for,
)
from swarmtui.records.recorded import RecordedGame, quoted, read_record, to_log

SEVEN_TAGS = ("GameType", "Date", "Event", "Site", "Round", "White", "Black", "Result")
"""The tags Mzinga always writes, in its order (``Result`` last)."""
SWARMTUI_TAGS = ("Seed", "WhiteAgent", "BlackAgent", "Termination")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"(\d+)(?:\.+(.*))?")
_PIECE = re.compile(r"[wb][a-z]\d?", re.IGNORECASE)
_ESCAPE = re.compile(r"\\(.)")
_UNSAFE = re.compile(r"[\x00-\x1f\x7f]")


@dataclass
class _Game:
    """One game's tags and movetext while the file is read."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[tuple[str, int]] = field(default_factory=list)
    result: str | None = None
    """The result word after the moves (None: none yet)."""
    result_line: int = 0

    @property
    def started(self) -> bool:
        return bool(self.moves) or self.result is not None


class _Reader:
    """The state of reading one PGN text, line by line."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.games: list[_Game] = []
        self.game: _Game | None = None
        self.pending: list[str] = []
        self.comment_from = 0  # the line an unclosed {comment} opened on (0: none open)

    def damaged(self, line: int, what: str) -> SaveError:
        return SaveError(f"{self.where} line {line}: {what}")

    def new_game(self, line: int) -> _Game:
        if len(self.games) >= LIMITS.max_record_games:
            raise self.damaged(line, f"more than {LIMITS.max_record_games} games in one file")
        self.game = _Game()
        self.games.append(self.game)
        return self.game

    def read(self, number: int, line: str) -> None:
        if self.comment_from:
            end = line.find("}")
            if end < 0:
                return
            self.comment_from, line = 0, line[end + 1:]
        text = line.strip()
        if not text or text.startswith("%"):
            return
        if text.startswith("["):
            game = self.game if self.game is not None and not self.game.started else self.new_game(number)
            self.tags(game, number, text)
            return
        self.movetext(self.game or self.new_game(number), number, line)

    def tags(self, game: _Game, number: int, text: str) -> None:
        found = [(key, _ESCAPE.sub(r"\1", value)) for key, value in _TAG.findall(text)]
        if not found:
            if not text.endswith("]") or " " not in text:
                raise self.damaged(number, f"{quoted(text)} is not a tag pair [Name \"value\"]")
            key, _, value = text[1:-1].partition(" ")  # Mzinga's reading: the value without its quotes
            found = [(key.strip(), value.replace('"', "").strip())]
        for key, value in found:
            if len(key) > LIMITS.max_text or len(value) > LIMITS.max_text:
                raise self.damaged(number, f"a tag is longer than {LIMITS.max_text} characters")
            game.tags[key] = value
            if len(game.tags) > LIMITS.max_tags:
                raise self.damaged(number, f"more than {LIMITS.max_tags} tags in one game")

    def movetext(self, game: _Game, number: int, line: str) -> None:
        for token in self.tokens(number, line):
            numbered = _NUMBER.fullmatch(token) if token.lower() not in RESULTS else None
            if numbered:
                self.flush(game, number)
                if not numbered.group(2):
                    continue
                token = numbered.group(2)
            if token.lower() in RESULTS:
                self.flush(game, number)
                if game.result is not None:
                    raise self.damaged(number, f"a second result ({quoted(token)}) after {game.result}")
                game.result, game.result_line = token, number
                continue
            if game.result is not None:
                raise self.damaged(number, f"{quoted(token)} comes after the game's result ({game.result})")
            if self.pending and self.is_reference(game, token):
                self.pending.append(token)
                self.flush(game, number)
            else:
                self.flush(game, number)
                self.pending = [token]
        self.flush(game, number)

    def tokens(self, number: int, line: str) -> list[str]:
        """The line's words without its comments (``{...}``, possibly over lines, and ``;``)."""
        words: list[str] = []
        rest = line
        while rest:
            brace, semicolon = rest.find("{"), rest.find(";")
            if 0 <= semicolon and (brace < 0 or semicolon < brace):
                words += rest[:semicolon].split()
                break
            if brace < 0:
                words += rest.split()
                break
            words += rest[:brace].split()
            end = rest.find("}", brace)
            if end < 0:
                self.comment_from = number
                break
            rest = rest[end + 1:]
        if any(word.startswith(("(", ")")) for word in words):
            raise self.damaged(number, "variations in parentheses are not read: keep the main line only")
        return words

    def is_reference(self, game: _Game, token: str) -> bool:
        """Whether ``token`` completes the pending move: it has a direction mark, or is BoardSpace's
        ``.``, or names a piece and the pending move is not the game's very first (the only move
        without a reference), so ``1. wS1 bG1 -wS1`` is two moves and ``wB1 bQ`` a climb."""
        if len(self.pending) != 1 or self.pending[0].lower() == "pass" or token.lower() == "pass":
            return False
        if token == NO_REFERENCE or token[:1] in MARKS or token[-1:] in MARKS:
            return True
        return bool(_PIECE.fullmatch(token)) and bool(game.moves)

    def flush(self, game: _Game, number: int) -> None:
        if not self.pending:
            return
        if len(game.moves) >= LIMITS.max_record_moves:
            raise self.damaged(number, f"a game of more than {LIMITS.max_record_moves} moves")
        game.moves.append((" ".join(self.pending), number))
        self.pending = []


def parse_pgn(text: str, where: str) -> list[RecordedGame]:
    """The games of a PGN text (file ``where``), each as a ``RecordedGame`` of Hive; one
    ``SaveError`` naming the line for anything its syntax cannot be read as."""
    reader = _Reader(where)
    for number, line in enumerate(text.splitlines(), start=1):
        reader.read(number, line)
    if reader.comment_from:
        raise reader.damaged(reader.comment_from, "a comment opened with { is never closed")
    games = [game for game in reader.games if game.started or game.tags]
    if not games:
        raise SaveError(f"{where} holds no game (no tags and no moves)")
    return [_recorded(game, where) for game in games]


def _recorded(game: _Game, where: str) -> RecordedGame:
    tags = game.tags
    try:
        game_type = read_game_type(tags.get("GameType", "Base") or "Base")
    except NotationError as error:
        raise SaveError(f"{where}: tag GameType: {error}") from None
    said = claimed(tags.get("Result", ""))
    if game.result is not None:
        after = claimed(game.result)
        if said is not None and after is not None and said.winner != after.winner:
            raise SaveError(f"{where} line {game.result_line}: the result {quoted(game.result)} after the moves "
                            f"contradicts the Result tag {quoted(tags['Result'])}")
        said = after or said
    record = RecordedGame("hive", claimed=said, tags=dict(tags), rules=rules_for(game_type))
    for text, line in game.moves:
        record.add(text, line)
    _swarmtui_tags(record, where)
    return record


def _swarmtui_tags(record: RecordedGame, where: str) -> None:
    """A PGN swarmtui wrote names its seed and agents: they come back as the log's."""
    tags = record.tags
    seed = tags.get("Seed")
    if seed is not None:
        if not seed.isdigit() or int(seed) > 2**64:
            raise SaveError(f"{where}: tag Seed {quoted(seed)} is not a whole number from 0 to 2**64")
        record.seed = int(seed)
    agents = {seat: tags.get(f"{seat}Agent", "") for seat in ("White", "Black")}
    if any(agents.values()):
        record.players = {seat: agent or "human" for seat, agent in agents.items()}


def read_pgn(path: Path) -> list[GameLog]:
    """The games of the PGN file ``path``, each replayed by the rules into a ``GameLog``."""
    where = str(path)
    games = parse_pgn(read_record(path, "PGN file"), where)
    many = len(games) > 1
    return [to_log(game, f"{where} game {i + 1}" if many else where, i, read_move) for i, game in enumerate(games)]


def _tag(key: str, value: str) -> str:
    clean = _UNSAFE.sub(" ", value).strip().replace("\\", "\\\\").replace('"', '\\"')
    return f'[{key} "{clean}"]'


def format_pgn(log: GameLog, where: str) -> str:
    """``log`` (any Hive game swarmtui has) as PGN text, as Mzinga writes it."""
    game = hive_game(log, where)
    tags = _tags_of(log, game.result, game.reason)
    lines = [_tag(key, tags.get(key, "")) for key in SEVEN_TAGS]
    lines += [_tag(key, value) for key, value in tags.items() if key not in SEVEN_TAGS]
    if game.moves:
        lines.append("")
        lines += [f"{ply}. {move}" for ply, move in enumerate(game.moves, start=1)]
    if game.result not in ("InProgress", "NotStarted"):
        lines += ["", game.result]
    return "\n".join(lines) + "\n"


def _tags_of(log: GameLog, result: str, reason: str) -> dict[str, str]:
    """The tags to write: a record's own, else swarmtui's (its players, seed, date, why it
    ended); ``GameType`` and ``Result`` always from the game itself."""
    tags = dict(log.tags)
    if not tags:
        tags = {"Date": log.saved[:10].replace("-", ".") if log.saved else "", "Site": "swarmtui"}
        for seat, agent in log.players.items():
            tags[seat] = agent
            if agent != "human":
                tags[f"{seat}Agent"] = agent
        if log.seed is not None:
            tags["Seed"] = str(log.seed)
        if reason:
            tags["Termination"] = reason
    rules = log.rules.get("game_type")
    tags["GameType"] = str(read_game_type(rules)) if rules else str(BASE)
    tags["Result"] = result
    return tags

