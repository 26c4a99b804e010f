"""README.md stays true: every command in its code blocks runs as written.

The commands after the quickstart are run in order in one scratch folder (a later command may
read what an earlier one wrote, as a reader would run them), each through this interpreter's
``swarmtui``, and must exit 0. Commands that cannot run headless in seconds are listed in
``NOT_RUN`` with the reason; a command that is neither run nor listed fails the test, so a new
README example is either checked or deliberately excused.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

NOT_RUN = {
    "swarmtui serve": "a server: runs until stopped (tests/test_serve*.py start it on loopback)",
    "ssh ": "a client of the server above",
    "swarmtui web --tokens": "a server: runs until stopped (tests/test_web*.py start it on loopback)",
}


def _readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    after_quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[1]
    commands = []
    for block in re.findall(r"```sh\n(.+?)\n```", after_quickstart, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command:
                commands.append(command)
    return commands


def _excused(command: str) -> bool:
    return any(command.startswith(prefix) for prefix in NOT_RUN)


def test_the_readme_has_everyday_commands_and_each_is_run_or_excused():
    commands = _readme_commands()
    assert len([c for c in commands if not _excused(c)]) >= 8
    assert all(c.startswith(("swarmtui ", "ssh ")) for c in commands)


def test_every_readme_command_runs_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "SWARMTUI_SAVES": str(tmp_path / "saves"), "COLUMNS": "100"}
    for command in _readme_commands():
        if _excused(command):
            continue
        argv = [sys.executable, "-m", "swarmtui", *shlex.split(command)[1:]]
        done = subprocess.run(argv, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            pytest.fail(f"README command failed (exit {done.returncode}): {command}\n{done.stderr[-2000:]}")
