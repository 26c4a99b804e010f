"""The Typer application every ``swarmtui`` command registers on, and the CLI's error type.

Errors are one line on stderr and exit code 2, never a traceback: a nonsense option, a missing
or damaged file, an existing ``--out`` file, a terminal that cannot show the TUI. One code for
every mistake the user can fix, so scripts need test only one; an interrupted run exits 130.
"""

from __future__ import annotations

import typer

from swarmtui.cli.coercion import LightGroup
from swarmtui.core.safe_text import safe_text

app = typer.Typer(
    name="swarmtui",
    cls=LightGroup,  # plain option values are read without Pydantic (start-up: cli/coercion.py)
    help="Swarm-intelligence agents play board games and build mazes; watch them think.\n\n"
    "Without a command, opens the terminal UI.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

USAGE_EXIT = 2


class CliError(typer.TyperException):
    """A user mistake found after parsing (bad parameter value, unknown agent, ...)."""

    exit_code = USAGE_EXIT


ERROR_LIMIT = 1000
"""Characters of one error line: messages quote what a file or an argument held (a 100 KB
unreadable move, a position's 5,000-digit turn), and the line stays one a person can read."""


def error_line(message: str) -> str:
    """``swarmtui: error: message`` as one line of text (``core.safe_text``: messages quote files
    and paths), cut to ``ERROR_LIMIT`` characters."""
    return safe_text(f"swarmtui: error: {message}", limit=ERROR_LIMIT).plain


def fail(message: str, code: int = USAGE_EXIT) -> typer.Exit:
    """Print ``error_line(message)`` on stderr; return the Exit to raise (exit 2 unless ``code``)."""
    typer.echo(error_line(message), err=True)
    return typer.Exit(code)
