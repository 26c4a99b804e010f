"""End to end: a Hive game on a 1-minute clock played in the real ``swarmtui`` in tmux at 80x24
until the person's flag falls (issue 29). The clock comes from the config file's ``[clock]``;
the person places one piece, the computer answers, then the person thinks too long."""

from __future__ import annotations

import json
import shutil

import pytest
from test_e2e_tmux import launch, open_game, quit_app
from test_tui_terminal import Tmux

pytestmark = [pytest.mark.tmux, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]


def test_a_hive_game_on_a_one_minute_clock_is_lost_on_time(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[clock]\nhive = "1"\n')
    tmux = Tmux(80, 24, saves=tmp_path)
    launch(tmux, "TERM=xterm-256color", f"--ascii --config {config}")
    try:
        tmux.wait_for(r"About")
        game = open_game(tmux, tmux, 2, "Hive", r">White 0:59")  # White's minute runs from the start
        assert "Black 1:00" in game
        tmux.send("s", "s", "Enter")  # instant animation; the rack's first piece selected
        tmux.wait_for(r"esc cancels")
        tmux.send("Enter")  # placed on the only cell
        tmux.wait_for(r">White 0:[0-5]\d")  # Black has answered: White's clock runs again
        ended = tmux.wait_for(r"White flag", timeout=75)
        assert "Black wins (White lost on" in ended  # (the status line wraps before "time)")
        quit_app(tmux)
    finally:
        tmux.kill()
    [saved] = (tmp_path / "games").glob("hive-*.json")
    game = json.loads(saved.read_text())
    assert game["finished"] and game["result"] == "Black wins (White lost on time)"
    assert game["clock"]["control"] == "60" and game["clock"]["left"]["White"] == 0.0 and len(game["moves"]) == 2
