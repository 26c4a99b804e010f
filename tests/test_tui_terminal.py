"""The TUI in real processes: a NO_COLOR=1 smoke run, and the app in tmux at 80x24."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from waiting import SETTLE_TIMEOUT, poll_until

ROOT = Path(__file__).resolve().parents[1]

NO_COLOR_SCRIPT = textwrap.dedent('''
    import asyncio
    from swarmtui.agents.ga.trace import GenomeTrace
    from swarmtui.tui.app import SwarmApp
    from swarmtui.tui.panels.frames import Deliberation
    from swarmtui.tui.panels.framesets import phase_count
    from swarmtui.tui.screens.game import GameScreen

    GA = Deliberation("X", "GA", GenomeTrace(
        position="X../.O./...", symmetry="R2", canonical=".../.O./..X", gene="111131112",
        gene_index=17, allele=2, move="a3", strategy="x.json"), "a3")

    async def main():
        app = SwarmApp(seed=4, speed="instant")
        assert app.no_color
        async with app.run_test() as pilot:
            await pilot.press("enter", "tab", "tab", "enter", "enter")  # noughts: you vs the default opponent, seed 4
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            while not screen.match.is_over:
                await pilot.press(str(screen.match.state.legal_moves()[0] + 1))
                await app.workers.wait_for_complete()
                await pilot.pause()
            app.export_screenshot()
            for phase in range(phase_count(GA)):
                screen.panel.show_phase(GA, phase)
                await pilot.pause()
                app.export_screenshot()
            await pilot.press("question_mark")
            await pilot.pause()
            app.export_screenshot()
            await pilot.press("escape", "q")
        print("RESULT", screen.match.result_text())

    asyncio.run(main())
''')


def test_no_color_smoke_run(tmp_path) -> None:
    env = {**os.environ, "NO_COLOR": "1", "SWARMTUI_SAVES": str(tmp_path)}  # q autosaves the game
    done = subprocess.run([sys.executable, "-c", NO_COLOR_SCRIPT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"RESULT (O wins \(.*\)|Draw)", done.stdout), done.stdout


class Tmux:
    """A private tmux server (its own socket), so the test never touches the user's sessions;
    one socket per instance, so a new server never races the previous one's shutdown."""

    started = 0

    def __init__(self, width: int = 80, height: int = 24, saves: Path | None = None) -> None:
        Tmux.started += 1
        self.base = ["tmux", "-L", f"swarmtui-test-{os.getpid()}-{Tmux.started}", "-f", "/dev/null"]
        self.size = (width, height)
        self.saves = saves

    def start(self, command: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TMUX", "NO_COLOR"))}
        env["TERM"] = "xterm-256color"
        if self.saves is not None:
            env["SWARMTUI_SAVES"] = str(self.saves)
            command = f"SWARMTUI_SAVES={shlex.quote(str(self.saves))} {command}"  # the tmux server may be older
        width, height = self.size
        subprocess.run(self.base + ["new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t", command],
                       check=True, env=env, cwd=ROOT, timeout=10)

    def send(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(self.base + ["send-keys", "-t", "t", key], check=True, timeout=10)
            time.sleep(0.15)

    def screen(self) -> str:
        done = subprocess.run(self.base + ["capture-pane", "-p", "-t", "t"], capture_output=True, text=True, timeout=10)
        return done.stdout

    def wait_for(self, pattern: str, timeout: float = SETTLE_TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            if re.search(pattern, text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} did not appear; the screen shows:\n{text}")
            time.sleep(0.2)

    def kill(self) -> None:
        subprocess.run(self.base + ["kill-server"], capture_output=True, timeout=10)


@pytest.mark.tmux
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_terminal_80x24_play_a_move_and_quit(tmp_path) -> None:
    tmux = Tmux(80, 24, saves=tmp_path)
    app = f"{shlex.quote(sys.executable)} -m swarmtui --seed 3"
    tmux.start(f"{app}; echo swarmtui-exit=$?; sleep 30")
    try:
        menu = tmux.wait_for(r"About")
        assert "Noughts & Crosses" in menu
        assert "coming" not in next(line for line in menu.splitlines() if "Halma (Chinese Checkers)" in line)
        tmux.send("Enter")  # noughts' setup
        tmux.wait_for(r"Setup: Noughts")
        tmux.send("Tab", "Tab", "Enter", "Enter")  # human vs the default opponent; seed 3; Enter goes to Start; start
        game = tmux.wait_for(r"X to move")
        assert "seed 3" in game and "a   b   c" in game and "[ ]" in game
        tmux.send("s", "s", "Enter")  # speed: fast, instant; X plays b2 (the cursor starts there)
        # "X to move (you)" is on screen before the move too: wait for the AI's reply in the
        # reasoning panel (one panel at a time at 80x24), then for our turn to come back.
        tmux.wait_for(r"plays [abc][123]")
        tmux.wait_for(r"X to move \(you\)")
        tmux.send("v")  # the move log instead
        tmux.wait_for(r"1\. X b2   O [abc][123]")
        tmux.send("q")
        tmux.wait_for(r"swarmtui-exit=0")
        assert len(list((tmp_path / "games").glob("noughts-*.json"))) == 1  # quitting autosaved
    finally:
        tmux.kill()


@pytest.mark.tmux
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_terminal_closed_mid_game_autosaves(tmp_path) -> None:
    """Killing the terminal (tmux's server) sends SIGHUP: the game in progress is saved."""
    tmux = Tmux(80, 24, saves=tmp_path)
    tmux.start(f"{shlex.quote(sys.executable)} -m swarmtui --seed 3")
    try:
        tmux.wait_for(r"About")
        tmux.send("Enter")
        tmux.wait_for(r"Setup: Noughts")
        tmux.send("Tab", "Tab", "Enter", "Enter")
        tmux.wait_for(r"X to move")
        tmux.send("s", "s", "Enter")
        # "X to move (you)" is on screen before the move too: first wait for the AI's reply,
        # which only shows after our move, then for our turn to come back.
        tmux.wait_for(r"plays [abc][123]")
        tmux.wait_for(r"X to move \(you\)")
    finally:
        tmux.kill()
    poll_until(lambda: list((tmp_path / "games").glob("noughts-*.json")))
    [saved] = (tmp_path / "games").glob("noughts-*.json")
    import json

    payload = json.loads(saved.read_text())
    assert payload["kind"] == "game" and payload["moves"][0] == "b2" and len(payload["moves"]) == 2
