"""Stopping ``sim`` cleanly (issue 27 point 8): stop signals are a flag the loops read, workers
die with their parent, and a worker that dies is one line saying which games were lost.

The bounded version of ``benchmarks/sim_stop_signals.py`` (200 moments) is here: a handful of
SIGTERMs at chosen moments of a real ``sim run -w 2``, two of them in the pool's fork window.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from waiting import poll_until

from swarmtui.core import signals
from swarmtui.records.results import read_results
from swarmtui.sim.execution import WorkerLost, how_workers_ended, map_ordered
from swarmtui.sim.stop_trial import children, session_processes, stop_trial

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX signals, /proc")

ROOT = Path(__file__).resolve().parents[1]
WORKER_LOST = re.compile(
    r"^swarmtui: error: a worker process died \(killed by SIGKILL: kill -9 or the out-of-memory killer\) while "
    r"playing games? [\d, -]+(, \.\.\.)?, so the run stopped after (\d+) of 1000000 games; \2 finished games are "
    r"kept in (\S+); continue with: swarmtui sim run noughts --resume \3$")


@pytest.fixture
def stop_handlers(monkeypatch):
    """``stop_on_signals`` installed for one test, everything put back afterwards."""
    previous = {number: signal.getsignal(number) for number in signals.STOP_SIGNALS}
    monkeypatch.setattr(signals, "received", None)
    monkeypatch.setattr(signals, "_pending", None)
    signals.stop_on_signals()
    yield
    for number, handler in previous.items():
        signal.signal(number, handler)


def _signal_self(number: int = signal.SIGTERM) -> None:
    os.kill(os.getpid(), number)
    for _ in range(1000):  # the handler runs between bytecodes, within these
        pass


def test_outside_a_deferred_region_a_stop_raises_at_once(stop_handlers):
    with pytest.raises(signals.Stop):
        _signal_self()
    assert signals.received == signal.SIGTERM and signals.exit_code() == 143


def test_inside_a_deferred_region_a_stop_is_a_flag_raised_at_the_next_safe_point(stop_handlers):
    went_on = False
    with pytest.raises(signals.Stop), signals.deferred():
        _signal_self(signal.SIGHUP)
        went_on = True  # the handler did not raise in the middle of this code
        assert signals.stop_requested()
        signals.check()
    assert went_on and not signals.stop_requested() and signals.exit_code() == 129


def test_an_interruptible_part_of_a_deferred_region_raises_at_once(stop_handlers):
    with signals.deferred():
        with pytest.raises(signals.Stop), signals.interruptible():
            _signal_self()
        assert not signals.stop_requested()
        _signal_self()  # deferred again once the interruptible part is left
        with pytest.raises(signals.Stop), signals.interruptible():
            pass  # a stop already waiting is raised on entry
    assert not signals.stop_requested()


def test_the_innermost_region_decides(stop_handlers):
    with signals.interruptible(), signals.deferred():
        _signal_self()  # a pool inside a command's interruptible body: still a flag
        assert signals.stop_requested()
        with pytest.raises(signals.Stop):
            signals.check()


def test_a_region_left_out_of_order_removes_only_itself(stop_handlers):
    """A generator's region (a pool's) may close after the region around its loop has."""

    def results():
        with signals.deferred():
            yield 1
            yield 2

    outer = signals.interruptible()
    outer.__enter__()
    pool = results()
    next(pool)  # the pool's deferred region is open, inside the loop's interruptible one
    outer.__exit__(None, None, None)  # the loop's region ends first
    _signal_self()  # the pool's region is still innermost: a flag
    assert signals.stop_requested()
    pool.close()  # closed, not finished: the stop waits for the caller's next safe point
    assert signals._regions == [] and signals.stop_requested()
    with pytest.raises(signals.Stop):
        signals.check()


def test_a_stop_while_the_command_line_is_parsed_is_raised_as_the_body_starts(stop_handlers, capsys, monkeypatch):
    """``cli.main`` parses in a deferred region; the command's body is interruptible."""
    from swarmtui.cli import main
    from swarmtui.cli.coercion import LightGroup

    parse = LightGroup.parse_args

    def parse_and_stop(self, ctx, args):
        _signal_self()  # mid-parse (where Typer imports Pydantic lazily): must not raise here
        return parse(self, ctx, args)

    monkeypatch.setattr(LightGroup, "parse_args", parse_and_stop)
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "run", "noughts", "-n", "1", "-w", "1"])
    assert exit_info.value.code == 143
    assert capsys.readouterr().err.strip().splitlines()[-1] == "swarmtui: interrupted"


@pytest.mark.parametrize("when", [{"at_children": 1}, {"at_children": 2}, {"delay": 0.3}, {"delay": 0.9},
                                  {"delay": 1.5}])
def test_sigterm_at_any_moment_stops_in_time_leaves_no_process_and_a_readable_file(tmp_path, when):
    trial = stop_trial(tmp_path / "run.jsonl", games=600, **when)
    assert trial.problems == [] and not trial.hung and trial.orphans == []
    assert trial.outcome in ("interrupted", "stopped", "finished")


def _spawn_run(path: Path, games: int = 1_000_000) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "swarmtui", "sim", "run", "noughts", "-n", str(games), "-w", "2",
                             "-o", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, cwd=ROOT, start_new_session=True)


def test_sigkill_of_the_run_takes_its_workers_with_it(tmp_path):
    process = _spawn_run(tmp_path / "run.jsonl")
    try:
        poll_until(lambda: len(children(process.pid)) >= 2 and (tmp_path / "run.jsonl").exists())
        workers = children(process.pid)
        process.kill()  # no handler runs: the kernel's parent-death signal and the watchdog must act
        process.communicate(timeout=60)
        poll_until(lambda: not session_processes(process.pid), timeout=5)
    finally:
        for pid in session_processes(process.pid):
            os.kill(pid, signal.SIGKILL)
    assert workers and not [pid for pid in workers if pid in session_processes(process.pid)]


WATCHDOG_ONLY = """
import os, sys, time
from concurrent.futures import ProcessPoolExecutor
from swarmtui.core.signals import pool_worker_start
pool = ProcessPoolExecutor(1, initializer=pool_worker_start, initargs=(os.getpid(), False))
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


def test_the_watchdog_alone_ends_a_worker_whose_parent_was_killed():
    """Without the kernel's parent-death signal (a pool forked by a UI worker thread, MCTS),
    the worker's watchdog thread notices the re-parenting within about half a second."""
    process = subprocess.Popen([sys.executable, "-c", WATCHDOG_ONLY], stdout=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        worker = int(process.stdout.readline())
        process.kill()
        process.wait(timeout=60)
        start = time.monotonic()
        poll_until(lambda: worker not in session_processes(process.pid), timeout=10)
    finally:
        for pid in session_processes(process.pid):
            os.kill(pid, signal.SIGKILL)
    assert time.monotonic() - start < 5


def test_sigkill_of_one_worker_is_one_line_naming_the_lost_games_and_how_to_resume(tmp_path):
    path = tmp_path / "run.jsonl"
    process = _spawn_run(path)
    try:
        poll_until(lambda: len(children(process.pid)) >= 2 and path.exists())
        os.kill(children(process.pid)[0], signal.SIGKILL)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 2 and "Traceback" not in err, err
    match = WORKER_LOST.match(err.rstrip().splitlines()[-1])
    assert match is not None, err
    kept = read_results(path)
    assert len(kept.games) == int(match[2]) and kept.summary is None
    poll_until(lambda: not session_processes(process.pid), timeout=10)


def _kill_own_worker(number: int) -> int:
    if number == 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return number


def test_a_dying_worker_is_worker_lost_with_how_it_ended_and_the_tasks_in_flight():
    with pytest.raises(WorkerLost) as lost:
        list(map_ordered(_kill_own_worker, list(range(40)), workers=2, chunk=2))
    assert lost.value.how == "killed by SIGKILL: kill -9 or the out-of-memory killer"
    assert 5 in lost.value.lost and str(lost.value).startswith("a worker process died (killed by SIGKILL")


class _Ended:
    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode


def test_how_workers_ended_names_the_first_that_ended_on_its_own():
    assert how_workers_ended([_Ended(-15), _Ended(-9)]).startswith("killed by SIGKILL")
    assert how_workers_ended([_Ended(-15), _Ended(None)]) == "killed by SIGTERM"
    assert how_workers_ended([_Ended(3), _Ended(-15)]) == "exited with status 3"
    assert how_workers_ended([_Ended(None)]) == "it ended unexpectedly"
