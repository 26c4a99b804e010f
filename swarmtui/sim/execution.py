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
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from typing import Any

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


def run_jobs(jobs: Iterable[Job], workers: int = 1, client: Any = None) -> Iterator[tuple[Job, GameRecord]]:
    """Yield ``(job, record)`` in job order, played in-process, on ``workers`` processes or on Dask.

    ``client`` is a connected Dask ``distributed.Client`` (``connect_dask``); the caller closes it.
    """
    jobs = list(jobs)
    if client is not None:
        yield from _run_dask(jobs, client)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield job, play(job)
    else:
        yield from _run_pool(jobs, workers)


def _chunks(jobs: list[Job], size: int) -> Iterator[list[Job]]:
    iterator = iter(jobs)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _run_pool(jobs: list[Job], workers: int) -> Iterator[tuple[Job, GameRecord]]:
    """A bounded window of chunks on a process pool, results in job order."""
    workers = min(workers, len(jobs))
    chunks = _chunks(jobs, chunk_size(len(jobs), workers))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    window: deque = deque()
    try:
        for chunk in islice(chunks, workers * IN_FLIGHT_PER_WORKER):
            window.append((chunk, pool.submit(play_chunk, chunk)))
        while window:
            chunk, future = window.popleft()
            records = future.result()
            for chunk_next in islice(chunks, 1):
                window.append((chunk_next, pool.submit(play_chunk, chunk_next)))
            yield from zip(chunk, records)
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


def play_chunk(jobs: list[Job]) -> list[GameRecord]:
    """Play several jobs in one task (fewer, larger Dask tasks: less scheduling overhead)."""
    return [play(job) for job in jobs]


def chunk_size(jobs: int, workers: int) -> int:
    """About eight chunks per worker, at most 64 games each: balance against overhead."""
    return max(1, min(64, jobs // (max(workers, 1) * 8)))


def _run_dask(jobs: list[Job], client: Any) -> Iterator[tuple[Job, GameRecord]]:
    """Submit the jobs to the cluster in chunks; buffer chunks that finish early to keep job order."""
    from distributed import as_completed

    futures = []
    try:
        size = chunk_size(len(jobs), sum(client.nthreads().values()))
        chunks = [jobs[i:i + size] for i in range(0, len(jobs), size)]
        futures = client.map(play_chunk, chunks, pure=False)
        position = {future.key: i for i, future in enumerate(futures)}
        done: dict[int, list[GameRecord]] = {}
        following = 0
        for future in as_completed(futures, loop=client.loop):
            done[position[future.key]] = future.result()
            while following in done:
                yield from zip(chunks[following], done.pop(following))
                following += 1
    except BaseException:
        client.cancel(futures)
        raise
