"""End to end: the real ``swarmtui`` in tmux at 80x24 asks the coach in Halma and follows it.

From the menu: Halma with the default seats (a person against the ant and bee swarm), ``a`` on
the person's turn: the coach's deliberation plays in the panel and its suggestion is named in
the status line; ``g`` plays it, the swarm answers; quitting saves the game, whose first move
is the coach's suggestion and whose hints count the one asked for. The tmux driver is
``test_tui_terminal``'s, the launch and quit ``test_e2e_tmux``'s.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from test_e2e_tmux import launch, quit_app
from test_tui_terminal import Tmux
from waiting import poll_until

pytestmark = [pytest.mark.tmux, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]

READY = r"1 to move \(you\)"


def start_halma(tmux: Tmux) -> None:
    """From the menu: Halma's setup with its default seats (a person, then the swarm) and seed 3,
    then Start. Enter in the seed field goes to Start and a second Enter presses it; on a loaded
    machine the second can reach the seed field before the focus has moved, so while the setup
    is still there once the keys are read, Enter is pressed again (the focus is on Start then)."""
    tmux.send("Home", "Down", "Enter")
    tmux.wait_for(r"Setup: Halma")
    tmux.send("Tab", "Tab", "Enter", "Enter")
    for _ in range(3):
        try:
            tmux.wait_for(READY, timeout=15)
            return
        except AssertionError:
            if "Setup: Halma" not in tmux.screen():
                raise
            tmux.send("Enter")
    tmux.wait_for(READY)


def test_ask_the_coach_in_halma_and_follow_its_suggestion(tmp_path):
    tmux = Tmux(80, 24, saves=tmp_path)
    launch(tmux, "TERM=xterm-256color")
    try:
        tmux.wait_for(r"About")
        start_halma(tmux)
        tmux.send("s", "s")  # fast: the coach's reasoning plays quickly
        tmux.send("a")
        advised = tmux.wait_for(r"enter or g plays it")
        # the status line names it: "coach (Search (best-reply" / "alpha-beta)): n1-m6", wrapped
        [suggested] = re.findall(r"\)\): ([a-q]\d+[-:][^\s║]+)", advised)
        tmux.send("g", "v")  # play it; the move log
        tmux.wait_for(r"1\. 1 " + re.escape(suggested) + r"\s+2 [a-q]\d+")  # and the swarm's answer
        quit_app(tmux)
    finally:
        tmux.kill()
    poll_until(lambda: list((tmp_path / "games").glob("halma-*.json")))
    [saved] = (tmp_path / "games").glob("halma-*.json")
    game = json.loads(saved.read_text())
    assert game["moves"][0] == suggested and len(game["moves"]) == 2
    assert game["hints"] == {"1": 1}
