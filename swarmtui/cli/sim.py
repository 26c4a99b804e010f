"""``swarmtui sim GAME``: headless experiments; ``swarmtui sim report FILE...`` reads their results.

Also the named presets of each game (the papers' tables) and the noughts GA's training and
exact solve.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, app, fail
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError

DEFAULT_PLAYERS = {"noughts": "ga,random", "halma": "greedy", "hive": "random,random"}
DEFAULT_GAMES = 100


@app.command()
def sim(
    game: str = typer.Argument(..., help="Game to play, 'maze' to time the maze builders (Fig. 5), or 'report' to summarise result files."),
    files: Optional[List[Path]] = typer.Argument(None, help="With 'report': the result files (JSON lines)."),
    players: Optional[str] = typer.Option(
        None, "--players", "-p", help="Agents per seat in seat order, comma-separated (noughts: X,O). Default: ga,random."
    ),
    games: Optional[int] = typer.Option(
        None, "--games", "-n", min=1, max=10_000_000, help=f"Number of games (default {DEFAULT_GAMES}, or the preset's)."
    ),
    preset: Optional[str] = typer.Option(None, "--preset", help="Run a named experiment of the game (see --list-presets)."),
    list_presets: bool = typer.Option(False, "--list-presets", help="List the game's named experiments and exit."),
    seed: int = typer.Option(0, "--seed", min=0, help="Base seed; game i uses a seed derived from it."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, max=512, help="Worker processes (default: all cores)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", dir_okay=False, help="Write one JSON line per game to this file."),
    param: List[str] = typer.Option([], "--param", help="Agent parameter name=value (SEAT.name or AGENT.name to target one); repeatable."),
    sweep: List[str] = typer.Option([], "--sweep", help="Sweep a parameter: name=v1,v2,... (several form a grid; each cell is a result group)."),
    traces: bool = typer.Option(False, "--traces", help="Keep every AI decision's trace in --out (for replays)."),
    resume: Optional[Path] = typer.Option(None, "--resume", dir_okay=False, help="Finish an interrupted run saved with --out FILE."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Play on a Dask distributed cluster at this address (swarmtui[dask])."),
    plots: Optional[Path] = typer.Option(None, "--plots", file_okay=False, help="With 'report': also save the plots into this folder."),
    plot_format: str = typer.Option("svg", "--plot-format", help="With 'report' --plots: svg or png."),
    train: Optional[str] = typer.Option(None, "--train", help="noughts: evolve a strategy for side X or O instead of playing."),
    algo: Optional[str] = typer.Option(None, "--algo", help="With --train: the evolutionary algorithm (paper, hochmuth, ...)."),
    generations: Optional[int] = typer.Option(None, "--generations", min=1, max=1_000_000, help="With --train: generations."),
    population: Optional[int] = typer.Option(None, "--population", min=2, max=1_000_000, help="With --train: population size."),
    save: Optional[Path] = typer.Option(None, "--save", dir_okay=False, help="With --train: where to save the best strategy."),
    solve: bool = typer.Option(False, "--solve", help="noughts: print the exact optimum fitness for X and O and exit."),
) -> None:
    """Run headless games: a progress bar on stderr, a summary table on stdout."""
    from swarmtui.games import GAMES

    if game == "maze":  # not a game: the maze builders' timing against size (Polap et al., Fig. 5)
        _maze_timing(algo, param, seed, out)
        return
    if game == "report":
        _report(files, plots, plot_format)
        return
    if files:
        raise CliError(f"unexpected argument {str(files[0])!r} (only 'sim report' takes files)")
    if game not in GAMES:
        raise CliError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    if not GAMES[game].playable:
        raise CliError(f"{game} is coming but not playable yet; try 'swarmtui sim noughts'")
    out_console, err_console = Console(), Console(stderr=True)
    if list_presets or preset or solve or train:
        for flag, value in (("--sweep", sweep), ("--resume", resume)):
            if value:
                raise CliError(f"{flag} goes with a plain run, not with --preset, --train or --solve")
    try:
        if list_presets or preset:
            if players is not None:
                raise CliError("--players goes without --preset (a preset fixes its players)")
            _run_preset(game, preset, list_presets, games, seed, workers, out, param, scheduler, out_console, err_console)
            return
        if solve or train:
            _train_or_solve(game, solve, train, algo, generations, population, save, seed, param, out, out_console,
                            err_console)
            return
        for flag, value in (("--algo", algo), ("--generations", generations), ("--population", population), ("--save", save)):
            if value is not None:
                raise CliError(f"{flag} goes with --train")
        _run_experiment(game, players, games, seed, workers, out, param, sweep, resume, scheduler, traces,
                        out_console, err_console)
    except ParamError as error:
        raise CliError(str(error)) from None
    except SaveError as error:
        raise fail(str(error)) from None


def _run_experiment(game, players, games, seed, workers, out, param, sweep, resume, scheduler, traces,
                    out_console, err_console) -> None:
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.experiment import Experiment, parse_sweep
    from swarmtui.sim.runner import Interrupted, load_resume, run_experiment

    resumed = None
    if resume is not None:
        given = [flag for flag, value in (("--players", players), ("--games", games), ("--param", param),
                                          ("--sweep", sweep), ("--out", out), ("--traces", traces)) if value]
        if given or seed != 0:
            raise CliError(f"--resume takes the run's settings from {resume}; drop {', '.join(given) or '--seed'}")
        resumed = load_resume(resume, game)
        experiment, out = resumed.experiment, resume
    else:
        if out is not None and out.exists():
            raise fail(f"{out} already exists and is not overwritten (finish it with --resume {out}, or choose another --out)")
        agents = tuple(a.strip() for a in (players or DEFAULT_PLAYERS[game]).split(","))
        if traces and out is None:
            raise CliError("--traces goes with --out FILE (the traces are kept in the result file)")
        experiment = Experiment(game, agents, games or DEFAULT_GAMES, seed, tuple(param),
                                tuple(parse_sweep(text) for text in sweep), traces)
    try:
        run_experiment(experiment, workers=workers or default_workers(), scheduler=scheduler, out=out,
                       resumed=resumed, out_console=out_console, err_console=err_console)
    except Interrupted as stop:
        raise fail(str(stop), code=130) from None


def _report(files, plots, plot_format) -> None:
    from swarmtui.sim.report import PLOT_FORMATS, report

    if not files:
        raise CliError("'sim report' needs one or more result files")
    if plot_format not in PLOT_FORMATS:
        raise CliError(f"--plot-format must be one of {', '.join(PLOT_FORMATS)}; got {plot_format!r}")
    try:
        report(list(files), Console(), plots=plots, plot_format=plot_format)
    except SaveError as error:
        raise fail(str(error)) from None
    except ParamError as error:
        raise CliError(str(error)) from None


def _run_preset(game, name, list_only, games, seed, workers, out, param, scheduler, out_console, err_console) -> None:
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.presets import PresetRequest, get_preset, presets_for

    if list_only:
        from rich.table import Table

        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("preset", style="bold", no_wrap=True)
        table.add_column("what it runs")
        for preset in presets_for(game):
            table.add_row(preset.name, preset.summary)
        out_console.print(table if table.row_count else f"{game} has no presets yet", highlight=False)
        return
    if out is not None and out.exists():
        raise fail(f"{out} already exists and is not overwritten; choose another --out")
    request = PresetRequest(games, seed, workers or default_workers(), out, tuple(param), out_console, err_console,
                            scheduler)
    get_preset(game, name).run(request)


def _train_or_solve(game, solve, train, algo, generations, population, save, seed, param, log, out, err) -> None:
    if game != "noughts":
        raise CliError("--train and --solve are for noughts")
    from swarmtui.core.params import split_assignment
    from swarmtui.sim import noughts_training

    overrides = [split_assignment(p) for p in param]
    if solve and train:
        raise CliError("use either --train or --solve")
    if solve:
        noughts_training.run_solve(overrides=overrides, out=out)
        return
    noughts_training.run_training(
        train, algo or noughts_training.ALGORITHMS[0], seed=seed, generations=generations,
        population=population, overrides=overrides, save=save, out=out, err=err, log=log,
    )


def _maze_timing(algo, param, seed, out) -> None:
    """``sim maze``: sizes/repeats/builders and ``BUILDER.name`` parameters come as ``--param``."""
    from swarmtui.mazes import MazeError
    from swarmtui.sim.maze_timing import run_from_cli

    try:
        run_from_cli(algo, param, seed, out, Console(), Console(stderr=True))
    except (ParamError, MazeError) as error:
        raise CliError(str(error)) from None
    except SaveError as error:
        raise fail(str(error)) from None
