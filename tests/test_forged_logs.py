"""Forged headers of ``sim sprt`` and ``sim tune`` logs, resumed (the third audit, docs/security.md).

A log is a file and may come from anywhere: what its header says is checked as the command
line's options are, and it chooses no place to write outside the saves and its own folder.
"""

from __future__ import annotations

import json
from pathlib import Path

from cli_run import run_cli


def _forged(path: Path, target: Path, change) -> Path:
    """``path`` copied to ``target`` with its header changed by ``change`` and its summary dropped."""
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    change(header)
    body = [line for line in lines[1:] if json.loads(line)["kind"] != "summary"]
    target.write_text("\n".join([json.dumps(header), *body]) + "\n")
    return target


def test_an_sprt_header_with_an_unplayable_book_is_one_sentence(capsys, tmp_path):
    """A forged book gave a NotationError traceback on resume (a --book file was checked)."""
    log = tmp_path / "match.jsonl"
    code, _, _ = run_cli(capsys, "sim", "sprt", "noughts", "minimax", "random", "--max-pairs", "1", "-w", "1",
                         "--out", log)
    assert code == 0
    for book, says in ((["zz;qq"], "not one move"), ([["zz"]], "is not a cell"), ("/etc/passwd", "is not a cell"),
                       ([["b2", "b2"]], "b2")):
        def change(header, book=book):
            header["sprt"]["book"], header["sprt"]["max_pairs"] = book, 3

        forged = _forged(log, tmp_path / "forged.jsonl", change)
        before = forged.read_bytes()
        code, out, err = run_cli(capsys, "sim", "sprt", "--resume", forged, "-w", "1")
        assert code == 2 and not out and err.count("\n") == 1 and says in err and "book" in err, err
        assert forged.read_bytes() == before


def test_a_tuning_log_chooses_no_place_outside_the_saves_and_its_folder(capsys, tmp_path, monkeypatch):
    """A forged ``save`` made a resumed run create its weights file, and folders, at any path."""
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path / "saves"))
    runs = tmp_path / "runs"
    runs.mkdir()
    log, weights = runs / "tune.jsonl", runs / "weights.json"
    code, _, _ = run_cli(capsys, "sim", "tune", "hive", "--particles", "2", "--generations", "1", "--pairs", "1",
                         "--cap", "12", "--player", "depth=1", "-w", "1", "--out", log, "--save", weights)
    assert code == 0
    elsewhere = tmp_path / "elsewhere" / "new" / "weights.json"

    def change(header):
        header["save"], header["tune"]["generations"] = str(elsewhere), 2

    forged = _forged(log, runs / "forged.jsonl", change)
    code, out, err = run_cli(capsys, "sim", "tune", "--resume", forged, "-w", "1")
    assert code == 2 and "outside your saves folder" in err and f"--save {elsewhere}" in err
    assert not (tmp_path / "elsewhere").exists()
    chosen = runs / "chosen.json"  # the person names the file: it is theirs to choose
    code, out, err = run_cli(capsys, "sim", "tune", "--resume", forged, "--save", chosen, "-w", "1")
    assert code == 0 and chosen.exists() and not (tmp_path / "elsewhere").exists()


def test_an_sprt_header_seating_a_command_runs_nothing(capsys, tmp_path):
    """The SPRT log is a route for engines too: its header names players, by name only."""
    marker = tmp_path / "ran"
    header = {"kind": "run", "format": 2, "swarmtui": "0", "sprt": {
        "game": "hive", "first": f"uhp:/bin/sh -c 'touch {marker}'", "second": "random", "elo0": 0.0, "elo1": 10.0,
        "alpha": 0.05, "beta": 0.05, "model": "logistic", "seed": 0, "params": [], "max_pairs": 2,
        "opening_plies": 2, "book": [], "clock": "", "max_plies": 100}}
    for first, says in ((header["sprt"]["first"], "is not an engine name"), ("uhp:mzinga", "no external engine named")):
        header["sprt"]["first"] = first
        log = tmp_path / "match.jsonl"
        log.write_text(json.dumps(header) + "\n")
        code, out, err = run_cli(capsys, "sim", "sprt", "--resume", log, "-w", "1")
        assert code == 2 and says in err and err.count("\n") == 1
    assert not marker.exists()


def test_pgn_agent_tags_naming_a_command_convert_as_text_and_seat_nothing(capsys, tmp_path):
    """``WhiteAgent``/``BlackAgent`` come back as a save's agents: a command or a path there is
    kept as the record's text, and rebuilding the seats refuses it; the moves replay."""
    from swarmtui.records.saved import read_saved
    from swarmtui.referee.seating import seat_agents

    marker = tmp_path / "ran"
    record = tmp_path / "hostile.pgn"
    record.write_text(f'[GameType "Base"]\n[WhiteAgent "uhp:/bin/sh -c \'touch {marker}\'"]\n'
                      '[BlackAgent "alphabeta:weights=/etc/passwd"]\n[Result "InProgress"]\n\n1. wS1\n2. bS1 wS1-\n')
    save = tmp_path / "hostile.json"
    assert run_cli(capsys, "hive", "convert", record, save)[0] == 0
    log = read_saved(save)
    refusal = seat_agents(log.game, log.players, log.params, log.seed)
    assert isinstance(refusal, str) and "unknown agent" in refusal
    code, out, _ = run_cli(capsys, "replay", save, "--final")
    assert code == 0 and "wS1" in out and not marker.exists()
