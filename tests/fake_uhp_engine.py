"""A scripted UHP engine that misbehaves on purpose (tests of the ``uhp`` player).

    python tests/fake_uhp_engine.py MODE [PID_DIR]

It greets like an engine and acknowledges every command, but: ``crash`` exits with status 3
at the first ``bestmove``; ``hang`` stops answering at the first ``bestmove`` (after starting a
child that would outlive a careless parent); ``illegal`` answers ``bestmove`` with a Queen on
the first turn; ``garbage`` greets with a line that is not UHP; ``base`` declares no
expansions; ``loudid`` greets with a long ``id`` line full of terminal escapes; ``nonewline``
answers ``bestmove`` with output that never ends a line; ``longlines`` with a flood of 1 MB
lines; ``longmove`` with a 70,000-character move, ``wordymove`` a 5,000-character one; ``setsid`` starts, at
``bestmove``, a child that leaves the engine's session (``setsid()``) and keeps its output open,
then hangs; ``escape`` starts such a child that also forks a grandchild and exits, so the
grandchild is an orphan in a session of its own, then crashes; ``deaf`` greets and then reads
nothing more; ``environment`` writes the names of the variables it was given into
``PID_DIR/environment``. Every process it starts, and the engine itself, write their pid into
``PID_DIR`` (one file each) when given; other answers to ``bestmove`` are an illegal move.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

mode = sys.argv[1]
pid_dir = sys.argv[2] if len(sys.argv) > 2 else ""
SLEEPER = "import time; time.sleep(120)"
# a child that leaves the session, then (escape) forks a grandchild and exits: an orphan
LEAVER = """
import os, sys, time
os.setsid()
def note():
    if sys.argv[1]:
        with open(os.path.join(sys.argv[1], str(os.getpid())), "w") as out:
            out.write("leaver")
if sys.argv[2] == "escape" and os.fork():
    os._exit(0)
note()
time.sleep(120)
"""


def note(pid: int, what: str) -> None:
    if pid_dir:
        with open(os.path.join(pid_dir, str(pid)), "w") as out:
            out.write(what)


def say(*lines: str) -> None:
    for line in lines:
        sys.stdout.write(line + "\n")
    sys.stdout.flush()


def bestmove() -> None:
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        note(subprocess.Popen([sys.executable, "-c", SLEEPER]).pid, "child")
        time.sleep(120)
    if mode in ("setsid", "escape"):
        child = subprocess.Popen([sys.executable, "-c", LEAVER, pid_dir, mode])
        if mode == "escape":
            child.wait()
            time.sleep(0.3)  # the grandchild has written its pid
            sys.exit(3)
        time.sleep(120)
    if mode == "nonewline":
        while True:
            sys.stdout.write("x" * 65536)
    if mode == "longlines":
        while True:
            sys.stdout.write("y" * 1_000_000 + "\n")
    move = {"illegal": "wQ", "longmove": "z" * 70_000, "wordymove": "w" * 5_000}.get(mode, "bX9 -wQ")
    say(move, "ok")


note(os.getpid(), "engine")
if mode == "environment" and pid_dir:
    with open(os.path.join(pid_dir, "environment"), "w") as out:
        out.write("\n".join(sorted(os.environ)))
greeting = {"garbage": "garbage", "loudid": "id \x1b]0;owned\x07fake\x1b[2J " + "N" * 500}.get(mode, "id fake 1.0")
say(greeting, *(() if mode == "base" else ("Mosquito;Ladybug;Pillbug",)), "ok")
if mode == "deaf":
    time.sleep(120)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "exit":
        break
    if word == "bestmove":
        bestmove()
    elif word in ("newgame", "play", "pass"):
        say("Base;InProgress;White[1]", "ok")
    else:
        say("ok")
