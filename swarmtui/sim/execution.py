"""Where the games of an experiment are played: this process, a local process pool, or Dask.

Every game is a ``Job`` — a batch (game, seats, base seed, result group) and the game's
index — and its result depends on nothing else (``match.game_seed``), so all three
executors return the same records. They yield them in job order, whatever order the
workers finish in, so result files are identical too.

Stopping (Ctrl-C, SIGTERM, SIGHUP; ``core.signals``): pool workers ignore SIGINT and die on
SIGTERM/SIGHUP, so only the main process decides; on the interrupt it cancels what has not
started, terminates the workers (their unfinished games are played again on ``--resume``)
and waits for them, so no worker outlives it, then lets ``KeyboardInterrupt`` reach the
caller, which keeps the finished games. Only a few chunks per worker are in flight at any
time, so a run of millions of games starts at once and holds little memory.

A Dask scheduler address is checked before any connection is tried (``scheduler_address``),
and every way a scheduler can be unusable is one ``ParamError`` sentence.
"""

from __future__ import annotations

import gc
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from swarmtui.core.params import ParamError
from swarmtui.core.signals import worker_signals
from swarmtui.records.gamelog import GameLog
from swarmtui.sim.batch import Batch, play_job

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


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

Task = TypeVar("Task")
Result = TypeVar("Result")


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
    travel together (default ``chunk_size``); long tasks such as MCTS games want 1.
    """
    if client is not None:
        yield from _run_dask(function, tasks, client, chunk)
    elif workers <= 1 or len(tasks) <= 1:
        yield from map(function, tasks)
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


def _run_pool(function: Callable[[Task], Result], tasks: Sequence[Task], workers: int,
              chunk: int | None = None) -> Iterator[Result]:
    """A bounded window of chunks on a process pool, results in task order (multiprocessing is
    imported here: a batch played in-process never loads it)."""
    from concurrent.futures import ProcessPoolExecutor

    workers = min(workers, len(tasks))
    chunks = _chunks(tasks, chunk or chunk_size(len(tasks), workers))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_signals)
    window: deque = deque()
    try:
        for part in islice(chunks, workers * IN_FLIGHT_PER_WORKER):
            window.append(pool.submit(play_chunk, function, part))
        while window:
            results = window.popleft().result()
            for part in islice(chunks, 1):
                window.append(pool.submit(play_chunk, function, part))
            yield from results
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now (not after their chunks: SIGTERM), cancel what has not started and
    wait for them all: no worker is left behind; nothing they were playing is kept."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public API before 3.14
    for process in processes:
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(5)


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
    """Submit the tasks to the cluster in chunks; buffer chunks that finish early to keep order."""
    from distributed import as_completed

    futures = []
    try:
        size = chunk or chunk_size(len(tasks), sum(client.nthreads().values()))
        chunks = list(_chunks(tasks, size))
        futures = client.map(play_chunk, [function] * len(chunks), chunks, pure=False)
        position = {future.key: i for i, future in enumerate(futures)}
        done: dict[int, list] = {}
        following = 0
        for future in as_completed(futures, loop=client.loop):
            done[position[future.key]] = future.result()
            while following in done:
                yield from done.pop(following)
                following += 1
    except BaseException:
        client.cancel(futures)
        raise
