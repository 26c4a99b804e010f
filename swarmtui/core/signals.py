"""Stopping from outside: SIGINT (Ctrl-C), SIGTERM and SIGHUP all mean "stop cleanly now".

The ``swarmtui`` command (``swarmtui.launch``) installs two regimes in turn:

- ``exit_at_once_on_stop`` while its modules are still being imported: nothing exists yet
  that could be saved, so a stop signal prints the one line ``swarmtui: interrupted`` and
  exits at once (no traceback from the middle of an import);
- ``stop_on_signals`` from then on: a stop signal records itself (``received``) and raises
  ``Stop`` (a ``KeyboardInterrupt``) in the main thread, so every place that checkpoints on
  Ctrl-C does the same when a supervisor sends SIGTERM or the terminal hangs up; **except**
  inside a ``deferred()`` region, where the handler only sets a flag and returns.

Why deferred regions: a signal handler runs between any two bytecodes of the main thread, so a
handler that raises can raise inside ``logging``'s fork hooks, ``multiprocessing``'s queues or
``concurrent.futures``' locks, leaving a lock held and the process hung with its workers
orphaned (issue 27 point 8: ``Exception ignored in: <function _releaseLock>`` and a run that
never stopped). Code that starts process pools, waits on them or writes files runs in a
``deferred()`` region and reads the flag at its own safe points with ``check()``, which raises
``Stop`` there; waits poll (``execution.POLL_SECONDS``) so a stop is seen within a fraction of
a second. Inside a deferred region, ``interruptible()`` marks code that owns no foreign lock
(one game played in this process), where the handler raises at once again, so a long game is
not waited for. The innermost region decides. ``cli.main`` parses the command line in a
deferred region (Typer's parsing imports Pydantic lazily: a stop raised inside a class being
created came out as a ``RuntimeError`` traceback) and runs each command's body interruptible,
so a stop during parsing is raised as the body starts, before it has done anything.

The exit status is ``128 + the signal's number`` (130 for SIGINT, 143 for SIGTERM, 129 for
SIGHUP), as a shell reports a process killed by it. Pool workers start with
``pool_worker_start``: they ignore SIGINT (Ctrl-C reaches the whole process group; the parent
decides), die at once on SIGTERM or SIGHUP (the parent keeps what they finished) and die with
their parent (``core.parent_watch``).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from swarmtui.core.parent_watch import die_with_parent

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
INTERRUPTED = "swarmtui: interrupted"

received: int | None = None
"""The last stop signal received under ``stop_on_signals`` (None: none yet)."""
_pending: int | None = None
"""A stop signal received inside a ``deferred()`` region and not yet raised by ``check()``."""


class _Region:
    """One open region: ``raising`` for ``interruptible()``, not for ``deferred()``."""

    __slots__ = ("raising",)

    def __init__(self, raising: bool) -> None:
        self.raising = raising


_regions: list[_Region] = []
"""The main thread's open regions, innermost last (a stop raises at once in an interruptible
one, is a flag in a deferred one). Outside every region a stop raises. Each region removes
itself on leaving, so regions of generators closed out of order cannot remove another's."""


class Stop(KeyboardInterrupt):
    """A stop signal arrived; caught wherever Ctrl-C is (it is a ``KeyboardInterrupt``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Stopped(Exception):
    """A command that ended early (a stop signal; in subclasses, a failure such as a worker that
    died) after saving what it could; the message says what was kept and how to go on.
    ``swarmtui``'s ``main`` prints it as the one line and exits ``exit_code``."""

    @property
    def exit_code(self) -> int:
        return exit_code()


def exit_code() -> int:
    """``128 + signal`` of the stop signal received (130, as for Ctrl-C, when none was)."""
    return 128 + (received if received is not None else signal.SIGINT)


def _exit_now(signum: int, frame: FrameType | None) -> None:
    os.write(2, (INTERRUPTED + "\n").encode())
    os._exit(128 + signum)


def _on_stop(signum: int, frame: FrameType | None) -> None:
    """The handler of ``stop_on_signals``: record; raise only outside deferred regions."""
    global received, _pending
    received = signum
    if _regions and not _regions[-1].raising:
        _pending = signum  # ``check()`` raises it at the region's next safe point
        return
    raise Stop(signum)


def exit_at_once_on_stop() -> None:
    """Until ``stop_on_signals``: a stop signal prints the one line and exits (main thread only)."""
    for number in STOP_SIGNALS:
        signal.signal(number, _exit_now)


def stop_on_signals() -> None:
    """From now on a stop signal raises ``Stop`` in the main thread, or inside a ``deferred()``
    region sets the flag ``check()`` reads (main thread only)."""
    global _fork_hook
    for number in STOP_SIGNALS:
        signal.signal(number, _on_stop)
    if not _fork_hook and hasattr(os, "register_at_fork") and hasattr(signal, "pthread_sigmask"):
        os.register_at_fork(before=_before_fork, after_in_parent=_after_fork, after_in_child=_forked_child)
        _fork_hook = True


_fork_hook = False
_mask_before_fork: set[int] | None = None


def _before_fork() -> None:
    """Block the stop signals in the forking thread, so none reaches the child before it has
    dropped the parent's handling (the parent gets them when ``_after_fork`` unblocks)."""
    global _mask_before_fork
    _mask_before_fork = set(signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS))


def _after_fork() -> None:
    global _mask_before_fork
    if _mask_before_fork is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, _mask_before_fork)
        _mask_before_fork = None


def _forked_child() -> None:
    """Right after a fork, in the child (stop signals still blocked): their default actions, as
    an ``exec`` would give, and none of the parent's regions; then unblock. A pool worker forked
    while its parent is stopping it is then ended by the parent's SIGTERM at once, instead of
    running the parent's handler (which raised in the worker, or set a flag nobody reads)."""
    global _pending
    for number in STOP_SIGNALS:
        if signal.getsignal(number) is _on_stop:
            signal.signal(number, signal.SIG_DFL)
    _regions.clear()
    _pending = None
    _after_fork()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def check() -> None:
    """A safe point: raise ``Stop`` when a stop signal came during a ``deferred()`` region."""
    global _pending
    if _pending is not None and _main_thread():
        signum, _pending = _pending, None
        raise Stop(signum)


def stop_requested() -> bool:
    """Whether a stop signal is waiting for ``check()``."""
    return _pending is not None


@contextmanager
def _region(raising: bool) -> Iterator[None]:
    if not _main_thread():  # only the main thread receives signals
        yield
        return
    region = _Region(raising)
    _regions.append(region)
    try:
        yield
    finally:
        for index in range(len(_regions) - 1, -1, -1):
            if _regions[index] is region:
                del _regions[index]
                break


@contextmanager
def deferred() -> Iterator[None]:
    """A region in which a stop signal only sets the flag (see the module docstring); leaving it
    normally is a safe point. The innermost region decides: an ``interruptible()`` part inside
    raises at once, a ``deferred()`` region inside an interruptible one defers again."""
    with _region(False):
        yield
    check()


@contextmanager
def interruptible() -> Iterator[None]:
    """Code holding no foreign lock (one game played in this process, a command's own body),
    where a stop raises at once; a stop already waiting is raised on entry."""
    check()
    with _region(True):
        yield


def pool_worker_start(owner: int, pdeathsig: bool = True) -> None:
    """A pool worker's initializer: ignore SIGINT, die at once on SIGTERM and SIGHUP (default
    actions), and die with ``owner``, the process that runs the pool (``core.parent_watch``;
    ``pdeathsig`` only when the main thread forks the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in STOP_SIGNALS:
        if number != signal.SIGINT:
            signal.signal(number, signal.SIG_DFL)
    _forked_child()  # when the pool does not fork (spawn, forkserver) this has not run yet
    die_with_parent(owner, pdeathsig)
