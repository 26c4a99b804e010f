"""The turn notice in a real terminal: the app in tmux at 80x24 sits at a table of the test's
hub; when the other player moves, tmux sees the bell and the window title (xterm's OSC 2)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys

import pytest
from test_tui_terminal import Tmux

from swarmtui.tables.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE
from swarmtui.tui.screens.menu import menu_games


def _pane(tmux: Tmux, what: str) -> str:
    done = subprocess.run(tmux.base + ["display-message", "-p", "-t", "t", what], capture_output=True, text=True,
                          timeout=10)
    return done.stdout.strip()


@pytest.mark.tmux
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_real_terminal_rings_and_is_titled_when_the_turn_comes(tmp_path, hub) -> None:
    host = hub.client("alice").host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    token = hub.hub.admit("bob", "bob [b0b000]", False)
    tmux = Tmux(80, 24, saves=tmp_path)
    env = f"{SOCKET_VARIABLE}={shlex.quote(str(hub.hub.path))} {TOKEN_VARIABLE}={token}"
    tmux.start(f"{env} {shlex.quote(sys.executable)} -m swarmtui; sleep 30")
    try:
        tmux.wait_for(r"About")
        tmux.send(*["Down"] * [g.id for g in menu_games(tables=True)].index("tables"), "Enter")
        tmux.wait_for(r"Table 1 +Noughts")
        tmux.send("Enter")
        tmux.wait_for(r"X to move")
        assert _pane(tmux, "#{pane_title}") == "X to move - table 1 K7Q-001 - swarmtui"
        assert _pane(tmux, "#{window_bell_flag}") == "0"
        host.publish(0, "b2")
        tmux.wait_for(r"O to move \(you\)")
        assert _pane(tmux, "#{pane_title}") == "Your move (O) - table 1 K7Q-001 - swarmtui"
        assert _pane(tmux, "#{window_bell_flag}") == "1"
    finally:
        tmux.kill()
