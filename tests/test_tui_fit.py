"""Every game screen fits 80x24: the game, the seed, the quit and help keys; the help lists the
keys of the screen you are on, each key with one meaning."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from waiting import settle

from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.screens.game import GameScreen, title_text
from swarmtui.tui.screens.help import HelpScreen, help_text
from swarmtui.tui.screens.maze import MazeScreen

GAMES = {
    "noughts": (("human", "minimax"), "Noughts & Crosses", {"1 2 3 4 5 6 7 8 9", "⏎"}),
    "halma": (("human", "aco-bco-plus", "greedy", "random", "beam", "aco-bco"), "Halma", {"t"}),
    "hive": (("human", "pso-plus"), "Hive", {"tab i"}),
}


def _footer_keys_in_view(app) -> set[str]:
    """The footer's key descriptions whose whole label lies inside the terminal's width."""
    width = app.size.width
    return {key.description for key in app.screen.query(FooterKey)
            if key.region.width and key.region.right <= width}


def _title(app) -> str:
    return str(app.screen.query_one("#title", Static).render())


@pytest.mark.parametrize("game", GAMES)
def test_the_title_keeps_the_game_and_the_seed_whole_at_80_columns(game):
    agents, short, _ = GAMES[game]
    match = Match(MatchConfig(game, agents, seed=1234567890))
    for width in (80, 60, 40):
        title = title_text(match, width).plain
        assert len(title) <= width - 2, (width, title)
        assert title.startswith(short) and "seed 1234567890" in title
        assert not re.search(r"\w…", title)  # shortened at a word, never inside one
    assert title_text(match, 300).plain.startswith(match.title)


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_screen_at_80x24_shows_quit_and_help_and_its_own_keys(tui_app, game) -> None:
    agents, short, own = GAMES[game]
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = GameScreen(Match(MatchConfig(game, agents, seed=1234567890)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        await settle(app, pilot, lambda: {"Quit", "Help"} <= _footer_keys_in_view(app))
        title = _title(app)
        assert title.startswith(short) and "seed 1234567890" in title and len(title) <= 78
        await pilot.press("question_mark")
        await settle(app, pilot, lambda: isinstance(app.screen, HelpScreen))
        sections = app.screen.sections
        keys = [keys for _, rows_ in sections for keys, _ in rows_]
        listed = [key for group in keys for key in group.split()]
        assert len(listed) == len(set(listed)), f"a key listed twice: {sorted(listed)}"
        for key in own:
            assert key in keys, (key, keys)
        # m leaves at once, esc asks first during a game (issue 29): two rows
        assert "q" in keys and "?" in keys and "m" in keys and "esc" in keys
        assert help_text(sections).plain.startswith(f"{short} board")
        assert app.screen.title_line == f"Keys: {short}"


async def test_the_maze_screen_help_lists_build_and_export(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = MazeScreen()
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen)
        await settle(app, pilot, lambda: {"Quit", "Help"} <= _footer_keys_in_view(app))
        await pilot.press("question_mark")
        await settle(app, pilot, lambda: isinstance(app.screen, HelpScreen))
        whats = {keys: what for _, rows_ in app.screen.sections for keys, what in rows_}
        assert "build" in whats["b"] and "maze" in whats["e"]
