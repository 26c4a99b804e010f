"""Where the games of an experiment are played: this process, a local process pool, or Dask.

Every game is a ``Job`` — a batch (game, seats, base seed, result group) and the game's
index — and its result depends on nothing else (``match.game_seed``), so all three
executors return the same records. They yield them in job order, whatever order the
workers finish in, so result files are identical too.

Stopping (Ctrl-C, SIGTERM, SIGHUP; ``core.signals``): pool workers ignore SIGINT and die on
SIGTERM/SIGHUP, so only the main process decides. A pool or a Dask cluster is run inside a
``signals.deferred()`` region: a stop signal only sets a flag, read between results (waits
poll every ``POLL_SECONDS``), never raised inside the pool's or the queues' locks. On a stop
the pool cancels what has not started, ends the workers (their unfinished games are played
again on ``--resume``) and waits for them, so no worker outlives it, then raises ``Stop`` (a
``KeyboardInterrupt``) to the caller, which keeps the finished games. Workers also die with
their parent when it is killed outright (``core.parent_watch``), and a worker that dies
(``kill -9``, the out-of-memory killer) is ``WorkerLost``, naming how it ended and the tasks
that were in flight, not a ``BrokenProcessPool`` traceback. Played here, one task at a time
runs ``signals.interruptible()``: a stop ends it at once. Only a few chunks per worker are in
flight at any time, so a run of millions of games starts at once and holds little memory.

A Dask scheduler address is checked before any connection is tried (``scheduler_address``),
and every way a scheduler can be unusable is one ``ParamError`` sentence.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from swarmtui.core import signals
from swarmtui.core.engines import declared_engines, with_engines
from swarmtui.core.params import ParamError
from swarmtui.records.gamelog import GameLog
from swarmtui.sim.batch import Batch, play_job

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.process import BaseProcess


@dataclass(frozen=True)
class Job:
    """Game ``index`` of ``batch``."""

    batch: Batch
    index: int


def play(job: Job) -> GameLog:
    """Play one job (module-level, so process pools and Dask can pickle it)."""
    return play_job(job.batch, job.index)


CONNECT_TIMEOUT = "10s"
PROBE_SECONDS = 3.0
"""A scheduler's port must accept a TCP connection this fast, or Dask's connect decides."""
DASK_SCHEMES = ("tcp", "tls", "ws", "wss")
"""The Dask transports a scheduler on another machine can be reached by (not inproc, ucx)."""
IN_FLIGHT_PER_WORKER = 4
POLL_SECONDS = 0.1
"""How often a wait for a result looks whether a stop signal came (``core.signals.check``)."""
STOP_GRACE_SECONDS = 5.0
"""How long stopped workers get to end after SIGTERM before they are killed outright."""

Task = TypeVar("Task")
Result = TypeVar("Result")


class WorkerLost(Exception):
    """A pool worker died while the pool ran (killed, out of memory): the pool cannot go on.

    ``how`` says how it ended (``"killed by SIGKILL"``); ``lost`` are the tasks that were in
    flight, whose results are gone (the callers that keep a result file name them)."""

    def __init__(self, how: str, lost: list[Any]) -> None:
        super().__init__(f"a worker process died ({how})")
        self.how, self.lost = how, lost


def run_jobs(jobs: Iterable[Job], workers: int = 1, client: Any = None) -> Iterator[tuple[Job, GameLog]]:
    """Yield ``(job, record)`` in job order, played in-process, on ``workers`` processes or on Dask.

    ``client`` is a connected Dask ``distributed.Client`` (``connect_dask``); the caller closes it.
    """
    jobs = list(jobs)
    yield from zip(jobs, map_ordered(play, jobs, workers, client), strict=True)


def map_ordered(function: Callable[[Task], Result], tasks: Sequence[Task], workers: int = 1,
                client: Any = None, chunk: int | None = None) -> Iterator[Result]:
    """``map(function, tasks)`` in order: here, on a process pool, or on a Dask cluster.

    ``function`` must be picklable (module level) and its results must depend only on its task,
    so every executor gives the same results. Experiments with their own protocol (Halma's
    restarts, Hive's random opening) use this with their own game function. ``chunk`` tasks
    travel together (default ``chunk_size``); long tasks such as MCTS games want 1. The
    external engines this process declared (``core.engines``) travel with every task to a pool
    or Dask worker, so a ``uhp:NAME`` seat finds its engine whatever the worker's start method.
    """
    engines = tuple(declared_engines().values())
    if engines and (client is not None or (workers > 1 and len(tasks) > 1)):
        function = partial(with_engines, engines, function)
    if client is not None:
        yield from _run_dask(function, tasks, client, chunk)
    elif workers <= 1 or len(tasks) <= 1:
        yield from _run_here(function, tasks)
    else:
        yield from _run_pool(function, tasks, workers, chunk)


def _chunks(tasks: Sequence[Task], size: int) -> Iterator[list[Task]]:
    iterator = iter(tasks)
    while chunk := list(islice(iterator, size)):
        yield chunk


def play_chunk(function: Callable[[Task], Result], tasks: list[Task]) -> list[Result]:
    """Run several tasks in one pool or Dask task (less scheduling overhead)."""
    return [function(task) for task in tasks]


def chunk_size(tasks: int, workers: int) -> int:
    """About eight chunks per worker, at most 64 tasks each: balance against overhead."""
    return max(1, min(64, tasks // (max(workers, 1) * 8)))


def _run_here(function: Callable[[Task], Result], tasks: Sequence[Task]) -> Iterator[Result]:
    """In this process, each task interruptible (it holds no lock of a pool or a queue)."""
    for task in tasks:
        with signals.interruptible():
            result = function(task)
        yield result


def result_polling(future: Any) -> Any:
    """A future's result (a process pool's or Dask's), looking for a stop signal every
    ``POLL_SECONDS`` while it waits (``signals.check`` raises ``Stop`` at that safe point)."""
    while True:
        signals.check()
        try:
            return future.result(timeout=POLL_SECONDS)
        except TimeoutError:
            if future.done():  # the task's own TimeoutError, or done just now
                return future.result()


def _run_pool(function: Callable[[Task], Result], tasks: Sequence[Task], workers: int,
              chunk: int | None = None) -> Iterator[Result]:
    """A bounded window of chunks on a process pool, results in task order (multiprocessing is
    imported here: a batch played in-process never loads it)."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    workers = min(workers, len(tasks))
    chunks = _chunks(tasks, chunk or chunk_size(len(tasks), workers))
    forked_here = threading.current_thread() is threading.main_thread()  # the parent-death signal is per thread
    with signals.deferred():
        pool = ProcessPoolExecutor(max_workers=workers, initializer=signals.pool_worker_start,
                                   initargs=(os.getpid(), forked_here))
        window: deque[tuple[Future, list[Task]]] = deque()
        try:
            try:
                for part in islice(chunks, workers * IN_FLIGHT_PER_WORKER):
                    window.append((pool.submit(play_chunk, function, part), part))
                while window:
                    results = result_polling(window[0][0])
                    window.popleft()
                    for part in islice(chunks, 1):
                        window.append((pool.submit(play_chunk, function, part), part))
                    yield from results
            except BrokenProcessPool:
                signals.check()  # Ctrl-C reaches the workers too: when a stop came, it is a stop
                lost = [task for _, part in window for task in part]
                raise WorkerLost(how_workers_ended(_ended(_processes(pool))), lost) from None
        except BaseException:
            _stop_pool(pool)
            raise
        pool.shutdown(wait=True)


def _processes(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    return list((getattr(pool, "_processes", None) or {}).values())  # no public API before 3.14


def _ended(processes: list[BaseProcess]) -> list[BaseProcess]:
    """``processes`` once they have all ended and their exit status is known (the pool's own
    thread ends the others and reaps them too: whichever thread reaps sets the status)."""
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    while any(p.exitcode is None for p in processes) and time.monotonic() < deadline:
        time.sleep(0.01)
    return processes


def how_workers_ended(processes: Sequence[BaseProcess]) -> str:
    """How the first worker that ended on its own ended: ``"killed by SIGKILL"``, ``"exited
    with status 1"``. The pool ends the others with SIGTERM once one is gone, so those say
    nothing (unless SIGTERM was what ended it too)."""
    codes = [p.exitcode for p in processes if p.exitcode]
    chosen = next((code for code in codes if code != -signal.SIGTERM), codes[0] if codes else None)
    if chosen is None:
        return "it ended unexpectedly"
    if chosen > 0:
        return f"exited with status {chosen}"
    try:
        name = signal.Signals(-chosen).name
    except ValueError:
        name = f"signal {-chosen}"
    hint = ": kill -9 or the out-of-memory killer" if chosen == -signal.SIGKILL else ""
    return f"killed by {name}{hint}"


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now (not after their chunks: SIGTERM, then SIGKILL for any still there
    after ``STOP_GRACE_SECONDS``), cancel what has not started and wait for them all: no worker
    is left behind; nothing they were playing is kept."""
    processes = _processes(pool)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(STOP_GRACE_SECONDS)
        if process.is_alive():  # still starting, with the parent's handlers: SIGKILL is never caught
            process.kill()
            process.join()
    pool.shutdown(wait=True, cancel_futures=True)


def scheduler_address(text: str) -> str:
    """``text`` as a Dask scheduler address (``tcp://`` when no scheme is given), or ParamError
    saying what is wrong with it: checked before Dask tries (and retries) to connect, so a
    mistyped or closed address is one line at once instead of a traceback after the timeout."""
    from distributed.comm.addressing import parse_address, parse_host_port

    address = text.strip() if "://" in text else f"tcp://{text.strip()}"
    example = "an address like tcp://HOST:8786"
    try:
        scheme, location = parse_address(address)
    except ValueError as error:
        raise ParamError(f"--scheduler {text!r} is not {example} ({error})") from None
    if scheme not in DASK_SCHEMES:
        raise ParamError(f"--scheduler {text!r}: a scheduler is reached over {', '.join(DASK_SCHEMES)}, "
                         f"not {scheme}://")
    try:
        host, port = parse_host_port(location)
    except ValueError as error:
        raise ParamError(f"--scheduler {text!r} is not {example} ({error})") from None
    if scheme in ("tls", "wss"):
        from distributed import Security

        if Security().get_connection_args("client").get("ssl_context") is None:
            raise ParamError(f"--scheduler {text!r} needs TLS certificates in Dask's configuration "
                             "(distributed.comm.tls.ca-file, .client.cert, .client.key)")
    import socket  # here: a batch played in-process or on a local pool never loads it

    try:
        socket.create_connection((host, int(port)), timeout=PROBE_SECONDS).close()
    except TimeoutError:
        pass  # slow to answer: Dask's own connect (CONNECT_TIMEOUT) decides
    except OSError as error:
        raise ParamError(f"cannot reach the Dask scheduler at {text}: {error.strerror or error}") from None
    return address


def connect_dask(address: str) -> Any:
    """A client of the Dask scheduler at ``address``; ParamError (one sentence) when Dask is
    missing or the scheduler is unusable in any way."""
    try:
        from distributed import Client
    except ImportError:
        raise ParamError("--scheduler needs Dask distributed: pip install 'swarmtui[dask]'") from None
    checked = scheduler_address(address)
    hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None  # a half-built Client complains in __del__
    try:
        return Client(checked, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect means the scheduler is unusable
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ParamError(f"cannot use the Dask scheduler at {address}: {reason}") from None
    finally:
        gc.collect()
        sys.unraisablehook = hook


@contextmanager
def dask_client(scheduler: str | None) -> Iterator[Any]:
    """A connected client for ``scheduler`` (closed on exit), or None to run locally."""
    if scheduler is None:
        yield None
        return
    client = connect_dask(scheduler)
    try:
        yield client
    finally:
        client.close()


def _run_dask(function: Callable[[Task], Result], tasks: Sequence[Task], client: Any,
              chunk: int | None = None) -> Iterator[Result]:
    """Submit the tasks to the cluster in chunks and take their results in order (a chunk
    finishing early waits on the cluster), looking for a stop signal while waiting."""
    futures: list[Any] = []
    with signals.deferred():
        try:
            size = chunk or chunk_size(len(tasks), sum(client.nthreads().values()))
            chunks = list(_chunks(tasks, size))
            futures = client.map(play_chunk, [function] * len(chunks), chunks, pure=False)
            for future in futures:
                yield from result_polling(future)
        except BaseException:
            client.cancel(futures)
            raise
