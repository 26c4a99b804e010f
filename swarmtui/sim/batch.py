"""A batch of games — game, seats, count, base seed — and how one of its games is played.

Games are independent and seeded by index (``match.game_seed``), so ``--workers N`` (or a
Dask cluster) gives exactly the records of ``--workers 1`` apart from wall-clock timings.
``group`` labels the batch's records when an experiment has several (a parameter sweep).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from swarmtui.core.clock import TimeControl
from swarmtui.records.gamelog import GameLog
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat


@dataclass(frozen=True)
class Batch:
    """A batch: the game, who sits where, how many games, the base seed, its result group."""

    game: str
    seats: tuple[Seat, ...]
    games: int
    seed: int
    group: str = ""
    traces: bool = False
    rules: tuple[tuple[str, str], ...] = ()
    """The game's rule variants as ``(name, value)`` overrides (empty: the game's defaults)."""
    time_control: TimeControl = TimeControl()
    """Each game's clocks (``sim run --clock``; none: each agent thinks as long as it does by default)."""


def default_workers() -> int:
    return os.cpu_count() or 1


def play_job(batch: Batch, index: int) -> GameLog:
    """Play game ``index`` of ``batch``."""
    return play_match(batch.game, list(batch.seats), batch.seed, index, traces=batch.traces, rules=batch.rules,
                      time_control=batch.time_control)
