"""Hostile and damaged files (issue 16, items 7, 8, 9, 11): one clear sentence, nothing crashes,
nothing hangs, and a refused file is never written to.

Every reader goes through ``records`` (``GameLog.from_json``) and ``core.bounded_json`` (the
limits), so each defect has a regression test here, and two bounded hypothesis fuzzers throw
mutated save files and result files at every reader: no exception but ``SaveError`` /
``ParamError``, no traceback from the CLI, and the file unchanged (bytes and mtime).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from waiting import settle

import swarmtui.agents  # noqa: F401 - registers every trace kind
from swarmtui.core.bounded_json import Limits, SaveError
from swarmtui.core.params import ParamError
from swarmtui.core.saves import write_atomic
from swarmtui.records import GameLog, Recording, read_results, read_saved
from swarmtui.tui.saved_game import INTERRUPTED_MARK, games_dir, list_games, take_interrupted, write_game

DATA = Path(__file__).parent / "data" / "records"
SAVE = json.loads((DATA / "save-noughts-in-progress.json").read_text(encoding="utf-8"))
RESULT_LINES = (DATA / "result-noughts-interrupted.jsonl").read_text(encoding="utf-8").splitlines()




def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000

DAMAGED_SAVES = {
    "deep-nesting": json.dumps(SAVE)[:-1] + f', "traces": {DEEP}}}',
    "huge-integer": json.dumps(SAVE).replace('"seed": 11', f'"seed": {HUGE}'),
    "table-list": json.dumps({**SAVE, "table": ["1", "White"]}),
    "table-unhashable-seat": json.dumps({**SAVE, "table": {"id": "1", "mine": [["X"]]}}),
    "players-list": json.dumps({**SAVE, "players": ["X", "O"]}),
    "nan-seed": json.dumps(SAVE).replace('"seed": 11', '"seed": NaN'),
    "rules-for-noughts": json.dumps({**SAVE, "rules": {"game_type": "Base+MLP"}}),
    "rules-list": json.dumps({**SAVE, "game": "hive", "rules": ["Base+MLP"]}),
}


# -- 7. saves ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(DAMAGED_SAVES))
def test_a_damaged_save_is_one_sentence_and_listed_as_damaged(name, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    path = games_dir() / f"{name}.json"
    path.parent.mkdir(parents=True)
    path.write_text(DAMAGED_SAVES[name], encoding="utf-8")
    before = snapshot(path)
    with pytest.raises(SaveError, match="is damaged"):
        read_saved(path)
    [entry] = list_games()
    assert entry.game is None and "is damaged" in entry.error and snapshot(path) == before


def test_an_interrupted_mark_naming_a_damaged_save_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    games_dir().mkdir(parents=True)
    (games_dir() / "deep.json").write_text(DAMAGED_SAVES["deep-nesting"], encoding="utf-8")
    (games_dir() / INTERRUPTED_MARK).write_text("deep.json", encoding="utf-8")
    assert take_interrupted() is None and not (games_dir() / INTERRUPTED_MARK).exists()


async def test_saved_games_lists_damaged_saves_and_start_up_survives_their_mark(tui_app, tmp_path):
    from swarmtui.tui.screens.saved_games import SavedGamesScreen

    app = tui_app()
    folder = games_dir()
    folder.mkdir(parents=True)
    for name, text in DAMAGED_SAVES.items():
        (folder / f"{name}.json").write_text(text, encoding="utf-8")
    (folder / INTERRUPTED_MARK).write_text("table-unhashable-seat.json", encoding="utf-8")
    async with app.run_test() as pilot:
        app.push_screen(SavedGamesScreen())
        await settle(app, pilot, lambda: isinstance(app.screen, SavedGamesScreen) and app.screen.entries)
        entries = app.screen.entries
        assert len(entries) == len(DAMAGED_SAVES) and all(e.game is None and "damaged" in e.error for e in entries)
        assert app.is_running


def test_the_app_has_no_signals_to_remove_before_it_mounts():
    """``on_unmount`` after a failed start-up must not raise AttributeError over the real error."""
    from swarmtui.tui.app import SwarmApp

    assert SwarmApp().hang_up_signals == []


def test_an_unexpected_error_goes_to_a_log_file_and_the_player_reads_one_line(tmp_path):
    """A crash at start-up (here: the interrupted-game check raising) prints one line, no
    traceback; the traceback is in ``<saves>/logs/crash-*.log``."""
    script = ("import swarmtui.tui.app as a\n"
              "def boom():\n    raise RuntimeError('secret-local-state')\n"
              "a.take_interrupted = boom\n"
              "app = a.SwarmApp()\n"
              "app.run(headless=True, size=(80, 24))\n"
              "print(app.crash_message)\n")
    env = {**os.environ, "SWARMTUI_SAVES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    output = done.stdout + done.stderr
    assert "Traceback" not in output and "secret-local-state" not in output
    assert "swarmtui: error: something went wrong and swarmtui stopped; the details are in" in output
    [log] = (tmp_path / "logs").glob("crash-*.log")
    assert "RuntimeError: secret-local-state" in log.read_text(encoding="utf-8") and str(log) in output


def test_a_save_keeps_its_rule_variant_and_replays_under_it(tmp_path):
    """A Base+MLP Hive game saved by the TUI replays on a Base+MLP board (the Mosquito is in
    its moves), and an unknown rule value is one sentence."""
    from swarmtui.tui.match import Match, MatchConfig

    match = Match(MatchConfig("hive", ("human", "human"), 3, (), (("game_type", "Base+MLP"),)))
    for text in ("wM", "bL wM-"):
        match.play(match.state.parse_move(text))
    path = write_game(match.to_saved(), tmp_path / "mlp.json")
    saved = read_saved(path)
    assert saved.rules == {"game_type": "Base+MLP"} and json.loads(path.read_text())["rules"] == saved.rules
    recording = Recording.from_log(saved, "mlp")
    assert recording.labels == ["White plays wM", "Black plays bL wM-"]
    assert Match.from_saved(saved, "mlp").moves == ["wM", "bL wM-"]
    with pytest.raises(SaveError, match="game_type"):
        Recording.from_log(GameLog.from_json({**saved.to_json(), "rules": {"game_type": "Chess"}}, "x"), "x")


# -- 8. result files --------------------------------------------------------------------------
def resumable(tmp_path: Path, capsys) -> Path:
    """A result file of an interrupted run (4 of 6 games, no summary), as Ctrl-C leaves it."""
    path = tmp_path / "run.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-p", "random,random", "-n", "6", "-w", "1",
                    "--seed", "4", "-o", str(path))[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    return path


def header_with(**experiment) -> str:
    header = json.loads(RESULT_LINES[0])
    header["experiment"] = {**header["experiment"], **experiment}
    return json.dumps(header)


def game_with(**fields) -> str:
    game = json.loads(RESULT_LINES[1])
    return json.dumps({**game, **fields})


HOSTILE_RESULTS = {
    "deep-nesting": [RESULT_LINES[0], f'{{"kind": "game", "x": {DEEP}}}'],
    "huge-integer": [RESULT_LINES[0], game_with(seed=0).replace('"seed": 0', f'"seed": {HUGE}')],
    "nan": [RESULT_LINES[0], game_with(seconds=0).replace('"seconds": 0', '"seconds": NaN')],
    "not-an-object": [RESULT_LINES[0], "[1, 2]"],
    "players-list": [RESULT_LINES[0], game_with(players=["X", "O"])],
    "moves-numbers": [RESULT_LINES[0], game_with(moves=[1, 2])],
    "index-negative": [RESULT_LINES[0], game_with(index=-1)],
    "index-bool": [RESULT_LINES[0], game_with(index=True)],
    "winner-number": [RESULT_LINES[0], game_with(winner=3)],
    "seconds-text": [RESULT_LINES[0], game_with(seconds="fast")],
    "think-list": [RESULT_LINES[0], game_with(think_seconds=[1])],
    "traces-shape": [RESULT_LINES[0], game_with(traces=[{"ply": "x"}])],
    "traces-ply-out-of-range": [RESULT_LINES[0], game_with(traces=[{"ply": 99, "trace": {}}])],
    "skips-in-noughts": [RESULT_LINES[0], game_with(skips=[0])],
    "group-number": [RESULT_LINES[0], game_with(group=5)],
    "unknown-game": [RESULT_LINES[0], game_with(game="chess")],
    "params-list": [RESULT_LINES[0], game_with(params=["q0=1"])],
    "header-not-experiment": [json.dumps({"kind": "run", "format": 2, "experiment": [1]}), RESULT_LINES[1]],
    "claims-10-to-12-games": [header_with(games=10**12), RESULT_LINES[1]],
    "claims-games-as-float": [header_with(games=1e300), RESULT_LINES[1]],
    "second-header": [RESULT_LINES[0], RESULT_LINES[0]],
    "format-3": [RESULT_LINES[0].replace('"format":2', '"format":3'), RESULT_LINES[1]],
    # issue 27 point 10: numbers a mean overflows on, text that cannot be printed, a round robin's extras
    "seconds-1e308": [RESULT_LINES[0], game_with(seconds=1e308)],
    "think-1e308": [RESULT_LINES[0], game_with(think_seconds={"X": 1e308})],
    "lone-surrogate": [RESULT_LINES[0], game_with(reason="\ud800 cut in half")],
    "lone-surrogate-key": [RESULT_LINES[0], game_with(params={"X": {"\udfff": "1"}})],
    "think-cpu-text": [RESULT_LINES[0], game_with(think_cpu="fast")],
    "decisions-negative": [RESULT_LINES[0], game_with(decisions={"X": -1})],
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RESULTS))
def test_hostile_result_files_are_one_line_for_replay_report_and_resume(name, tmp_path, capsys):
    path = tmp_path / f"{name}.jsonl"
    path.write_text("\n".join(HOSTILE_RESULTS[name]) + "\n", encoding="utf-8")
    before = snapshot(path)
    header_only = name.startswith(("claims-", "header-"))  # the games read fine: only a resume plans from it
    for argv in (["replay", str(path)], ["sim", "report", str(path)], ["sim", "run", "noughts", "--resume", str(path)]):
        code, _, err = run_cli(capsys, *argv)
        assert "Traceback" not in err, (argv, err)
        if header_only and argv[0] != "sim" or header_only and argv[1] == "report":
            assert code == 0, (argv, err)
            continue
        assert code == 2 and err.startswith("swarmtui: error: ") and err.count("\n") == 1, (argv, err)
    assert snapshot(path) == before


def test_a_resume_of_games_that_are_not_the_runs_is_refused_unchanged(tmp_path, capsys):
    path = resumable(tmp_path, capsys)
    lines = path.read_text(encoding="utf-8").splitlines()
    for label, line in (("index past the run", {"index": 6}), ("another group", {"group": "q0=1"}),
                        ("a duplicate", {"index": 0})):
        hostile = tmp_path / f"{label}.jsonl"
        hostile.write_text("\n".join(lines + [json.dumps({**json.loads(lines[1]), **line})]) + "\n")
        before = snapshot(hostile)
        code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(hostile))
        assert code == 2 and "is not one of this run's games" in err, label
        assert snapshot(hostile) == before


def test_a_run_claiming_a_trillion_games_is_refused_before_planning_them(tmp_path, capsys):
    path = resumable(tmp_path, capsys)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["experiment"]["games"] = 10**12
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    before = snapshot(path)
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))
    assert code == 2 and "a run plays 1 to 10000000 games in all" in err and err.count("\n") == 1
    assert snapshot(path) == before


def test_a_line_longer_than_the_limit_is_refused(tmp_path, monkeypatch):
    import swarmtui.records.results as results

    path = tmp_path / "long.jsonl"
    path.write_text(RESULT_LINES[0] + "\n" + game_with(reason="x" * 500) + "\n")
    monkeypatch.setattr(results, "LIMITS", Limits(max_line_bytes=400))
    with pytest.raises(SaveError, match="line 2 is longer than 400 bytes"):
        read_results(path)


# -- 9. not a regular file --------------------------------------------------------------------
def test_replay_refuses_a_fifo_without_blocking_and_dev_zero_without_reading(tmp_path, capsys):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "swarmtui", "replay", str(fifo)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "is not a regular file" in done.stderr and "Traceback" not in done.stderr
    code, _, err = run_cli(capsys, "replay", "/dev/zero")
    assert code == 2 and "/dev/zero is not a regular file" in err


# -- 11. symlinks -----------------------------------------------------------------------------
def test_resuming_through_a_symlink_writes_through_to_its_target(tmp_path, capsys):
    real = resumable(tmp_path, capsys)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(link))
    assert code == 0, err
    assert link.is_symlink() and link.resolve() == real.resolve()
    finished = read_results(real)
    assert finished.summary is not None and len(finished.games) == 6


def test_a_save_through_a_symlink_keeps_the_link(tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    target = tmp_path / "elsewhere" / "game.json"
    target.parent.mkdir()
    target.write_text("{}")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    saved = GameLog.from_json(SAVE, "fixture")
    assert write_game(saved, link) == link
    assert link.is_symlink() and read_saved(target).moves == saved.moves
    assert write_atomic(link, "x") == link and target.read_text() == "x" and link.is_symlink()


# -- fuzzing (bounded) ------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)
SAVE_FIELDS = sorted(SAVE) + ["table", "skips", "index", "extra"]


def mutate_text(text: str, data: st.DataObject) -> str:
    """One byte-level change: cut, insert or replace a character somewhere."""
    at = data.draw(st.integers(0, len(text)))
    how = data.draw(st.sampled_from(["cut", "insert", "replace"]))
    char = data.draw(st.sampled_from(list('{}[]",:0-9eE\\ \n\x00é') + ["NaN", "1e999", HUGE[:50]]))
    if how == "cut":
        return text[:at]
    if how == "insert":
        return text[:at] + char + text[at:]
    return text[:at] + char + text[at + 1:]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_save_files_never_crash_a_reader_nor_change(data, tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("SWARMTUI_SAVES", str(folder))
    payload = dict(SAVE)
    for _ in range(data.draw(st.integers(1, 3))):
        payload[data.draw(st.sampled_from(SAVE_FIELDS))] = data.draw(JSON)
    text = json.dumps(payload)
    if data.draw(st.booleans()):
        text = mutate_text(text, data)
    path = games_dir() / "fuzzed.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    before = snapshot(path)
    [entry] = list_games()
    if entry.game is not None:
        try:
            Recording.from_log(entry.game, "fuzzed")
        except SaveError:
            pass
    (games_dir() / INTERRUPTED_MARK).write_text("fuzzed.json", encoding="utf-8")
    take_interrupted()
    assert snapshot(path) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_result_files_never_crash_replay_report_or_resume_nor_change(data, tmp_path_factory, capsys):
    from swarmtui.sim.report import report
    from swarmtui.sim.resume import load_resume

    lines = list(RESULT_LINES[:3])
    which = data.draw(st.integers(0, 2))
    row = json.loads(lines[which])
    target = row["experiment"] if which == 0 and data.draw(st.booleans()) else row
    for _ in range(data.draw(st.integers(1, 2))):
        target[data.draw(st.sampled_from(sorted(target) + ["skips", "traces", "group"]))] = data.draw(JSON)
    lines[which] = json.dumps(row)
    text = "\n".join(lines) + "\n"
    if data.draw(st.booleans()):
        text = mutate_text(text, data)
    path = tmp_path_factory.mktemp("results") / "fuzzed.jsonl"
    path.write_text(text, encoding="utf-8")
    before = snapshot(path)
    try:
        report([path], Console(file=io.StringIO(), width=100))
    except SaveError:
        pass
    try:
        load_resume(path, "noughts")
    except (SaveError, ParamError):
        pass
    code, _, err = run_cli(capsys, "replay", str(path), "--final")
    assert code in (0, 2) and "Traceback" not in err
    assert snapshot(path) == before


def test_an_unclosed_sgf_value_is_refused_in_the_memory_of_its_text(tmp_path):
    """The SGF value pattern left a backtracking mark per character: a 2 MB unclosed comment
    took 447 MB to refuse (a 15 MB one 3 GB); now about ten times the text (audit 3)."""
    import tracemalloc

    from swarmtui.records.sgf import read_sgf

    path = tmp_path / "unclosed.sgf"
    path.write_text("(;GM[27]SU[hive]C[" + "xxxxxxx\n" * 250_000)
    tracemalloc.start()
    try:
        with pytest.raises(SaveError, match="is not SGF"):
            read_sgf(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * path.stat().st_size


def test_a_new_file_is_never_written_through_a_symlink_nor_over_one_that_appears(tmp_path, monkeypatch, capsys):
    """A dangling symlink planted where an export goes made it create the file it pointed at, and
    a file that appeared between the check and the rename was replaced (the third audit)."""
    elsewhere = tmp_path / "elsewhere.pgn"
    planted = tmp_path / "export.pgn"
    planted.symlink_to(elsewhere)
    record = Path(__file__).parent / "data" / "hive" / "records" / "HV-Dumbot-guest-2018-10-31-1402.pgn"
    code, _, err = run_cli(capsys, "hive", "convert", record, planted)
    assert code == 2 and "is a symbolic link" in err and not elsewhere.exists() and planted.is_symlink()

    target = tmp_path / "new.txt"
    sync = os.fsync

    def another_writer(fd: int) -> None:  # someone writes the same name meanwhile
        sync(fd)
        target.write_text("theirs")

    monkeypatch.setattr(os, "fsync", another_writer)
    with pytest.raises(SaveError, match="already exists and is not overwritten"):
        write_atomic(target, "mine", overwrite=False)
    assert target.read_text() == "theirs" and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
