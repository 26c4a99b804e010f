"""The benchmarks' baseline loader, ``benchmarks/hive_perft.py``'s ``import_commit``.

Issue 31's speed and equal-time figures compare this code with the engine of an earlier commit
imported beside it in one process. The commit is imported as a package of its own name
(``swarmtui_<commit>``), so a module it imports lazily, inside a function, is its own: before
that, ``62ca3ef``'s ``alphabeta`` imported its Hive evaluation from whatever answered for
``swarmtui`` (today's package), and since the evaluation moved (b6f1188) the equal-time
benchmark failed on its first move. The test runs the script as a subprocess, as a person does,
with the smallest settings that play the baseline's engine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "62ca3ef"  # the alphabeta of issue 31's equal-time target: its evaluation is imported lazily

PROBE = f"""
import sys
sys.path.insert(0, {str(ROOT / "benchmarks")!r})
import numpy as np
from hive_perft import import_commit
import swarmtui.games.hive.rules as ours
(rules, alphabeta), commit = import_commit({BASELINE!r}, ("swarmtui.games.hive.rules", "swarmtui.agents.alphabeta"))
agent = alphabeta.AlphaBetaAgent("hive", np.random.default_rng(1), alphabeta.AlphaBetaParams(depth=1))
board = rules.Board()
for _ in range(4):
    board.play(agent.decide(board).move)
print(commit, board.ply, type(agent.evaluation).__module__, rules.__name__,
      sys.modules["swarmtui.games.hive.rules"] is ours)
"""


def has_commit(rev: str) -> bool:
    done = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True)
    return done.returncode == 0


@pytest.mark.skipif(not has_commit(BASELINE), reason=f"not a git checkout with commit {BASELINE} (shallow clone?)")
def test_an_earlier_commit_plays_with_its_own_modules() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    commit, plies, evaluation, rules, ours_kept = done.stdout.split()
    assert commit == BASELINE
    assert plies == "4"
    assert evaluation == f"swarmtui_{BASELINE}.agents.alphabeta.hive_evaluation"  # its own, imported lazily
    assert rules == f"swarmtui_{BASELINE}.games.hive.rules"
    assert ours_kept == "True"  # today's modules are left as they were
