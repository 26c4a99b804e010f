"""Run a UHP engine over a pair of text streams (stdin/stdout for ``swarmtui uhp``)."""

from __future__ import annotations

from typing import TextIO

from swarmtui.uhp.engine import UhpEngine


def serve(engine: UhpEngine, commands: TextIO, replies: TextIO) -> None:
    """Greet, then answer each command line until ``exit`` or the end of input.

    Blank lines are not commands and get no reply; every reply is flushed at once, so a
    viewer reading the pipe sees each ``ok`` as soon as it is written.
    """
    _write(replies, engine.greeting())
    for line in commands:
        if not line.strip():
            continue
        _write(replies, engine.handle(line))
        if engine.finished:
            break


def _write(stream: TextIO, lines: list[str]) -> None:
    for line in lines:
        stream.write(line + "\n")
    stream.flush()
