"""The ``swarmtui`` command (Typer): the TUI by default, and one module per command.

Each command module registers itself on ``cli.app.app`` when imported below; ``main`` turns
every usage error into one line (``swarmtui: error: ...``, exit 2), never a traceback, and
every interruption (Ctrl-C, SIGTERM, SIGHUP: ``core.signals``) into one line too: the
command's own (``Stopped``: what was kept, how to resume) or ``swarmtui: interrupted``,
exit ``128 + signal`` (130 for Ctrl-C).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import typer

from swarmtui.cli import (  # noqa: F401  (registers the commands)  # noqa: F401  (Hive tools and the UHP engine)
    hint,  # noqa: F401  (a coach's suggestion for a position)
    hive,
    maze,
    replay,  # noqa: F401  (replays logged games)
    serve,  # noqa: F401  (the SSH server)
    sim,
    sprt,  # noqa: F401  (sim sprt: the sequential test)
    tui,
    tune,  # noqa: F401  (sim tune: the swarm tunes an agent)
    uhp,
    web,  # noqa: F401  (the browser door)
)
from swarmtui.cli.app import app, error_line
from swarmtui.core import signals


def _one_line(error: typer.TyperException) -> str:
    ctx = getattr(error, "ctx", None)
    where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    message = " ".join(error.format_message().split())
    return error_line(f"{message}{where}")


def _interruptible(callback: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(callback)  # Typer reads the parameters through ``__wrapped__``
    def body(*args: Any, **kwargs: Any) -> Any:
        with signals.interruptible():
            return callback(*args, **kwargs)

    return body


def _bodies_interruptible(typer_app: typer.Typer) -> None:
    """Every command's (and group callback's) body runs ``signals.interruptible()``: a stop that
    came while the command line was parsed (a deferred region) is raised as the body starts."""
    for command in typer_app.registered_commands:
        if command.callback is not None:
            command.callback = _interruptible(command.callback)
    if typer_app.registered_callback is not None and typer_app.registered_callback.callback is not None:
        typer_app.registered_callback.callback = _interruptible(typer_app.registered_callback.callback)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _bodies_interruptible(group.typer_instance)


_bodies_interruptible(app)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the Typer app, turning every failure into one line. The
    command line is parsed in a ``signals.deferred()`` region, each command's body runs
    interruptible (``_bodies_interruptible``)."""
    try:
        with signals.deferred():
            code = app(args=argv, prog_name="swarmtui", standalone_mode=False)
    except typer.TyperException as error:
        typer.echo(_one_line(error), err=True)
        sys.exit(error.exit_code)
    except signals.Stopped as stop:
        typer.echo(error_line(str(stop)), err=True)
        sys.exit(stop.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        _interrupted()
    if signals.received is not None or code == 130:  # Typer turns KeyboardInterrupt into a silent 130
        _interrupted()
    sys.exit(code if isinstance(code, int) else 0)


def _interrupted() -> None:
    typer.echo(signals.INTERRUPTED, err=True)
    sys.exit(signals.exit_code())
