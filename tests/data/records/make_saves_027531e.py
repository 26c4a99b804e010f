# ruff: noqa  (kept as it was run at commit 027531e, for provenance; not part of the test suite)
"""Write save-file fixtures with swarmtui as of commit 027531e (run once, from the worktree)."""
import os, shutil, sys
from pathlib import Path
out = Path(sys.argv[1])
os.environ["SWARMTUI_SAVES"] = "/tmp/rec_saves_fixture"
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import write_game, mark_interrupted, games_dir
from swarmtui.tui.saved_game import SavedGame

def play(config, plies):
    m = Match(config)
    for _ in range(plies):
        if m.is_over:
            break
        d = m.agents[m.to_move].decide(m.state.copy())
        m.play(d.move, d.trace)
    return m

def finish(m):
    while not m.is_over:
        d = m.agents[m.to_move].decide(m.state.copy())
        m.play(d.move, d.trace)
    return m

# noughts in progress, minimax vs mcts with an override
m = play(MatchConfig("noughts", ("minimax", "mcts"), 11, ((), (("iterations", "50"),))), 3)
write_game(m.to_saved(), out / "save-noughts-in-progress.json")
# noughts finished (replayable)
m = finish(Match(MatchConfig("noughts", ("minimax", "random"), 12)))
write_game(m.to_saved(), out / "save-noughts-finished.json")
# halma two players, a few moves in
m = play(MatchConfig("halma", ("aco-bco", "random"), 13), 4)
write_game(m.to_saved(), out / "save-halma-in-progress.json")
# hive, human vs pso, a few moves
m = Match(MatchConfig("hive", ("human", "pso"), 14))
for _ in range(4):
    seat = m.to_move
    if m.is_human(seat):
        m.play(m.state.legal_moves()[0])
    else:
        d = m.agents[seat].decide(m.state.copy()); m.play(d.move, d.trace)
write_game(m.to_saved(), out / "save-hive-in-progress.json")
# a table game (as tables' resume writes it)
saved = SavedGame("hive", {"White": "human", "Black": "human"}, 4, ["wS1", "bS1 wS1-"], table={"id": "1", "mine": ["White"]})
write_game(saved, out / "save-hive-table.json")
# the interrupted mark a hang-up writes
gd = games_dir(); gd.mkdir(parents=True, exist_ok=True)
mark_interrupted(out / "save-noughts-in-progress.json")
shutil.copy(gd / ".interrupted", out / "interrupted-mark")
