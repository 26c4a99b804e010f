"""Result files: JSON lines — a run header, one line per finished game, a closing summary.

The first line (``"kind": "run"``, ``"format": 2``) describes the run, so ``--resume FILE``
can carry on and ``sim report FILE`` can label its tables; each game is one ``"kind": "game"``
line (a ``GameLog`` with its ``index`` and result ``group``); a complete run ends with a
``"kind": "summary"`` line. A GA training log (``sim noughts --train --out FILE``) holds
``"kind": "generation"`` lines instead of games. Halma's Table V presets write per-game
tallies (``"kind": "game"`` lines without ``game`` and ``players``: the winner's move count,
restarts), kept as ``Results.tallies``.

**Writing** (``RecordWriter``) appends: the file is created with its header (atomically, never
over an existing file), and each finished game's line is added as it comes, written whole
every ``flush_seconds`` and synced to disk every ``sync_seconds``, so a run killed outright
loses at most the last second of games, and a long run holds none of its lines in memory. A
write that fails (a full disk, ``ulimit -f``) is undone back to the last whole line and raises
``RecordWriteError``, which says how many games the file keeps. A resumed run appends to the
file it read and checked; a file that does not read back is never resumed, so a refused file
is never written to.

**Reading** (``ResultReader``, and ``read_results`` on it) is the one reader: a regular file of
at most ``LIMITS.max_result_bytes``, read a line at a time (each at most
``LIMITS.max_line_bytes``), each line bounded JSON (``core.bounded_json``) and each game a
checked ``GameLog``. It streams: ``sim report`` and ``--resume`` keep what they need of each
game, not the file. A last line without its newline that is not JSON is a line that was being
written when the run was killed: it is left out (``cut``), and a resume writes over it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.bounded_json import LIMITS, SaveError, parse
from swarmtui.core.saves import check_confined, is_shipped, open_regular, write_atomic
from swarmtui.records.gamelog import GameLog

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; a second run on the file is not refused there
    fcntl = None  # type: ignore[assignment]

RESULT_FORMAT = 2
MAX_RESULT_BYTES = LIMITS.max_result_bytes
FLUSH_BYTES = 1 << 20
"""Lines are written out at the latest when this many bytes wait (and every ``flush_seconds``)."""
LINE_KINDS = ("run", "game", "generation", "summary")


def _line(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":")) + "\n"


class RecordWriteError(SaveError):
    """A result file could not be written (a full disk, ``ulimit -f``); the file was put back to
    its last whole line, which holds ``games`` game lines (the ones a resume keeps)."""

    def __init__(self, message: str, games: int) -> None:
        super().__init__(message)
        self.games = games


class RecordWriter:
    """Context manager appending a run's lines to its result file (see the module docstring).

    ``header`` is the run description (first line) and ``existing`` game lines to start a new
    file with. With ``resume`` the file is one this run read and checked: nothing is rewritten,
    new lines go after its first ``keep_bytes`` bytes (its whole lines: a line cut short by a
    killed run is dropped), and ``games`` counts from ``kept_games``. An existing file is never
    replaced unless ``resume`` says this run continues it.
    """

    def __init__(self, path: Path, header: dict[str, Any] | None = None,
                 existing: list[GameLog] | tuple[GameLog, ...] = (), *, resume: bool = False,
                 keep_bytes: int | None = None, kept_games: int = 0, flush_seconds: float = 1.0,
                 sync_seconds: float = 10.0) -> None:
        if resume and existing:
            raise ValueError("a resumed file keeps its own lines")
        self.path = Path(path)
        self._resume, self._keep_bytes = resume, keep_bytes
        self._first = [_line({"kind": "run", "format": RESULT_FORMAT, **(header or {})})]
        self._first += [_line(game.to_json()) for game in existing]
        self.games = kept_games if resume else len(existing)
        """Game lines in the file (written and not undone)."""
        self._pending: list[tuple[bytes, bool]] = []
        """Lines not written yet, each with whether it is a game's."""
        self._pending_bytes = 0
        self._flush_seconds, self._sync_seconds = flush_seconds, sync_seconds
        self._flushed = self._synced = time.monotonic()
        self._fd: int | None = None
        self._size = 0
        self._summary: dict[str, Any] | None = None
        self._failed = False

    def __enter__(self) -> RecordWriter:
        if self._resume:
            target = self.path.resolve()  # a resumed symlink is written through (its target grows)
            check_confined(target, reading=False)
            if is_shipped(target):
                raise SaveError(f"{target} is a file shipped with swarmtui and is never overwritten")
        else:
            if self.path.exists():
                raise SaveError(f"{self.path} already exists and is not overwritten; choose another file")
            write_atomic(self.path, "".join(self._first), overwrite=False)
            target = self.path.resolve()
        try:
            self._fd = os.open(target, os.O_RDWR | getattr(os, "O_BINARY", 0))
            self._hold()
            self._size = os.fstat(self._fd).st_size
            if self._resume and self._keep_bytes is not None and self._keep_bytes < self._size:
                os.ftruncate(self._fd, self._keep_bytes)  # a line cut short when the run was killed
                self._size = self._keep_bytes
            if self._resume and self._size and os.pread(self._fd, 1, self._size - 1) != b"\n":
                self._put(b"\n")  # a last line written by hand without its newline
        except OSError as error:
            self._close()
            raise SaveError(f"cannot write {self.path}: {error.strerror or error}") from None
        return self

    def write(self, record: GameLog | dict[str, Any], group: str | None = None) -> None:
        """Add one finished game (written out within ``flush_seconds``).

        A dict with a ``game`` is checked by ``GameLog.from_json`` first, so the writer writes
        only what the reader reads; a ``GameLog`` built by ``sim`` is typed already (checking it
        again costs 5% of the cheapest games' time: 43 us against 890 us for random noughts); a
        dict without a ``game`` is a preset's per-game tally, written as it is."""
        if isinstance(record, dict) and "game" in record:
            record = GameLog.from_json({"kind": "game", **record}, f"game {record.get('index', '?')} of {self.path}")
        payload = record.to_json() if isinstance(record, GameLog) else {"kind": "game", **record}
        if group is not None:
            payload["group"] = group
        self._append(payload, game=True)

    def add(self, kind: str, payload: dict[str, Any]) -> None:
        """Add one line of ``kind`` (``generation``)."""
        self._append({"kind": kind, **payload})

    def _append(self, payload: dict[str, Any], game: bool = False) -> None:
        line = _line(payload).encode("utf-8")
        self._pending.append((line, game))
        self._pending_bytes += len(line)
        now = time.monotonic()
        if self._pending_bytes >= FLUSH_BYTES or now - self._flushed >= self._flush_seconds:
            self.flush(sync=now - self._synced >= self._sync_seconds)

    def finish(self, summary: dict[str, Any]) -> None:
        """Mark the run complete with its summary line (written when the context closes)."""
        self._summary = {"kind": "summary", **summary}

    def flush(self, sync: bool = False) -> None:
        """Write every waiting line; with ``sync``, to the disk too. When the file cannot take
        them all (a full disk, ``ulimit -f``), it keeps every whole line that fits and
        ``RecordWriteError`` says how many games were lost."""
        if self._fd is None or self._failed:
            return
        try:
            self._write_lines()
            if sync:
                os.fsync(self._fd)
        except OSError as error:
            self._failed = True
            lost = sum(game for _, game in self._pending)
            self._close()
            raise RecordWriteError(
                f"cannot write {self.path}: {error.strerror or error}; the {lost} games played since its last "
                f"write were lost", self.games) from None
        self._flushed = time.monotonic()
        if sync:
            self._synced = self._flushed

    def _write_lines(self) -> None:
        """The waiting lines at once; when that fails, again one by one, so that every line that
        fits is kept (``_pending`` keeps what could not be written)."""
        try:
            self._put(b"".join(line for line, _ in self._pending))
            self.games += sum(game for _, game in self._pending)
            self._pending = []
        except OSError:
            done = 0
            try:
                for line, game in self._pending:
                    self._put(line)
                    self.games += game
                    done += 1
            finally:
                self._pending = self._pending[done:]
        self._pending_bytes = sum(len(line) for line, _ in self._pending)

    def _put(self, data: bytes) -> None:
        """Write ``data`` after the file's whole lines; when it does not all go, cut the file back
        to them (it never ends with part of a line) and raise the ``OSError``."""
        assert self._fd is not None
        size, view = self._size, memoryview(data)
        try:
            while view:
                written = os.pwrite(self._fd, view, size)
                view, size = view[written:], size + written
        except OSError:
            try:
                os.ftruncate(self._fd, self._size)
            except OSError:
                pass
            raise
        self._size = size

    def _hold(self) -> None:
        """Take the file for this run alone (an advisory lock, released when it closes): a second
        run on the same file, e.g. a ``--resume`` started while the first still finishes its
        game, would write its lines over the first one's."""
        if fcntl is None or self._fd is None:
            return
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._close()
            raise SaveError(f"{self.path} is being written by another run; wait until it has stopped") from None

    def _close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if self._summary is not None and not self._failed:
            self._pending.append((_line(self._summary).encode("utf-8"), False))
        try:
            self.flush(sync=True)
        finally:
            self._close()


@dataclass
class Results:
    """A result file read back: its header, games, generation lines, Halma preset tallies and
    summary (None: the run is unfinished); ``cut``: its last line was cut short and left out."""

    header: dict[str, Any]
    games: list[GameLog] = field(default_factory=list)
    generations: list[dict[str, Any]] = field(default_factory=list)
    tallies: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] | None = None
    cut: bool = False


class ResultReader:
    """A result file read a line at a time (the one reader; see the module docstring).

    Iterating yields ``(kind, value)``: ``("run", header)`` first, then ``("game", GameLog)``,
    ``("tally", row)`` (a Halma Table V preset's line), ``("generation", row)`` and
    ``("summary", row)`` in file order. Any damage is one ``SaveError`` naming the file and line;
    nothing is repaired or rewritten. While and after iterating, ``whole_bytes`` is the size of
    the lines read so far and ``cut`` says whether a last line cut short was left out.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.header: dict[str, Any] | None = None
        self.whole_bytes = 0
        self.cut = False

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        for number, line, end in self._lines():
            try:
                row = parse(line, str(self.path), number)
            except SaveError:
                if line.endswith(b"\n"):
                    raise
                self.cut = True  # the line a killed run was writing: it never finished
                break
            item = self._item(row, number)
            self.whole_bytes = end
            if item is not None:
                yield item
        if self.header is None:
            raise SaveError(f"{self.path} is not a swarmtui result file (no run header on line 1)")

    def _lines(self) -> Iterator[tuple[int, bytes, int]]:
        """The lines of the file with their numbers and the offset where each ends, under the
        file and line limits (blank lines only advance the offset)."""
        path = self.path
        with open_regular(path, limit=LIMITS.max_result_bytes, what="swarmtui result file") as handle:
            number = read = 0
            while True:
                try:
                    line = handle.readline(LIMITS.max_line_bytes + 1)
                except OSError as error:
                    raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
                if not line:
                    return
                number += 1
                read += len(line)
                if len(line) > LIMITS.max_line_bytes:
                    raise SaveError(f"{path} is damaged: line {number} is longer than {LIMITS.max_line_bytes} bytes")
                if read > LIMITS.max_result_bytes:
                    raise SaveError(f"{path} is too large to be a swarmtui result file (it grew while being read)")
                if line.strip():
                    yield number, line, read
                else:
                    self.whole_bytes = read

    def _item(self, row: Any, number: int) -> tuple[str, Any] | None:
        path, where = self.path, f"{self.path} line {number}"
        if not isinstance(row, dict) or row.get("kind") not in LINE_KINDS:
            raise SaveError(f"{path} is not a swarmtui result file (line {number})")
        if self.header is None:
            if row["kind"] != "run":
                raise SaveError(f"{path} is not a swarmtui result file (no run header on line 1)")
            if row.get("format") != RESULT_FORMAT:
                raise SaveError(f"{path} has unsupported format {row.get('format')!r} "
                                f"(this swarmtui reads {RESULT_FORMAT})")
            self.header = row
            return "run", row
        if row["kind"] == "game":
            if "game" in row or "players" in row:
                return "game", GameLog.from_json(row, where)
            return "tally", _tally(row, where)
        if row["kind"] == "generation":
            return "generation", _generation(row, where)
        if row["kind"] == "summary":
            return "summary", row
        raise SaveError(f"{where} is damaged: a second run header")


def _generation(row: dict[str, Any], where: str) -> dict[str, Any]:
    """A GA training log's line: the generation's number and its best fitness, a whole number
    of points (Ford's fitness sums integer points per game; a float near the float limits could
    not even be plotted)."""
    generation, fitness = row.get("generation"), row.get("fitness")
    if (not isinstance(generation, int) or isinstance(generation, bool) or generation < 0
            or not isinstance(fitness, int) or isinstance(fitness, bool)):
        raise SaveError(f"{where} is damaged: a generation line needs a generation number and a whole-number "
                        "fitness")
    return row


_TALLY_COUNTS = ("index", "seed", "plies", "restarts")


def _tally(row: dict[str, Any], where: str) -> dict[str, Any]:
    """A Halma Table V preset's per-game line: whole counts, the winner's move count (None when
    every attempt hit the cap), the winner and the seconds."""
    counts = [row.get(name) for name in _TALLY_COUNTS] + ([row["moves"]] if row.get("moves") is not None else [])
    if (not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts)
            or not isinstance(row.get("winner"), (str, type(None)))
            or not isinstance(row.get("seconds", 0), (int, float)) or isinstance(row.get("seconds"), bool)):
        raise SaveError(f"{where} is damaged: a game line is neither a game (no 'game' and 'players') "
                        "nor a Halma preset's tally")
    return row


def read_results(path: Path, *, moves: bool = True) -> Results:
    """A result file's lines by kind, all of them (``ResultReader`` streams them instead);
    ``moves=False`` keeps each game ``light`` (no moves, no traces: what tables need), so the
    games of a large file hold little memory.

    Any damage is one ``SaveError`` naming the file and line; nothing is repaired or rewritten.
    """
    reader = ResultReader(path)
    results = Results({})
    for kind, value in reader:
        if kind == "run":
            results.header = value
        elif kind == "game":
            results.games.append(value if moves else value.light())
        elif kind == "tally":
            results.tallies.append(value)
        elif kind == "generation":
            results.generations.append(value)
        else:
            results.summary = value
    results.cut = reader.cut
    return results

