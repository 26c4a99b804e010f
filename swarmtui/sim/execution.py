"""Where the games of an experiment are played: this process, a local process pool, or Dask.

Every game is a ``Job`` — a batch (game, seats, base seed, result group) and the game's
index — and its result depends on nothing else (``match.game_seed``), so all three
executors return the same records. They yield them in job order, whatever order the
workers finish in, so result files are identical too.

Ctrl-C: pool workers ignore SIGINT, so only the main process sees the interrupt; it cancels
what has not started and lets ``KeyboardInterrupt`` reach the caller, which keeps the
finished games (``--resume``). Only a few chunks per worker are in flight at any time, so a
run of millions of games starts at once and holds little memory.
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Sequence, TypeVar

from swarmtui.core.params import ParamError
from swarmtui.sim.batch import Batch, play_job
from swarmtui.sim.match import GameRecord


@dataclass(frozen=True)
class Job:
    """Game ``index`` of ``batch``."""

    batch: Batch
    index: int


def play(job: Job) -> GameRecord:
    """Play one job (module-level, so process pools and Dask can pickle it)."""
    return play_job(job.batch, job.index)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


CONNECT_TIMEOUT = "10s"
IN_FLIGHT_PER_WORKER = 4

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_jobs(jobs: Iterable[Job], workers: int = 1, client: Any = None) -> Iterator[tuple[Job, GameRecord]]:
    """Yield ``(job, record)`` in job order, played in-process, on ``workers`` processes or on Dask.

    ``client`` is a connected Dask ``distributed.Client`` (``connect_dask``); the caller closes it.
    """
    jobs = list(jobs)
    yield from zip(jobs, map_ordered(play, jobs, workers, client))


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
    """A bounded window of chunks on a process pool, results in task order."""
    workers = min(workers, len(tasks))
    chunks = _chunks(tasks, chunk or chunk_size(len(tasks), workers))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    window: deque = deque()
    try:
        for chunk in islice(chunks, workers * IN_FLIGHT_PER_WORKER):
            window.append(pool.submit(play_chunk, function, chunk))
        while window:
            results = window.popleft().result()
            for chunk in islice(chunks, 1):
                window.append(pool.submit(play_chunk, function, chunk))
            yield from results
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def connect_dask(address: str) -> Any:
    """A client of the Dask scheduler at ``address``; ParamError when missing or unreachable."""
    try:
        from distributed import Client
    except ImportError:
        raise ParamError("--scheduler needs Dask distributed: pip install 'swarmtui[dask]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ParamError(f"cannot reach the Dask scheduler at {address}: {error}") from None


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
