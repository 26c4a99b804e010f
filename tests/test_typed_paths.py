"""Paths typed in the app (issue 16, "Also"): under ``swarmtui serve`` (``SWARMTUI_CONFINE=1``)
a relative path resolves from the player's saves folder, not from their home, so typing
``mine.jsonl`` opens the file in their saves instead of being refused as outside them."""

from __future__ import annotations

from pathlib import Path

from test_tui_shell import open_entry
from textual.widgets import Input, OptionList
from waiting import settle

from swarmtui.core.saves import CONFINE_ENV, SAVES_ENV, typed_path
from swarmtui.records.results import RecordWriter
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat
from swarmtui.tui.screens.maze import export_path
from swarmtui.tui.screens.results import ResultsScreen


def test_a_relative_path_is_taken_from_the_saves_folder_only_when_confined(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "home" / "saves"))
    monkeypatch.delenv(CONFINE_ENV, raising=False)
    assert typed_path(" mine.jsonl ") == Path("mine.jsonl")
    monkeypatch.setenv(CONFINE_ENV, "1")
    assert typed_path("mine.jsonl") == tmp_path / "home" / "saves" / "mine.jsonl"
    assert typed_path("mazes/a.txt") == tmp_path / "home" / "saves" / "mazes" / "a.txt"
    assert typed_path(str(tmp_path / "x")) == tmp_path / "x"  # absolute: as typed (then confined)
    assert typed_path("~/x") == Path.home() / "x"


async def test_under_serve_a_typed_file_name_opens_the_players_own_result_file(tui_app, tmp_path, monkeypatch):
    home = tmp_path / "home"
    saves = home / "saves"
    saves.mkdir(parents=True)
    monkeypatch.chdir(home)  # as serve runs the app: in the player's home, saves below it
    monkeypatch.setenv(SAVES_ENV, str(saves))
    monkeypatch.setenv(CONFINE_ENV, "1")
    record = play_match("noughts", [Seat("X", "minimax"), Seat("O", "random")], 9, 0).to_json()
    with RecordWriter(saves / "mine.jsonl", {"experiment": {"game": "noughts"}}) as writer:
        writer.write(record)
    app = tui_app()
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "results")
        assert isinstance(app.screen, ResultsScreen)
        app.screen.query_one("#path", Input).value = "mine.jsonl"
        await pilot.press("enter")
        await settle(app, pilot, lambda: app.screen.query_one("#games", OptionList).option_count == 1)
        assert app.screen.path == str(saves / "mine.jsonl")
    assert export_path(None, "maze.txt") == saves / "maze.txt"
