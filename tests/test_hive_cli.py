"""``swarmtui hive perft`` and ``swarmtui hive show`` as a person uses them."""

from __future__ import annotations

import re

import pytest
from cli_run import run_cli


def test_perft_prints_nodes_and_rate(capsys):
    code, out, err = run_cli(capsys, "hive", "perft", "3")
    assert code == 0 and err == ""
    assert re.fullmatch(r"perft\(3\) = 1440 nodes in \d+\.\d{3} s \([\d,]+ nodes/s\)\n", out)


def test_perft_from_a_game_string_and_divided(capsys):
    game = "Base;InProgress;White[2];wS1;bS1 wS1-"
    code, out, _ = run_cli(capsys, "hive", "perft", "1", "--game", game)
    assert code == 0 and out.startswith("perft(1) = 15 nodes")  # 5 bugs x 3 cells
    code, out, _ = run_cli(capsys, "hive", "perft", "2", "--divide")
    lines = out.splitlines()
    assert sorted(lines[:-1]) == sorted(f"{p}\t24" for p in ("wS1", "wB1", "wG1", "wA1"))
    assert lines[-1].startswith("perft(2) = 96 nodes")


@pytest.mark.parametrize("game, message", [
    ("Base;InProgress", "is not a GameString"),
    ("Base+X;NotStarted;White[1]", "is not a game type (one of Base, Base+M, "),
    ("Base;Running;White[1]", "is not a game state"),
    ("Base;InProgress;Black[1];wQ", "tournament rule"),
    ("Base;InProgress;Black[1];wS1 -bQ", "reference piece bQ is not in the hive"),
    ("Base;InProgress;White[1];wS1", "lead to Black[1]"),
])
def test_bad_game_strings_get_one_line(capsys, game, message):
    code, out, err = run_cli(capsys, "hive", "perft", "2", "--game", game)
    assert code == 2 and out == ""
    assert err.startswith("swarmtui: error: bad GameString:") and message in err
    assert len(err.strip().splitlines()) == 1


def test_negative_depth_is_refused(capsys):
    code, _, err = run_cli(capsys, "hive", "perft", "-1")
    assert code == 2 and err.startswith("swarmtui: error:")


def test_show_prints_the_position_and_moves(capsys):
    code, out, _ = run_cli(capsys, "hive", "show", "--ascii", "--moves", "--game",
                           "Base;InProgress;White[2];wS1;bS1 wS1-")
    assert code == 0
    assert "White to move (turn 2)" in out and "wS1" in out and "bS1" in out
    assert out.isascii()
    assert out.strip().splitlines()[-1].count(";") == 14


def test_sim_plays_hive_headless_by_default(capsys):
    code, out, _ = run_cli(capsys, "sim", "run", "hive", "-n", "2", "-w", "1", "--seed", "0")
    assert code == 0
    assert "random" in out and "2 games" in out
