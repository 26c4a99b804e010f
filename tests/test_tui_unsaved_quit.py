"""Quitting with ``q`` when the saves folder cannot be written (issue 16, item 13): the app says
so and asks, instead of exiting with status 0 and the game lost; the game can be saved to
another file, or the player quits anyway, or goes back to the game."""

from __future__ import annotations

import json
from pathlib import Path

from test_tui_shell import start_game
from textual.widgets import Input, Select
from waiting import settle

from swarmtui.core.saves import SAVES_ENV
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.unsaved_quit import UnsavedQuit


async def _game_with_a_move(app, pilot) -> GameScreen:
    screen = await start_game(app, pilot, "noughts", {1: "minimax"}, seed=5)
    await pilot.press("enter")  # X b2 (the cursor starts on the centre)
    await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
    return screen


async def test_q_with_an_unwritable_saves_folder_asks_and_saves_elsewhere(tui_app, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the saves folder should be\n")  # root can write anywhere; this fails
    monkeypatch.setenv(SAVES_ENV, str(blocked))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game_with_a_move(app, pilot)
        moves = list(screen.match.moves)
        await pilot.press("q")
        await settle(app, pilot, lambda: isinstance(app.screen, UnsavedQuit))
        assert app.is_running and "cannot write" in str(app.screen.error)
        await pilot.press("escape")  # back to the game, which goes on
        await settle(app, pilot, lambda: app.screen is screen)
        assert screen.match.moves == moves
        await pilot.press("q")
        await settle(app, pilot, lambda: isinstance(app.screen, UnsavedQuit))
        dialog = app.screen
        dialog.query_one("#where", Input).value = str(blocked / "x.json")  # unwritable too: says why, stays
        await pilot.press("enter")
        await settle(app, pilot, lambda: "cannot write" in str(dialog.query_one("#why").render()))
        assert app.is_running
        dialog.query_one("#where", Input).value = str(tmp_path / "kept.json")
        await pilot.press("enter")
        await settle(app, pilot, lambda: not app.is_running)
    assert json.loads((tmp_path / "kept.json").read_text())["moves"] == moves


async def test_quit_without_saving_is_a_choice(tui_app, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x\n")
    monkeypatch.setenv(SAVES_ENV, str(blocked))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await _game_with_a_move(app, pilot)
        await pilot.press("q")
        await settle(app, pilot, lambda: isinstance(app.screen, UnsavedQuit))
        await pilot.press("ctrl+q")
        await settle(app, pilot, lambda: not app.is_running)


async def test_q_quits_at_once_when_the_game_was_saved(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game_with_a_move(app, pilot)
        await pilot.press("q")
        await settle(app, pilot, lambda: not app.is_running)
    assert screen.save_failure is None and screen.match.save_path is not None and screen.match.save_path.exists()


def test_snapshot_unsaved_quit(snap_compare, tui_app, tmp_path, monkeypatch) -> None:
    """The question at 80x24 (relative paths and a fixed file time, so the text is the same each run)."""
    from types import SimpleNamespace

    from swarmtui.tui import saved_game

    monkeypatch.chdir(tmp_path)
    Path("blocked").write_text("x\n")
    monkeypatch.setenv(SAVES_ENV, "blocked")
    monkeypatch.setattr(saved_game, "time", SimpleNamespace(strftime=lambda fmt: "20261124-074500"))
    monkeypatch.setattr("swarmtui.agents.minimax.agent._TABLE", {})

    async def run_before(pilot) -> None:
        await pilot.press("enter")  # Noughts' setup: human vs minimax (chosen)
        await pilot.pause()
        pilot.app.screen.query_one("#seat-1", Select).value = "minimax"
        await pilot.press("tab", "tab", "enter", "enter")
        await pilot.pause()
        # the blocked folder already showed at the start: the setup could not be remembered there
        assert any("the setup is not remembered" in n.message for n in pilot.app._notifications)
        pilot.app.clear_notifications()  # (its notice, off the game screen before the dialog covers it)
        await pilot.pause()
        await pilot.press("5")
        game = pilot.app.screen
        await settle(pilot.app, pilot, lambda: len(game.match.moves) == 2 and game.match.human_to_move)
        await pilot.press("q")
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, UnsavedQuit))
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(tui_app(seed=7, speed="instant"), terminal_size=(80, 24), run_before=run_before)
