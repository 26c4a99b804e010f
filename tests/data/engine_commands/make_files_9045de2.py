# ruff: noqa  (kept as it was run at commit 9045de2, for provenance; not part of the test suite)
"""Write a save whose ``uhp`` seat carries a ``command`` with swarmtui as of commit 9045de2
(before engines were named by the machine's owner). Run once from the worktree:

    cd tests/data/engine_commands && PATH=$VENV/bin:$PATH SWARMTUI_SAVES=/tmp/engfix python make_files_9045de2.py .
"""
import sys
from pathlib import Path

from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import write_game

COMMAND = "sh -c 'touch engine-ran.marker && exec python -m swarmtui uhp --agent random'"
out = Path(sys.argv[1])
match = Match(MatchConfig("hive", ("uhp", "random"), 21, ((("command", COMMAND), ("time", "1")), ())))
for _ in range(6):
    decision = match.agents[match.to_move].decide(match.state.copy())
    match.play(decision.move, decision.trace)
match.close()
write_game(match.to_saved(), out / "save-hive-uhp-command.json")
