"""End to end: the real ``swarmtui`` in tmux at 80x24 asks the coach in Halma and follows it.

From the menu: Halma with the default seats (a person against the ant and bee swarm), ``a`` on
the person's turn: the coach's deliberation plays in the panel and its suggestion is named in
the status line; ``g`` plays it, the swarm answers; quitting saves the game, whose first move
is the coach's suggestion and whose hints count the one asked for. The tmux driver is
``test_tui_terminal``'s, the menu steps ``test_e2e_tmux``'s.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from test_e2e_tmux import launch, open_game, quit_app
from test_tui_terminal import Tmux
from waiting import poll_until

pytestmark = [pytest.mark.tmux, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]

READY = r"1 to move \(you\)"


def test_ask_the_coach_in_halma_and_follow_its_suggestion(tmp_path):
    tmux = Tmux(80, 24, saves=tmp_path)
    launch(tmux, "TERM=xterm-256color")
    try:
        tmux.wait_for(r"About")
        open_game(tmux, tmux, 1, "Halma", READY)
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
