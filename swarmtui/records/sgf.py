"""BoardSpace's SGF records of Hive games, read as Mzinga reads them (read only).

boardspace.net keeps every Hive game it hosts as an SGF file: Smart Game Format's syntax
(``(;`` nodes ``;`` of ``ID[value]`` properties), BoardSpace's own properties, and the game as
the events of its user interface, one node each::

    SU[hive-plm]   DT[28 October 2018]   RE[Game won by Abbo69]   P0[id "Abbo69"]   P1[id "WeakBot"]
    ; P0[1 pick W 4 wS1]            a tile taken from White's rack
    ; P0[2 dropb wS1 N 13 .]        ... put on the board at column N, row 13
    ; P0[3 done]                    the move is committed
    ; P1[4 move B bL1 M 12 /wS1]    a whole move at once (robots, later files)
    ; P1[18 pickb K 11 bS1]         a tile lifted from the board
    ; P1[178 pass]   P0[... resign]   P1[... acceptdraw]

A move is the last ``dropb``/``pdropb``/``move``/``pmove`` (or ``pass``) before ``done``: a tile
picked and dropped again before ``done`` was never played. The destination is written as a UHP
reference (``/wS1``, ``wA1-``, ``\\\\wQ`` with SGF's escaped backslash), or as ``.``: onto the
stack at that column and row (its top piece, as Mzinga's reader resolves it), or no reference
at all on the first move. Files before about 2016 name tiles without their colour (``dropb q
M 11 /wB1``, ``move B A1 N 14 \\\\wG1``, ``pmove W A2 ...`` for the pillbug moving White's
ant): the colour is the event's own (``W``/``B``), else the mover's. ``P0`` moves first, as
White. ``SU`` is the game type (``hive``, ``hive-p``, ``Hive-PLM``); the result is ``RE``'s
``Game won by NAME`` / ``The game is a draw``, else a ``resign`` or ``acceptdraw`` event. The
tags kept are Mzinga's (``White``, ``Black``, ``Date``, ``Event``, ``Site``, ``Round``,
``SgfDate``, ``SgfGameName``, ``SgfResult``), so a BoardSpace game written as PGN
(``records.pgn``) is the text Mzinga writes for it. Events Mzinga ignores are ignored
(``Start``, ``pick``, ``pickb``, ``offerdraw``, ``time``...).

Bounded like every record (``records.recorded.read_record``); the moves then go through the
rules (``records.recorded.to_log``), so an illegal one is one sentence naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.core.state import NotationError, Outcome
from swarmtui.games.hive.pieces import COLOURS, GameType
from swarmtui.records.gamelog import GameLog
from swarmtui.records.hive_record import NO_REFERENCE, read_game_type, read_move, read_piece, rules_for
from swarmtui.records.recorded import UNDECIDED, RecordedGame, quoted, read_record, shown, to_log

HIVE = "27"
"""BoardSpace's game number of Hive (``GM[27]``)."""
_BRACKETED = r"\[([^\]\\]*(?:\\.[^\]\\]*)*)\]"
"""One property value, as the unrolled loop "no bracket or backslash, then (an escape, then no
bracket or backslash) repeated" rather than "(no bracket or backslash, or an escape) repeated",
whose every character left a backtracking mark in ``re`` (an unclosed 15 MB value took 3 GB to
refuse); this way a mark is left per escape only."""
_TOKEN = re.compile(rf"\s*(?:([();])|([A-Za-z][A-Za-z0-9]*)((?:\s*{_BRACKETED})+))", re.DOTALL)
_VALUE = re.compile(_BRACKETED, re.DOTALL)
_UNESCAPE = re.compile(r"\\(\n|.)", re.DOTALL)
_ZONE = re.compile(r"(\D{3}) (\D{3}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) (.{3,}) (\d{4})")
_DATES = ("%d %B %Y", "%d. %B %Y", "%B %d, %Y", "%a %b %d %H:%M:%S %Y")
_ROOT_TAGS = {"EV": "Event", "PC": "Site", "RO": "Round"}
_PLAYER = re.compile(r'id\s+"(.*)"', re.DOTALL)
_WON = re.compile(r"game won by (.+)", re.IGNORECASE)


def properties(text: str, where: str) -> list[tuple[str, str, int]]:
    """Every property of an SGF text as ``(id, value, line)``, values unescaped (``\\]``,
    ``\\\\``, a soft line break); structure marks skipped. ``SaveError`` where the text stops
    being SGF."""
    found: list[tuple[str, str, int]] = []
    position, line, counted = 0, 1, 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        line += text.count("\n", counted, position)
        counted = position
        if match is None:
            if not text[position:].strip():
                break
            raise SaveError(f"{where} line {line}: {quoted(text[position:position + 20].strip())} is not SGF")
        if match.group(2):
            line += text.count("\n", counted, match.start(2))
            counted = match.start(2)
            for value in _VALUE.findall(match.group(3)):
                found.append((match.group(2).upper(), _UNESCAPE.sub(_unescaped, value), line))
        position = match.end()
    return found


def _unescaped(match: re.Match[str]) -> str:
    return "" if match.group(1) == "\n" else match.group(1)


@dataclass
class _Events:
    """The moves a BoardSpace event list commits, with what each cell holds (for ``.``)."""

    where: str
    record: RecordedGame
    candidate: tuple[str, str | None, int] | None = None
    """The move since the last ``done``: its text, the cell it lands on, its line."""
    cells: dict[str, list[str]] = field(default_factory=dict)
    at: dict[str, str] = field(default_factory=dict)
    resigned: str | None = None
    drawn: bool = False

    def mover(self) -> str:
        return COLOURS[len(self.record.moves) % 2]

    def event(self, player: str, value: str, line: int) -> None:
        words = value.split()
        if len(words) < 2 or not words[0].isdigit():
            return  # id, ranking, time, and the root's own lines
        verb, args = words[1].lower(), words[2:]
        if verb in ("move", "pmove") and len(args) >= 4:
            self.drop(args[1], args[0], args[2], args[3], args[4:], line)
        elif verb in ("dropb", "pdropb") and len(args) >= 3:
            self.drop(args[0], None, args[1], args[2], args[3:], line)
        elif verb == "pass":
            self.candidate = ("pass", None, line)
        elif verb == "done":
            self.commit()
        elif verb == "resign":
            self.resigned = player
        elif verb == "acceptdraw":
            self.drawn = True

    def drop(self, name: str, colour: str | None, column: str, row: str, rest: list[str], line: int) -> None:
        piece = self.piece(name, colour, line)
        cell = f"{column.upper()} {row}"
        target = rest[0] if rest else NO_REFERENCE
        if target == NO_REFERENCE and self.cells.get(cell):
            target = self.cells[cell][-1]  # onto the stack standing there
        self.candidate = (piece if target == NO_REFERENCE else f"{piece} {target}", cell, line)

    def piece(self, name: str, colour: str | None, line: int) -> str:
        """A tile as BoardSpace names it: with its colour (``wS1``, ``bg1``, ``wL1``), or without
        (``q``, ``G1``, ``b2``: a beetle), the colour then the event's or the mover's."""
        try:
            if name[:1].lower() in COLOURS and len(name) > 1 and name[1:2].isalpha():
                return str(read_piece(name))
            return str(read_piece(f"{(colour or self.mover())[:1].lower()}{name}"))
        except NotationError as error:
            raise SaveError(f"{self.where} line {line}: {error}") from None

    def commit(self) -> None:
        if self.candidate is None:
            return
        text, cell, line = self.candidate
        self.candidate = None
        if len(self.record.moves) >= LIMITS.max_record_moves:
            raise SaveError(f"{self.where} line {line}: a game of more than {LIMITS.max_record_moves} moves")
        self.record.add(text, line)
        if cell is None:
            return
        piece = text.split()[0]
        if piece in self.at:
            self.cells[self.at[piece]].remove(piece)
        self.cells.setdefault(cell, []).append(piece)
        self.at[piece] = cell


def parse_sgf(text: str, where: str) -> RecordedGame:
    """The Hive game of a BoardSpace SGF text (file ``where``), as a ``RecordedGame``."""
    record = RecordedGame("hive")
    events = _Events(where, record)
    names: dict[str, str] = {}
    result = ""
    for key, value, line in properties(text, where):
        if key == "GM" and value.strip() != HIVE:
            raise SaveError(f"{where}: GM[{shown(value)}] is not BoardSpace's Hive (GM[{HIVE}])")
        if key == "SU":
            game_type = _game_type(value, where)
            record.rules, record.tags["GameType"] = rules_for(game_type), str(game_type)
        elif key in _ROOT_TAGS:
            record.tags[_ROOT_TAGS[key]] = value
        elif key == "DT" and value:
            record.tags["SgfDate"] = value
            record.tags["Date"] = _date(value)
        elif key == "GN" and value:
            record.tags["SgfGameName"] = value
        elif key == "RE" and value:
            record.tags["SgfResult"] = result = value
        elif key in ("P0", "P1"):
            player = _PLAYER.fullmatch(value.strip())
            if player:
                names[key] = record.tags["White" if key == "P0" else "Black"] = player.group(1)
            else:
                events.event(key, value, line)
        if len(record.tags) > LIMITS.max_tags or any(len(v) > LIMITS.max_text for v in record.tags.values()):
            raise SaveError(f"{where} line {line}: more than {LIMITS.max_tags} properties, or one longer than "
                            f"{LIMITS.max_text} characters")
    events.commit()
    record.claimed = _claimed(result, names, events)
    return record


def _game_type(value: str, where: str) -> GameType:
    head, _, letters = value.strip().partition("-")
    if head.lower() != "hive":
        raise SaveError(f"{where}: SU[{shown(value)}] is not a Hive game")
    try:
        return read_game_type(f"Base+{letters}" if letters else "Base")
    except NotationError:
        raise SaveError(f"{where}: SU[{shown(value)}] is not a Hive game type swarmtui plays "
                        "(hive, or hive- with the expansion letters M, L and P)") from None


def _date(value: str) -> str:
    """``yyyy.MM.dd`` of BoardSpace's date, as Mzinga reads it (``""`` when it cannot)."""
    text = _ZONE.sub(r"\1 \2 \3 \4:\5:\6 \8", value.strip())
    for form in _DATES:
        try:
            return datetime.strptime(text, form).strftime("%Y.%m.%d")
        except ValueError:
            continue
    return ""


def _claimed(result: str, names: dict[str, str], events: _Events) -> Outcome | None:
    won = _WON.fullmatch(result.strip())
    if won:
        for key, seat in (("P0", "White"), ("P1", "Black")):
            if names.get(key) == won.group(1).strip():
                return Outcome(seat, UNDECIDED)
    if "draw" in result.lower() or events.drawn:
        return Outcome(None, UNDECIDED)
    if events.resigned is not None:
        loser = "White" if events.resigned == "P0" else "Black"
        return Outcome("Black" if loser == "White" else "White", f"{loser} resigned")
    return None


def read_sgf(path: Path) -> list[GameLog]:
    """The game of the BoardSpace SGF file ``path``, replayed by the rules into a ``GameLog``."""
    where = str(path)
    record = parse_sgf(read_record(path, "BoardSpace SGF file"), where)
    if not record.moves:
        raise SaveError(f"{where} holds no Hive moves (no dropb, move or pass events)")
    return [to_log(record, where, 0, read_move)]

