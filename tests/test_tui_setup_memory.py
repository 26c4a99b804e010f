"""The setup remembers each game's last choices across restarts (``tui.setup_memory``), and the
setup's animation speed and "skip its animation" reach the game screen.

Pilot tests drive the app from the menu; the saves folder is the test's own (``tui_app`` sets
``SWARMTUI_SAVES``), so two apps in one test share it as two runs of the program would.
"""

from __future__ import annotations

import json

from screens import top
from textual.widgets import Button, Checkbox, Input, Select
from waiting import settle

from swarmtui.games import GAMES
from swarmtui.tui.config import parse
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.help import HelpScreen
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.setup import SetupScreen
from swarmtui.tui.setup_memory import MAX_MEMORY_BYTES, MAX_TEXT, LastSetup, load_memory, memory_path, save_memory


async def open_setup(app, pilot, game: str) -> SetupScreen:
    await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
    await pilot.press("home", *["down"] * [g.id for g in menu_games()].index(game), "enter")
    await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
    return top(app, SetupScreen)


async def start(app, pilot, setup: SetupScreen) -> GameScreen:
    setup.query_one("#start", Button).focus()
    await pilot.press("enter")
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


async def test_the_setup_comes_back_as_last_started_after_a_restart(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "halma")
        setup.query_one("#players", Select).value = 3
        await settle(app, pilot, lambda: len(setup.query("#seats Select")) == 3)
        setup.query_one("#seat-2", Select).value = "greedy"
        setup.query_one("#seat-1", Select).focus()
        await settle(app, pilot, lambda: setup.current == 1 and setup.query("#param-q0"))
        setup.query_one("#param-q0", Input).value = "0.7"
        setup.query_one("#skip", Checkbox).value = True
        setup.query_one("#rule-leave_goal", Select).value = "True"
        setup.query_one("#coach", Select).value = "off"
        setup.query_one("#clock", Input).value = "5+3"
        setup.query_one("#speed", Select).value = "fast"
        await pilot.pause()
        game = await start(app, pilot, setup)
        assert game.match.config.agents == ("human", "aco-bco", "greedy") and game.speed == "fast"
        assert game.skip == {"2"}  # the second seat's name
    saved = json.loads(memory_path().read_text())
    assert saved["kind"] == "setup memory" and saved["games"]["halma"]["agents"] == ["human", "aco-bco", "greedy"]

    app = tui_app()  # the next run of the program
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "halma")
        assert setup.query_one("#players", Select).value == 3
        assert setup.seat_agents() == ["human", "aco-bco", "greedy"]
        assert setup.overrides == {1: {"q0": "0.7"}}
        assert setup.query_one("#rule-leave_goal", Select).value == "True"
        assert setup.query_one("#coach", Select).value == "off"
        assert setup.query_one("#clock", Input).value == "5+3"
        assert setup.query_one("#speed", Select).value == "fast"
        assert setup.query_one("#seed", Input).value == ""  # not remembered: a new game each time
        setup.query_one("#seat-1", Select).focus()
        await settle(app, pilot, lambda: setup.current == 1 and setup.query("#skip"))
        assert setup.query_one("#skip", Checkbox).value is True
        assert setup.query_one("#param-q0", Input).value == "0.7"
        await pilot.press("escape")
        other = await open_setup(app, pilot, "noughts")  # another game keeps its own defaults
        assert other.seat_agents() == ["human", "alphabeta"] and other.query_one("#clock", Input).value == ""


async def test_a_damaged_memory_is_one_notice_and_the_next_start_replaces_it(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        memory_path().parent.mkdir(parents=True, exist_ok=True)
        memory_path().write_text('{"kind": "setup memory", "format": 1, "games": {"hive": {"agents": [1]}}}')
        setup = await open_setup(app, pilot, "hive")
        assert setup.seat_agents() == ["human", "pso"]  # the defaults
        notices = [n.message for n in app._notifications if "setup" in n.message and "defaults" in n.message]
        assert len(notices) == 1 and str(memory_path()) in notices[0]
        await pilot.press("escape")
        setup = await open_setup(app, pilot, "hive")  # read once: no second notice
        assert len([n for n in app._notifications if "defaults" in n.message]) == 1
        await start(app, pilot, setup)
    memory, problem = load_memory(GAMES)
    assert problem is None and memory["hive"].agents == ("human", "pso")


async def test_a_remembered_agent_or_value_that_no_longer_fits_falls_back_quietly(tui_app) -> None:
    save_memory({"noughts": LastSetup(players=2, agents=("human", "no-such-agent"),
                                      params=((), (("depth", "999"), ("tolerance", "3"))), coach="gone")})
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "noughts")
        assert setup.seat_agents() == ["human", "alphabeta"]  # the default opponent instead
        assert setup.overrides == {}  # last time's values belonged to another agent
        assert setup.query_one("#coach", Select).value == GAMES["noughts"].coach[0]
        assert not [n for n in app._notifications if "defaults" in n.message]


def test_memory_file_bounds_and_damage(tmp_path) -> None:
    setup = LastSetup(players=2, agents=("human", "x" * (MAX_TEXT + 1)), params=((), (("w", "1" * 500),)),
                      clock="5+3", skip=(False, True))
    save_memory({"noughts": setup, "hive": LastSetup()}, folder=tmp_path)
    memory, problem = load_memory(GAMES, folder=tmp_path)
    assert problem is None
    assert memory["noughts"].agents == ("human", "") and memory["noughts"].params == ((), ())  # too long: not kept
    assert memory["noughts"].skip == (False, True) and memory["noughts"].clock == "5+3"
    path = memory_path(tmp_path)
    payload = json.loads(path.read_text())
    payload["games"]["no-such-game"] = {"agents": ["human"]}
    path.write_text(json.dumps(payload))
    assert set(load_memory(GAMES, folder=tmp_path)[0]) == {"noughts", "hive"}  # unknown games dropped
    for damaged in ("not json", '{"kind": "game"}', '{"kind": "setup memory", "format": 1, "games": []}',
                    '{"kind": "setup memory", "format": 1, "games": {"hive": {"players": 99}}}'):
        path.write_text(damaged)
        memory, problem = load_memory(GAMES, folder=tmp_path)
        assert memory == {} and problem is not None and str(path) in problem
    path.write_text(" " * (MAX_MEMORY_BYTES + 1))
    assert "too large" in (load_memory(GAMES, folder=tmp_path)[1] or "")
    path.unlink()
    assert load_memory(GAMES, folder=tmp_path) == ({}, None)  # the first visit


def test_skip_animation_in_the_config_file() -> None:
    assert parse("[tui]\nskip_animation = true\n", "c.toml").skip_animation is True
    assert parse("", "c.toml").skip_animation is False


async def paused_reply(tui_app, skip: bool) -> tuple[int, bool, bool, str]:
    """Noughts, human vs the default opponent at slow speed with the reasoning paused: after the
    opponent answered b2 (its seat's animation skipped or not), the moves played, whether the
    panel shows the reasoning's last step, whether a move waits on it, and the speed."""
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "noughts")
        setup.query_one("#speed", Select).value = "slow"
        setup.query_one("#seat-1", Select).focus()
        await settle(app, pilot, lambda: setup.current == 1 and setup.query("#skip"))
        setup.query_one("#skip", Checkbox).value = skip
        await pilot.pause()
        game = await start(app, pilot, setup)
        await pilot.press("p", "5")  # pause the reasoning, then play b2
        await settle(app, pilot, lambda: len(game.match.moves) == 2 or game.pending is not None, timeout=60)
        return len(game.match.moves), game.panel.playback.at_end, game.pending is not None, game.speed


async def test_a_skipped_seat_plays_at_once_even_when_the_reasoning_is_paused(tui_app) -> None:
    assert await paused_reply(tui_app, skip=True) == (2, True, False, "slow")
    assert await paused_reply(tui_app, skip=False) == (1, False, True, "slow")  # waits on its paused reasoning


async def test_question_mark_on_the_setup_says_what_it_does(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        await open_setup(app, pilot, "hive")
        await pilot.press("question_mark")
        await settle(app, pilot, lambda: isinstance(app.screen, HelpScreen))
        about = app.screen.about
        for words in ("weakest to the strongest", "Enter here goes to Start", "Skip its animation",
                      "remembers each game's last choices", "Watch gives every human seat", "the clock"):
            assert words in about, words
