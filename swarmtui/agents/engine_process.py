"""One running external engine: bounded lines in and out, never blocked on, and stopped whole.

The engine is one of the machine owner's (``core.engines``): its program and arguments come
from the owner's declaration, never from a parameter, a file or a player. It runs under an
``engine_keeper`` (which adopts and finally kills everything the engine starts, and kills it
all when this process dies in any way), with a minimal environment (``engine_environment``):
no hub token, no SSH variables, nothing of swarmtui's.

Talking to it never blocks and never grows without bound:

- a command is written with a deadline (an engine that stops reading its input cannot hold a
  turn up: a full pipe is a hang, and the engine is killed);
- its answer is read only while one is awaited, as bytes up to a deadline and a size
  (``reply``): an answer larger than any legitimate one (``REPLY_BYTES``; a ``newgame`` or
  ``play`` is answered with the GameString, so there the limit grows with the game) is a
  forfeit, so an engine writing without a newline, or a flood of long lines, costs swarmtui at
  most that much memory. Output nobody awaits stays in the pipe, where it blocks the engine,
  not swarmtui.

Text an engine wrote that swarmtui records or shows (its ``id`` line, a move it played, an
error line) is cut to a short length with control characters removed (``engine_text``).
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Mapping
from pathlib import Path

from swarmtui.core.agent import AgentForfeit
from swarmtui.core.engines import Engine
from swarmtui.core.safe_text import safe_text

KEEPER = Path(__file__).with_name("engine_keeper.py")
REPLY_BYTES = 64 * 1024
"""Bytes of an answer to anything but ``newgame``/``play`` (a greeting, a move: well under 1 KiB)."""
READ_CHUNK = 64 * 1024
SHOWN_CHARACTERS = 80
"""Characters kept of one piece of an engine's text in a reason, a trace note or a record."""
EXIT_WAIT = 0.5
"""Seconds an engine has to leave after ``exit`` before its keeper ends it."""
KEEPER_WAIT = 5.0
"""Seconds the keeper has to end the engine's processes before it is killed itself."""

ENVIRONMENT = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR")
"""The variables an engine inherits from swarmtui (with ``LC_*``): what programs need to find
their files and speak the user's language. Nothing else reaches it: not the table hub's token,
not ``SSH_*``, not ``SWARMTUI_*``, not ``PYTHONPATH``/``LD_PRELOAD``, nothing named like a
secret. An engine that needs another variable is declared as ``env NAME=value program``."""
_LOCALE = re.compile(r"LC_[A-Z]{1,20}")
_SECRET = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|KEY", re.IGNORECASE)


def engine_environment(source: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment an engine starts with: ``ENVIRONMENT`` and ``LC_*`` taken from
    ``source`` (default: ours), minus anything named like a secret."""
    source = os.environ if source is None else source
    return {name: value for name, value in source.items()
            if (name in ENVIRONMENT or _LOCALE.fullmatch(name)) and not _SECRET.search(name)}


def engine_text(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """What an engine wrote, fit to record and show: made safe by ``core.safe_text`` (control
    characters and bidi overrides removed), at most ``limit`` characters (an ellipsis and the
    full length when cut)."""
    clean = safe_text(text).plain
    return clean if len(clean) <= limit else f"{clean[:limit]}… ({len(clean)} characters)"


def program_path(engine: Engine, environment: Mapping[str, str]) -> str:
    """The engine's program as a path (found on ``PATH`` like a shell would), or AgentForfeit."""
    program = engine.argv[0]
    found = shutil.which(program, path=environment.get("PATH", os.defpath)) if os.sep not in program else (
        program if os.access(program, os.X_OK) and not os.path.isdir(program) else None)
    if found is None:
        raise AgentForfeit(f"the engine {engine.name} could not be started: its program is not an executable "
                           "file here")  # not named: a record keeps the engine's name, never its command line
    return found


def _stop(process: subprocess.Popen, lifeline: int) -> None:
    """End the engine: ``exit`` was said; close the lifeline (its keeper then ends every process
    of the engine's) and wait for the keeper, killing it last if it does not finish."""
    try:
        process.wait(timeout=EXIT_WAIT)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.close(lifeline)
    except OSError:
        pass
    try:
        process.wait(timeout=KEEPER_WAIT)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()
    for stream in (process.stdin, process.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


class EngineProcess:
    """One running engine: ``send`` a command, collect its ``reply`` up to ``ok``, or fail clearly."""

    def __init__(self, engine: Engine, startup: float) -> None:
        self.engine = engine
        environment = engine_environment()
        program = program_path(engine, environment)
        lifeline, self._lifeline = os.pipe()  # only the keeper gets the reading end
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(KEEPER), str(lifeline), program, *engine.argv[1:]],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0,
                pass_fds=(lifeline,), start_new_session=True, env=environment,
            )
        except OSError as error:
            os.close(self._lifeline)
            raise AgentForfeit(f"the engine {engine.name} could not be started: {error.strerror or error}") from None
        finally:
            os.close(lifeline)
        self._finalizer = weakref.finalize(self, _stop, self.process, self._lifeline)
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in, self._out = self.process.stdin.fileno(), self.process.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._pending = bytearray()
        """Bytes read beyond the last answer's ``ok`` (the next answer's start)."""
        self.greeting = self.reply(startup, "its greeting")

    def send(self, command: str, timeout: float) -> None:
        """Write ``command``; AgentForfeit when the engine is gone or reads nothing for ``timeout`` s."""
        data = memoryview((command + "\n").encode("utf-8"))
        what = f"'{command.split()[0]}'" if command.split() else "a command"
        deadline = time.monotonic() + timeout
        while data:
            try:
                _, writable, _ = select.select([], [self._in], [], max(0.0, deadline - time.monotonic()))
                if not writable:
                    self.close()
                    raise AgentForfeit(f"the engine did not read {what} within {timeout:g} s (hung; killed)")
                data = data[os.write(self._in, data):]
            except BlockingIOError:
                continue
            except (OSError, ValueError):
                raise AgentForfeit(self._crash(what)) from None

    def reply(self, timeout: float, what: str, limit: int = REPLY_BYTES) -> list[str]:
        """The lines up to ``ok``; AgentForfeit on a crash, after ``timeout`` seconds, or when the
        answer grows past ``limit`` bytes."""
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        size = 0
        while True:
            while (end := self._pending.find(b"\n")) >= 0:
                line = self._pending[:end].decode("utf-8", errors="replace").strip()
                size += end + 1
                del self._pending[:end + 1]
                if line == "ok":
                    return lines
                lines.append(line)
            if size + len(self._pending) > limit:
                self.close()
                raise AgentForfeit(f"the engine wrote more than {limit // 1024} KiB in answer to {what} "
                                   "(flooding; killed)")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise AgentForfeit(f"the engine did not answer {what} within {timeout:g} s (hung; killed)")
            ready, _, _ = select.select([self._out], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self._out, min(READ_CHUNK, limit + 1 - size - len(self._pending)))
                except BlockingIOError:
                    continue
                except (OSError, ValueError):
                    chunk = b""
                if not chunk:
                    raise AgentForfeit(self._crash(what))
                self._pending += chunk

    def _crash(self, what: str) -> str:
        try:
            code = self.process.wait(timeout=2.0)
            how = f"exit code {code}" if code >= 0 else f"signal {-code}"
        except subprocess.TimeoutExpired:
            how = "its output closed"
        self.close()
        return f"the engine crashed before answering {what} ({how})"

    def close(self) -> None:
        """Say ``exit`` (without waiting to be heard) and make sure every process of the engine is gone."""
        if self._finalizer.alive and self.process.poll() is None:
            try:
                os.write(self._in, b"exit\n")
            except OSError:
                pass
        self._finalizer()

    @property
    def running(self) -> bool:
        return self.process.poll() is None
