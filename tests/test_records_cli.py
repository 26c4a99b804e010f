"""``swarmtui hive convert`` and ``swarmtui replay`` on game records, as a person runs them:
every format by its extension, exit codes, one line for a damaged file, nothing overwritten."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_run import run_cli

DATA = Path(__file__).parent / "data" / "hive" / "records"
ABBO = DATA / "HV-Abbo69-WeakBot-2018-10-28-2007"




def test_convert_goes_round_every_format_and_back_to_the_same_pgn(capsys, tmp_path: Path) -> None:
    chain = [ABBO.with_suffix(".sgf"), tmp_path / "a.pgn", tmp_path / "a.jsonl", tmp_path / "a.json",
             tmp_path / "b.pgn"]
    for source, target in zip(chain, chain[1:], strict=False):
        code, out, err = run_cli(capsys, "hive", "convert", source, target)
        assert (code, err) == (0, "") and out == f"wrote {target}\n"
    assert (tmp_path / "b.pgn").read_text() == ABBO.with_suffix(".pgn").read_text()
    code, out, _ = run_cli(capsys, "hive", "convert", tmp_path / "b.pgn", tmp_path / "a.txt")
    assert code == 0 and (tmp_path / "a.txt").read_text().startswith("Base+MLP;WhiteWins;Black[16];wS1;bL /wS1;")


def test_convert_never_replaces_a_file_and_refuses_what_it_cannot_do_with_exit_2(capsys, tmp_path: Path) -> None:
    target = tmp_path / "kept.pgn"
    target.write_text("mine\n")
    code, out, err = run_cli(capsys, "hive", "convert", ABBO.with_suffix(".pgn"), target)
    assert code == 2 and out == "" and err == f"swarmtui: error: {target} already exists and is not overwritten\n"
    assert target.read_text() == "mine\n"
    code, _, err = run_cli(capsys, "hive", "convert", ABBO.with_suffix(".pgn"), tmp_path / "out.sgf")
    assert code == 2 and ".sgf is none of .jsonl, .json, .pgn, .txt" in err
    code, _, err = run_cli(capsys, "hive", "convert", ABBO.with_suffix(".pgn"), tmp_path / "out.pgn", "--game", "2")
    assert code == 2 and "holds 1 game(s); --game 2 does not exist" in err


def test_a_damaged_record_is_one_line_naming_the_move_and_nothing_is_written(capsys, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.pgn"
    damaged.write_text(ABBO.with_suffix(".pgn").read_text().replace("11. wA1 /bQ", "11. wA1 \\wS1"))
    code, out, err = run_cli(capsys, "hive", "convert", damaged, tmp_path / "out.jsonl")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert err == (f"swarmtui: error: {damaged} line 23: move 11 (wA1 \\wS1) is illegal: wA1 cannot move there "
                   "(its way of moving, Freedom to Move or One Hive forbids it)\n")
    assert not (tmp_path / "out.jsonl").exists()
    code, _, err = run_cli(capsys, "replay", damaged)
    assert code == 2 and "move 11 (wA1 \\wS1) is illegal" in err


def test_other_games_are_exported_by_replay_not_converted_as_hive(capsys, tmp_path: Path) -> None:
    record = tmp_path / "noughts.txt"
    record.write_text("game: noughts\nplayer X: minimax\nplayer O: random\n\na1\nb1\na2\nb2\na3\n")
    code, _, err = run_cli(capsys, "hive", "convert", record, tmp_path / "out.pgn")
    assert code == 2 and "is noughts, not Hive" in err and "--export OUT.txt" in err
    code, out, _ = run_cli(capsys, "replay", record, "--export", tmp_path / "out.jsonl")
    assert code == 0 and out == f"wrote {tmp_path / 'out.jsonl'}\n"
    code, out, _ = run_cli(capsys, "replay", tmp_path / "out.jsonl", "--export", tmp_path / "back.txt")
    assert code == 0 and (tmp_path / "back.txt").read_text().endswith("result: X wins (three in a row)\n\n"
                                                                      "a1\nb1\na2\nb2\na3\n")


@pytest.mark.parametrize("suffix", [".pgn", ".sgf"])
def test_replay_opens_pgn_and_sgf_and_shows_the_players_names(capsys, suffix: str) -> None:
    code, out, err = run_cli(capsys, "replay", ABBO.with_suffix(suffix), "--final", "--ascii")
    assert code == 0 and err == ""
    assert "hive, White Abbo69, Black WeakBot; 31 moves; White wins (Black's queen surrounded)" in out
    assert out.rstrip().endswith("end: Black's queen surrounded, White wins")


def test_names_from_a_record_are_shown_as_text_not_markup_or_escapes(capsys, tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.pgn"
    shutil.copy(ABBO.with_suffix(".pgn"), hostile)
    hostile.write_text(hostile.read_text().replace('[White "Abbo69"]', '[White "[bold red]x[/] \x1b[2J"]'))
    code, out, _ = run_cli(capsys, "replay", hostile, "--final", "--ascii")
    assert code == 0 and "White [bold red]x[/] [2J, Black WeakBot" in out and "\x1b" not in out
