"""A scripted UHP engine that misbehaves on purpose (tests of the ``uhp`` player).

    python tests/fake_uhp_engine.py MODE

It greets like an engine and acknowledges every command, but: ``crash`` exits with status 3
at the first ``bestmove``; ``hang`` stops answering at the first ``bestmove`` (after starting a
child that would outlive a careless parent, its pid written to ``$FAKE_UHP_CHILD``);
``illegal`` answers ``bestmove`` with a Queen on the first turn; ``garbage`` greets with a line
that is not UHP; ``base`` declares no expansions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

mode = sys.argv[1]


def say(*lines: str) -> None:
    for line in lines:
        sys.stdout.write(line + "\n")
    sys.stdout.flush()


say("garbage" if mode == "garbage" else "id fake 1.0", *(() if mode == "base" else ("Mosquito;Ladybug;Pillbug",)), "ok")
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "exit":
        break
    if word == "bestmove":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
            if os.environ.get("FAKE_UHP_CHILD"):
                with open(os.environ["FAKE_UHP_CHILD"], "w") as out:
                    out.write(str(child.pid))
            time.sleep(120)
        say("wQ" if mode == "illegal" else "bX9 -wQ", "ok")
    elif word in ("newgame", "play", "pass"):
        say("Base;InProgress;White[1]", "ok")
    else:
        say("ok")
