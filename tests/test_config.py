"""The config file: what it can set, how a damaged one is reported, and the TUI taking it up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Select
from waiting import settle

from swarmtui.tui.config import ConfigError, Preferences, SeatDefaults, load, parse
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.screens.setup import SetupScreen

GOOD = """
[tui]
theme = "nord"
ascii = true
mouse = false
speed = "fast"
seed = 7

[seats.halma]
players = 3
agents = ["human", "greedy", "aco-bco"]
"""


def test_every_key_is_read():
    prefs = parse(GOOD, "config.toml")
    assert prefs == Preferences(theme="nord", ascii=True, mouse=False, speed="fast", seed=7,
                                seats={"halma": SeatDefaults(3, ("human", "greedy", "aco-bco"))})


@pytest.mark.parametrize(("text", "named"), [
    ("[tui\nspeed=1", "not valid TOML"),
    ("[tui]\nspeeed = 'fast'", "tui.speeed: unknown key"),
    ("[tui]\nspeed = 'warp'", "tui.speed: expected one of slow, normal, fast, instant"),
    ("[tui]\nascii = 'yes'", "tui.ascii: expected true or false"),
    ("[tui]\nseed = true", "tui.seed: expected a whole number"),
    ("[tui]\nseed = -3", "tui.seed: expected a whole number >= 0"),
    ("[colours]\na = 1", "[colours] is not a section"),
    ("[seats.chess]\nplayers = 2", "seats.chess: unknown game"),
    ("[seats.halma]\nplayers = 5", "seats.halma.players: Halma (Chinese Checkers) takes"),
    ("[seats.hive]\nagents = 'human'", "seats.hive.agents: expected a list of agent names"),
    ("[seats.hive]\ncolour = 'white'", "seats.hive.colour: unknown key"),
])
def test_a_damaged_file_names_the_file_and_the_key(text, named):
    with pytest.raises(ConfigError) as caught:
        parse(text, "/home/me/.config/swarmtui/config.toml")
    assert str(caught.value).startswith("/home/me/.config/swarmtui/config.toml:")
    assert named in str(caught.value)


def test_load_gives_the_defaults_and_one_line_for_any_problem(tmp_path: Path):
    assert load(tmp_path / "absent.toml") == (Preferences(), f"config file {tmp_path / 'absent.toml'} does not "
                                              "exist; using the defaults")
    bad = tmp_path / "config.toml"
    bad.write_text("[tui]\nspeed = 'warp'\n")
    prefs, problem = load(bad)
    assert prefs == Preferences() and problem is not None and "tui.speed" in problem and "\n" not in problem
    bad.write_bytes(b"\xff\xfe[tui]")
    assert load(bad)[0] == Preferences() and "cannot be read" in (load(bad)[1] or "")
    good = tmp_path / "good.toml"
    good.write_text(GOOD)
    assert load(good) == (parse(GOOD, str(good)), None)


def test_without_a_file_there_is_nothing_to_say(monkeypatch, tmp_path: Path):
    monkeypatch.setattr("swarmtui.tui.config.default_path", lambda: tmp_path / "none" / "config.toml")
    assert load() == (Preferences(), None)


def test_the_cli_says_what_is_wrong_with_the_config_in_one_line(tmp_path: Path):
    bad = tmp_path / "config.toml"
    bad.write_text("[tui]\nmouse = 3\n")
    done = subprocess.run([sys.executable, "-m", "swarmtui", "--config", str(bad)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, env={**os.environ}, check=False)
    lines = done.stderr.splitlines()
    assert lines[0] == f"swarmtui: {bad}: tui.mouse: expected true or false, got 3; using the defaults"
    assert "Traceback" not in done.stderr


async def test_the_setup_screen_starts_with_the_configured_seats_and_a_bad_file_is_noticed(tui_app) -> None:
    prefs = parse(GOOD, "config.toml")
    app = tui_app(preferences=prefs, notices=["config.toml: tui.speed: nonsense; using the defaults"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("tui.speed" in str(n.message) for n in app._notifications)
        await pilot.press("down", "enter")
        await settle(app, pilot,
                     lambda: isinstance(app.screen, SetupScreen) and len(app.screen.query("#seats Select")) == 3)
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.game.id == "halma"
        assert screen.query_one("#players", Select).value == 3
        assert screen.seat_agents() == ["human", "greedy", "aco-bco"]
