"""Run a UHP engine over a pair of streams (stdin/stdout for ``swarmtui uhp``).

Commands are read as bytes, one bounded line at a time: a line longer than ``MAX_LINE`` bytes
is skipped to its end and answered ``err`` (a 500 MB line used to raise MemoryError, a 100 MB
one was echoed back whole), and a line that is not UTF-8 is answered ``err`` whatever the
locale's encoding (a strict stdin raised UnicodeDecodeError). Replies are written with any
character the output cannot encode escaped, never a traceback.
"""

from __future__ import annotations

from typing import BinaryIO, TextIO

from swarmtui.uhp.engine import UhpEngine

MAX_LINE = 1 << 20
"""Bytes of one command line at most: a GameString of a 10,000-move game is about 100 KB."""
BLANK = " \t\r\n"
"""What a line holding nothing else is not answered for (other Unicode spaces get ``err``)."""


def serve(engine: UhpEngine, commands: BinaryIO, replies: TextIO) -> None:
    """Greet, then answer each command line until ``exit`` or the end of input.

    Blank lines are not commands and get no reply; every reply is flushed at once, so a
    viewer reading the pipe sees each ``ok`` as soon as it is written.
    """
    _write(replies, engine.greeting())
    while True:
        raw = commands.readline(MAX_LINE + 1)
        if not raw:
            break
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            _skip_line(commands)
            _write(replies, engine.refuse(f"The line is longer than {MAX_LINE} bytes: not read."))
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            _write(replies, engine.refuse("The line is not UTF-8 text: not read."))
            continue
        if not line.strip(BLANK):
            continue
        _write(replies, engine.handle(line))
        if engine.finished:
            break


def _skip_line(stream: BinaryIO) -> None:
    """Read and drop the rest of an overlong line, a bounded piece at a time."""
    while True:
        piece = stream.readline(MAX_LINE)
        if not piece or piece.endswith(b"\n"):
            return


def _write(stream: TextIO, lines: list[str]) -> None:
    for line in lines:
        stream.write(line + "\n")
    stream.flush()
