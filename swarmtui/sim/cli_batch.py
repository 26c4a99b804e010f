"""``swarmtui sim GAME``: play a batch with a progress bar, then print the summary table."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)
from rich.text import Text

from swarmtui.agents import make_agent
from swarmtui.core.rng import make_rng
from swarmtui.games import get_game
from swarmtui.sim.batch import Batch, default_workers, run_batch
from swarmtui.sim.records import RecordWriter
from swarmtui.sim.seats import assign_params, parse_players
from swarmtui.sim.summary import summarise, summary_table


class RateColumn(ProgressColumn):
    """Games per second, once Rich has measured a speed."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f} games/s" if task.speed else "", style="progress.data.speed")


def _check_agents(batch: Batch) -> None:
    """Build every seat's agent once here, so bad parameters or files fail before the pool starts."""
    for seat in batch.seats:
        make_agent(seat.agent, batch.game, seat.name, make_rng(batch.seed), seat.overrides)


def run_sim(game_id: str, players: str, games: int, seed: int, workers: int | None, out: Path | None,
            params: list[str], out_console: Console, err_console: Console) -> None:
    """Validate, play, write records and print the summary (ParamError/SaveError propagate)."""
    game = get_game(game_id)
    agents = parse_players(game, players)
    batch = Batch(game_id, tuple(assign_params(game, agents, params)), games, seed)
    _check_agents(batch)
    workers = workers or default_workers()
    progress = Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
        RateColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        console=err_console, transient=False,
    )
    records = []
    with (RecordWriter(out) if out else nullcontext()) as writer, progress:
        task = progress.add_task(f"{game_id} {'-'.join(agents)}", total=games)
        for record in run_batch(batch, workers):
            records.append(record)
            if writer is not None:
                writer.write(record)
            progress.advance(task)
    title = f"{game.title}: {' vs '.join(f'{s.agent} ({s.name})' for s in batch.seats)}, seed {seed}, {workers} worker(s)"
    out_console.print(summary_table(summarise(records), title))
    if out:
        err_console.print(f"wrote {len(records)} games to {out}")
