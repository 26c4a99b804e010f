"""Pool workers die with the process that runs their pool, however it ends (issue 27 point 8);
a browser session's app hangs itself up when its door ends (``hang_up_with_parent``).

A parent killed by SIGKILL or by the out-of-memory killer runs no clean-up, so its pool
workers would play on as orphans for minutes (they were seen for 18). ``die_with_parent`` sets
two guards in a worker:

- a **watchdog thread** that looks every ``WATCH_SECONDS`` whether the worker was re-parented
  (to init or a subreaper: its parent ended) or the owner process is gone, and then ends the
  worker with SIGTERM. Portable, and independent of which thread forked the worker;
- on Linux, when asked, ``PR_SET_PDEATHSIG`` (prctl(2)): the kernel sends SIGTERM the moment
  the *thread* that forked the worker ends. Immediate, but tied to that thread, so only for
  pools whose workers the main thread forks (a pool used from a UI worker thread would lose
  its workers when that thread ends).

A worker's SIGTERM is its default action (``signals.pool_worker_start``): it dies at once.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable

WATCH_SECONDS = 0.5
"""How often the watchdog looks for its parent (an orphan lives at most about this long)."""
PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal sent to this process when its parent thread ends (linux/prctl.h)."""


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, under another user
        return True
    return True


def orphaned(owner: int, parent: int) -> bool:
    """This process's parent is no longer ``parent`` or the ``owner`` process has ended."""
    return os.getppid() != parent or not alive(owner)


def _end_self() -> None:
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(WATCH_SECONDS)  # a handler the worker's own code installed may take a moment
    os._exit(128 + signal.SIGTERM)


def _watch(owner: int, parent: int, then: Callable[[], None] = _end_self) -> None:
    while not orphaned(owner, parent):
        time.sleep(WATCH_SECONDS)
    then()


def hang_up_with_parent() -> None:
    """Send this process SIGHUP once its parent has ended, from a watchdog thread (at most
    ``WATCH_SECONDS`` late): the app of a browser session, whose door talks to it over pipes
    rather than a terminal, so that no kernel hangs it up when the door dies. A door killed
    outright (SIGKILL, the out-of-memory killer) once left every app running as an orphan, each
    up to its memory cap and its game unsaved; this way each saves its game and ends, as an
    SSH session's app does when its terminal goes."""
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent, parent, _hang_up_self), name="swarmtui-parent-watch",
                     daemon=True).start()


def _hang_up_self() -> None:
    os.kill(os.getpid(), signal.SIGHUP)


def parent_death_signal(number: int) -> bool:
    """Ask Linux to send ``number`` when the thread that forked this process ends (False
    elsewhere, or when prctl is unavailable)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(number), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def die_with_parent(owner: int, pdeathsig: bool = True) -> None:
    """End this process when ``owner`` (the process running the pool) or this process's parent
    ends: the watchdog thread, and with ``pdeathsig`` the kernel's parent-death signal. A parent
    that died before this ran is noticed here at once."""
    parent = os.getppid()
    if pdeathsig:
        parent_death_signal(signal.SIGTERM)
    if orphaned(owner, parent):
        _end_self()
    threading.Thread(target=_watch, args=(owner, parent), name="swarmtui-parent-watch", daemon=True).start()
