"""The Typer application every ``swarmtui`` command registers on, and the CLI's error type.

Errors are one line on stderr and a non-zero exit code, never a traceback: usage mistakes
exit 2 (like Click), runtime failures (a damaged file, a terminal that cannot show the TUI) 1.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="swarmtui",
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


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``swarmtui: error: message`` on stderr; return the Exit to raise (runtime failures)."""
    typer.echo(f"swarmtui: error: {message}", err=True)
    return typer.Exit(code)
