"""Run an experiment: every cell's games on the chosen executor, a progress bar, result file, tables.

A run can be interrupted (Ctrl-C, SIGTERM or SIGHUP: ``core.signals``) at any point: the
finished games stay in the result file, and ``--resume FILE`` plays only the games that are
missing, with the same seeds, so the finished file equals the one an uninterrupted run
writes (apart from timings).
"""

from __future__ import annotations

from collections import defaultdict
from contextlib import nullcontext
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from swarmtui import __version__
from swarmtui.core import signals
from swarmtui.core.clock import TimeControl
from swarmtui.core.safe_text import safe_text
from swarmtui.core.signals import Stopped
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriteError, RecordWriter
from swarmtui.referee.seating import check_seats
from swarmtui.sim.execution import Job, WorkerLost, dask_client, run_jobs
from swarmtui.sim.experiment import Experiment
from swarmtui.sim.folded import Folded
from swarmtui.sim.resume import Resumed
from swarmtui.sim.summary import comparison_table, summarise, summary_table


class RateColumn(ProgressColumn):
    """Games per second, once Rich has measured a speed."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f} games/s" if task.speed else "", style="progress.data.speed")


def _how_to_go_on(kept: int, path: Path | None, game: str) -> str:
    if path is None:
        return "nothing was saved (use --out FILE to keep results of long runs)"
    return f"{kept} finished games are kept in {path}; continue with: swarmtui sim run {game} --resume {path}"


class Interrupted(Stopped):
    """The run was stopped (Ctrl-C, SIGTERM, SIGHUP); ``kept`` games are safe in ``path`` (None
    without a result file), and the message says how to resume."""

    def __init__(self, kept: int, total: int, path: Path | None, game: str) -> None:
        self.kept, self.total, self.path, self.game = kept, total, path, game
        super().__init__(f"interrupted after {kept} of {total} games; {_how_to_go_on(kept, path, game)}")


class RunBroken(Stopped):
    """The run could not go on (a worker process died); the message says why, which games
    were lost, what is kept and how to resume. Exit status 2, as every error of the CLI."""

    @property
    def exit_code(self) -> int:
        return 2


def games_text(jobs: list[Job]) -> str:
    """``"games 40-47, 52"`` (``"of cell 'q0=0.5'"`` per sweep cell): which games ``jobs`` are."""
    by_group: dict[str, list[int]] = defaultdict(list)
    for job in jobs:
        by_group[job.batch.group].append(job.index)
    parts = []
    for group, indices in by_group.items():
        ranges: list[list[int]] = []
        for index in sorted(indices):
            if ranges and index == ranges[-1][1] + 1:
                ranges[-1][1] = index
            else:
                ranges.append([index, index])
        spans = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges[:4])
        spans += ", ..." if len(ranges) > 4 else ""
        parts.append(f"game{'s' if len(indices) > 1 else ''} {spans}" + (f" of cell {group!r}" if group else ""))
    return "; ".join(parts)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
        RateColumn(), TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False,
    )


def run_experiment(experiment: Experiment, *, workers: int, scheduler: str | None, out: Path | None,
                   resumed: Resumed | None, out_console: Console, err_console: Console) -> dict[str, list[GameLog]]:
    """Play what is missing, write the result file, print the tables; return the records by group.

    Raises ``Interrupted`` on Ctrl-C, SIGTERM or SIGHUP after saving the finished games (the
    pool's workers are stopped first), and ``RunBroken`` when a worker process dies. The run is
    one ``signals.deferred()`` region: a stop signal is a flag read between games, never raised
    inside the pool's, the progress bar's or the file's code.
    """
    batches = experiment.cells()
    for batch in batches:  # bad parameters or files fail here, before the pool starts; no agent is built
        check_seats(batch.game, batch.seats)
    by_group: dict[str, dict[int, GameLog]] = defaultdict(dict)
    for (group, index), log in (resumed.games.items() if resumed else ()):
        by_group[group][index] = log
    jobs = [Job(b, i) for b in batches for i in range(b.games) if i not in by_group[b.group]]
    total = len(batches) * experiment.games
    writer = _writer(experiment, out, resumed)
    progress = _progress(err_console)
    try:
        with signals.deferred(), dask_client(scheduler) as client, writer as records_file, progress:
            task = progress.add_task(_describe(experiment), total=total, completed=total - len(jobs))
            try:
                for job, record in run_jobs(jobs, workers, client):
                    if records_file is not None:
                        records_file.write(record, group=job.batch.group)
                    by_group[job.batch.group][job.index] = record.light()  # the tables need no moves
                    progress.advance(task)
            except KeyboardInterrupt:  # Ctrl-C, SIGTERM, SIGHUP (core.signals); the file is what is kept
                kept = sum(map(len, by_group.values()))  # the earlier games and every one written since
                raise Interrupted(kept, total, out, experiment.game) from None
            except WorkerLost as lost:
                kept = sum(map(len, by_group.values()))
                raise RunBroken(f"{lost} while playing {games_text(lost.lost)}, so the run stopped after {kept} of "
                                f"{total} games; {_how_to_go_on(kept, out, experiment.game)}") from None
            ordered = {b.group: [by_group[b.group][i] for i in range(b.games)] for b in batches}
            if records_file is not None:
                records_file.finish({"groups": {g: summarise(r).to_json() for g, r in ordered.items()}})
    except RecordWriteError as error:  # a full disk, ulimit -f: the file holds its last whole line
        raise RunBroken(f"{error}; {_how_to_go_on(error.games, out, experiment.game)} "
                        "(once there is room for it)") from None
    _print_tables(experiment, ordered, workers, scheduler, out_console)
    if out:
        err_console.print(safe_text(f"wrote {total} games to {out}"), soft_wrap=True)
    return ordered


def _writer(experiment: Experiment, out: Path | None, resumed: Resumed | None) -> RecordWriter | nullcontext[None]:
    """The result file's writer: a new file with the run's header, or the resumed file appended to."""
    if out is None:
        return nullcontext()
    if resumed is not None:
        return RecordWriter(out, resume=True, keep_bytes=resumed.whole_bytes, kept_games=len(resumed.games))
    return RecordWriter(out, {"experiment": experiment.to_json(), "swarmtui": __version__})


def _describe(experiment: Experiment) -> str:
    cells = experiment.cell_count()
    return f"{experiment.game} {'-'.join(experiment.agents)}" + (f" x{cells} cells" if cells > 1 else "")


def _print_tables(experiment: Experiment, ordered: dict[str, list[GameLog]], workers: int,
                  scheduler: str | None, console: Console) -> None:
    game = get_game(experiment.game)
    where = f"Dask at {scheduler}" if scheduler else f"{workers} worker(s)"
    for group, records in ordered.items():
        agents = " vs ".join(f"{a} ({s})" for s, a in records[0].players.items())
        clock = f", clock {TimeControl.parse(experiment.clock).describe()}" if experiment.clock else ""
        title = f"{game.title}: {agents}, seed {experiment.seed}{clock}, {where}" + (f" [{group}]" if group else "")
        console.print(Folded(summary_table(summarise(records), title)))
    if len(ordered) > 1:
        console.print(Folded(comparison_table({g: summarise(r) for g, r in ordered.items()},
                                              "Sweep: every cell side by side")))
