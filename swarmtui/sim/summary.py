"""Summaries of a batch in the papers' style: wins per player, draws, game lengths and times.

Win rates come with a 95% Wilson score interval (Wilson 1927), which stays inside [0, 1] and
is honest for small counts and rates near 0 or 1, unlike the normal approximation.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass

from rich.table import Table

from swarmtui.core.safe_text import safe_text
from swarmtui.core.state import Termination
from swarmtui.records.gamelog import GameLog


@dataclass(frozen=True)
class SeatSummary:
    seat: str
    agent: str
    wins: int
    draws: int
    losses: int
    think_mean: float


@dataclass(frozen=True)
class BatchSummary:
    games: int
    seats: tuple[SeatSummary, ...]
    unfinished: int
    plies_median: float
    plies_mean: float
    plies_std: float
    seconds_mean: float
    on_time: int = 0
    """Games a seat lost on time (``sim run --clock``)."""
    forfeits: int = 0
    """Games a seat forfeited: its agent crashed, its engine failed or it played an illegal move."""

    def to_json(self) -> dict:
        return asdict(self)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (default 95%); (0, 1) for no trials.
    ``successes`` may hold halves: a game's score with draws as half a win."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def rate_text(successes: int, trials: int) -> str:
    """``"52.0% [45.1-58.8]"``: the rate with its 95% Wilson interval."""
    low, high = wilson(successes, trials)
    return f"{100 * successes / trials:.1f}% [{100 * low:.1f}-{100 * high:.1f}]"


def summarise(records: list[GameLog]) -> BatchSummary:
    """Tally ``records`` (all from one batch, so the same seats and agents)."""
    if not records:
        raise ValueError("no games to summarise")
    first = records[0]
    seats = []
    for seat, agent in first.players.items():
        wins = sum(r.winner == seat for r in records)
        draws = sum(r.winner is None and r.result == "draw" for r in records)
        losses = sum(r.winner not in (None, seat) for r in records)
        think = statistics.fmean(r.think_seconds.get(seat, 0.0) for r in records)
        seats.append(SeatSummary(seat, agent, wins, draws, losses, think))
    plies = [r.plies for r in records]
    return BatchSummary(
        games=len(records), seats=tuple(seats),
        unfinished=sum(r.result == "unfinished" for r in records),
        plies_median=statistics.median(plies), plies_mean=statistics.fmean(plies),
        plies_std=statistics.pstdev(plies), seconds_mean=statistics.fmean(r.seconds for r in records),
        on_time=sum(_ended(r) is Termination.TIME for r in records),
        forfeits=sum(_ended(r) is Termination.ENGINE_ERROR for r in records),
    )


def _ended(record: GameLog) -> Termination | None:
    outcome = record.outcome
    return outcome.termination if outcome is not None else None


def summary_table(summary: BatchSummary, title: str) -> Table:
    """A Rich table: one row per seat, then game length and time lines. The title, seats and
    agents come from files and are shown as text (``core.safe_text``): ``[group]`` stays."""
    table = Table(title=safe_text(title), title_justify="left")
    for column in ("seat", "agent", "wins", "draws", "losses", "win % [95% CI]", "think ms/game"):
        table.add_column(column, justify="left" if column in ("seat", "agent") else "right")
    for s in summary.seats:
        table.add_row(safe_text(s.seat), safe_text(s.agent), str(s.wins), str(s.draws), str(s.losses),
                      rate_text(s.wins, summary.games),
                      f"{s.think_mean * 1000:.2f}")
    table.caption = (
        f"{summary.games} games; plies median {summary.plies_median:g}, mean {summary.plies_mean:.2f}, "
        f"std {summary.plies_std:.2f}; {summary.seconds_mean * 1000:.2f} ms/game"
        + (f"; {summary.unfinished} unfinished" if summary.unfinished else "")
        + (f"; {summary.on_time} lost on time" if summary.on_time else "")
        + (f"; {summary.forfeits} forfeited (see the reasons in the result file)" if summary.forfeits else "")
    )
    table.caption_justify = "left"
    return table


def comparison_table(summaries: dict[str, BatchSummary], title: str) -> Table:
    """One row per result group (sweep cell): each seat's win rate [95% CI], draws, game lengths
    (groups and seats shown as text: ``core.safe_text``)."""
    table = Table(title=safe_text(title), title_justify="left", caption="win % with its 95% Wilson interval",
                  caption_justify="left")
    first = next(iter(summaries.values()))
    table.add_column("group", no_wrap=True)
    for seat in first.seats:
        table.add_column(safe_text(f"{seat.seat} win %"), justify="right", no_wrap=True)
    for column in ("draws", "plies med", "plies mean"):
        table.add_column(column, justify="right")
    for group, summary in summaries.items():
        draws = summary.seats[0].draws if summary.seats else 0
        table.add_row(
            safe_text(group or "-"), *(_rate_cell(s.wins, summary.games) for s in summary.seats), str(draws),
            f"{summary.plies_median:g}", f"{summary.plies_mean:.2f}",
        )
    return table


def _rate_cell(successes: int, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{100 * successes / trials:.1f} ({100 * low:.1f}-{100 * high:.1f})"
