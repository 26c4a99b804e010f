"""End to end: the rules, the legends and the help as a person reaches them in a real terminal.

The real ``swarmtui`` in tmux at 80x24, 16 colours, ``--ascii`` (every screen plain ASCII):
F1 on the menu opens the highlighted game's rules (the key arrives as the terminal sends it),
they scroll to their end and close with Escape or q; ``?`` on the menu says what the entries
open; in a Halma game the board names its holes along the edges and ``L`` shows the legend.
"""

from __future__ import annotations

import shutil

import pytest
from test_e2e_tmux import Checked, launch, open_game, quit_app
from test_tui_terminal import Tmux

pytestmark = [pytest.mark.tmux, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]


def test_rules_legend_and_help_in_a_real_terminal(tmp_path) -> None:
    tmux = Tmux(80, 24, saves=tmp_path)
    launch(tmux, "TERM=xterm", "--ascii")
    screen = Checked(tmux, {"16"}, ascii_only=True)
    try:
        screen.wait_for(r"About")
        tmux.send("F1")
        screen.wait_for(r"Rules: Noughts & Crosses")
        screen.wait_for(r"three marks in a row")
        tmux.send("Escape")
        screen.wait_for(r"About")
        tmux.send("Down", "F1")
        screen.wait_for(r"Rules: Halma")
        tmux.send("End")
        screen.wait_for(r"puts the piece back")  # the last line: the rules scroll to their end
        tmux.send("q")  # closes the rules; the app runs on
        screen.wait_for(r"About")
        tmux.send("?")
        screen.wait_for(r"What this screen does")
        screen.wait_for(r"F1 shows its rules")
        tmux.send("Escape")
        screen.wait_for(r"About")
        board = open_game(screen, tmux, 1, "Halma", r"1 to move \(you\)")
        assert "e13" in board and "a1" in board and "q1" in board  # the holes named along the edge
        tmux.send("L")
        screen.wait_for(r"a row's last hole")
        tmux.send("L")
        screen.wait_for(r"An AI player's reasoning")
        quit_app(tmux)
    finally:
        tmux.kill()
