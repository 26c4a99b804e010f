"""Watching a game live: a read-only mirror of another player's session.

A player who logs in as user ``show`` plays as usual and lets others watch; a player who
logs in as user ``watch`` gets the list of shown sessions, picks one by number and sees its
screen live — the bytes the player's app writes, copied to the watcher — until ``q``. No
process is started for a watcher, and nothing a watcher types reaches the game. On attach
the game's app is made to repaint its whole screen (``AppSession.repaint``), so a watcher
arriving mid-game sees all of it at once. A watcher whose client takes the mirrored bytes more
slowly than the game writes them is let go once ``Limits.max_watcher_backlog_bytes`` wait for
it (its connection is closed, saying why): the server never holds more than that for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

import asyncssh

from swarmtui.serve.players import Player
from swarmtui.serve.session import NO_TERMINAL
from swarmtui.serve.state import Hosted, ServeState

log = logging.getLogger("swarmtui.serve")

SHOW_USER = "show"
WATCH_USER = "watch"
ENTER_SCREEN = b"\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H"
"""Alternate screen, cursor hidden, cleared: where the app draws."""
LEAVE_SCREEN = b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[0m\x1b[?25h\x1b[?1049l"
"""Mouse reporting off (the app may have turned it on in the mirrored stream), attributes
reset, cursor shown, back to the normal screen."""
LEAVE_KEYS = {b"q", b"Q", b"\x03", b"\x11", b"\x04"}


class WatchSession(asyncssh.SSHServerSession):
    """A watcher: choose a shown session, then mirror it until ``q`` or until it ends."""

    chan: asyncssh.SSHServerChannel
    """Set by ``connection_made``, which asyncssh calls before any other method of a session."""

    def __init__(self, state: ServeState, player: Player, peer: str) -> None:
        self.state = state
        self.player = player
        self.peer = peer
        self.size: tuple[int, int] | None = None
        self.choices: list[Hosted] = []
        self.typed = b""
        self.target: Hosted | None = None
        self.admitted = False
        self.ended = False
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.size = self.state.limits.clamp(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = self.state.limits.clamp(width, height)

    def session_started(self) -> None:
        refusal = NO_TERMINAL if self.size is None else None
        if refusal is None and (why := self.state.count.refusal(self.player.id)):
            refusal = f"swarmtui serve: {why}\r\n"
        if refusal is not None:
            self.chan.write_stderr(refusal.encode())
            self.chan.exit(1)
            return
        self.state.count.admit(self.player.id)
        self.admitted = True
        self.timer = asyncio.get_running_loop().call_later(self.state.limits.session_seconds, self.leave,
                                                           "the session time limit is reached")
        self.choices = sorted((s for s in self.state.sessions if s.shown and s.child is not None),
                              key=lambda s: s.started)
        if not self.choices:
            self.leave(f"nobody is showing a game right now (to show yours: ssh -p PORT {SHOW_USER}@HOST)")
            return
        lines = ["Games you can watch (a number, then Enter; q leaves):"]
        lines += [f"  {i}) {s.player.id[:16]}  {s.describe()}" for i, s in enumerate(self.choices, 1)]
        self.chan.write(("\r\n".join(lines) + "\r\n> ").encode())

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.target is not None:
            if any(bytes([b]) in LEAVE_KEYS for b in data):
                self.leave("you stopped watching")
            return
        for byte in data:
            key = bytes([byte])
            if key in LEAVE_KEYS:
                self.leave("bye")
                return
            if key in (b"\r", b"\n"):
                self._choose()
                return
            if key.isdigit():
                self.typed += key
                self.chan.write(key)

    def _choose(self) -> None:
        number = int(self.typed) if self.typed else 0
        self.typed = b""
        if not 1 <= number <= len(self.choices) or self.choices[number - 1].child is None:
            self.chan.write(f"\r\nchoose 1 to {len(self.choices)}\r\n> ".encode())
            return
        self.attach(self.choices[number - 1])

    def attach(self, target: Hosted) -> None:
        """Mirror ``target`` from now on; its app repaints everything for us (SIGWINCH)."""
        columns, rows = target.size
        if self.size and (self.size[0] < columns or self.size[1] < rows):
            self.chan.write(f"\r\nthat game is drawn at {columns}x{rows}; your terminal is "
                            f"{self.size[0]}x{self.size[1]}: enlarge it for a clean picture\r\n".encode())
        self.target = target
        target.watchers.add(self)
        self.chan.write(ENTER_SCREEN)
        log.info("%s watches %s", self.player.id, target.player.id)
        asyncio.get_running_loop().create_task(target.repaint())

    def mirror(self, data: bytes) -> None:
        limit = self.state.limits.max_watcher_backlog_bytes
        if self.chan.get_write_buffer_size() + len(data) <= limit:
            self.chan.write(data)
            return
        log.warning("let %s go: more than %d bytes of the game it watches wait for it", self.player.id, limit)
        if self.target is not None:
            self.target.watchers.discard(self)
            self.target = None
        self._release()
        self.chan.get_connection().disconnect(asyncssh.DISC_BY_APPLICATION,
                                              "swarmtui serve: you fell too far behind the game you watched")

    def leave(self, reason: str) -> None:
        """Stop watching (or choosing) and close, saying why."""
        if self.target is not None:
            self.target.watchers.discard(self)
            self.target = None
            self.chan.write(LEAVE_SCREEN)
        if not self.chan.is_closing():
            self.chan.write(f"\r\nswarmtui serve: {reason}\r\n".encode())
            self.chan.exit(0)
        self._release()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        if self.target is not None:
            self.target.watchers.discard(self)
            self.target = None
        self._release()

    def _release(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.admitted:
            self.admitted = False
            self.state.count.release(self.player.id)
