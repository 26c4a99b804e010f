"""A saved game of the TUI: one ``GameLog`` as one JSON file, written atomically.

``core.saves.write_json`` writes it (temp file, fsync, rename; a file shipped with swarmtui is
never replaced; a symlink is written through to its target). Reading goes through
``core.saves.read_json`` (a regular file of at most ``LIMITS.max_save_bytes``, bounded JSON,
``"kind": "game"``, ``"format": 1``) and ``GameLog.from_json``; a damaged file is one
``SaveError`` and is never written to. Where the files live and the list the menu shows are
the TUI's (``tui.saved_game``).
"""

from __future__ import annotations

import time
from pathlib import Path

from swarmtui.core.saves import SaveError, read_json, write_json
from swarmtui.records.gamelog import LOG_FORMAT, LOG_KIND, GameLog


def read_saved(path: Path) -> GameLog:
    """Load and check a saved game; any damage is one ``SaveError`` and the file is left as it is."""
    log = GameLog.from_json(read_json(path, kind=LOG_KIND, formats=(LOG_FORMAT,)), str(path))
    if not log.players:
        raise SaveError(f"{path} is damaged: 'players' is not a map of seat to agent id")
    if log.seed is None:
        raise SaveError(f"{path} is damaged: 'seed' is not a whole number >= 0")
    if log.is_result_line:
        raise SaveError(f"{path} is a result-file game, not a saved game")
    return log


def write_saved(log: GameLog, path: Path) -> Path:
    """Write ``log`` as a saved game, atomically, stamped with the time (``SaveError`` when it cannot)."""
    log.saved = time.strftime("%Y-%m-%d %H:%M:%S")
    return write_json(path, log.to_json())
