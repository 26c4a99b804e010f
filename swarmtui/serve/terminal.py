"""A child process in its own pseudo-terminal: spawn, read/write, resize, hang up.

The child becomes a session leader with the pty's slave side as its controlling terminal
(``setsid`` + ``TIOCSCTTY``), so a window-size change set on the pty (``TIOCSWINSZ``) makes
the kernel send SIGWINCH to it, and hanging up sends SIGHUP to its process group — exactly
what a terminal emulator does, so the app autosaves as it does when a window closes.
Memory (address space) and CPU time are capped with ``setrlimit`` before ``exec``. Keystrokes
wait in an ``InputQueue``, which tells the door to stop reading the player while the app is
behind (back-pressure), so a flooding client costs the server a bounded amount of memory.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import logging
import os
import resource
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence

from swarmtui.serve.input_queue import InputQueue

log = logging.getLogger("swarmtui.serve")

READ_CHUNK = 65536
HANG_UP_GRACE_SECONDS = 5.0


def set_window_size(fd: int, columns: int, rows: int) -> None:
    """Tell the pty its size (the kernel signals SIGWINCH to the foreground group on change)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(columns, 1), 0, 0))


def resource_limits(memory_bytes: int, cpu_seconds: int, controlling_terminal: bool = False) -> Callable[[], None]:
    """What a session's child runs before ``exec``: its address space and CPU time capped, no
    core dumps; with ``controlling_terminal``, its stdin (a pty's slave side) becomes its
    controlling terminal (the SSH door; the browser door's child reads pipes)."""
    def setup() -> None:  # runs in the child after setsid (and, for a pty, the dup2 of the slave onto 0, 1, 2)
        if controlling_terminal:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return setup


def signal_group(process: asyncio.subprocess.Process, number: int) -> None:
    """Signal the child's whole process group (it is a session leader), if it still exists."""
    try:
        os.killpg(process.pid, number)
    except (ProcessLookupError, PermissionError):
        pass


async def hang_up(process: asyncio.subprocess.Process | None, grace: float = HANG_UP_GRACE_SECONDS) -> None:
    """The player is gone or a limit was hit: SIGHUP to the child's group (the app autosaves),
    SIGKILL after ``grace`` seconds; returns once the child has ended."""
    if process is None or process.returncode is not None:
        return
    log.info("hanging up pid %s (SIGHUP)", process.pid)
    signal_group(process, signal.SIGHUP)
    try:
        await asyncio.wait_for(asyncio.shield(process.wait()), grace)
    except TimeoutError:
        signal_group(process, signal.SIGKILL)
        await process.wait()


class PtyChild:
    """One child process on a fresh pty; output goes to ``on_output``, the end to ``on_exit``,
    keystrokes (``write``) through ``keystrokes`` (a default ``InputQueue`` without back-pressure
    callbacks if none is given: it then only caps what waits)."""

    def __init__(self, on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                 keystrokes: InputQueue | None = None) -> None:
        self.on_output = on_output
        self.on_exit = on_exit
        self.keystrokes = keystrokes if keystrokes is not None else InputQueue()
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self._reading = False
        self._loop = asyncio.get_running_loop()

    async def start(self, argv: Sequence[str], env: Mapping[str, str], cwd: str, size: tuple[int, int],
                    memory_bytes: int, cpu_seconds: int) -> None:
        """Spawn ``argv`` on a new pty of ``size`` (columns, rows) with the given limits."""
        master, slave = os.openpty()
        try:
            set_window_size(slave, *size)
            self.process = await asyncio.create_subprocess_exec(
                *argv, stdin=slave, stdout=slave, stderr=slave, env=dict(env), cwd=cwd,
                start_new_session=True, close_fds=True,
                preexec_fn=resource_limits(memory_bytes, cpu_seconds, controlling_terminal=True))
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.resume_output()
        self._loop.create_task(self._wait(self.process))

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    # -- bytes in and out --------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """Keystrokes from the client, queued (``keystrokes``) while the pty is full."""
        if self.master < 0:
            return
        self.keystrokes.push(data)
        self._flush()

    def _flush(self) -> None:
        try:
            written = os.write(self.master, self.keystrokes.pending) if self.keystrokes else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self.keystrokes.clear()
            self._loop.remove_writer(self.master)
            return
        self.keystrokes.consumed(written)
        if self.keystrokes:
            self._loop.add_writer(self.master, self._flush)
        else:
            self._loop.remove_writer(self.master)

    def pause_output(self) -> None:
        """Stop reading the child while the client's channel is backed up (flow control)."""
        if self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master >= 0:
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _read(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as error:  # EIO: every slave fd is closed (the child exited)
            if error.errno != errno.EIO:
                raise
            data = b""
        if data:
            self.on_output(data)
        else:
            self.pause_output()

    def resize(self, columns: int, rows: int) -> None:
        if self.master >= 0:
            set_window_size(self.master, columns, rows)

    # -- the end -----------------------------------------------------------------------------
    async def hang_up(self, grace: float = HANG_UP_GRACE_SECONDS) -> None:
        """The client is gone or a limit was hit: SIGHUP (the app autosaves), SIGKILL after ``grace``."""
        await hang_up(self.process, grace)

    async def _wait(self, process: asyncio.subprocess.Process) -> None:
        code = await process.wait()
        await asyncio.sleep(0)  # let the last output through
        while self._reading:
            try:
                data = os.read(self.master, READ_CHUNK)
            except OSError:
                break
            if not data:
                break
            self.on_output(data)
        self.pause_output()
        self._loop.remove_writer(self.master)
        self.keystrokes.clear()
        os.close(self.master)
        self.master = -1
        self.on_exit(code)
