"""The ``swarmtui`` command (Typer): the TUI by default, ``sim`` for headless batches.

Errors are one line on stderr and a non-zero exit code, never a traceback: usage mistakes
exit 2 (like Click), a terminal that cannot show the TUI exits 1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from swarmtui import __version__
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError

app = typer.Typer(
    name="swarmtui",
    help="Swarm-intelligence agents play board games and build mazes; watch them think.\n\n"
    "Without a command, opens the terminal UI.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DEFAULT_PLAYERS = {"noughts": "ga,random"}
USAGE_EXIT = 2


class CliError(typer.TyperException):
    """A user mistake found after parsing (bad parameter value, unknown agent, ...)."""

    exit_code = USAGE_EXIT


def _version(value: bool) -> None:
    if value:
        typer.echo(f"swarmtui {__version__}")
        raise typer.Exit()


def terminal_problem() -> str | None:
    """Why the TUI cannot run here, or None when stdin/stdout are a usable terminal."""
    if not sys.stdout.isatty():
        return "standard output is not a terminal"
    if not sys.stdin.isatty():
        return "standard input is not a terminal"
    if os.environ.get("TERM", "") == "dumb":
        return "TERM is 'dumb'"
    return None


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ascii_glyphs: bool = typer.Option(False, "--ascii", help="Plain ASCII glyphs, for fonts that misalign box drawing."),
    no_mouse: bool = typer.Option(False, "--no-mouse", help="Do not capture the mouse (useful over SSH)."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, help="Seed for the AI players (default: random)."),
) -> None:
    """Open the terminal UI (when no command is given)."""
    if ctx.invoked_subcommand is not None:
        return
    problem = terminal_problem()
    if problem:
        typer.echo(
            f"swarmtui: the terminal UI needs an interactive terminal ({problem}); "
            "for headless runs use 'swarmtui sim GAME' (see 'swarmtui sim --help').",
            err=True,
        )
        raise typer.Exit(1)
    from swarmtui.tui.app import run

    run(glyphs="ascii" if ascii_glyphs else "unicode", mouse=not no_mouse, seed=seed)


@app.command()
def sim(
    game: str = typer.Argument(..., help="Game to play: noughts (halma and hive are coming)."),
    players: Optional[str] = typer.Option(
        None, "--players", "-p", help="Agents per seat in seat order, comma-separated (noughts: X,O). Default: ga,random."
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, max=10_000_000, help="Number of games."),
    seed: int = typer.Option(0, "--seed", min=0, help="Base seed; game i uses a seed derived from it."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, max=512, help="Worker processes (default: all cores)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", dir_okay=False, help="Write one JSON line per game to this file."),
    param: List[str] = typer.Option([], "--param", help="Agent parameter name=value (SEAT.name or AGENT.name to target one); repeatable."),
    train: Optional[str] = typer.Option(None, "--train", help="noughts: evolve a strategy for side X or O instead of playing."),
    algo: Optional[str] = typer.Option(None, "--algo", help="With --train: the evolutionary algorithm (paper, hochmuth, ...)."),
    generations: Optional[int] = typer.Option(None, "--generations", min=1, max=1_000_000, help="With --train: generations."),
    population: Optional[int] = typer.Option(None, "--population", min=2, max=1_000_000, help="With --train: population size."),
    save: Optional[Path] = typer.Option(None, "--save", dir_okay=False, help="With --train: where to save the best strategy."),
    solve: bool = typer.Option(False, "--solve", help="noughts: print the exact optimum fitness for X and O and exit."),
) -> None:
    """Run headless games: a progress bar on stderr, a summary table on stdout."""
    from swarmtui.games import GAMES

    if game not in GAMES:
        raise CliError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    if not GAMES[game].playable:
        raise CliError(f"{game} is coming but not playable yet; try 'swarmtui sim noughts'")
    out_console, err_console = Console(), Console(stderr=True)
    try:
        if solve or train:
            _train_or_solve(game, solve, train, algo, generations, population, save, seed, param, out_console, err_console)
            return
        for flag, value in (("--algo", algo), ("--generations", generations), ("--population", population), ("--save", save)):
            if value is not None:
                raise CliError(f"{flag} goes with --train")
        from swarmtui.sim.cli_batch import run_sim

        run_sim(game, players or DEFAULT_PLAYERS[game], games, seed, workers, out, param, out_console, err_console)
    except ParamError as error:
        raise CliError(str(error)) from None
    except SaveError as error:
        typer.echo(f"swarmtui: error: {error}", err=True)
        raise typer.Exit(1) from None


def _train_or_solve(game, solve, train, algo, generations, population, save, seed, param, out, err) -> None:
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
        population=population, overrides=overrides, save=save, out=out, err=err,
    )


def _one_line(error: typer.TyperException) -> str:
    ctx = getattr(error, "ctx", None)
    where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    message = " ".join(error.format_message().split())
    return f"swarmtui: error: {message}{where}"


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the Typer app, turning every failure into one line."""
    try:
        code = app(args=argv, prog_name="swarmtui", standalone_mode=False)
    except typer.TyperException as error:
        typer.echo(_one_line(error), err=True)
        sys.exit(error.exit_code)
    except typer.Abort:
        typer.echo("swarmtui: interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
