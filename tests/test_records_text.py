"""Plain-text game records: Halma and Noughts games export to a header and one move a line that
``replay`` reads back; Hive's ``.txt`` is UHP GameStrings. Round trips, the documented format,
and damaged files as one sentence each."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from screens import position_text

from swarmtui.core.bounded_json import SaveError
from swarmtui.games import GAMES
from swarmtui.records.formats import read_games, write_games
from swarmtui.records.gamelog import GameLog
from swarmtui.records.recorded import replayed, settle
from swarmtui.records.text_record import HEADER, format_text_record


def played(game: str, seed: int, players: int | None = None, plies: int = 400) -> GameLog:
    """A game of random legal moves, logged as ``swarmtui sim`` logs it."""
    rng = random.Random(seed)
    spec = GAMES[game]
    state = spec.start(players)
    moves: list[str] = []
    while state.outcome is None and len(moves) < plies:
        move = rng.choice(list(state.legal_moves()))
        moves.append(state.format_move(move))
        state.play(move)
    log = GameLog(game, dict.fromkeys(state.seats, "random"), moves, seed, index=0, saved="2026-11-24 18:02:11")
    settle(log, state, None, game)
    return log


@pytest.mark.parametrize("game, players", [("noughts", None), ("halma", 2), ("halma", 3)])
def test_halma_and_noughts_games_export_to_text_and_read_back(game: str, players: int | None, tmp_path: Path) -> None:
    for seed in range(3):
        log = played(game, seed, players, plies=60)
        path = write_games([log], tmp_path / f"{game}-{players}-{seed}.txt", [game])
        text = path.read_text(encoding="utf-8")
        header, _, body = text.partition("\n\n")
        assert header.splitlines()[:2] == [HEADER, f"game: {game}"] and f"seed: {seed}" in header
        assert body.splitlines() == log.moves  # one move a line, in the game's notation
        [back] = read_games(path)
        assert back.moves == log.moves and back.players == log.players and back.seed == seed
        assert back.winner == log.winner and back.result == log.result and back.reason == log.reason
        assert back.tags == {"Date": "2026-11-24 18:02:11"}


def test_the_documented_example_reads(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("# swarmtui game record\ngame: noughts\nplayer X: minimax\nplayer O: ga\nseed: 7\n"
                    "result: X wins (three in a row)\ndate: 2026-11-24 18:02:11\n\n1. a1\n2. b1\na2\nb2\na3\n",
                    encoding="utf-8")
    [log] = read_games(path)
    assert log.moves == ["a1", "b1", "a2", "b2", "a3"] and log.players == {"X": "minimax", "O": "ga"}
    assert log.winner == "X" and log.reason == "three in a row" and log.seed == 7


@pytest.mark.parametrize("text, message", [
    ("game: chess\n\ne4\n", "'game: chess' is not a game swarmtui plays"),
    ("game: noughts\nwinner: X\n\nb2\n", "the header keys are game, player SEAT, rules, seed, result and date"),
    ("game: noughts\n\nb2\nb2\n", "line 4: move 2 (b2) "),
    ("game: noughts\n\nz9\n", "line 3: move 1 (z9) cannot be read"),
    ("game: noughts\nresult: O wins\n\na1\nb1\na2\nb2\na3\n",
     "the record says O won, but its moves end the game after move 5: X wins (three in a row)"),
    ("game: noughts\nresult: X won\n\nb2\n", "'result: X won' is not 'SEAT wins', 'draw' or 'unfinished'"),
    ("game: noughts\nplayer X: random\nplayer Y: random\n\nb2\n", "the record's players sit at 'X', 'Y'"),
    ("game: noughts\nseed: -1\n\nb2\n", "'seed: -1' is not a whole number"),
    ("game: halma\nrules: nonsense=1\n\n", "'rules'"),
])
def test_a_damaged_text_record_is_one_sentence(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=re.escape(message)):
        read_games(path)


# -- Hive: UHP GameStrings ------------------------------------------------------------------------
def test_a_hive_game_exports_as_its_game_string_and_reads_back(tmp_path: Path) -> None:
    from test_records_hive import played as hive_played

    logs = [hive_played("Base+MLP", seed) for seed in range(3)]
    path = write_games(logs, tmp_path / "games.txt", ["a", "b", "c"])
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and all(line.startswith("Base+MLP;") for line in lines)
    for line, log in zip(lines, logs, strict=True):
        assert line.split(";")[3:] == log.moves
        assert line == position_text(replayed(log, "x"))
    back = read_games(path)
    assert [b.moves for b in back] == [log.moves for log in logs] and [b.winner for b in back] == [
        log.winner for log in logs]


def test_game_strings_as_hive_lib_writes_them_without_a_header_grow_their_game_type(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("wS1;bM -wS1;wQ wS1-;bQ -bM;\n", encoding="utf-8")
    [log] = read_games(path)
    assert log.rules == {"game_type": "Base+M"} and log.moves == ["wS1", "bM -wS1", "wQ wS1-", "bQ -bM"]


@pytest.mark.parametrize("line, message", [
    ("Base;InProgress;White[3];wS1;bS1 wS1-", "the GameString says White[3], but its 2 moves lead to White[2]"),
    ("Base;WhiteWins;White[2];wS1;bS1 wS1-", "the GameString says WhiteWins, but its moves lead to InProgress"),
    ("Base+X;NotStarted;White[1]", "'Base+X' is not a game type"),
    ("Base;InProgress;Black[1];wQ", "move 1 (wQ) is illegal: the Queen cannot be placed on a player's first turn"),
    ("Base;InProgress;White[2];wS1;;", "move 2 is empty"),
])
def test_a_damaged_game_string_is_one_sentence(line: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match=re.escape(message)):
        read_games(path)


def test_one_game_formats_take_one_game(tmp_path: Path) -> None:
    logs = [played("noughts", 1), played("noughts", 2)]
    with pytest.raises(SaveError, match=r"a \.txt file holds one game, and 2 were given"):
        write_games(logs, tmp_path / "two.txt", ["a", "b"])
    with pytest.raises(SaveError, match=r"a \.json file holds one game"):
        write_games(logs, tmp_path / "two.json", ["a", "b"])
    assert not (tmp_path / "two.txt").exists() and not (tmp_path / "two.json").exists()
    text = format_text_record(logs[0], "a")
    assert text.startswith(HEADER + "\ngame: noughts\nplayer X: random\nplayer O: random\nseed: 1\n")
