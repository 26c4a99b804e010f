"""Summaries of a batch in the papers' style: wins per player, draws, game lengths and times."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from rich.table import Table

from swarmtui.sim.match import GameRecord


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


def summarise(records: list[GameRecord]) -> BatchSummary:
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
    )


def summary_table(summary: BatchSummary, title: str) -> Table:
    """A Rich table: one row per seat, then game length and time lines."""
    table = Table(title=title, title_justify="left")
    for column in ("seat", "agent", "wins", "draws", "losses", "win %", "think ms/game"):
        table.add_column(column, justify="left" if column in ("seat", "agent") else "right")
    for s in summary.seats:
        share = 100.0 * s.wins / summary.games
        table.add_row(s.seat, s.agent, str(s.wins), str(s.draws), str(s.losses), f"{share:.1f}", f"{s.think_mean * 1000:.2f}")
    table.caption = (
        f"{summary.games} games; plies median {summary.plies_median:g}, mean {summary.plies_mean:.2f}, "
        f"std {summary.plies_std:.2f}; {summary.seconds_mean * 1000:.2f} ms/game"
        + (f"; {summary.unfinished} unfinished" if summary.unfinished else "")
    )
    table.caption_justify = "left"
    return table
