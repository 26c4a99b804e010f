"""The ``swarmtui`` console script and ``python -m swarmtui``: stop signals first, then the CLI.

Importing the CLI (Typer, Rich, NumPy, the games and agents) takes a noticeable moment; a
Ctrl-C, SIGTERM or SIGHUP in that moment exits with the same one line as later, instead of
a ``KeyboardInterrupt`` traceback from the middle of an import (``core.signals``). Only the
interpreter's own start-up, before this module runs, is out of reach.
"""

from __future__ import annotations


def main() -> None:
    from swarmtui.core import signals

    signals.exit_at_once_on_stop()
    from swarmtui.cli import main as cli_main

    signals.stop_on_signals()
    cli_main()
