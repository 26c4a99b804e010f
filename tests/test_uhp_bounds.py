"""``swarmtui uhp`` under hostile input (issue 27 point 13): every line gets a bounded reply.

Before: invalid UTF-8 on a strict stdin gave a traceback, a 500 MB line MemoryError and a
100 MB one was echoed back whole, ``bestmove depth 1000`` gave no reply in 60 s, a line of
Unicode whitespace got no reply, and ``depth 0`` was refused though the UHP specification
(Mzinga's wiki: "MaxDepth ... should be a non-negative integer value") allows it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from swarmtui.uhp import UhpEngine
from swarmtui.uhp.engine import MAX_MESSAGE
from swarmtui.uhp.options import EngineOptions
from swarmtui.uhp.session import MAX_LINE

MIDGAME = "newgame Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"


def run_uhp(script: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "swarmtui", "uhp"], input=script, capture_output=True,
                          timeout=120, env={**os.environ, **env})


def test_undecodable_overlong_and_blank_looking_lines_each_get_err_on_a_strict_stdin():
    long_line = b"play " + b"x" * MAX_LINE + b"\n"  # just past the bound
    script = b"\xff\xfe not utf-8\n" + long_line + "\u3000\u2003\n".encode() + b"\n \t\ninfo\nexit\n"
    result = run_uhp(script, LC_ALL="C", PYTHONIOENCODING="ascii:strict")
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stdout.decode().splitlines()
    assert lines[3:9] == ["err The line is not UTF-8 text: not read.", "ok",
                          f"err The line is longer than {MAX_LINE} bytes: not read.", "ok",
                          lines[7], "ok"]
    assert lines[7].startswith("err Invalid command")  # Unicode spaces: a reply, not silence
    assert lines[9:] == lines[:3]  # blank lines get none; info answers after all of it
    assert len(result.stdout) < 1000  # nothing echoed back


def test_err_messages_quote_at_most_a_bounded_piece_of_the_input():
    engine = UhpEngine(log=lambda line: None)
    engine.handle("newgame")
    for line in ("play w" + "Q" * 200_000, "frobnicate" * 50_000, "options set Seed " + "9" * 100_000,
                 "undo " + "x" * 100_000):
        reply = engine.handle(line)
        assert reply[-1] == "ok" and len(reply) == 2 and len(reply[0]) <= len("invalidmove ") + MAX_MESSAGE, line[:20]


def test_depth_zero_is_a_move_and_a_deep_depth_answers_within_the_depth_time_limit():
    engine = UhpEngine(EngineOptions(agent="alphabeta"), log=lambda line: None)
    engine.handle(MIDGAME)
    legal = engine.handle("validmoves")[0].split(";")
    [move, ok] = engine.handle("bestmove depth 0")
    assert move in legal and ok == "ok"
    assert engine.handle("options set DepthTimeLimit 1") == ["DepthTimeLimit;int;1;30;1;86400", "ok"]
    for agent in ("alphabeta", "mcts"):
        engine.handle(f"options set Agent {agent}")
        start = time.monotonic()
        [move, ok] = engine.handle("bestmove depth 1000")
        assert move in legal and ok == "ok"
        assert time.monotonic() - start < 15  # 1 s and the search's last step; before: no reply in 60 s
    assert engine.handle("options set DepthTimeLimit 0")[0] == "err DepthTimeLimit must be between 1 and 86400."
