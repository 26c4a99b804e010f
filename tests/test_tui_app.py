"""The TUI driven with the keyboard through Textual's pilot, plus snapshots at 80x24."""

from __future__ import annotations

import pytest
from screens import as_a, top
from waiting import settle

from swarmtui.games import GAMES
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.help import HelpScreen
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.screens.setup import SetupScreen, default_agent, seat_choices
from swarmtui.tui.widgets.noughts_board import NoughtsBoard

AGENT_IDS = [spec.id for spec in seat_choices(GAMES["noughts"])]
"""Noughts' agents as a seat's list shows them (weakest first)."""


def rendered(widget) -> str:
    return str(widget.render())


def notified(app, words: str) -> bool:
    """Whether a toast notification containing ``words`` was shown."""
    return any(words in n.message for n in app._notifications)


async def refused_in_setup(app, pilot, keys: tuple[str, ...], words: str) -> bool:
    """Press Enter on the menu (Noughts' setup), then ``keys``: True if no game started and it said ``words``."""
    await pilot.press("enter", *keys)
    await pilot.pause()
    return isinstance(app.screen, SetupScreen) and notified(app, words)


async def choose_agent(pilot, current: str, wanted: str) -> None:
    """On a focused seat Select: open it, walk to ``wanted`` with the arrows, pick it."""
    await pilot.press("enter")
    steps = AGENT_IDS.index(wanted) - AGENT_IDS.index(current)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")


async def start_noughts(app, pilot, x: str = "human", o: str = "minimax", seed: int | None = 7) -> GameScreen:
    """From the menu, with the keyboard only: pick the game (its setup opens), the two agents, the seed; start."""
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("enter")  # Noughts & Crosses is the first entry
    await settle(app, pilot, until=lambda: isinstance(app.screen, SetupScreen))
    await choose_agent(pilot, "human", x)
    await pilot.press("tab")
    await choose_agent(pilot, default_agent(GAMES["noughts"], 1), o)
    await pilot.press("tab", "ctrl+a", "ctrl+k", *("" if seed is None else str(seed)), "enter", "enter")
    await settle(app, pilot, until=lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


async def play_cell(pilot, screen: GameScreen, cell: int) -> None:
    """Walk the cursor to ``cell`` with arrows/hjkl and press Enter."""
    board = as_a(screen.board, NoughtsBoard)
    row, col = divmod(board.cursor, 3)
    trow, tcol = divmod(cell, 3)
    keys = (["j"] * (trow - row) if trow > row else ["up"] * (row - trow))
    keys += (["l"] * (tcol - col) if tcol > col else ["left"] * (col - tcol))
    await pilot.press(*keys, "enter")


async def test_keyboard_only_full_game_human_vs_minimax_shows_the_result(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "human", "minimax", seed=7)
        assert screen.match.seed == 7
        assert "X to move" in rendered(screen.query_one("#status"))
        while not screen.match.is_over:
            assert screen.match.human_to_move
            await play_cell(pilot, screen, screen.match.state.legal_moves()[0])
            await settle(app, pilot)
        result = screen.match.result_text()
        assert result.startswith("O wins (") or result == "Draw"  # minimax never loses
        assert result in rendered(screen.query_one("#status"))
        assert result in rendered(screen.query_one("#log"))
        assert "plays" in rendered(screen.panel)  # minimax's last deliberation is on show


async def test_digits_play_and_taken_cells_are_refused(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "human", "human", seed=1)
        await pilot.press("5")
        assert screen.match.move_texts() == ["b2"]
        await pilot.press("5")
        assert screen.match.move_texts() == ["b2"]
        assert "b2 is taken" in rendered(screen.query_one("#status"))
        await pilot.press("space")  # the cursor is still on b2: refused again
        await pilot.press("1", "space")
        assert screen.match.move_texts() == ["b2", "a1"]


async def test_ai_vs_ai_plays_through_and_replays_with_the_same_seed(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "random", "minimax", seed=3)
        await settle(app, pilot, until=lambda: screen.match.is_over)
        first = screen.match.move_texts()
        assert screen.match.result_text() in rendered(screen.query_one("#status"))
        await pilot.press("r")
        await settle(app, pilot, until=lambda: screen.match.is_over)
        assert screen.match.move_texts() == first


async def test_ai_vs_ai_at_a_real_speed_plays_through(tui_app) -> None:
    app = tui_app(speed="fast")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "random", "random", seed=2)
        await settle(app, pilot, lambda: screen.match.is_over)


async def test_ga_plays_through_with_its_genome_panel(tui_app) -> None:
    from swarmtui.agents import make_agent
    from swarmtui.core.rng import make_rng
    from swarmtui.core.saves import SaveError

    try:
        make_agent("ga", "noughts", "X", make_rng(0, "X"))
    except SaveError as error:
        pytest.skip(f"no shipped GA strategy yet: {error}")
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "ga", "random", seed=4)
        await settle(app, pilot, until=lambda: screen.match.is_over)
        assert "base case" in rendered(screen.panel) or "random" in rendered(screen.panel)


async def test_mouse_click_plays_a_cell(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "human", "human", seed=1)
        await pilot.click("#board", offset=(1 + 10, 5))  # padding 1; column c, row 3
        assert screen.match.move_texts() == ["c3"]


async def test_panel_phases_step_by_key_and_the_move_waits_for_the_last(tui_app) -> None:
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "human", "minimax", seed=5)
        await pilot.press("p")
        assert screen.panel.playback.paused
        await pilot.press("enter")  # X b2; minimax thinks, then waits on step 1
        await settle(app, pilot, until=lambda: screen.panel.deliberation is not None)
        panel = screen.panel
        phases = panel.playback.phases
        assert phases == len(screen.match.state.legal_moves()) + 2
        assert rendered(panel).startswith("step 1/")
        for step in range(2, phases + 1):
            assert screen.match.move_texts() == ["b2"]  # not played until the animation ends
            await pilot.press("n")
            assert rendered(panel).startswith(f"step {step}/{phases}")
        await pilot.pause()
        assert len(screen.match.move_texts()) == 2 and screen.match.human_to_move


async def test_skip_and_speed_keys(tui_app) -> None:
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "minimax", "human", seed=5)
        await settle(app, pilot, until=lambda: screen.panel.deliberation is not None)
        await pilot.press("x")
        await settle(app, pilot)
        assert len(screen.match.move_texts()) == 1 and screen.match.human_to_move
        await pilot.press("s")
        assert screen.panel.playback.speed == "normal"
        await pilot.press("m")
        assert isinstance(app.screen, MenuScreen)
        assert app.speed == "normal"  # kept for the next game


async def test_coming_games_cannot_start(tui_app) -> None:
    """Every game that is not playable yet says it is coming and opens nothing (none may be left);
    every playable game opens in the TUI (a game without a board of its own gets NotationBoard)."""
    from swarmtui.games import GAMES
    from swarmtui.tui.screens.menu import menu_games

    app = tui_app()
    async with app.run_test() as pilot:
        menu = app.screen
        entries = menu_games()
        coming = [i for i, g in enumerate(entries) if g.id in GAMES and not g.playable]
        for index in coming:
            await pilot.press("home", *["down"] * index, "enter")
            await pilot.pause()
            assert app.screen is menu
            assert "Not playable" in rendered(menu.query_one("#game-info"))
        assert not coming or notified(app, "coming")
        assert all(g.playable for g in entries if g.id in ("noughts", "halma"))


async def test_bad_seed_is_refused_with_a_message(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        assert await refused_in_setup(app, pilot, ("tab", "tab", "-", "4", "enter", "enter"), "whole number")


async def test_help_overlay_opens_and_closes(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await start_noughts(app, pilot)
        for close in ("question_mark", "escape", "q", "enter"):
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            assert "skip to the AI's move" in rendered(app.screen.query_one("Static"))
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen), close
        assert app.is_running


async def test_q_quits_from_the_game_and_escape_returns_to_the_menu(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await start_noughts(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await start_noughts(app, pilot)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running and app.return_code == 0


async def test_an_agent_that_cannot_load_leaves_a_message_in_the_menu(tui_app, monkeypatch) -> None:
    from swarmtui.core.saves import SaveError

    def broken(*args, **kwargs):
        raise SaveError("saves/noughts/strategy-o.json does not exist")

    monkeypatch.setattr("swarmtui.referee.seating.make_agent", broken)
    app = tui_app()
    async with app.run_test() as pilot:
        assert await refused_in_setup(app, pilot, ("tab", "tab", "enter", "enter"), "strategy-o.json does not exist")


async def test_an_agent_that_crashes_mid_game_forfeits_with_a_message(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_noughts(app, pilot, "human", "random", seed=1)

        def explode(state):
            raise RuntimeError("out of pheromone")

        setattr(screen.match.agents["O"], "decide", explode)  # noqa: B010 (a method replaced on one agent)
        await pilot.press("5")
        await settle(app, pilot, until=lambda: screen.match.is_over)
        status = rendered(screen.query_one("#status"))
        assert "X wins: O forfeits (crashed (RuntimeError: out of pheromone))" in status
        assert app.is_running


# -- snapshots (80x24 and a wide terminal, seeded, theme pinned) ---------------------------
SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])


@SIZES
def test_snapshot_menu(snap_compare, tui_app, size) -> None:
    assert snap_compare(tui_app(seed=7), terminal_size=size)


@SIZES
def test_snapshot_game_with_minimax_table(snap_compare, tui_app, monkeypatch, size) -> None:
    monkeypatch.setattr("swarmtui.agents.minimax.agent._TABLE", {})  # node counts independent of test order
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await start_noughts(app, pilot, "human", "minimax", seed=7)
        await play_cell(pilot, screen, 4)
        await settle(app, pilot)
        await play_cell(pilot, screen, 2)
        await settle(app, pilot)
        assert screen.panel.deliberation is not None
        screen.panel.show_phase(screen.panel.deliberation, 4)
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)


@SIZES
def test_snapshot_game_with_genome_panel(snap_compare, tui_app, genome_deliberation, size) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await start_noughts(app, pilot, "human", "human", seed=7)
        await pilot.press("1", "5")  # X a1, O b2: the position of the GA turn below
        screen.panel.show_phase(genome_deliberation("X../.O./..."), 4)
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)
