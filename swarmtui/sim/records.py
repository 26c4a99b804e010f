"""Result files: one JSON line per game, written atomically when the batch ends.

The lines go to a temporary file beside the target, which replaces the target only when the
batch finished, so an interrupted run never leaves a half-written result file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from swarmtui.core.saves import SaveError
from swarmtui.sim.match import GameRecord


class RecordWriter:
    """Context manager: ``write(record)`` per game; the file appears on a clean exit only."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._tmp: Path | None = None
        self._handle = None

    def __enter__(self) -> "RecordWriter":
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        except OSError as error:
            raise SaveError(f"cannot write {self.path}: {error.strerror or error}") from None
        self._tmp = Path(tmp)
        self._handle = os.fdopen(fd, "w", encoding="utf-8")
        return self

    def write(self, record: GameRecord) -> None:
        self._handle.write(json.dumps(record.to_json(), separators=(",", ":")) + "\n")

    def __exit__(self, exc_type, exc, tb) -> None:
        assert self._handle is not None and self._tmp is not None
        try:
            if exc_type is None:
                self._handle.flush()
                os.fsync(self._handle.fileno())
            self._handle.close()
            if exc_type is None:
                os.replace(self._tmp, self.path)
        finally:
            self._tmp.unlink(missing_ok=True)
