"""Stop a real ``swarmtui sim run`` with a signal at a chosen moment and check what a person
would (issue 27 point 8): it ends in time, no process of it is left, it says one line, and its
result file reads back holding what that line says.

Shared by ``benchmarks/sim_stop_signals.py`` (200 random moments) and the suite's bounded
version (``tests/test_sim_stop.py``). The run starts in its own session, so every process it
made (pool workers, and anything they started) is found by session id in ``/proc`` (Linux),
whoever re-parented it. A moment is either a delay after the start or "as soon as the run has
N child processes" (the pool is forking: the window in which a handler that raised could
leave ``logging``'s or ``multiprocessing``'s locks held).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from swarmtui.core.bounded_json import SaveError
from swarmtui.records.results import read_results

HANG_SECONDS = 60.0
"""A run not ended this long after the signal hangs."""
ORPHAN_GRACE_SECONDS = 2.0
"""How long the run's processes get to end after it has (a watchdog looks every 0.5 s)."""
RESUME_LINE = re.compile(r"^swarmtui: error: interrupted after (\d+) of (\d+) games; \1 finished games are kept "
                         r"in (\S+); continue with: swarmtui sim run (\w+) --resume \3$")
FINISHED_LINE = re.compile(r"^wrote (\d+) games to (\S+)$")


@dataclass
class Trial:
    """What one stop did: exit status, seconds from the signal to the exit (None: it hung),
    processes of its session still running afterwards, and every problem found."""

    returncode: int | None
    stop_seconds: float | None
    orphans: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    outcome: str = ""
    """``interrupted`` (a resume line), ``stopped`` (``swarmtui: interrupted``: before the run
    began or after its last game), ``finished``, ``before start`` (killed by the signal's
    default action before the interpreter ran swarmtui: nothing to say or keep yet)."""

    @property
    def hung(self) -> bool:
        return self.stop_seconds is None


def _live_processes() -> Iterator[tuple[int, list[str]]]:
    """Every live process (not a zombie) with the fields of its ``/proc/PID/stat`` after its name."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] not in ("Z", "X"):
            yield int(stat.parent.name), fields


def session_processes(session: int) -> list[int]:
    """Live processes whose session is ``session``."""
    return [pid for pid, fields in _live_processes() if int(fields[3]) == session]


def children(pid: int) -> list[int]:
    """Live child processes of ``pid``."""
    return [child for child, fields in _live_processes() if int(fields[1]) == pid]


def _wait_for_children(process: subprocess.Popen, count: int, deadline: float) -> None:
    while len(children(process.pid)) < count and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)


def stop_trial(out: Path, *, games: int, workers: int = 2, delay: float = 0.0, at_children: int | None = None,
               number: int = signal.SIGTERM, game: str = "noughts") -> Trial:
    """Start ``sim run GAME -n GAMES -w WORKERS -o OUT``, send ``number`` to its main process
    ``delay`` seconds after the start (or as soon as it has ``at_children`` children), and
    check how it ended. Every process of the run is gone when this returns (killed if it hung)."""
    out.unlink(missing_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "swarmtui", "sim", "run", game, "-n", str(games), "-w", str(workers), "-o", str(out)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True, cwd=out.parent)  # not a checkout's folder: ``-m`` imports from the working folder
    start = time.monotonic()
    if at_children is not None:
        _wait_for_children(process, at_children, start + HANG_SECONDS)
    else:
        time.sleep(delay)
    signalled = time.monotonic()
    if process.poll() is None:
        process.send_signal(number)
    try:
        _, err = process.communicate(timeout=HANG_SECONDS)
        trial = Trial(process.returncode, time.monotonic() - signalled)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        trial = Trial(None, None, problems=[f"still running {HANG_SECONDS:.0f} s after the signal"])
    deadline = time.monotonic() + ORPHAN_GRACE_SECONDS
    while session_processes(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    trial.orphans = session_processes(process.pid)
    if trial.orphans:
        trial.problems.append(f"{len(trial.orphans)} processes left running")
        for pid in trial.orphans:
            _kill(pid)
    if not trial.hung:
        _check_output(trial, err, out, games, number)
    return trial


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _check_output(trial: Trial, err: str, out: Path, games: int, number: int) -> None:
    """One line, no traceback, the exit status of the signal (or 0 when the run had finished),
    and a result file holding what that line says."""
    if "Traceback" in err or "Exception ignored" in err:
        trial.problems.append("a traceback on stderr:\n" + err)
    lines = err.strip().splitlines()
    if not lines and trial.returncode == -number and not out.exists():
        trial.outcome = "before start"  # the interpreter had not yet run swarmtui (``launch``'s docstring)
        return
    last = lines[-1] if lines else ""
    resumed, finished = RESUME_LINE.match(last), FINISHED_LINE.match(last)
    if resumed:
        trial.outcome, expected = "interrupted", int(resumed[1])
    elif finished:
        trial.outcome, expected = "finished", games
    elif last == "swarmtui: interrupted":  # before the run began, or after its last game
        trial.outcome, expected = "stopped", -1
    else:
        trial.problems.append(f"unexpected last line {last!r}")
        return
    allowed = (0, -number) if finished else (128 + number,)  # a signal during the interpreter's own exit kills
    if trial.returncode not in allowed:
        trial.problems.append(f"exit status {trial.returncode} after {trial.outcome!r}")
    if expected < 0 and not out.exists():
        return
    try:
        kept = read_results(out)
    except SaveError as error:
        trial.problems.append(f"the result file does not read back: {error}")
        return
    if expected < 0:
        return
    if len(kept.games) != expected or [g.index for g in kept.games] != list(range(expected)):
        trial.problems.append(f"the result file holds {len(kept.games)} games, the line says {expected}")
    if (kept.summary is not None) != bool(finished):
        trial.problems.append("the result file's summary line does not match how the run ended")
