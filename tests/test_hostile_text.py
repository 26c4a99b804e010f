"""Text from files and players is shown as text through every face (issue 27 point 6).

Names, reasons, results, traces and result groups holding markup (``[/x]`` crashed ``replay``,
``sim report``, ``--ratings`` and the TUI's Resume and Replay with ``MarkupError``) and escape
sequences (a save's agent name cleared the screen and retitled the pane) are fed through the
CLI's replay, report, ratings and sweep labels, and the TUI's saved games (Resume, Replay) and
result-file viewer: nothing crashes, and the text shows literally (``core.safe_text``: control
characters removed), with no control character reaching the terminal.
"""

from __future__ import annotations

import re

import pytest
from cli_run import run_cli
from textual.widgets import Input
from waiting import settle

from swarmtui.core.safe_text import safe_text
from swarmtui.records.results import RecordWriter
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import games_dir, write_game
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.replay import ReplayScreen
from swarmtui.tui.screens.results import ResultsScreen
from swarmtui.tui.screens.saved_games import SavedGamesScreen

HOSTILE = "[/x]\x1b]0;pwned\x07\x1b[2J[bold]b\u202e"
SHOWN = safe_text(HOSTILE).plain  # "[/x]]0;pwned[2J[bold]b": markup literal, controls gone
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]")  # anything but \t and \n


def hostile_result_file(path) -> None:
    """A real noughts game with traces, its names, reason, result, group and notes made hostile."""
    log = play_match("noughts", [Seat("X", "minimax"), Seat("O", "random")], 4, 0, traces=True).to_json()
    log["players"] = {"X": "minimax" + HOSTILE, "O": "random" + HOSTILE}
    log["result"] = "X wins" + HOSTILE
    log["reason"] = "three in a row" + HOSTILE
    log["group"] = "cell" + HOSTILE
    for entry in log["traces"]:
        if entry["trace"]["kind"] == "none":
            entry["trace"]["note"] = "note" + HOSTILE
        else:
            entry["trace"]["algorithm"] = "minimax" + HOSTILE
    with RecordWriter(path, {"experiment": {"game": "noughts"}}) as writer:
        writer.write(log)


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # Rich wraps at 80 columns in a pipe; a name stays on one line




def assert_literal(out: str, *wanted: str) -> None:
    assert not CONTROL.search(out), repr(CONTROL.search(out))
    flat = " ".join(out.split())  # tables may wrap a long name
    for text in wanted:
        assert " ".join(text.split()) in flat, text


@pytest.fixture
def hostile_file(tmp_path):
    path = tmp_path / "hostile[X][$x][b].jsonl"
    hostile_result_file(path)
    return path


def test_cli_replay_shows_names_reasons_and_traces_literally(capsys, hostile_file):
    code, out, err = run_cli(capsys, "replay", str(hostile_file))
    assert code == 0, err
    assert_literal(out, f"X minimax{SHOWN}", f"O random{SHOWN}", f"(three in a row{SHOWN})", f"note{SHOWN}",
                   f"minimax{SHOWN} plays", "hostile[X][$x][b].jsonl game 1")


def test_sim_report_and_ratings_show_names_and_groups_literally(capsys, hostile_file):
    code, out, err = run_cli(capsys, "sim", "report", str(hostile_file))
    assert code == 0, err
    assert_literal(out, f"minimax{SHOWN}", f"[cell{SHOWN}]", f"plies per game [cell{SHOWN}]", "hostile[X][$x][b].jsonl")
    code, out, err = run_cli(capsys, "sim", "report", "--ratings", "--anchor", "random" + HOSTILE, str(hostile_file))
    assert code == 0, err
    assert_literal(out, f"| minimax{SHOWN} |", f"| random{SHOWN} |")


def test_errors_that_quote_a_file_stay_one_clean_line(capsys, hostile_file):
    code, out, err = run_cli(capsys, "sim", "report", "--ratings", str(hostile_file))  # 'random' never played
    assert code == 2 and not out
    assert_literal(err, f"minimax{SHOWN}")
    assert err.count("\n") == 1 and err.startswith("swarmtui: error: ")


def test_sweep_cells_keep_their_labels(capsys, tmp_path):
    code, out, err = run_cli(capsys, "sim", "run", "noughts", "-n", "1", "-w", "1", "--players", "minimax,random",
                             "--sweep", "quickest=true,false")
    assert code == 0, err
    assert_literal(out, "[quickest=true]", "[quickest=false]")


# -- the TUI --------------------------------------------------------------------------------
def screen_text(app) -> str:
    """Every line of the screen as the terminal gets it (toasts included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def open_menu_entry(app, pilot, entry_id: str) -> None:
    await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
    await pilot.press(*["down"] * [g.id for g in menu_games()].index(entry_id), "enter")


def hostile_save(name: str, finished: bool, players: dict[str, str] | None = None) -> None:
    match = Match(MatchConfig("noughts", ("minimax", "random"), 3))
    while not match.is_over and (finished or len(match.moves) < 3):
        decision = match.agents[match.to_move].decide(match.state.copy())
        match.play(decision.move, decision.trace)
    log = match.to_saved()
    log.players = players or log.players
    log.result = "X wins" + HOSTILE if finished else log.result
    for entry in log.traces or ():  # minimax's search: its name and a candidate's note
        entry["trace"]["algorithm"] = "minimax" + HOSTILE
        entry["trace"]["candidates"][0]["note"] = "note" + HOSTILE
    games_dir().mkdir(parents=True, exist_ok=True)
    write_game(log, games_dir() / name)


async def test_tui_resume_of_a_save_naming_a_hostile_agent_is_one_literal_notice(tui_app):
    app = tui_app(speed="instant")
    hostile_save("a.json", finished=False, players={"X": "minimax" + HOSTILE, "O": "random"})
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await open_menu_entry(app, pilot, "saves")
        await settle(app, pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        assert_literal(screen_text(app), f"X minimax{SHOWN}")
        await pilot.press("enter")
        await settle(app, pilot, lambda: any("unknown agent" in n.message for n in app._notifications))
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, SavedGamesScreen)
        [notice] = [n for n in app._notifications if "unknown agent" in n.message]
        assert not notice.markup and not CONTROL.search(notice.message)
        assert "unknown agent 'minimax[/x]" in notice.message  # as text, not markup
        await settle(app, pilot, lambda: "Cannot resume" in screen_text(app))  # the toast, drawn
        assert not CONTROL.search(screen_text(app))


async def test_tui_resume_and_replay_show_hostile_results_and_traces_literally(tui_app):
    app = tui_app(speed="instant")
    hostile_save("b-finished.json", finished=True, players={"X": "minimax" + HOSTILE, "O": "random" + HOSTILE})
    async with app.run_test(size=(160, 48), notifications=True) as pilot:
        await open_menu_entry(app, pilot, "saves")
        await settle(app, pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        assert_literal(screen_text(app), f"finished: X wins{SHOWN}")
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert_literal(screen_text(app), f"X minimax{SHOWN} vs O random{SHOWN}")
        for ply in range(1, replay.total + 1):
            await pilot.press("right")
            await settle(app, pilot, lambda wanted=ply: replay.ply == wanted)
            text = screen_text(app)
            assert not CONTROL.search(text)
            if ply % 2:  # X, minimax: its search table
                assert_literal(text, f"minimax{SHOWN} (X)", f"note{SHOWN}", f"X - minimax{SHOWN}")
        assert_literal(screen_text(app), "move 5/5", f"X minimax{SHOWN} vs O random{SHOWN}")
        await pilot.press("escape")
        await settle(app, pilot, lambda: isinstance(app.screen, SavedGamesScreen))


async def test_tui_result_file_viewer_shows_a_hostile_file_literally(tui_app, hostile_file):
    app = tui_app(speed="instant")
    async with app.run_test(size=(160, 48), notifications=True) as pilot:
        await open_menu_entry(app, pilot, "results")
        await settle(app, pilot, lambda: isinstance(app.screen, ResultsScreen))
        app.screen.query_one("#path", Input).value = str(hostile_file)
        await pilot.press("enter")
        await settle(app, pilot, lambda: "Enter replays one" in screen_text(app))
        assert_literal(screen_text(app), f"X minimax{SHOWN}", f"X wins{SHOWN}")
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right")
        await settle(app, pilot, lambda: app.screen.ply == 1)
        assert_literal(screen_text(app), "Replay: hostile[X][$x][b].jsonl game 1", f"X - minimax{SHOWN}")
        await pilot.press("end")
        await settle(app, pilot, lambda: app.screen.ply == app.screen.total)
        assert_literal(screen_text(app), f"move {app.screen.total}/{app.screen.total}")  # the rules' result
        assert app.is_running
