"""Stopping from outside: SIGINT (Ctrl-C), SIGTERM and SIGHUP all mean "stop cleanly now".

The ``swarmtui`` command (``swarmtui.launch``) installs two regimes in turn:

- ``exit_at_once_on_stop`` while its modules are still being imported: nothing exists yet
  that could be saved, so a stop signal prints the one line ``swarmtui: interrupted`` and
  exits at once (no traceback from the middle of an import);
- ``raise_on_stop`` from then on: each stop signal raises ``Stop`` (a ``KeyboardInterrupt``)
  in the main thread, so every place that checkpoints on Ctrl-C (``sim``'s result file, a
  pool being shut down) does the same when a supervisor sends SIGTERM or the terminal
  hangs up, instead of dying with its workers orphaned and its last games lost.

The exit status is ``128 + the signal's number`` (130 for SIGINT, 143 for SIGTERM, 129 for
SIGHUP), as a shell reports a process killed by it. Pool workers take ``worker_signals``:
they ignore SIGINT (Ctrl-C reaches the whole process group; the parent decides) and die at
once on SIGTERM or SIGHUP (the parent keeps what they finished).
"""

from __future__ import annotations

import os
import signal
from types import FrameType

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
INTERRUPTED = "swarmtui: interrupted"

received: int | None = None
"""The last stop signal received under ``raise_on_stop`` (None: none yet)."""


class Stop(KeyboardInterrupt):
    """A stop signal arrived; caught wherever Ctrl-C is (it is a ``KeyboardInterrupt``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Stopped(Exception):
    """A command stopped by a signal after saving what it could; the message says what was kept
    and how to go on. ``swarmtui``'s ``main`` prints it as the one line and exits ``exit_code``."""

    @property
    def exit_code(self) -> int:
        return exit_code()


def exit_code() -> int:
    """``128 + signal`` of the stop signal received (130, as for Ctrl-C, when none was)."""
    return 128 + (received if received is not None else signal.SIGINT)


def _exit_now(signum: int, frame: FrameType | None) -> None:
    os.write(2, (INTERRUPTED + "\n").encode())
    os._exit(128 + signum)


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    global received
    received = signum
    raise Stop(signum)


def exit_at_once_on_stop() -> None:
    """Until ``raise_on_stop``: a stop signal prints the one line and exits (main thread only)."""
    for number in STOP_SIGNALS:
        signal.signal(number, _exit_now)


def raise_on_stop() -> None:
    """From now on a stop signal raises ``Stop`` in the main thread (main thread only)."""
    for number in STOP_SIGNALS:
        signal.signal(number, _raise_stop)


def worker_signals() -> None:
    """For a pool worker: ignore SIGINT, die at once on SIGTERM and SIGHUP (default actions)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in STOP_SIGNALS:
        if number != signal.SIGINT:
            signal.signal(number, signal.SIG_DFL)
