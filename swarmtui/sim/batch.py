"""Run many games, in this process or a process pool, with results in game order.

Games are independent and seeded by index (``match.game_seed``), so ``--workers N`` gives
exactly the records of ``--workers 1`` apart from wall-clock timings.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterator

from swarmtui.sim.match import GameRecord, play_match
from swarmtui.sim.seats import Seat


@dataclass(frozen=True)
class Batch:
    """A batch: the game, who sits where, how many games, the base seed."""

    game: str
    seats: tuple[Seat, ...]
    games: int
    seed: int


def default_workers() -> int:
    return os.cpu_count() or 1


def _play(batch: Batch, index: int) -> GameRecord:
    return play_match(batch.game, list(batch.seats), batch.seed, index)


def run_batch(batch: Batch, workers: int = 1, on_record: Callable[[GameRecord], None] | None = None) -> Iterator[GameRecord]:
    """Yield the batch's records in index order; ``on_record`` sees each as it arrives."""
    play = partial(_play, batch)
    indices = range(batch.games)
    if workers <= 1 or batch.games <= 1:
        results: Iterator[GameRecord] = map(play, indices)
        for record in results:
            if on_record:
                on_record(record)
            yield record
        return
    chunk = max(1, min(64, batch.games // (workers * 8)))
    with ProcessPoolExecutor(max_workers=min(workers, batch.games)) as pool:
        for record in pool.map(play, indices, chunksize=chunk):
            if on_record:
                on_record(record)
            yield record
