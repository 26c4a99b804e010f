"""Files written by swarmtui before ``records/`` read the same through the one ``GameLog`` reader.

``tests/data/records/`` holds save files, result files, a training log and the interrupted
mark written by commit 027531e, and ``expected.json`` what that version read from each (see
the README there). Every file must still read, replay to the same positions, and keep its
traces; and a log written back must read back equal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import swarmtui.agents  # noqa: F401 - registers every agent's trace kind
from swarmtui.records import GameLog, Recording, read_results, read_saved
from swarmtui.records.results import RecordWriter
from swarmtui.tui.saved_game import describe

DATA = Path(__file__).parent / "data" / "records"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))


def fingerprint(state) -> dict:
    outcome = state.outcome
    return {"to_move": state.to_move, "outcome": [outcome.winner, outcome.reason] if outcome else None,
            "legal": sorted(state.format_move(m) for m in state.legal_moves())}


def replayed(recording: Recording) -> dict:
    return {"moves": len(recording.moves), "last_label": recording.labels[-1] if recording.labels else "",
            "result": recording.result, "traces": sorted(recording.traces),
            "final": fingerprint(recording.positions[-1])}


RESULT_FILES = sorted(name for name in EXPECTED if name.endswith(".jsonl"))
SAVE_FILES = sorted(name for name in EXPECTED if name.endswith(".json"))


def test_every_fixture_is_covered():
    on_disk = {p.name for p in DATA.iterdir() if p.suffix in (".json", ".jsonl") and p.name != "expected.json"}
    assert on_disk == set(EXPECTED) and len(RESULT_FILES) == 6 and len(SAVE_FILES) == 5


@pytest.mark.parametrize("name", RESULT_FILES)
def test_result_files_of_027531e_read_and_replay_the_same(name):
    results = read_results(DATA / name)
    expected = EXPECTED[name]
    assert results.header == expected["header"]
    assert (results.summary is not None) == expected["summary"]
    assert len(results.generations) == expected["generations"]
    assert len(results.games) == len(expected["games"])
    for number, (log, want) in enumerate(zip(results.games, expected["games"], strict=True)):
        recording = Recording.from_log(log, f"{name} game {number + 1}")
        got = replayed(recording)
        assert got == {k: want[k] for k in got}
        assert sorted({t.kind for t in recording.traces.values()}) == want["trace_kinds"]


@pytest.mark.parametrize("name", SAVE_FILES)
def test_save_files_of_027531e_read_and_replay_the_same(name):
    saved = read_saved(DATA / name)
    expected = EXPECTED[name]
    assert describe(saved) == expected["describe"]
    assert (saved.finished, saved.table, len(saved.moves)) == (expected["finished"], expected["table"],
                                                                expected["moves"])
    got = replayed(Recording.from_log(saved, name))
    assert got == {k: expected[k] for k in got}


@pytest.mark.parametrize("name", SAVE_FILES)
def test_a_save_written_back_is_the_same_file_content(name, tmp_path):
    """Reading and writing a save keeps every field it had (only the 'saved' time changes)."""
    original = json.loads((DATA / name).read_text(encoding="utf-8"))
    saved = read_saved(DATA / name)
    assert saved.to_json() == original
    again = GameLog.from_json(json.loads(json.dumps(saved.to_json())), name)
    assert again == saved


@pytest.mark.parametrize("name", RESULT_FILES)
def test_result_lines_written_back_keep_every_field(name, tmp_path):
    lines = [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
    games = [line for line in lines if line["kind"] == "game"]
    results = read_results(DATA / name)
    assert [log.to_json() for log in results.games] == [{"kind": "game", **g} if "kind" not in g else g for g in games]
    copy = tmp_path / name
    with RecordWriter(copy, {k: v for k, v in results.header.items() if k not in ("kind", "format")},
                      results.games):
        pass
    assert read_results(copy).games == results.games


def test_the_interrupted_mark_of_027531e_names_its_save(tmp_path, monkeypatch):
    from swarmtui.tui.saved_game import INTERRUPTED_MARK, games_dir, take_interrupted

    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    games_dir().mkdir(parents=True)
    name = (DATA / "interrupted-mark").read_text(encoding="utf-8")
    (games_dir() / name).write_bytes((DATA / name).read_bytes())
    (games_dir() / INTERRUPTED_MARK).write_text(name, encoding="utf-8")
    entry = take_interrupted()
    assert entry is not None and entry.path.name == name and entry.game == read_saved(DATA / name)
