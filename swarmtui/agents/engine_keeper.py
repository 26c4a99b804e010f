"""Keeps one external engine and everything it starts, and ends them all together.

    python -I -S engine_keeper.py LIFELINE_FD PROGRAM [ARGUMENT...]

``engine_process.EngineProcess`` runs this file (standard library only, so it starts in a few
milliseconds and imports nothing of swarmtui) in place of the engine itself. The keeper

- becomes a *child subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``): every process the
  engine starts stays a descendant of the keeper, even one that leaves the engine's session
  with ``setsid()`` and whose parent has exited;
- starts the engine in a process group of its own, on the keeper's standard input and output
  (swarmtui's pipes), then drops its own copies of them, so swarmtui sees the engine's output
  end when the engine's processes end;
- waits until the engine exits, or the *lifeline* closes: a pipe whose other end only swarmtui
  holds, so it closes when swarmtui closes the engine and also when swarmtui dies in any way
  (SIGKILL, an out-of-memory kill, a pool worker terminated);
- then ends the engine (SIGTERM to its group, ``TERM_GRACE`` seconds to go), stops every
  descendant still there (SIGSTOP, scanning ``/proc`` again until none is new, so nothing can
  fork away meanwhile), kills them all (SIGKILL), reaps them, and exits as the engine did
  (its exit status, or the same signal).

Without ``/proc`` or the subreaper (not Linux) it falls back to killing the engine's process group.
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
TERM_GRACE = 1.0
"""Seconds the engine has to exit after SIGTERM before everything is killed."""
CANNOT_START = 127


def become_subreaper() -> bool:
    """Adopt the orphans among our descendants (Linux only); False where that is not possible."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def descendants(root: int) -> set[int]:
    """Every process below ``root`` now, from ``/proc/*/stat`` (the parent is the 2nd field after the name)."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                data = stat.read()
            parent = int(data[data.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def signal_quietly(pid: int, number: int, *, group: bool = False) -> None:
    try:
        (os.killpg if group else os.kill)(pid, number)
    except (ProcessLookupError, PermissionError):
        pass


class Keeper:
    """The engine's process and the way its processes are found: every descendant of the keeper
    (``tree``), or, without the subreaper, the engine's own process group."""

    def __init__(self, program: list[str]) -> None:
        self.tree = become_subreaper() and os.path.isdir("/proc")
        # in tree mode the engine stays in the keeper's group, so a last-resort kill of the
        # keeper's group (swarmtui's) takes it too; otherwise its own group is how it is found
        self.engine = subprocess.Popen(program, start_new_session=not self.tree, close_fds=True).pid
        self.status: int | None = None

    def signal_all(self, number: int) -> None:
        if self.tree:
            for pid in descendants(os.getpid()):
                signal_quietly(pid, number)
        else:
            signal_quietly(self.engine, number, group=True)

    def kill_all(self) -> None:
        """Stop, then kill, every descendant (without the tree: the engine's process group)."""
        if not self.tree:
            signal_quietly(self.engine, signal.SIGKILL, group=True)
            return
        stopped: set[int] = set()
        while new := descendants(os.getpid()) - stopped:
            for pid in new:
                signal_quietly(pid, signal.SIGSTOP)
            stopped |= new
        for pid in stopped:
            signal_quietly(pid, signal.SIGKILL)

    def reap(self, block: bool) -> None:
        """Collect exited children (orphans adopted included); note the engine's wait status."""
        while True:
            try:
                pid, code = os.waitpid(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid == self.engine:
                self.status = code


def main(args: list[str]) -> int:
    lifeline, program = int(args[0]), args[1:]
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    stop_requested: list[int] = []
    signal.signal(signal.SIGCHLD, lambda number, frame: None)  # wakes the select below
    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(number, lambda number, frame: stop_requested.append(number))
    try:
        keeper = Keeper(program)
    except OSError:
        return CANNOT_START
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    while keeper.status is None and not stop_requested:
        ready, _, _ = select.select([lifeline, wake_read], [], [])
        if wake_read in ready:
            os.read(wake_read, 512)
        keeper.reap(block=False)
        if lifeline in ready:
            break  # swarmtui closed its end (or is gone): this engine's game is over
    if keeper.status is None:
        keeper.signal_all(signal.SIGTERM)
        deadline = time.monotonic() + TERM_GRACE
        while keeper.status is None and time.monotonic() < deadline:
            select.select([wake_read], [], [], max(0.0, deadline - time.monotonic()))
            keeper.reap(block=False)
    keeper.kill_all()
    keeper.reap(block=True)
    status = keeper.status
    if status is not None and os.WIFSIGNALED(status):
        fatal = os.WTERMSIG(status)
        signal.signal(fatal, signal.SIG_DFL)
        os.kill(os.getpid(), fatal)  # end as the engine did, so swarmtui reports its signal
    return os.waitstatus_to_exitcode(status) if status is not None else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
