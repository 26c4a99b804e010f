"""Helpers for tests of external engines: the owner's table for one test, the scripted engine,
and whether a process is gone."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from swarmtui.core.engines import Engine, declare_engines, declared_engines, parse_engine

FAKE = Path(__file__).parent / "fake_uhp_engine.py"
SWARMTUI_UHP = f"{shlex.quote(sys.executable)} -m swarmtui uhp"


def fake(mode: str, pid_dir: Path | str = "") -> str:
    """The command line of the scripted engine in ``mode`` (noting pids in ``pid_dir``)."""
    return shlex.join([sys.executable, str(FAKE), mode, *([str(pid_dir)] if pid_dir else [])])


@contextmanager
def owner_engines(**commands: str) -> Iterator[dict[str, Engine]]:
    """Declare ``name=command line`` engines as the machine's owner would, for a ``with`` block."""
    before = declared_engines()
    declare_engines(parse_engine(name, command) for name, command in commands.items())
    try:
        yield declared_engines()
    finally:
        declare_engines(before.values())


def gone(pid: int) -> bool:
    """``pid`` has exited (a zombie counts: only its parent can reap it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def noted_pids(pid_dir: Path) -> dict[int, str]:
    """The pids the scripted engine and its children wrote into ``pid_dir``, with what each is."""
    return {int(p.name): p.read_text() for p in pid_dir.iterdir() if p.name.isdigit()}
