"""Game files by their extension: every game record swarmtui reads, and one game written to any.

| extension | reads | writes |
|---|---|---|
| ``.jsonl`` | a result file of ``swarmtui sim`` (``records.results``) | a result file holding the game |
| ``.json`` | a saved game of the TUI (``records.saved``) | a saved game (the TUI can resume it) |
| ``.pgn`` | Hive PGN, one game or many (``records.pgn``) | Hive PGN |
| ``.sgf`` | a BoardSpace SGF Hive record (``records.sgf``) | (read only) |
| ``.txt`` | a text record or UHP GameStrings (``records.text_record``) | Hive: its GameString; others: a text record |

``read_games`` is what ``swarmtui hive convert`` opens, ``read_game`` (one game, a result
file streamed) what ``swarmtui replay`` and the TUI's replay viewer open, ``list_games`` (light
games) what the viewer lists; ``write_games`` what ``convert`` and ``replay --export`` write (several games to
a PGN, a result file or Hive GameStrings; one to a saved game or a text record). Writing never
replaces a file (``core.saves.write_atomic`` with ``overwrite=False``, atomic, confined to the
player's saves under ``swarmtui serve``); a file to write whose extension is none of these is
refused by name, and one to read is read as a result file (older names: ``results``,
``.out``). Nothing a file contains chooses where anything is read or written.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

from swarmtui.core.bounded_json import SaveError
from swarmtui.core.saves import write_atomic, write_json
from swarmtui.records.gamelog import GameLog
from swarmtui.records.pgn import format_pgn, read_pgn
from swarmtui.records.recorded import ending, replayed, settle
from swarmtui.records.results import RecordWriter, ResultReader, read_results
from swarmtui.records.saved import read_saved
from swarmtui.records.sgf import read_sgf
from swarmtui.records.text_record import format_game_string, format_text_record, read_text_record

WRITES = (".jsonl", ".json", ".pgn", ".txt")


def _results(path: Path) -> list[GameLog]:
    return read_results(path).games


def _saved(path: Path) -> list[GameLog]:
    return [read_saved(path)]


_READERS: dict[str, Callable[[Path], list[GameLog]]] = {
    ".jsonl": _results, ".json": _saved, ".pgn": read_pgn, ".sgf": read_sgf, ".txt": read_text_record,
}


def kind(path: Path, known: tuple[str, ...]) -> str:
    """``path``'s extension (lower case) when it is one of ``known``; ``SaveError`` naming them otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in known:
        raise SaveError(f"{path}: the extension says what the file is, and {suffix or 'no extension'} is none "
                        f"of {', '.join(known)}")
    return suffix


def read_games(path: Path) -> list[GameLog]:
    """Every game of the record file ``path`` (by its extension; any other name is read as a
    result file, as ``swarmtui replay`` always has), each checked by the rules where the format
    is another program's; one ``SaveError`` sentence for any fault."""
    path = Path(path)
    games = _READERS.get(path.suffix.lower(), _results)(path)
    if not games:
        raise SaveError(f"{path} holds no game records")
    return games


def list_games(path: Path) -> list[GameLog]:
    """The games of ``path`` as a list shows them: a result file's read a line at a time and
    kept ``GameLog.light`` (no moves; ``plies`` counts them), so listing a large run holds little
    memory; the other formats (at most ``LIMITS.max_record_bytes``) whole."""
    path = Path(path)
    if path.suffix.lower() in _READERS and path.suffix.lower() != ".jsonl":
        return read_games(path)
    games = read_results(path, moves=False).games
    if not games:
        raise SaveError(f"{path} holds no game records")
    return games


def read_game(path: Path, number: int) -> tuple[GameLog, int]:
    """Game ``number`` (1 = the first) of ``path`` whole, and how many games the file holds: a
    result file is streamed, keeping only that game's moves and traces (a 180 MiB run replays in
    the memory of one game); ``SaveError`` when the file holds fewer."""
    path = Path(path)
    chosen: GameLog | None = None
    count = 0
    if path.suffix.lower() in _READERS and path.suffix.lower() != ".jsonl":
        games = read_games(path)
        count, chosen = len(games), games[number - 1] if 0 < number <= len(games) else None
    else:
        for item, value in ResultReader(path):
            if item == "game":
                count += 1
                chosen = value if count == number else chosen
    if count == 0:
        raise SaveError(f"{path} holds no game records")
    if chosen is None:
        raise SaveError(f"{path} holds {count} game(s); game {number} does not exist")
    return chosen, count


MANY = (".jsonl", ".pgn", ".txt")
"""Formats one file of which holds several games (a ``.txt`` several Hive GameStrings)."""


def write_games(logs: list[GameLog], path: Path, where: list[str], source: str = "") -> Path:
    """Write ``logs`` (``where[i]`` names game ``i`` in errors; ``source`` is where they came
    from, for a result file's header) to the new file ``path`` in the format its extension
    names; a format that holds one game (``.json``, a text record) takes one."""
    path = Path(path)
    suffix = kind(path, WRITES)
    single = suffix not in MANY or (suffix == ".txt" and any(log.game != "hive" for log in logs))
    if single and len(logs) != 1:
        raise SaveError(f"{path}: a {suffix} file holds one game, and {len(logs)} were given (choose one)")
    if suffix == ".pgn":
        return write_atomic(path, "\n".join(format_pgn(log, at) for log, at in zip(logs, where, strict=True)),
                            overwrite=False)
    if suffix == ".txt":
        text = "".join(format_game_string(log, at) if log.game == "hive" else format_text_record(log, at)
                       for log, at in zip(logs, where, strict=True))
        return write_atomic(path, text, overwrite=False)
    if suffix == ".json":
        return write_json(path, as_saved(logs[0], where[0]).to_json(), overwrite=False)
    lines = [as_result_line(log, at, index) for index, (log, at) in enumerate(zip(logs, where, strict=True))]
    with RecordWriter(path, {"converted": source or where[0]}) as writer:
        for line in lines:
            writer.write(line)
    return path


def as_result_line(log: GameLog, where: str, index: int = 0) -> GameLog:
    """``log`` as game ``index`` of a result file: numbered, with its winner, result and reason."""
    if log.is_result_line:
        return dataclasses.replace(log, index=index)
    line = dataclasses.replace(log, index=index, group=None, finished=False, saved="", table=None)
    state = replayed(log, where)
    settle(line, state, ending(log, state), where)
    return line


def as_saved(log: GameLog, where: str) -> GameLog:
    """``log`` as a saved game: no result-line fields, ``finished`` and its result sentence; a
    record without a seed gets seed 0 (it seeds only the agents of a game resumed from it)."""
    outcome = ending(log, replayed(log, where))
    return dataclasses.replace(log, index=None, group=None, winner=None, reason="", plies=0, seconds=0.0,
                               think_seconds={}, seed=log.seed if log.seed is not None else 0,
                               finished=outcome is not None, result=outcome.summary() if outcome else "",
                               saved=log.saved or time.strftime("%Y-%m-%d %H:%M:%S"))
