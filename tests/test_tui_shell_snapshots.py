"""Snapshots of the setup screen, the saved-games list and the replay viewer at 80x24 and 160x48.

Everything on screen is fixed: seeds, file names, file times and the saves folder (the
saved-games title shows it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import games_dir, write_game

SIZES = [(80, 24), (160, 48)]
SNAP_SAVES = Path("saves")
"""Relative, so the path the screens show is the same in every run while each test's files
stay in its own temporary folder (concurrent test runs never share them)."""


@pytest.fixture
def fixed_saves(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWARMTUI_SAVES", str(SNAP_SAVES))
    # minimax shares a transposition table between games: start it cold so the node counts
    # in the saved traces do not depend on which tests ran before
    monkeypatch.setattr("swarmtui.agents.minimax.agent._TABLE", {})
    yield SNAP_SAVES


def played(config: MatchConfig, plies: int) -> Match:
    """``config`` played by its agents for ``plies`` moves (human seats by their first legal move)."""
    match = Match(config)
    for _ in range(plies):
        seat = match.to_move
        if match.is_human(seat):
            match.play(match.state.legal_moves()[0])
        else:
            decision = match.agents[seat].decide(match.state.copy())
            match.play(decision.move, decision.trace)
    return match


def write_saves() -> None:
    folder = games_dir()
    games = [
        ("noughts-in-progress.json", played(MatchConfig("noughts", ("human", "minimax"), 7), 2)),
        ("noughts-finished.json", played(MatchConfig("noughts", ("minimax", "ga"), 3), 9)),
        ("halma-in-progress.json", played(MatchConfig("halma", ("human", "aco-bco"), 5, ((), (("q0", "0.8"),))), 4)),
    ]
    for i, (name, match) in enumerate(games):
        path = write_game(match.to_saved(), folder / name)
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    damaged = folder / "noughts-damaged.json"
    damaged.write_text('{"kind": "game", "format": 1, "moves": [')
    os.utime(damaged, (1_600_000_000, 1_600_000_000))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_setup_screen(snap_compare, tui_app, size) -> None:
    async def run_before(pilot) -> None:
        await pilot.press("down", "enter")  # Halma's setup
        await pilot.pause()
        await pilot.press("tab")  # seat 2: ACO-BCO's parameters with the paper's defaults
        await pilot.pause()
        field = pilot.app.screen.query_one("#param-q0", Input)
        field.value = "1.5"  # out of range: the message shows under the field
        await pilot.pause()

    assert snap_compare(tui_app(seed=7), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_saved_games(snap_compare, tui_app, fixed_saves, size) -> None:
    write_saves()

    async def run_before(pilot) -> None:
        from swarmtui.tui.screens.menu import menu_games

        await pilot.press(*["down"] * [g.id for g in menu_games()].index("saves"), "enter")
        await pilot.pause()

    assert snap_compare(tui_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_replay_viewer(snap_compare, tui_app, fixed_saves, size) -> None:
    write_saves()

    async def run_before(pilot) -> None:
        from swarmtui.tui.screens.menu import menu_games

        await pilot.press(*["down"] * [g.id for g in menu_games()].index("saves"), "enter")
        await pilot.pause()
        await pilot.press("down", "enter")  # the finished noughts game
        await pilot.pause()
        await pilot.press("right", "right", "right")  # after X's second move, its search shown
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)


def test_snapshot_game_wide_with_both_panels(snap_compare, tui_app, monkeypatch) -> None:
    """At 160x48 the reasoning and the move log stand side by side."""
    monkeypatch.setattr("swarmtui.agents.minimax.agent._TABLE", {})  # node counts independent of test order
    async def run_before(pilot) -> None:
        await pilot.press("enter")  # Noughts' setup: human vs minimax (chosen), seed 7
        await pilot.pause()
        pilot.app.screen.query_one("#seat-1", Select).value = "minimax"
        await pilot.press("tab", "tab", "enter", "enter")
        await pilot.pause()
        for key in ("5", "1"):
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

    assert snap_compare(tui_app(seed=7, speed="instant"), terminal_size=(160, 48), run_before=run_before)


def test_snapshot_resume_offer_after_a_hang_up(snap_compare, tui_app, fixed_saves) -> None:
    """The start after a cut-off session offers its game (80x24)."""
    from swarmtui.tui.saved_game import mark_interrupted

    write_saves()
    mark_interrupted(games_dir() / "halma-in-progress.json")

    async def run_before(pilot) -> None:
        await pilot.pause()

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)
