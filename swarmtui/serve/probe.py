"""A scripted SSH terminal client for ``swarmtui serve``: the tests and the load benchmark use it.

It logs in with asyncssh, asks for a pty, keeps everything the app writes, and reads the
screen's text back with escape sequences removed (enough to find words the app draws; it
is not a terminal emulator). ``child_rss`` reads a server child's resident memory from
``/proc`` (Linux), for the per-session memory figure.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import asyncssh

from swarmtui.serve.limits import Limits
from swarmtui.serve.server import ServeConfig

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")

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

    def connection_made(self, chan: asyncssh.SSHClientChannel) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: int | None) -> None:
        (self.stderr if datatype == asyncssh.EXTENDED_DATA_STDERR else self.output).extend(data)
        self.changed.set()

    def text(self, start: int = 0) -> str:
        return _ESCAPE.sub(b"", bytes(self.output[start:])).decode("utf-8", "replace")

    async def wait_for(self, pattern: str, timeout: float = 20.0, start: int = 0) -> str:
        """Wait until the text written since byte ``start`` matches ``pattern``; return that text."""
        await self.wait_until(lambda: re.search(pattern, self.text(start)) is not None, timeout,
                              f"{pattern!r} did not appear")
        return self.text(start)

    async def wait_until(self, condition, timeout: float = 20.0, what: str = "the condition did not hold") -> None:
        """Wait until ``condition()`` is true, re-checking whenever output arrives."""
        deadline = time.monotonic() + timeout
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{what}; the session shows:\n{self.text()[-2000:]}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass

    def press(self, *keys: str) -> None:
        for key in keys:
            self.chan.write(KEYS.get(key, key.encode()))


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
