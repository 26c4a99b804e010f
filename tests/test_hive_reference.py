"""Hive rules against facts from established engines (Mzinga's perft table, nokamute's positions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmtui.games.hive.perft import perft
from swarmtui.games.hive.rules import PASS, Board

# Mzinga's published base-game perft counts from the start position:
# jonthysell/Mzinga, src/Mzinga.Test/TestCases/BoardTests/Board_Base_PerftTest.csv
# (commit 39594c6a64eead7e763113a6679121aea6af1b87), rows "Base;NotStarted;White[1]  depth  count".
MZINGA_BASE_PERFT = {0: 1, 1: 4, 2: 96, 3: 1440, 4: 21600, 5: 516240, 6: 12219480}

# Base-game positions from nokamute's data/uhp_tests.txt (edre/nokamute, commit 806ba76), kept in
# tests/data (its README gives the provenance; the file's header line names the columns).
TESTDATA = Path(__file__).resolve().parent / "data" / "hive" / "nokamute_uhp_tests_base.tsv"


def _cases() -> list[tuple[str, str, str, str]]:
    rows = []
    for line in TESTDATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, game, count, moves = line.split("\t")
        rows.append((name, game, count, moves))
    return rows


CASES = _cases()


def test_the_reference_file_is_all_there():
    assert len(CASES) == 14


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4, 5])
def test_perft_matches_mzinga(depth):
    assert perft(Board(), depth) == MZINGA_BASE_PERFT[depth]


@pytest.mark.parametrize("name,game,count,moves", [c for c in CASES if c[2]], ids=lambda v: str(v)[:30])
def test_valid_moves_match_nokamute(name, game, count, moves):
    board = Board.from_game_string(game)
    ours = board.legal_moves()
    assert len(ours) == len(set(ours)) == int(count)
    theirs = {board.parse_move(text) for text in moves.split(";")}
    assert set(ours) == theirs


@pytest.mark.parametrize("name,game,count,moves", [c for c in CASES if not c[2]], ids=lambda v: str(v)[:30])
def test_finished_games_match_nokamute(name, game, count, moves):
    # "Draw by threefold repetition": nokamute's rule and ours by default (repetition=True).
    repetition = "repetition" in name
    board = Board.from_game_string(game)
    state = game.split(";")[1]
    expected_winner = {"WhiteWins": "White", "BlackWins": "Black", "Draw": None}[state]
    assert board.outcome is not None and board.outcome.winner == expected_winner
    assert board.legal_moves() == []
    if repetition:  # the printed rules play on
        with pytest.raises(ValueError, match="InProgress"):
            Board.from_game_string(game, repetition=False)


def test_pass_is_the_only_move_when_nothing_else_is_legal():
    pass_case = next(c for c in CASES if c[0] == "Pass")
    board = Board.from_game_string(pass_case[1])
    assert board.legal_moves() == [PASS]
    board.play(PASS)
    assert board.ply == pass_case[1].count(";") - 2 + 1
