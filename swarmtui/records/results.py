"""Result files: JSON lines — a run header, one line per finished game, a closing summary.

The first line (``"kind": "run"``, ``"format": 2``) describes the run, so ``--resume FILE``
can carry on and ``sim report FILE`` can label its tables; each game is one ``"kind": "game"``
line (a ``GameLog`` with its ``index`` and result ``group``); a complete run ends with a
``"kind": "summary"`` line. A GA training log (``sim noughts --train --out FILE``) holds
``"kind": "generation"`` lines instead of games. Halma's Table V presets write per-game
tallies (``"kind": "game"`` lines without ``game`` and ``players``: the winner's move count,
restarts), kept as ``Results.tallies``.

The file is only ever replaced whole (``core.saves.write_atomic``): the writer keeps the
lines and rewrites the file at checkpoints (every ``checkpoint_seconds``), when the run ends,
and when it is interrupted. Whatever stops the run — Ctrl-C, an exception, a killed process —
the file on disk is an earlier complete checkpoint, never half a line. An existing file is
never replaced unless the run resumes it, and a file that does not read back (``read_results``)
is never resumed, so a refused file is never written to.

``read_results`` is the one reader: a regular file of at most ``LIMITS.max_result_bytes``,
read a line at a time (each at most ``LIMITS.max_line_bytes``), each line bounded JSON
(``core.bounded_json``) and each game a checked ``GameLog``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.bounded_json import LIMITS, SaveError, parse
from swarmtui.core.saves import open_regular, write_atomic
from swarmtui.records.gamelog import GameLog

RESULT_FORMAT = 2
MAX_RESULT_BYTES = LIMITS.max_result_bytes
CHECKPOINT_COST_RATIO = 10
LINE_KINDS = ("run", "game", "generation", "summary")


def _line(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":")) + "\n"


class RecordWriter:
    """Context manager collecting a run's lines and writing them atomically at checkpoints.

    ``header`` is the run description (first line); ``existing`` are game lines of an earlier,
    interrupted run being resumed (``read_results``' games), kept as they were. An existing
    file is never replaced unless ``resume`` says this run continues it.
    """

    def __init__(self, path: Path, header: dict[str, Any] | None = None,
                 existing: list[GameLog] | tuple[GameLog, ...] = (), checkpoint_seconds: float = 10.0,
                 resume: bool = False) -> None:
        self.path = Path(path)
        self._resume = resume
        self._lines = [_line({"kind": "run", "format": RESULT_FORMAT, **(header or {})})]
        self._lines += [_line(game.to_json()) for game in existing]
        self._interval = checkpoint_seconds
        self._last = time.monotonic()
        self._summary: dict[str, Any] | None = None

    def __enter__(self) -> RecordWriter:
        if not self._resume and self.path.exists():
            raise SaveError(f"{self.path} already exists and is not overwritten; choose another file")
        self.checkpoint()
        return self

    def write(self, record: GameLog | dict[str, Any], group: str | None = None) -> None:
        """Add one finished game (a checkpoint follows when the interval has passed).

        A dict with a ``game`` is checked by ``GameLog.from_json`` first, so the writer writes
        only what the reader reads; a ``GameLog`` built by ``sim`` is typed already (checking it
        again costs 5% of the cheapest games' time: 43 us against 890 us for random noughts); a
        dict without a ``game`` is a preset's per-game tally, written as it is."""
        if isinstance(record, dict) and "game" in record:
            record = GameLog.from_json({"kind": "game", **record}, f"game {record.get('index', '?')} of {self.path}")
        payload = record.to_json() if isinstance(record, GameLog) else {"kind": "game", **record}
        if group is not None:
            payload["group"] = group
        self._append(payload)

    def add(self, kind: str, payload: dict[str, Any]) -> None:
        """Add one line of ``kind`` (``generation``)."""
        self._append({"kind": kind, **payload})

    def _append(self, payload: dict[str, Any]) -> None:
        self._lines.append(_line(payload))
        if time.monotonic() - self._last >= self._interval:
            self.checkpoint()

    def finish(self, summary: dict[str, Any]) -> None:
        """Mark the run complete with its summary line (written when the context closes)."""
        self._summary = {"kind": "summary", **summary}

    def checkpoint(self) -> None:
        """Replace the file with every line so far.

        A rewrite grows with the file, so the interval grows with it: at least ten times the
        last rewrite's duration, which keeps checkpointing under a tenth of a long run's time.
        """
        lines = self._lines + ([_line(self._summary)] if self._summary else [])
        start = time.monotonic()
        write_atomic(self.path, "".join(lines))
        self._last = time.monotonic()
        self._interval = max(self._interval, CHECKPOINT_COST_RATIO * (self._last - start))

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.checkpoint()


@dataclass
class Results:
    """A result file read back: its header, games, generation lines, Halma preset tallies and
    summary (None: the run is unfinished)."""

    header: dict[str, Any]
    games: list[GameLog] = field(default_factory=list)
    generations: list[dict[str, Any]] = field(default_factory=list)
    tallies: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] | None = None


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The non-empty lines of ``path`` with their numbers, under the file and line limits."""
    with open_regular(path, limit=LIMITS.max_result_bytes, what="swarmtui result file") as handle:
        number = 0
        read = 0
        while True:
            try:
                line = handle.readline(LIMITS.max_line_bytes + 1)
            except OSError as error:
                raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
            if not line:
                break
            number += 1
            read += len(line)
            if len(line) > LIMITS.max_line_bytes:
                raise SaveError(f"{path} is damaged: line {number} is longer than {LIMITS.max_line_bytes} bytes")
            if read > LIMITS.max_result_bytes:
                raise SaveError(f"{path} is too large to be a swarmtui result file (it grew while being read)")
            if line.strip():
                yield number, line


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


def read_results(path: Path) -> Results:
    """A result file's lines by kind.

    Any damage is one ``SaveError`` naming the file and line; nothing is repaired or rewritten.
    """
    path = Path(path)
    results: Results | None = None
    for number, line in _lines(path):
        row = parse(line, str(path), number)
        where = f"{path} line {number}"
        if not isinstance(row, dict) or row.get("kind") not in LINE_KINDS:
            raise SaveError(f"{path} is not a swarmtui result file (line {number})")
        if results is None:
            if row["kind"] != "run":
                raise SaveError(f"{path} is not a swarmtui result file (no run header on line 1)")
            if row.get("format") != RESULT_FORMAT:
                raise SaveError(f"{path} has unsupported format {row.get('format')!r} "
                                f"(this swarmtui reads {RESULT_FORMAT})")
            results = Results(row)
        elif row["kind"] == "game":
            if "game" in row or "players" in row:
                results.games.append(GameLog.from_json(row, where))
            else:
                results.tallies.append(_tally(row, where))
        elif row["kind"] == "generation":
            results.generations.append(_generation(row, where))
        elif row["kind"] == "summary":
            results.summary = row
        else:
            raise SaveError(f"{where} is damaged: a second run header")
    if results is None:
        raise SaveError(f"{path} is not a swarmtui result file (no run header on line 1)")
    return results
