"""The ``uhp`` agent: any Universal Hive Protocol engine (Mzinga, nokamute, another
``swarmtui uhp``) plays a Hive seat, driven over its standard input and output.

The engine is started once per game (on the first ``decide``) from ``command`` (split like a
shell line, never run through a shell) in its own process group, greeted (``id``, then the
capabilities line: a game with Mosquito, Ladybug or Pillbug needs the engine to declare them),
told the game (``newgame <GameString>`` once, then ``play``/``pass`` for each move made since
it last moved, so a long game costs no more per move than a short one; a position that does not
continue the engine's game, after an undo, is sent whole again) and asked
``bestmove time hh:mm:ss`` (``time`` seconds, rounded up to whole seconds as UHP counts them)
or ``bestmove depth N``.

Every fault costs the engine's side the game, with the reason, by raising
:class:`~swarmtui.core.agent.AgentForfeit`: it cannot be started, it exits or closes its
output (a crash), it answers nothing within the limit plus ``grace`` seconds (a hang: it is
killed), it answers ``err``/``invalidmove`` or a move that is not legal here. ``close()`` (and a
finaliser, for every other exit path) says ``exit``, then terminates and finally kills the
whole process group, so no engine outlives its game.
"""

from __future__ import annotations

import math
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import IO

import numpy as np

from swarmtui.core.agent import AgentForfeit, AgentSpec
from swarmtui.core.limits import Limit
from swarmtui.core.params import ParamError, check_range
from swarmtui.core.state import GameState, IllegalMoveError, NotationError
from swarmtui.core.trace import Decision, NoTrace
from swarmtui.games.hive.rules import Board

CAPABILITY_NAMES = {"M": "Mosquito", "L": "Ladybug", "P": "Pillbug"}
_EOF = None  # what the reader thread queues when the engine's output ends


@dataclass(frozen=True)
class UhpParams:
    """How to run and time the external engine."""

    command: str = field(default="", metadata={"help": "the engine's command line, e.g. 'swarmtui uhp --agent mcts'"})
    time: float = field(default=1.0, metadata={"help": "seconds per move (bestmove time; whole seconds)"})
    depth: int | None = field(default=None, metadata={"help": "bestmove depth N instead of a time (none: use time)"})
    grace: float = field(default=5.0, metadata={"help": "seconds past the limit before a silent engine is hung"})
    depth_timeout: float = field(default=120.0, metadata={"help": "seconds a depth-limited bestmove may take"})
    startup: float = field(default=20.0, metadata={"help": "seconds for the engine's greeting"})

    def __post_init__(self) -> None:
        try:
            shlex.split(self.command)
        except ValueError as error:
            raise ParamError(f"command {self.command!r} cannot be read: {error}") from None
        check_range("time", self.time, 0.001, 24 * 3600)
        check_range("grace", self.grace, 0.0, 3600)
        check_range("depth_timeout", self.depth_timeout, 0.1, 24 * 3600)
        check_range("startup", self.startup, 0.1, 3600)
        if self.depth is not None:
            check_range("depth", self.depth, 1, 1000)


def _stop(process: subprocess.Popen) -> None:
    """End ``process`` and its process group: ``exit`` was said; terminate, then kill."""
    if process.poll() is None:
        try:
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
    for sig, wait in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(process.pid, sig)  # the engine and anything it started
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    for stream in (process.stdin, process.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def _read(stdout: IO[str] | None, lines: queue.Queue[str | None]) -> None:
    """Queue the engine's output lines, then ``_EOF`` when it ends (the reader thread)."""
    try:
        for line in stdout or ():
            lines.put(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


class UhpEngineProcess:
    """One running engine: send a command, collect its reply up to ``ok``, or fail clearly."""

    def __init__(self, command: str, startup: float) -> None:
        argv = shlex.split(command)
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, encoding="utf-8", errors="replace", bufsize=1, start_new_session=True,
            )
        except OSError as error:
            raise AgentForfeit(f"the engine {argv[0]!r} could not be started: {error.strerror or error}") from None
        self._finalizer = weakref.finalize(self, _stop, self.process)
        self.lines: queue.Queue[str | None] = queue.Queue()
        # The reader holds the pipe and the queue, never ``self``: an engine nobody closed is
        # still collected, and its finaliser stops the process (which ends the reader too).
        threading.Thread(target=_read, args=(self.process.stdout, self.lines), daemon=True,
                         name="uhp-engine-reader").start()
        self.greeting = self.reply(startup, "its greeting")

    def send(self, command: str) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise AgentForfeit(self._crash(f"'{command.split()[0]}'")) from None

    def reply(self, timeout: float, what: str) -> list[str]:
        """The lines up to ``ok``; ``AgentForfeit`` on a crash or after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.close()
                raise AgentForfeit(f"the engine did not answer {what} within {timeout:g} s (hung; killed)") from None
            if line is _EOF:
                raise AgentForfeit(self._crash(what))
            if line.strip() == "ok":
                return lines
            lines.append(line.strip())

    def _crash(self, what: str) -> str:
        try:
            code = self.process.wait(timeout=2.0)
            how = f"exit code {code}" if code >= 0 else f"signal {-code}"
        except subprocess.TimeoutExpired:
            how = "its output closed"
        self.close()
        return f"the engine crashed before answering {what} ({how})"

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write("exit\n")
                self.process.stdin.flush()
            except (OSError, ValueError):
                pass
        self._finalizer()

    @property
    def running(self) -> bool:
        return self.process.poll() is None


class UhpAgent:
    """A Hive seat played by an external UHP engine; see the module docstring."""

    id = "uhp"

    def __init__(self, params: UhpParams) -> None:
        self.params = params
        self.engine: UhpEngineProcess | None = None
        self.name = params.command
        self._mirror: Board | None = None  # the game as the engine has it

    def decide(self, state: GameState) -> Decision:
        return self.decide_within(state, Limit())

    def decide_within(self, state: GameState, limit: Limit) -> Decision:
        """Ask the engine for a move within ``limit`` (or the seat's own time or depth)."""
        if not isinstance(state, Board):
            raise TypeError("an external UHP engine plays Hive only")
        p = self.params
        engine = self._engine(state)
        depth = limit.depth if limit.depth is not None else (p.depth if limit.time is None else None)
        if depth is not None:
            ask, timeout = f"bestmove depth {depth}", p.depth_timeout
        else:
            seconds = max(1, math.ceil(limit.time if limit.time is not None else p.time))
            ask, timeout = f"bestmove time {seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}", seconds
        self._sync(engine, state)
        start = time.monotonic()
        answer = self._expect(engine, ask, timeout + p.grace, ask)
        if not answer:
            raise AgentForfeit(f"the engine answered '{ask}' with no move")
        text = answer[0]
        try:
            move = state.parse_move(text)
        except (IllegalMoveError, NotationError) as error:
            raise AgentForfeit(f"the engine played an illegal move '{text}': {error}") from None
        note = f"{self.name}: {ask} -> {text} in {time.monotonic() - start:.2f} s"
        return Decision(move, NoTrace(note=note))

    def _engine(self, state: Board) -> UhpEngineProcess:
        if self.engine is None or not self.engine.running:
            if self.engine is not None:
                raise AgentForfeit("the engine is no longer running")
            self.engine = UhpEngineProcess(self.params.command, self.params.startup)
            greeting = self.engine.greeting
            if not greeting or not greeting[0].startswith("id "):
                self.close()
                raise AgentForfeit(f"the engine's greeting is not UHP's 'id ...' line: {greeting[:1]}")
            self.name = greeting[0][3:].strip() or self.name
            declared = set(";".join(greeting[1:]).replace(" ", "").split(";"))
            game_type = str(state.game_type)
            missing = [CAPABILITY_NAMES[c] for c in game_type[5:] if CAPABILITY_NAMES[c] not in declared]
            if missing:
                self.close()
                raise AgentForfeit(f"the engine does not play {game_type} (it does not declare {', '.join(missing)})")
        return self.engine

    def _sync(self, engine: UhpEngineProcess, state: Board) -> None:
        """Bring the engine's game to ``state``: the moves since its last, or the whole game."""
        mirror = self._mirror
        history = state.history
        if mirror is None or history[:len(mirror.history)] != mirror.history:
            mirror = self._mirror = Board(game_type=state.game_type)
            self._expect(engine, f"newgame {state.game_string()}", self.params.startup, "newgame")
            for move in history:
                mirror._apply(move)
            return
        for move in history[len(mirror.history):]:
            text = mirror.format_move(move)
            self._expect(engine, "pass" if text == "pass" else f"play {text}", self.params.startup, f"play {text}")
            mirror._apply(move)

    def _expect(self, engine: UhpEngineProcess, command: str, timeout: float, what: str) -> list[str]:
        engine.send(command)
        lines = engine.reply(timeout, f"'{what}'")
        for line in lines:
            if line.startswith(("err", "invalidmove")):
                raise AgentForfeit(f"the engine refused '{what}': {line}")
        return lines

    def close(self) -> None:
        """Say ``exit`` and make sure the engine process is gone."""
        if self.engine is not None:
            self.engine.close()


def _check(game_id: str, seat: str, params: UhpParams) -> None:
    if not shlex.split(params.command):
        raise ParamError("the uhp player needs the engine's command line (uhp:\"/path/to/engine args\")")


def _factory(game_id: str, seat: str, rng: np.random.Generator, params: UhpParams) -> UhpAgent:
    _check(game_id, seat, params)
    return UhpAgent(params)


SPEC = AgentSpec(
    "uhp", "External UHP engine", ("hive",), _factory, UhpParams,
    description="any Universal Hive Protocol engine, run from its command line (uhp:\"/path/to/engine args\")",
    check=_check,
)
