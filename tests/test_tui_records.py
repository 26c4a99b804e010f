"""The TUI's replay viewer opens Hive PGN and BoardSpace SGF records as it opens result files:
from the menu, by path, with the players' names, to the record's end; damaged records are one
sentence on screen. Driven with the keyboard through Textual's pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from screens import position_text, top
from textual.widgets import Input
from waiting import settle

from swarmtui.records.formats import read_games
from swarmtui.records.recorded import replayed
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.replay import ReplayScreen
from swarmtui.tui.screens.results import ResultsScreen

DATA = Path(__file__).parent / "data" / "hive" / "records"
GAME = DATA / "T!HV-Jewdoka-Quodlibet-2019-10-03-0001"


def text_of(widget) -> str:
    return str(widget.render())


async def open_record(app, pilot, path: Path) -> ResultsScreen:
    assert isinstance(app.screen, MenuScreen)
    await pilot.press(*["down"] * [g.id for g in menu_games()].index("results"), "enter")
    await settle(app, pilot, lambda: isinstance(app.screen, ResultsScreen))
    screen = top(app, ResultsScreen)
    screen.query_one("#path", Input).value = str(path)
    await pilot.press("enter")
    await pilot.pause()
    return screen


@pytest.mark.parametrize("suffix", [".pgn", ".sgf"])
async def test_the_replay_viewer_opens_a_record_and_steps_to_its_end(tui_app, suffix: str) -> None:
    [log] = read_games(GAME.with_suffix(suffix))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_record(app, pilot, GAME.with_suffix(suffix))
        assert "1 game(s)" in text_of(screen.query_one("#message"))
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = top(app, ReplayScreen)
        title = text_of(replay.query_one("#title"))
        assert "White Jewdoka vs Black Quodlibet" in title
        await pilot.press("right")
        await settle(app, pilot, lambda: replay.ply == 1)
        assert "No deliberation was recorded for this move (a person played it)" in text_of(replay.panel)
        await pilot.press("end")
        await settle(app, pilot, lambda: replay.ply == 54)
        assert "Black wins (White's queen surrounded)" in text_of(replay.query_one("#status"))
        final = replayed(log, "final")
        assert position_text(replay.board.board) == position_text(final)
        assert replay.recording.log.moves == log.moves  # a normal GameLog: it can be taken over and coached


async def test_a_damaged_record_and_hostile_names_in_the_viewer(tui_app, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.pgn"
    damaged.write_text(GAME.with_suffix(".pgn").read_text().replace("3. wQ wL-", "3. wQ -bG1"))
    hostile = tmp_path / "hostile.pgn"
    hostile.write_text(GAME.with_suffix(".pgn").read_text().replace('[White "Jewdoka"]',
                                                                    '[White "[b]J[/b] \x1b]0;owned\x07"]'))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_record(app, pilot, damaged)
        message = text_of(screen.query_one("#message"))
        assert "line 15: move 3 (wQ -bG1) is illegal: wQ cannot be placed there" in message
        screen.query_one("#path", Input).value = str(hostile)
        screen.query_one("#path", Input).focus()
        await pilot.press("enter", "enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        title = text_of(app.screen.query_one("#title"))
        assert "White [b]J[/b] ]0;owned vs Black Quodlibet" in title and "\x1b" not in title
