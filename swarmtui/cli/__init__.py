"""The ``swarmtui`` command (Typer): the TUI by default, and one module per command.

Each command module registers itself on ``cli.app.app`` when imported below; ``main`` turns
every usage error into one line (``swarmtui: error: ...``, exit 2), never a traceback.
"""

from __future__ import annotations

import sys

import typer

from swarmtui.cli import maze, sim, tui  # noqa: F401  (registers the commands)
from swarmtui.cli import hive, uhp  # noqa: F401  (Hive tools and the UHP engine)
from swarmtui.cli import replay  # noqa: F401  (replays logged games)
from swarmtui.cli import serve  # noqa: F401  (the SSH server)
from swarmtui.cli.app import app


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
