"""The command palette (ctrl+p): a screenshot into the saves folder, ASCII glyphs, and the
actions of the screen you are on."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from waiting import settle

from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.help import screen_commands


async def test_the_palette_saves_a_screenshot_into_the_saves_folder(tui_app, tmp_path: Path) -> None:
    app = tui_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await settle(app, pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"screenshot into")
        await settle(app, pilot, lambda: app.screen.query_one(CommandList).option_count > 0)
        await pilot.press("down", "enter")
        folder = tmp_path / "saves" / "screenshots"
        await settle(app, pilot, lambda: folder.is_dir() and any(folder.glob("*.svg")))
        [shot] = folder.glob("*.svg")
        assert shot.read_text().lstrip().startswith("<svg")


async def test_the_game_screen_offers_its_own_actions_and_runs_them(tui_app) -> None:
    app = tui_app(speed="normal")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = GameScreen(Match(MatchConfig("noughts", ("human", "minimax"), seed=7)), speed="normal")
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        titles = {command.title: command for command in screen_commands(screen)}
        assert {"Undo (u)", "Speed (s)", "Save (w)", "Restart (r)"} <= set(titles)
        assert not any(title.startswith(("Up", "Quit")) for title in titles)
        before = screen.speed
        await titles["Speed (s)"].callback()
        assert screen.speed != before
        system = [command.title for command in app.get_system_commands(screen)]
        assert "Screenshot into the saves folder" in system and "ASCII glyphs" in system
        assert "Theme" in system
