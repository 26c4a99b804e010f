"""The setup screen's courtesies and leaving a game: Tab visits only fields that do something,
Enter in the seed field goes to Start instead of starting, Escape in a game in progress asks.

Driven from the menu with the keyboard through Textual's pilot; saves go to the test's own
folder (``tui_app`` sets ``SWARMTUI_SAVES``).
"""

from __future__ import annotations

import pytest
from screens import top
from textual.widgets import Button, Checkbox, Input, Select
from waiting import settle

from swarmtui.tui.saved_game import list_games
from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.setup import SetupScreen

FIELDS = (Input, Select, Button, Checkbox)
"""What a Tab stop on the setup screen may be: something that takes a value or an action."""


async def open_setup(app, pilot, game: str) -> SetupScreen:
    await pilot.press("home", *["down"] * [g.id for g in menu_games()].index(game), "enter")
    await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
    return top(app, SetupScreen)


@pytest.mark.parametrize("game", ["noughts", "halma", "hive"])
async def test_tab_visits_only_fields_and_each_once_a_round(tui_app, game) -> None:
    app = tui_app(seed=7)
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, game)
        visited = []
        for _ in range(60):
            visited.append(app.focused)
            await pilot.press("tab")
        assert all(isinstance(widget, FIELDS) for widget in visited), \
            [type(w).__name__ for w in visited if not isinstance(w, FIELDS)]
        first_round = visited[:visited.index(visited[0], 1)]
        assert len(set(map(id, first_round))) == len(first_round)  # no field twice before the round ends
        ids = [w.id for w in first_round]
        assert ids[:3] == ["seat-0", "seat-1", "seed"] and "start" in ids and "coach" in ids
        assert any(i.startswith("param-") for i in ids if i)  # the AI seat's parameters, from Tab alone
        assert setup.query_one("#seats-box").can_focus is False


async def test_enter_in_the_seed_field_goes_to_start_and_a_second_enter_starts(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "noughts")
        await pilot.press("tab", "tab", "4", "2", "enter")
        await pilot.pause()
        assert app.screen is setup and setup.query_one("#seed", Input).value == "42"
        assert app.focused is setup.query_one("#start", Button)
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        assert top(app, GameScreen).match.seed == 42


async def start_noughts(app, pilot) -> GameScreen:
    await open_setup(app, pilot, "noughts")
    await pilot.press("tab", "tab", "7", "enter", "enter")  # human vs the default opponent, seed 7
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


async def test_escape_in_a_game_in_progress_asks_and_leaving_saves_it(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        game = await start_noughts(app, pilot)
        await pilot.press("escape")  # no move yet: nothing to lose, straight to the menu
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        game = await start_noughts(app, pilot)
        await pilot.press("5")
        await settle(app, pilot)
        assert len(game.match.moves) == 2
        await pilot.press("escape")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        assert "2 moves" in str(app.screen.query_one("Static").render())
        await pilot.press("escape")  # no: keep playing
        await settle(app, pilot, lambda: app.screen is game)
        assert not list_games()
        await pilot.press("escape", "enter")  # yes (Enter on the focused Leave button)
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        [saved] = list_games()
        assert saved.game is not None and len(saved.game.moves) == 2


async def test_a_finished_game_leaves_with_escape_without_asking(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_setup(app, pilot, "noughts")
        await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat-0", Select).value = "random"
        app.screen.query_one("#seat-1", Select).value = "random"
        app.screen.query_one("#start", Button).focus()
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.match.is_over)
        await pilot.press("escape")
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))


def prompts(select: Select) -> list[str]:
    return [str(prompt) for prompt, _ in select._options]


async def test_seat_lists_show_difficulty_and_rating_weakest_first_and_default_to_a_beatable_opponent(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "hive")
        seat = setup.query_one("#seat-1", Select)
        assert seat.value == "pso"  # the default opponent: easy, beaten by alphabeta's easiest level
        assert prompts(seat) == ["human", "random - beginner (0)", "pso - easy (129)", "pso-plus - easy (157)",
                                 "mcts - easy (215)", "alphabeta - easy (302)", "pso-verify - medium (394)"]
        seat.value = "alphabeta"
        await pilot.pause()
        await settle(app, pilot, lambda: setup.query("#param-difficulty"))
        level = setup.query_one("#param-difficulty", Select)
        assert prompts(level) == ["easy (302)", "medium (349)", "hard (567)", "max (564)"]
        assert level.value == "easy"
        await pilot.press("escape")
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        setup = await open_setup(app, pilot, "noughts")
        assert setup.query_one("#seat-1", Select).value == "alphabeta"  # minimax cannot be beaten
        assert "minimax - perfect (496)" in prompts(setup.query_one("#seat-1", Select))


async def test_halma_seat_lists_follow_the_ladder_of_the_number_of_players(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        setup = await open_setup(app, pilot, "halma")
        assert setup.query_one("#seat-1", Select).value == "aco-bco"
        assert prompts(setup.query_one("#seat-1", Select))[-1] == "aco-bco-plus - strong (554)"  # two players
        setup.query_one("#players", Select).value = 3
        await settle(app, pilot, lambda: len(setup.query("#seats Select")) == 3)
        for i in (1, 2):
            seat = setup.query_one(f"#seat-{i}", Select)
            assert seat.value == "aco-bco" and prompts(seat)[-1] == "beam - strong (590)"  # three players


def test_snapshot_a_seat_list_with_difficulty_and_rating(snap_compare, tui_app) -> None:
    """Hive's setup at 80x24 with Black's list open: weakest first, each with its word and rating."""
    async def run_before(pilot) -> None:
        await open_setup(pilot.app, pilot, "hive")
        await pilot.press("tab", "enter")  # Black's list opens on its default, pso
        await pilot.pause()

    assert snap_compare(tui_app(seed=7), terminal_size=(80, 24), run_before=run_before)
