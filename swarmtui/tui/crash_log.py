"""Where an unexpected error of the app goes: a log file, never the player's screen.

An exception nothing handled ends a Textual app with a Rich traceback (with local variables)
printed to the terminal; over ``swarmtui serve`` that terminal is a player's. ``SwarmApp``
writes the traceback here instead — ``<saves folder>/logs/crash-<date>-<time>-<pid>.log``
(``core.saves.saves_dir``: under ``serve``, the player's own folder, which the operator can
read) — and the player gets one line saying where it is.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from swarmtui.core.saves import saves_dir

LOG_FOLDER = "logs"


def crash_log_dir() -> Path:
    """The folder crash logs go to: ``saves_dir()/logs``."""
    return saves_dir() / LOG_FOLDER


def write_crash_log(error: BaseException | None, into: Path | None = None) -> Path | None:
    """Write ``error``'s traceback to a new file in ``crash_log_dir()`` (or append it to
    ``into``, for errors that follow the first); the file's path, or None when nothing could be
    written (a read-only disk: the error then goes nowhere, never to the screen)."""
    text = "".join(traceback.format_exception(error)) if error is not None else "no exception recorded\n"
    try:
        if into is not None:
            with open(into, "a", encoding="utf-8") as handle:
                handle.write("\nThen:\n" + text)
            return into
        folder = crash_log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError:
        return None
    return path
