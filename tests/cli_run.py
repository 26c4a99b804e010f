"""The ``swarmtui`` command run in-process as a person types it: exit status, stdout, stderr.

One helper for every CLI test (``capsys`` captures the output; ``SystemExit`` carries the
status ``cli.main`` exits with).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmtui.cli import main


def exit_status(stop: SystemExit) -> int:
    """The status a process would exit with: ``None`` is 0, a message 1 (Python's rule)."""
    code = stop.code
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """``swarmtui ARGV...``: its exit status and what it printed to stdout and stderr."""
    with pytest.raises(SystemExit) as exit_info:
        main([str(arg) for arg in argv])
    captured = capsys.readouterr()
    return exit_status(exit_info.value), captured.out, captured.err
