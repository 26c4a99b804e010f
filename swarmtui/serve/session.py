"""One SSH session channel wired to one ``swarmtui`` child in its own pseudo-terminal.

Only an interactive terminal session is served: a session without a pty, or one asking
to run a command, gets one line saying why and exit status 1 (the command is never run);
subsystems (sftp) are refused outright. The session ends when the app exits, when the
client goes away (the child gets SIGHUP, so the game is autosaved), or at a cap: no input
for ``idle_seconds``, or ``session_seconds`` in total. The client's terminal size is
clamped to ``Limits.max_columns`` x ``max_rows``. Keystrokes the app has not read yet are
capped at ``Limits.max_input_bytes``: past half of it the channel stops reading (the client's
SSH window, a quarter of that limit, closes, so it has to wait), and it reads again once the
app has caught up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping

import asyncssh

from swarmtui.serve.environment import child_environment
from swarmtui.serve.input_queue import InputQueue
from swarmtui.serve.limits import duration_text
from swarmtui.serve.players import Player, forget_guest, player_home, player_label
from swarmtui.serve.state import Mirror, ServeState
from swarmtui.serve.terminal import PtyChild
from swarmtui.tables.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE

log = logging.getLogger("swarmtui.serve")

REPAINT_PAUSE = 0.15
"""Seconds between the two resizes of ``AppSession.repaint`` (the app lays out the first)."""
NO_TERMINAL = ("swarmtui serve: this server runs the swarmtui terminal app and needs a terminal; "
               "connect with 'ssh -t' from an interactive shell\r\n")
NO_COMMANDS = "swarmtui serve: this server runs only the swarmtui app, no commands; connect without one\r\n"


class AppSession(asyncssh.SSHServerSession):
    """The byte pump between a channel and its child, plus the session's timers."""

    chan: asyncssh.SSHServerChannel
    """Set by ``connection_made``, which asyncssh calls before any other method of a session."""

    def __init__(self, state: ServeState, player: Player, peer: str, *, shown: bool = False,
                 name: str = "") -> None:
        self.state = state
        self.player = player
        self.peer = peer
        self.label = player_label(name, player)
        """What other players see at a table: the user name typed at login and a short id."""
        self.table_token: str | None = None
        self.shown = shown
        """Others may watch this session live (``watch``); the player logged in as ``show``."""
        self.watchers: set[Mirror] = set()
        """Who mirrors this session live (``watch.WatchSession``)."""
        self.started = time.time()
        self.term: str | None = None
        self.size = (80, 24)
        self.refusal: str | None = None
        self.child: PtyChild | None = None
        self.admitted = False
        self.closed = False
        self.end_reason: str | None = None
        self.last_input = time.monotonic()
        self.timers: list[asyncio.TimerHandle] = []

    # -- requests ----------------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type
        if term_size[0] > 0 and term_size[1] > 0:
            self.size = self.state.limits.clamp(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.refusal = NO_COMMANDS  # accepted only to say why on the channel; never run
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    # -- start -------------------------------------------------------------------------------
    def session_started(self) -> None:
        refusal = self.refusal or (NO_TERMINAL if self.term is None else None)
        if refusal is None:
            why = self.state.count.refusal(self.player.id)
            refusal = f"swarmtui serve: {why}\r\n" if why else None
        if refusal is not None:
            log.info("refused session of %s from %s: %s", self.player.id, self.peer, refusal.strip())
            self.chan.write_stderr(refusal.encode())
            self.chan.exit(1)
            return
        self.state.count.admit(self.player.id)
        self.state.sessions.add(self)
        self.admitted = True
        asyncio.get_running_loop().create_task(self._start_child())

    async def _start_child(self) -> None:
        if self.closed:  # the client left before the child started; connection_lost released it
            return
        state = self.state
        home = player_home(state.players_root, self.player)
        env = child_environment(self.chan.get_environment(), self.term, home / "saves", home)
        self.table_token = state.hub.admit(self.player.id, self.label, self.player.guest)
        env |= {SOCKET_VARIABLE: str(state.hub.path), TOKEN_VARIABLE: self.table_token}
        keystrokes = InputQueue(state.limits.max_input_bytes, self.chan.pause_reading, self.chan.resume_reading,
                                who=f"the session of {self.player.id} from {self.peer}")
        self.child = PtyChild(self._output, self._child_exited, keystrokes)
        try:
            await self.child.start(state.command, env, str(home), self.size,
                                   state.limits.memory_bytes, state.limits.cpu_seconds)
        except OSError as error:
            log.error("cannot start the app for %s: %s", self.player.id, error)
            self.chan.write_stderr(b"swarmtui serve: the app could not be started; see the server log\r\n")
            self.chan.exit(1)
            return
        if self.closed:
            asyncio.get_running_loop().create_task(self.child.hang_up())
            return
        log.info("session of %s from %s: pid %s, TERM=%s, %sx%s", self.player.id, self.peer,
                 self.child.pid, env["TERM"], *self.size)
        loop = asyncio.get_running_loop()
        limits = state.limits
        self.timers = [loop.call_later(limits.idle_seconds, self._check_idle),
                       loop.call_later(limits.session_seconds, self.end,
                                       f"the session time limit ({duration_text(limits.session_seconds)}) is reached")]

    # -- traffic -----------------------------------------------------------------------------
    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if self.child is not None:
            self.child.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = self.state.limits.clamp(width, height)
            if self.child is not None:
                self.child.resize(*self.size)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def _output(self, data: bytes) -> None:
        if not self.closed:
            self.chan.write(data)
        for watcher in list(self.watchers):
            watcher.mirror(data)

    async def repaint(self) -> None:
        """Make the app draw its whole screen again (for a watcher arriving mid-game).

        SIGWINCH at an unchanged size repaints only part of a Textual screen, so the pty grows
        by one row for a moment and is put back: two real resizes, the second a full repaint
        at the player's size. (One row more, not less: less would flash the too-small notice
        on a terminal of exactly the minimum size.)
        """
        if self.child is None or self.child.master < 0:
            return
        columns, rows = self.size
        self.child.resize(columns, rows + 1)
        await asyncio.sleep(REPAINT_PAUSE)
        self.child.resize(*self.size)

    @property
    def ended(self) -> bool:
        """The channel is gone (the connection may still be open)."""
        return self.closed

    def describe(self) -> str:
        """One line for the watchers' list: since when, and the size it is drawn at."""
        return f"since {time.strftime('%H:%M', time.localtime(self.started))}, {self.size[0]}x{self.size[1]}"

    # -- the end -----------------------------------------------------------------------------
    def _check_idle(self) -> None:
        idle = time.monotonic() - self.last_input
        limit = self.state.limits.idle_seconds
        if idle >= limit:
            self.end(f"no input for {duration_text(limit)}")
        else:
            self.timers.append(asyncio.get_running_loop().call_later(limit - idle, self._check_idle))

    def end(self, reason: str) -> None:
        """Close the session at a cap: hang up the child (it autosaves), then say why."""
        if self.end_reason is None and self.child is not None:
            self.end_reason = reason
            log.info("ending session of %s: %s", self.player.id, reason)
            asyncio.get_running_loop().create_task(self.child.hang_up())

    def _child_exited(self, code: int) -> None:
        log.info("session of %s ended (exit status %s)", self.player.id, code)
        for watcher in list(self.watchers):
            watcher.leave("the game you watched has ended")
        self._release()
        if self.closed:
            return
        if self.end_reason:
            self.chan.write(f"\r\nswarmtui serve: session closed: {self.end_reason}\r\n".encode())
        self.chan.exit(code if code >= 0 else 128 - code)

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.child is not None and self.child.master >= 0:
            asyncio.get_running_loop().create_task(self.child.hang_up())
        elif self.child is None:
            self._release()

    def _release(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()
        if self.table_token is not None:
            self.state.hub.forget(self.table_token)
            self.table_token = None
        if self.admitted:
            self.admitted = False
            self.state.count.release(self.player.id)
            self.state.sessions.discard(self)
            forget_guest(self.state.players_root, self.player)
