"""``--resume`` keeps only the run's own games (issue 27 point 12): each game line is checked
against the run's header and replayed under the rules before it is kept; the header is read
strictly; a resumed or new result file gets the permissions its folder's umask gives.

Every refused file is left exactly as it was (bytes and modification time).
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from cli_run import run_cli

from swarmtui.core.params import ParamError
from swarmtui.core.saves import write_atomic
from swarmtui.records.results import read_results
from swarmtui.sim.experiment import Experiment


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


@pytest.fixture
def interrupted(tmp_path, capsys) -> tuple[Path, list[dict]]:
    """A run of 8 noughts games (ga against random, seed 5) cut after 5 of them, as a stop leaves it."""
    path = tmp_path / "run.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-n", "8", "-w", "1", "--seed", "5", "-o", str(path))[0] == 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows[:6]), encoding="utf-8")
    return path, rows[:6]


def _forged(path: Path, rows: list[dict], line: int, **fields) -> Path:
    rows = [dict(row) for row in rows]
    rows[line] = {**rows[line], **fields}
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _refused(capsys, path: Path, why: str) -> None:
    before = snapshot(path)
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert why in err, err
    assert snapshot(path) == before


def _a_won_game(rows: list[dict]) -> int:
    return next(i for i, row in enumerate(rows) if i and row["winner"] is not None)


def test_an_illegal_move_is_refused(interrupted, capsys):
    path, rows = interrupted
    moves = list(rows[1]["moves"])
    moves[1] = moves[0]  # the second move onto the first one's square
    _refused(capsys, _forged(path, rows, 1, moves=moves), "its move 2 ")


def test_moves_after_the_game_ended_are_refused(interrupted, capsys):
    path, rows = interrupted
    won = _a_won_game(rows)
    free = next(c + r for c in "abc" for r in "123" if c + r not in rows[won]["moves"])
    moves = rows[won]["moves"] + [free]
    _refused(capsys, _forged(path, rows, won, moves=moves, plies=len(moves)), "goes on after the game ended")


@pytest.mark.parametrize("players", [{"X": "random", "O": "ga"}, {"O": "random", "X": "ga"}, {"X": "ga"}])
def test_foreign_players_are_refused(interrupted, capsys, players):
    path, rows = interrupted
    _refused(capsys, _forged(path, rows, 2, players=players), "are not the run's")


def test_a_forged_or_missing_winner_is_refused(interrupted, capsys):
    path, rows = interrupted
    won = _a_won_game(rows)
    loser = "O" if rows[won]["winner"] == "X" else "X"
    _refused(capsys, _forged(path, rows, won, winner=loser, result=f"{loser} wins"), "but its moves give")
    _refused(capsys, _forged(path, rows, won, winner=None, result="draw", reason="board full"), "but its moves give")


def test_a_game_stopped_short_or_forfeited_by_the_wrong_seat_is_refused(interrupted, capsys):
    path, rows = interrupted
    short = rows[1]["moves"][:3]
    _refused(capsys, _forged(path, rows, 1, moves=short, plies=3, winner=None, result="unfinished",
                             reason="stopped after 3 plies"), "stop before the game ended")
    to_move_not = "X" if len(short) % 2 else "O"  # after 3 moves O is to move
    _refused(capsys, _forged(path, rows, 1, moves=short, plies=3, winner="O" if to_move_not == "X" else "X",
                             result="O wins", reason=f"{to_move_not} forfeits: crashed"), "was to move")


def test_another_seed_params_or_rules_are_refused(interrupted, capsys):
    path, rows = interrupted
    _refused(capsys, _forged(path, rows, 3, seed=rows[3]["seed"] + 1), "its seed")
    _refused(capsys, _forged(path, rows, 3, params={"X": {"quickest": "false"}}), "its parameters")
    _refused(capsys, _forged(path, rows, 3, traces=[]), "has the traces")


@pytest.mark.parametrize("field,value", [("traces", "no"), ("games", "8"), ("seed", 5.0), ("agents", "ga,random"),
                                         ("games", True), ("sweep", [["X.quickest", "true"]])])
def test_a_header_field_of_the_wrong_type_is_refused(interrupted, capsys, field, value):
    path, rows = interrupted
    header = {**rows[0], "experiment": {**rows[0]["experiment"], field: value}}
    path.write_text("".join(json.dumps(row) + "\n" for row in [header] + rows[1:]), encoding="utf-8")
    _refused(capsys, path, "the run header does not describe an experiment")
    with pytest.raises(ParamError, match=f"'{field}' is not|'sweep' is not"):
        Experiment.from_json(header["experiment"])


def test_the_runs_own_games_resume_to_the_uninterrupted_file(interrupted, capsys, tmp_path):
    path, rows = interrupted
    whole = tmp_path / "whole.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-n", "8", "-w", "1", "--seed", "5", "-o", str(whole))[0] == 0
    assert run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))[0] == 0

    def games(file: Path) -> list[dict]:
        return [{k: v for k, v in g.to_json().items() if k not in ("seconds", "think_seconds")}
                for g in read_results(file).games]

    assert games(path) == games(whole)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_files_get_the_permissions_of_the_umask_or_of_the_file_they_replace(tmp_path, capsys, interrupted):
    path, _ = interrupted
    path.chmod(0o640)
    assert run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # resumed: appended to, its mode kept
    previous = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.jsonl"
        assert run_cli(capsys, "sim", "run", "noughts", "-n", "1", "-w", "1", "-o", str(fresh))[0] == 0
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        os.umask(0o077)
        private = tmp_path / "private.json"
        write_atomic(private, "{}")
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
        fresh.chmod(0o664)
        write_atomic(fresh, "replaced\n")  # a replaced file keeps its permissions
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o664
    finally:
        os.umask(previous)
