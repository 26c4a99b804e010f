"""A scripted SSH terminal client for ``swarmtui serve``: the tests and the load benchmark use it.

It logs in with asyncssh, asks for a pty, keeps everything the app writes, and reads the
screen's text back with escape sequences removed (enough to find words the app draws; it
is not a terminal emulator). ``child_rss`` reads a server child's resident memory from
``/proc`` (Linux), for the per-session memory figure.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from swarmtui.serve.limits import Limits
from swarmtui.serve.server import ServeConfig
from swarmtui.serve.transcript import LIST_CLOSED, LIST_OPEN, plain_text, wait_on

KEYS = {"ctrl+q": b"\x11", "end": b"\x1b[F", "home": b"\x1b[H", "enter": b"\r", "tab": b"\t", "escape": b"\x1b",
        "down": b"\x1b[B", "up": b"\x1b[A"}


def loopback_config(root: Path, count: int = 1, limits: Limits | None = None,
                    **changes) -> tuple[ServeConfig, list[asyncssh.SSHKey]]:
    """A server config under ``root`` on a free loopback port, with ``count`` fresh client keys
    written to its authorized_keys file; returns the config and the keys."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    (root / "authorized_keys").write_text("".join(k.export_public_key().decode() for k in keys))
    config = ServeConfig(host_key=root / "host_key", players_root=root / "players",
                         authorized_keys=root / "authorized_keys", port=0, limits=limits or Limits(), **changes)
    return config, keys


class Probe(asyncssh.SSHClientSession):
    """One terminal session: ``output`` grows as the app draws; ``text()`` is it without escapes."""

    chan: asyncssh.SSHClientChannel
    """Set by ``connection_made``, which asyncssh calls before any other method of a session."""

    def __init__(self) -> None:
        self.output = bytearray()
        self.stderr = bytearray()
        self.changed = asyncio.Event()
        self.writable = asyncio.Event()
        """Clear while the server's window is full and our own send buffer is past asyncssh's mark."""
        self.writable.set()

    def connection_made(self, chan: asyncssh.SSHClientChannel) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: int | None) -> None:
        (self.stderr if datatype == asyncssh.EXTENDED_DATA_STDERR else self.output).extend(data)
        self.changed.set()

    def text(self, start: int = 0) -> str:
        return plain_text(bytes(self.output[start:]))

    async def wait_for(self, pattern: str, timeout: float = 20.0, start: int = 0) -> str:
        """Wait until the text written since byte ``start`` matches ``pattern``; return that text."""
        await self.wait_until(lambda: re.search(pattern, self.text(start)) is not None, timeout,
                              f"{pattern!r} did not appear")
        return self.text(start)

    async def wait_until(self, condition, timeout: float = 20.0, what: str = "the condition did not hold") -> None:
        """Wait until ``condition()`` is true, re-checking whenever output arrives."""
        await wait_on(condition, self.changed, timeout, lambda: f"{what}; the session shows:\n{self.text()[-2000:]}")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.chan.write(KEYS.get(key, key.encode()))

    async def press_each(self, *keys: str, timeout: float = 20.0) -> None:
        """Press ``keys`` one at a time, each once the app has drawn its answer to the one
        before (the output grew): as a person types, where ``press`` sends them in one write
        and the app may read them together, before a focus change the first one made."""
        for key in keys:
            mark = len(self.output)
            self.press(key)
            await self.wait_until(lambda mark=mark: len(self.output) > mark, timeout,
                                  f"the app drew nothing after {key!r}")

    async def pick(self, downs: int, timeout: float = 20.0) -> None:
        """Open the focused drop-down list (Enter), choose the entry ``downs`` below the current
        one, and return once the list has closed and given the focus back to its field. Each step
        waits for the footer's Escape to change ("Dismiss menu" while the list has the focus,
        "Menu" again after): a key typed sooner reaches the wrong widget."""
        mark = len(self.output)
        self.press("enter")
        await self.wait_for(LIST_OPEN, timeout, start=mark)
        mark = len(self.output)
        self.press(*["down"] * downs, "enter")
        await self.wait_for(LIST_CLOSED, timeout, start=mark)

    def pause_writing(self) -> None:
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()

    async def send(self, data: bytes) -> None:
        """Write ``data`` once the channel takes more (as a well-behaved client floods: at the
        rate the server lets it, keeping only asyncssh's high-water mark in its own buffer)."""
        await self.writable.wait()
        self.chan.write(data)


async def open_terminal(conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24),
                        term: str = "xterm-256color", env: dict[str, str] | None = None) -> Probe:
    """A session with a pty of ``size`` (columns, rows) running the server's app."""
    _, probe = await conn.create_session(Probe, term_type=term, term_size=size, encoding=None,
                                         env=list((env or {}).items()))
    assert isinstance(probe, Probe)  # create_session returns what the factory made; asyncssh types it as the base
    return probe


def child_rss(pid: int) -> int:
    """Resident memory of a process in bytes (VmRSS from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise ValueError(f"no VmRSS for process {pid}")


async def start_sessions(port: int, count: int, key: asyncssh.SSHKey, ready: str = "About",
                         timeout: float = 60.0) -> tuple[list[asyncssh.SSHClientConnection], list[Probe], list[float]]:
    """Open ``count`` concurrent sessions (one connection each) and wait until every one shows
    ``ready``; returns the connections, the sessions and each one's seconds to ``ready``."""
    async def one() -> tuple[asyncssh.SSHClientConnection, Probe, float]:
        started = time.monotonic()
        conn = await asyncssh.connect("127.0.0.1", port, username="load", client_keys=[key], known_hosts=None,
                                      agent_path=None, config=None)
        probe = await open_terminal(conn)
        await probe.wait_for(ready, timeout=timeout)
        return conn, probe, time.monotonic() - started

    opened = await asyncio.gather(*(one() for _ in range(count)))
    return [c for c, _, _ in opened], [p for _, p, _ in opened], [s for _, _, s in opened]


async def quit_sessions(conns: list[asyncssh.SSHClientConnection], probes: list[Probe], timeout: float = 30.0) -> None:
    """Quit every app with ctrl+q and close the connections."""
    for probe in probes:
        probe.press("ctrl+q")
    await asyncio.wait_for(asyncio.gather(*(p.chan.wait_closed() for p in probes)), timeout)
    for conn in conns:
        conn.close()
    await asyncio.gather(*(conn.wait_closed() for conn in conns))


@dataclass
class ServerProcess:
    """A ``swarmtui serve`` process on a free loopback port; ``log`` is its standard error so far."""

    process: asyncio.subprocess.Process
    port: int
    log: bytearray
    grown: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    """Set whenever the log grows."""
    reader: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    async def wait_for_log(self, pattern: bytes, timeout: float = 20.0) -> re.Match[bytes]:
        """Wait until the log matches ``pattern``; the match."""
        await wait_on(lambda: re.search(pattern, self.log) is not None, self.grown, timeout,
                       lambda: f"{pattern!r} not in the server's log:\n{self.log.decode(errors='replace')}")
        found = re.search(pattern, self.log)
        assert found is not None
        return found

    async def stop(self, timeout: float = 30.0) -> int:
        """SIGTERM (every session is hung up, as with ctrl-c), then the exit status."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(self.process.wait(), timeout)
        if self.reader is not None:
            await asyncio.wait_for(self.reader, timeout)
        return code


async def start_server_process(*options: str, timeout: float = 60.0) -> ServerProcess:
    """Run ``swarmtui serve -p 0 OPTIONS`` and wait until it listens. Its log is read all along
    (a server whose log pipe filled up would stop), into ``ServerProcess.log``."""
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "swarmtui", "serve", "-p", "0", *options,
                                                   stderr=asyncio.subprocess.PIPE)
    assert process.stderr is not None
    log = bytearray()
    deadline = time.monotonic() + timeout
    while (found := re.search(rb"listening on [^ ]*:(\d+) ", log)) is None:
        try:
            line = await asyncio.wait_for(process.stderr.readline(), max(deadline - time.monotonic(), 0.01))
        except TimeoutError:
            line = b""
        if not line:
            process.kill()
            await process.wait()
            raise RuntimeError(f"swarmtui serve did not start listening:\n{log.decode(errors='replace')}")
        log += line

    server = ServerProcess(process, int(found[1]), log)

    async def keep_reading(stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(65536):
            log.extend(chunk)
            server.grown.set()

    server.reader = asyncio.get_running_loop().create_task(keep_reading(process.stderr))
    return server
