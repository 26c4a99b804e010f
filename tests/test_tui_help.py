"""``?`` on a screen says what the screen does (its ``HELP``) above its keys: the menu's entries."""

from __future__ import annotations

from waiting import settle

from swarmtui.tui.screens.help import HelpScreen, help_text
from swarmtui.tui.screens.menu import TOOLS, MenuScreen, menu_games


def rendered(screen: HelpScreen) -> str:
    return help_text(screen.sections, screen.about).plain


async def test_question_mark_on_the_menu_says_what_each_entry_opens(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("question_mark")
        await settle(app, pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen)
        text = rendered(app.screen)
        assert text.startswith("What this screen does\n")
        for entry in menu_games():
            if entry in TOOLS:
                assert f"\n{entry.title}: " in text, entry.title
        assert "A game (the entries in bold): opens its setup" in text
        assert "Play with others (only when the app is served to several players): join" in text
        assert "Saved games: resume a game in progress" in text
        assert "q quits" in text
        # the keys follow what the screen does, as before
        assert "\n\nMenu\n" in text or "\n\nOptionList\n" in text or "\n\nAnywhere\n" in text
        await pilot.press("escape")
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))


def test_a_screen_without_help_shows_its_keys_alone() -> None:
    text = help_text([("This screen", [("b", "build")])]).plain
    assert text == "This screen\n  b  build"
    assert help_text([("This screen", [("b", "build")])], "Builds mazes.").plain == (
        "What this screen does\nBuilds mazes.\n\nThis screen\n  b  build")


def test_snapshot_menu_help(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
        await pilot.press("question_mark")
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, HelpScreen))

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)


async def test_question_mark_on_the_maze_screen_explains_its_glyphs(tui_app) -> None:
    from swarmtui.tui.screens.maze import MazeScreen

    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        screen = MazeScreen()
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen)
        await pilot.press("question_mark")
        await settle(app, pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen)
        text = rendered(app.screen)
        assert app.screen.title_line == "Help: Mazes"
        for words in ("\u2588 / #          a wall", "a door: the entrance or the exit", "the queen's walk",
                      "weave: a bridge", "the tunnel under a bridge", "the shortest path", "walking the maze"):
            assert words in text, words
        assert text.index("a wall") < text.index("\nAnywhere\n")  # what the screen does, then its keys


def test_snapshot_maze_help(snap_compare, tui_app) -> None:
    from swarmtui.tui.screens.maze import MazeScreen

    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
        await pilot.app.push_screen(MazeScreen())
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, MazeScreen))
        await pilot.press("question_mark")
        await settle(pilot.app, pilot, lambda: isinstance(pilot.app.screen, HelpScreen))

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)
