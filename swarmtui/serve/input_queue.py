"""Keystrokes on their way from a player to their app, with back-pressure and a hard cap.

A client can send far faster than the app reads (a flood of 70 MB/s of keystrokes once took a
shared server from 59 MB to 755 MB, never given back). So once ``limit // 2`` bytes wait, the
door is told to stop reading from that player (``on_full``: SSH pauses the channel, so the
client's window closes and it must wait), and once the app has read the queue down to
``limit // 8``, to read again (``on_drained``). The queue never holds more than ``limit``: a
door that cannot stop in time loses what comes beyond (counted in ``dropped`` and logged once).
SSH never gets there: it stops within one channel window, a quarter of ``limit``.

Door-neutral (no asyncssh here): the SSH door (``session``) and the browser door use it alike.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("swarmtui.serve")

INPUT_LIMIT = 256 * 1024
"""Bytes of keystrokes one session may have waiting for its app (see ``Limits.max_input_bytes``)."""


class InputQueue:
    """Bytes waiting for a slow reader; ``on_full`` and ``on_drained`` apply the back-pressure."""

    def __init__(self, limit: int = INPUT_LIMIT, on_full: Callable[[], None] = lambda: None,
                 on_drained: Callable[[], None] = lambda: None, who: str = "a session") -> None:
        if limit < 8:
            raise ValueError(f"an input queue holds at least 8 bytes (got {limit})")
        self.limit = limit
        self.on_full = on_full
        self.on_drained = on_drained
        self.who = who
        self.dropped = 0
        self.paused = False
        self._bytes = bytearray()

    def __len__(self) -> int:
        return len(self._bytes)

    @property
    def pending(self) -> bytes:
        """What waits, oldest first (a copy: the caller writes it and says how much went)."""
        return bytes(self._bytes)

    def push(self, data: bytes) -> None:
        """Queue ``data`` (what would pass ``limit`` is dropped); stop the player at half the limit."""
        room = self.limit - len(self._bytes)
        if len(data) > room:
            if not self.dropped:
                log.warning("%s sends faster than its app reads; input beyond %d bytes is dropped", self.who,
                            self.limit)
            self.dropped += len(data) - room
            data = data[:room]
        self._bytes += data
        if not self.paused and len(self._bytes) >= self.limit // 2:
            self.paused = True
            self.on_full()

    def consumed(self, count: int) -> None:
        """The reader took the first ``count`` bytes; let the player go on once it has caught up."""
        del self._bytes[:count]
        self._maybe_resume()

    def clear(self) -> None:
        """Nobody will read what waits (the app has gone): forget it, and stop holding the player."""
        self._bytes.clear()
        self._maybe_resume()

    def _maybe_resume(self) -> None:
        if self.paused and len(self._bytes) <= self.limit // 8:
            self.paused = False
            self.on_drained()
