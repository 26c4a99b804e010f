"""Result files: JSON lines — a run header, one line per finished game, a closing summary.

The first line (``"kind": "run"``) describes the experiment, so ``--resume FILE`` can carry
on and ``sim report FILE`` can label its tables; each game is one ``"kind": "game"`` line
(``GameRecord.to_json`` plus its result ``group``); a complete run ends with a
``"kind": "summary"`` line. A GA training log (``sim noughts --train --out FILE``) holds
``"kind": "generation"`` lines instead of games.

The file is only ever replaced whole (``core.saves.write_atomic``): the writer keeps the
lines and rewrites the file at checkpoints (every ``checkpoint_seconds``), when the run ends,
and when it is interrupted. Whatever stops the run — Ctrl-C, an exception, a killed process —
the file on disk is an earlier complete checkpoint, never half a line.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.saves import SaveError, read_text, write_atomic
from swarmtui.sim.match import GameRecord

RESULT_FORMAT = 2
MAX_RESULT_BYTES = 2_000_000_000
CHECKPOINT_COST_RATIO = 10


def _line(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":")) + "\n"


class RecordWriter:
    """Context manager collecting a run's lines and writing them atomically at checkpoints.

    ``header`` is the run description (first line); ``existing`` are game lines of an earlier,
    interrupted run being resumed, kept as they were. An existing file is never replaced
    unless ``resume`` says this run continues it.
    """

    def __init__(self, path: Path, header: dict[str, Any] | None = None,
                 existing: list[dict[str, Any]] = (), checkpoint_seconds: float = 10.0, resume: bool = False) -> None:
        self.path = Path(path)
        self._resume = resume
        self._lines = [_line({"kind": "run", "format": RESULT_FORMAT, **(header or {})})]
        self._lines += [_line(game) for game in existing]
        self._interval = checkpoint_seconds
        self._last = time.monotonic()
        self._summary: dict[str, Any] | None = None

    def __enter__(self) -> "RecordWriter":
        if not self._resume and self.path.exists():
            raise SaveError(f"{self.path} already exists and is not overwritten; choose another file")
        self.checkpoint()
        return self

    def write(self, record: GameRecord | dict[str, Any], group: str | None = None) -> None:
        """Add one finished game (a checkpoint follows when the interval has passed)."""
        payload = record.to_json() if isinstance(record, GameRecord) else dict(record)
        if group is not None:
            payload["group"] = group
        self.add("game", payload)

    def add(self, kind: str, payload: dict[str, Any]) -> None:
        """Add one line of ``kind`` (``game`` or ``generation``)."""
        self._lines.append(_line({"kind": kind, **payload}))
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

    def __exit__(self, exc_type, exc, tb) -> None:
        self.checkpoint()


@dataclass
class Results:
    """A result file read back: its header, game lines, generation lines and summary (None: unfinished)."""

    header: dict[str, Any]
    games: list[dict[str, Any]] = field(default_factory=list)
    generations: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] | None = None


LINE_KINDS = ("run", "game", "generation", "summary")


def read_results(path: Path) -> Results:
    """A result file's lines by kind.

    Any damage is one ``SaveError`` naming the file and line; nothing is repaired or rewritten.
    """
    path = Path(path)
    text = read_text(path, limit=MAX_RESULT_BYTES, what="swarmtui result file")
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            raise SaveError(f"{path} is damaged: line {number} is not JSON") from None
        if not isinstance(row, dict) or row.get("kind") not in LINE_KINDS:
            raise SaveError(f"{path} is not a swarmtui result file (line {number})")
        rows.append(row)
    if not rows or rows[0]["kind"] != "run":
        raise SaveError(f"{path} is not a swarmtui result file (no run header on line 1)")
    if rows[0].get("format") != RESULT_FORMAT:
        raise SaveError(f"{path} has unsupported format {rows[0].get('format')!r} (this swarmtui reads {RESULT_FORMAT})")
    results = Results(rows[0])
    for row in rows[1:]:
        if row["kind"] == "game":
            results.games.append(row)
        elif row["kind"] == "generation":
            results.generations.append(row)
        elif row["kind"] == "summary":
            results.summary = row
    return results
