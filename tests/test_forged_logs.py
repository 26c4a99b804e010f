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
