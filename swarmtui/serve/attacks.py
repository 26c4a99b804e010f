"""Scripted attacks on ``swarmtui serve``, for its tests and ``benchmarks/serve_load.py``.

- ``flood_keystrokes``: type into a session as fast as the server lets the client (an SSH
  client must wait for the server's window: what it may send is what the server takes).
- ``silent_connections``: open TCP connections from one source address that never say a word
  (each waits for the server's version line, so each was accepted by the listener).
- ``PeakRss``: the resident memory of some processes, sampled while an attack runs (Linux).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from swarmtui.serve.probe import Probe, child_rss

KEYSTROKES = b"z" * 32768
"""What a flood types: a key the menu ignores, in SSH packets of the largest usual size."""


@dataclass(frozen=True)
class Flood:
    """What one flood did: bytes written, bytes still in the client's own buffer at the end, and
    the seconds the client spent waiting for the server's window."""

    sent: int
    held_back: int
    waited: float

    @property
    def taken(self) -> int:
        """Bytes the server took in."""
        return self.sent - self.held_back


async def flood_keystrokes(probe: Probe, seconds: float, keystrokes: bytes = KEYSTROKES) -> Flood:
    """Write ``keystrokes`` again and again for ``seconds``, each time the channel takes more."""
    sent, waited = 0, 0.0
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if not probe.writable.is_set():
            started = time.monotonic()
            try:
                await asyncio.wait_for(probe.writable.wait(), left)
            except TimeoutError:
                pass
            waited += time.monotonic() - started
            continue
        probe.chan.write(keystrokes)
        sent += len(keystrokes)
        await asyncio.sleep(0)  # let the connection send it
    return Flood(sent, probe.chan.get_write_buffer_size(), waited)


async def silent_connections(port: int, count: int, source: str = "127.0.0.1",
                             timeout: float = 30.0) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """``count`` connections to ``127.0.0.1:port`` from ``source`` that send nothing; each has read
    the server's version line (or the end, if the server closed it at once)."""
    opened = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        await asyncio.wait_for(reader.readline(), timeout)
        opened.append((reader, writer))
    return opened


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes this connection within ``seconds`` (nothing else is said on it)."""
    try:
        return await asyncio.wait_for(reader.read(), seconds) == b""
    except TimeoutError:
        return False


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux)."""
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@dataclass
class PeakRss:
    """``async with PeakRss(pids) as peaks``: ``peaks.peak[pid]`` is the largest resident memory
    (bytes) seen for each process while the block ran, sampled every ``interval`` seconds."""

    pids: tuple[int, ...]
    interval: float = 0.05
    peak: dict[int, int] = field(default_factory=dict)
    _task: asyncio.Task[None] | None = None

    def sample(self) -> None:
        for pid in self.pids:
            self.peak[pid] = max(self.peak.get(pid, 0), child_rss(pid))

    async def _run(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(self.interval)

    async def __aenter__(self) -> PeakRss:
        self.sample()
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        if self._task is not None:
            self._task.cancel()
        self.sample()
