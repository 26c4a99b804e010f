"""One browser session's app: a ``swarmtui`` process speaking Textual's web-driver protocol.

textual-serve's ``AppService`` starts the app with a shell command, the server's whole
environment, no limits and an unbounded buffer for its standard error, and trusts every size
the app writes; here the same protocol is spoken with the SSH door's rules instead:

- the command is the venue's argument list (no shell), the environment is
  ``environment.child_environment`` plus the web driver's variables and the table hub's,
  the working directory is the player's folder, and the process is a session leader with its
  address space, CPU time and core dumps capped (``terminal.resource_limits``);
- keystrokes wait in an ``InputQueue`` (the door stops reading the browser at half its cap);
  resizes, focus and blur are kept as the latest of each, so no message kind grows a buffer;
- what the app writes is read as Textual's packets (``D`` data, ``M`` meta, ``P`` packed: a
  type byte and a 4-byte length), each at most ``MAX_PACKET`` bytes, or the app is ended;
  ``D`` goes to the browser and nothing else is passed on (no file downloads, no URLs opened in
  the player's browser); the session ends when the app closes its output;
- its standard error is read all along and only the last ``STDERR_KEPT`` bytes are kept (for
  the log, if the app cannot start);
- it ends as an SSH session's app does: SIGHUP to its process group (the app autosaves the
  game and marks it, so the next session offers it), SIGKILL after a grace period.

Protocol (textual 8, ``textual.drivers.web_driver``): the app writes the line
``__GANGLION__`` once it has started, then packets; it reads packets on standard input.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

from swarmtui.serve.input_queue import InputQueue
from swarmtui.serve.terminal import hang_up, resource_limits

log = logging.getLogger("swarmtui.web")

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
READY_LINE = b"__GANGLION__\n"
START_SECONDS = 60.0
"""The longest an app may take to show it has started (a loaded machine takes seconds)."""
START_LINES = 16
"""Lines an app may write before ``READY_LINE`` (a Python warning, say) before it is given up on."""
MAX_PACKET = 32 * 1024 * 1024
"""The largest packet read from the app (a 500x200 screen in full colour is a few MiB)."""
STDERR_KEPT = 8192
WRITE_CHUNK = 64 * 1024
EXIT_GRACE_SECONDS = 5.0
"""How long an app that closed its output may take to exit before it is hung up."""


class AppStartError(Exception):
    """The app did not start; the message is for the server's log."""


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol: the kind, the payload's length (4 bytes), the payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def web_environment(columns: int, rows: int) -> dict[str, str]:
    """What makes the app draw for a browser: Textual's web driver, full colour, the first size."""
    return {"TEXTUAL_DRIVER": WEB_DRIVER, "TEXTUAL_COLOR_SYSTEM": "truecolor", "COLORTERM": "truecolor",
            "TERM_PROGRAM": "textual", "COLUMNS": str(columns), "ROWS": str(rows)}


class WebChild:
    """The app of one browser session; ``on_output`` takes what it draws (awaited: a slow browser
    holds the app back), ``keystrokes`` holds what the player typed until the app reads it."""

    def __init__(self, on_output: Callable[[bytes], Awaitable[None]], keystrokes: InputQueue) -> None:
        self.on_output = on_output
        self.keystrokes = keystrokes
        self.process: asyncio.subprocess.Process | None = None
        self.stderr = bytearray()
        self._meta: dict[str, bytes] = {}
        self._wanted = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    async def start(self, argv: Sequence[str], env: Mapping[str, str], cwd: str, memory_bytes: int,
                    cpu_seconds: int) -> None:
        """Start the app and wait for its ready line; ``AppStartError`` (the process ended) if it
        does not come within ``START_SECONDS``."""
        self.process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=dict(env), cwd=cwd, start_new_session=True, close_fds=True,
            preexec_fn=resource_limits(memory_bytes, cpu_seconds))
        assert self.process.stderr is not None
        self._tasks.append(asyncio.create_task(self._keep_stderr(self.process.stderr)))
        try:
            await asyncio.wait_for(self._ready(), START_SECONDS)
        except (TimeoutError, AppStartError, ValueError) as error:
            await self.hang_up(grace=1.0)
            reason = str(error) or "it did not say it was ready in time"
            raise AppStartError(f"{reason}; its last words: {bytes(self.stderr[-500:]).decode(errors='replace')!r}") \
                from None
        self._tasks.append(asyncio.create_task(self._feed()))

    async def _ready(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for _ in range(START_LINES):
            line = await self.process.stdout.readline()
            if line == READY_LINE:
                return
            if not line:
                raise AppStartError("it ended before it was ready")
        raise AppStartError(f"it wrote {START_LINES} lines and no ready line")

    async def _keep_stderr(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(65536):
            self.stderr += chunk
            del self.stderr[:-STDERR_KEPT]

    # -- to the app ------------------------------------------------------------------------------
    def type(self, data: bytes) -> None:
        """Keystrokes from the browser (what passes the queue's cap is dropped, logged)."""
        self.keystrokes.push(data)
        self._wanted.set()

    def meta(self, kind: str, **fields: int) -> None:
        """A resize, focus or blur for the app: only the latest of each kind waits."""
        self._meta[kind] = packet(b"M", json.dumps({"type": kind, **fields}).encode())
        self._wanted.set()

    async def _feed(self) -> None:
        """Write what waits to the app's standard input, as fast as the app reads it."""
        assert self.process is not None and self.process.stdin is not None
        stdin = self.process.stdin
        try:
            while True:
                await self._wanted.wait()
                self._wanted.clear()
                while self._meta:
                    stdin.write(self._meta.pop(next(iter(self._meta))))
                while self.keystrokes:
                    chunk = self.keystrokes.pending[:WRITE_CHUNK]
                    stdin.write(packet(b"D", chunk))
                    await stdin.drain()
                    self.keystrokes.consumed(len(chunk))
                await stdin.drain()
        except (ConnectionError, RuntimeError, OSError):
            self.keystrokes.clear()  # the app has gone: nobody reads what waits

    # -- from the app ----------------------------------------------------------------------------
    async def run(self) -> int:
        """Pass what the app draws to ``on_output`` until it closes its output (it quit) or breaks
        the protocol (it is hung up); returns its exit status."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        grace = EXIT_GRACE_SECONDS
        try:
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > MAX_PACKET:
                    log.warning("app pid %s wrote a packet of %d bytes (at most %d); ending it", self.pid, size,
                                MAX_PACKET)
                    grace = 0.0
                    break
                payload = await stdout.readexactly(size)
                if head[:1] == b"D":
                    await self.on_output(payload)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        with contextlib.suppress(TimeoutError):  # quitting, the app ends by itself: no SIGHUP, no interrupted mark
            await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
        await self.hang_up()
        return self.process.returncode if self.process.returncode is not None else -1

    async def hang_up(self, grace: float | None = None) -> None:
        """SIGHUP (the app autosaves), SIGKILL after the grace period; then stop the helpers."""
        if grace is None:
            await hang_up(self.process)
        else:
            await hang_up(self.process, grace)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        self.keystrokes.clear()

