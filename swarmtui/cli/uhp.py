"""``swarmtui uhp``: a Universal Hive Protocol engine on stdin/stdout (for Hive viewers)."""

from __future__ import annotations

import sys

import typer

from swarmtui.cli.app import CliError, app


@app.command()
def uhp(
    agent: str | None = typer.Option(None, "--agent", "-a",
                                     help="Agent answering bestmove (any Hive agent; default random). "
                                          "Also the 'Agent' engine option."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**31 - 1,
                             help="Seed of the agents' generators (the 'Seed' engine option)."),
) -> None:
    """Speak the Universal Hive Protocol: info, newgame, play, pass, validmoves, bestmove, undo, options, exit."""
    from swarmtui.uhp import UhpEngine, serve
    from swarmtui.uhp.options import EngineOptions, OptionError

    options = EngineOptions(seed=seed)
    if agent is not None:
        try:
            options.set("Agent", agent)
        except OptionError as error:
            raise CliError(str(error)) from None
    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]  # echoed input, any locale
    serve(UhpEngine(options), sys.stdin.buffer, sys.stdout)
