"""The owner's external engines for one command: the config file's ``[engines]``, then ``--engine``.

Each command that can seat an engine (the TUI, ``sim run``, ``sim round-robin``) and
``serve`` fills ``core.engines``' table here at start-up: the engines of the config file
(``--config``, else the default one), then those of ``--engine NAME=COMMAND`` options, which
win over the file's of the same name. Under ``SWARMTUI_CONFINE`` (an app that ``swarmtui
serve`` runs for a player) the config file's engines are not read at all: that app's engines
are only the ``--engine`` options its server gave it.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer

from swarmtui.cli.app import CliError
from swarmtui.core.config_file import default_path, read_config
from swarmtui.core.engines import Engine, declare_engines, engine_option, engines_section
from swarmtui.core.params import ParamError
from swarmtui.core.saves import CONFINE_ENV

ENGINE_HELP = ("Declare an external engine for this run: NAME=COMMAND (e.g. mzinga=/opt/mzinga/MzingaEngine), "
               "then seat it by name (uhp:NAME); repeatable. The config file's [engines] declares them for good.")
CONFIG_HELP = "Read the owner's settings (e.g. [engines]) from this TOML file (default: config.toml in the user " \
              "config directory)."


def config_engines(config: Path | None) -> tuple[dict[str, Engine], str | None]:
    """The ``[engines]`` of the config file and a problem line (None when all is well)."""
    return read_config(config, default_path(), engines_section, {}, "no engine of it is declared")


def option_engines(options: list[str]) -> dict[str, Engine]:
    """The ``--engine NAME=COMMAND`` options; ``ParamError`` (a usage error) for a bad one."""
    engines: dict[str, Engine] = {}
    for text in options:
        engine = engine_option(text)
        engines[engine.name] = engine
    return engines


def declare_owner_engines(options: list[str], config: Path | None = None,
                          from_file: dict[str, Engine] | None = None) -> dict[str, Engine]:
    """Declare the config file's engines (``from_file`` when the caller has read the file
    already; none under ``SWARMTUI_CONFINE``) and the ``--engine`` options; say a damaged file's
    problem in one line on stderr. Returns the table. ``CliError`` (exit 2) for an ``--engine``
    that cannot be read."""
    if os.environ.get(CONFINE_ENV):
        from_file = {}
    elif from_file is None:
        from_file, problem = config_engines(config)
        if problem:
            typer.echo(f"swarmtui: {problem}", err=True)
    try:
        table = from_file | option_engines(options)
    except ParamError as error:
        raise CliError(str(error)) from None
    declare_engines(table.values())
    return table
