"""``swarmtui`` without a command: open the terminal UI, if this is a terminal that can show it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from swarmtui import __version__
from swarmtui.cli.app import USAGE_EXIT, CliError, app
from swarmtui.cli.engines import ENGINE_HELP, declare_owner_engines
from swarmtui.core.safe_text import safe_text
from swarmtui.tui.theme import UnknownTheme, choose_theme


def _version(value: bool) -> None:
    if value:
        typer.echo(f"swarmtui {__version__}")
        raise typer.Exit()


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The driver ``swarmtui web`` runs the app under: its standard streams are pipes, not a terminal."""


def terminal_problem() -> str | None:
    """Why the TUI cannot run here, or None when stdin/stdout are a usable terminal (or the
    pipes of ``swarmtui web``, which sets Textual's web driver in the app's environment)."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return None
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
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    ascii_glyphs: bool = typer.Option(False, "--ascii",
                                      help="Plain ASCII glyphs, for fonts that misalign box drawing."),
    no_mouse: bool = typer.Option(False, "--no-mouse", help="Do not capture the mouse (useful over SSH)."),
    seed: int | None = typer.Option(None, "--seed", min=0, help="Seed for the AI players (default: random)."),
    theme: str | None = typer.Option(
        None, "--theme", help="Colours: dark (default), light, ansi (the terminal's own palette), or a Textual "
        "theme name (ansi-light, nord, gruvbox, ...)."),
    config: Path | None = typer.Option(
        None, "--config", dir_okay=False,
        help="Read preferences from this TOML file (default: config.toml in the user config directory)."),
    engine: list[str] = typer.Option([], "--engine", help=ENGINE_HELP),
) -> None:
    """Open the terminal UI (when no command is given)."""
    if ctx.invoked_subcommand is not None:
        return
    from swarmtui.tui.config import load

    preferences, config_problem = load(config)
    if config_problem:
        typer.echo(safe_text(f"swarmtui: {config_problem}").plain, err=True)
    declare_owner_engines(engine, from_file=preferences.engines)
    try:
        choose_theme(theme or preferences.theme)  # before anything imports Textual
    except UnknownTheme as error:
        if theme:
            raise CliError(str(error)) from None
        config_problem = f"config file: tui.theme: {error}; using the default theme"
        typer.echo(safe_text(f"swarmtui: {config_problem}").plain, err=True)
    problem = terminal_problem()
    if problem:
        typer.echo(
            f"swarmtui: the terminal UI needs an interactive terminal ({problem}); "
            "for headless runs use 'swarmtui sim run GAME' (see 'swarmtui sim --help').",
            err=True,
        )
        raise typer.Exit(USAGE_EXIT)
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:  # a door's pipes, not a terminal, hang it up
        from swarmtui.core.parent_watch import hang_up_with_parent

        hang_up_with_parent()
    from swarmtui.tui.app import run

    ascii_glyphs = ascii_glyphs or preferences.ascii
    if ascii_glyphs:
        from swarmtui.tui.ascii_mode import use_ascii

        use_ascii()
    run(glyphs="ascii" if ascii_glyphs else "unicode", mouse=preferences.mouse and not no_mouse,
        seed=seed if seed is not None else preferences.seed, preferences=preferences,
        notices=[config_problem] if config_problem else [])
