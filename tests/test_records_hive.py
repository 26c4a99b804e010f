"""Hive game records: PGN in and out, BoardSpace SGF in, checked against real games.

The real games (``tests/data/hive/records/``, README there) are five BoardSpace games with the
PGN Mzinga wrote for each (Mzinga's own test assets): every one must replay legally under our
rules, end as its record says, read the same moves from its SGF as from Mzinga's PGN, and be
written back as the very text Mzinga wrote. Then round trips of games swarmtui plays, of every
expansion game type; the lenient forms real files use; and damaged or illegal records, each one
sentence naming the move and the rule.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from screens import as_a

from swarmtui.core.bounded_json import Limits, SaveError
from swarmtui.core.state import IllegalMoveError
from swarmtui.games.hive.notation import state_string
from swarmtui.games.hive.pieces import GAME_TYPES, parse_piece
from swarmtui.games.hive.rules import PASS, Board
from swarmtui.records import pgn, recorded
from swarmtui.records.formats import read_games, write_games
from swarmtui.records.gamelog import GameLog
from swarmtui.records.hive_record import read_game_type
from swarmtui.records.pgn import format_pgn, parse_pgn, read_pgn
from swarmtui.records.recorded import UNDECIDED, replayed, to_log
from swarmtui.records.sgf import parse_sgf, read_sgf

DATA = Path(__file__).parent / "data" / "hive" / "records"
REAL = {  # file stem -> (moves in Mzinga's PGN, game type, the record's result, how the board ends it)
    "HV-Abbo69-WeakBot-2018-10-28-2007": (31, "Base+MLP", "WhiteWins", "Black's queen surrounded"),
    "HV-Dumbot-guest-2018-10-31-1402": (94, "Base", "Draw", UNDECIDED),
    "T!HV-Jewdoka-Quodlibet-2019-10-03-0001": (54, "Base+MLP", "BlackWins", "White's queen surrounded"),
    "U!HV-kearf29-Dumbot-2013-04-20-0054": (140, "Base+P", "BlackWins", "White's queen surrounded"),
    "U!HV-nevir-Bechster-2016-03-29-1905": (64, "Base+MLP", "BlackWins", "White's queen surrounded"),
}
WINNERS = {"WhiteWins": "White", "BlackWins": "Black", "Draw": None}


def hive_text(text: str, tmp_path: Path, name: str = "game.pgn") -> list[GameLog]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_games(path)


# -- real games ------------------------------------------------------------------------------
@pytest.mark.parametrize("stem", sorted(REAL))
def test_a_real_pgn_replays_legally_ends_as_recorded_and_is_written_back_unchanged(stem: str) -> None:
    plies, game_type, result, reason = REAL[stem]
    path = DATA / f"{stem}.pgn"
    [log] = read_pgn(path)
    board = as_a(replayed(log, stem), Board)  # every move again, through the rules
    assert len(log.moves) == plies and str(board.game_type) == game_type and log.tags["Result"] == result
    assert log.winner == WINNERS[result] and log.reason == reason
    if reason != UNDECIDED:
        assert state_string(board) == result  # the board itself decides it, as the record says
    else:
        assert board.outcome is None  # a draw agreed: the record says so, the board does not
    assert format_pgn(log, stem) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("stem", sorted(REAL))
def test_a_boardspace_sgf_reads_as_mzinga_reads_it(stem: str) -> None:
    [from_sgf] = read_sgf(DATA / f"{stem}.sgf")
    [from_pgn] = read_pgn(DATA / f"{stem}.pgn")
    mzinga = (DATA / f"{stem}.pgn").read_text(encoding="utf-8")
    assert from_sgf.winner == from_pgn.winner and from_sgf.rules == from_pgn.rules
    if stem == "HV-Dumbot-guest-2018-10-31-1402":
        # Mzinga's PGN ends with a pass the SGF does not hold: Black's forced pass after move 93.
        assert from_pgn.moves == [*from_sgf.moves, "pass"]
        assert replayed(from_sgf, stem).legal_moves() == [PASS]
        mzinga = mzinga.replace("94. pass\n", "")
    else:
        assert from_sgf.moves == from_pgn.moves
    assert format_pgn(from_sgf, stem) == mzinga  # tags, moves and result, byte for byte


def test_old_boardspace_files_name_tiles_without_colour_and_the_pillbug_moves_the_other_side() -> None:
    [log] = read_sgf(DATA / "U!HV-kearf29-Dumbot-2013-04-20-0054.sgf")
    assert log.moves[:3] == ["wG1", "bA1 \\wG1", "wB1 wG1\\"]  # 'dropb g1 N 13 .', 'move B A1 ...', 'dropb b1 ...'
    assert log.moves[49] == "wA2 bS2/"  # Black's turn: 'pmove W A2 K 14 bS2/', its pillbug moves White's ant
    [later] = read_sgf(DATA / "T!HV-Jewdoka-Quodlibet-2019-10-03-0001.sgf")
    assert later.moves[0] == "wL" and later.tags["GameType"] == "Base+MLP"  # 'wL1' and SU[Hive-PLM]
    assert "bB2 bL" in later.moves  # 'dropb bB2 O 14 .': onto the stack standing there


# -- round trips ------------------------------------------------------------------------------
def played(game_type: str, seed: int, plies: int = 160) -> GameLog:
    """A game of random legal moves (to its end or ``plies``), logged as swarmtui logs it."""
    rng = random.Random(seed)
    board = Board(game_type=game_type)
    moves: list[str] = []
    while board.outcome is None and len(moves) < plies:
        move = rng.choice(board.legal_moves())
        moves.append(board.format_move(move))
        board.play(move)
    rules = {"game_type": game_type} if game_type != "Base" else {}
    log = GameLog("hive", {"White": "random", "Black": "mcts"}, moves, seed, rules=rules, index=3)
    recorded.settle(log, board, None, "played")
    return log


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_swarmtui_games_of_every_game_type_go_through_pgn_and_back(game_type: str, tmp_path: Path) -> None:
    for seed in range(2):
        log = played(game_type, seed)
        text = format_pgn(log, "played")
        assert f'[GameType "{game_type}"]' in text and f'[Seed "{seed}"]' in text
        [back] = hive_text(text, tmp_path, f"{game_type}-{seed}.pgn")
        assert back.moves == log.moves and back.winner == log.winner and back.reason == log.reason
        assert back.players == log.players and back.seed == log.seed and back.rules == log.rules
        assert format_pgn(back, "again") == text


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".txt"])
def test_a_record_read_from_pgn_converts_to_every_format_and_back(suffix: str, tmp_path: Path) -> None:
    [log] = read_pgn(DATA / "HV-Abbo69-WeakBot-2018-10-28-2007.pgn")
    target = write_games([log], tmp_path / f"game{suffix}", ["game"])
    [back] = read_games(target)
    assert back.moves == log.moves or suffix == ".txt"  # a GameString keeps the moves as written too
    assert [replayed(back, "b").format_move(m) for m in replayed(back, "b").history] == \
        [replayed(log, "a").format_move(m) for m in replayed(log, "a").history]
    if suffix != ".txt":  # a GameString holds no names
        assert back.names == {"White": "Abbo69", "Black": "WeakBot"} and back.tags["Date"] == "2018.10.28"
        assert format_pgn(back, "back") == format_pgn(log, "log")


@pytest.mark.parametrize("name", ["save-hive-in-progress.json", "save-hive-table.json", "result-hive-traces.jsonl",
                                  "result-hive-preset.jsonl"])
def test_saves_and_result_files_swarmtui_wrote_become_pgn_with_the_same_games(name: str, tmp_path: Path) -> None:
    source = Path(__file__).parent / "data" / "records" / name  # written by swarmtui at 027531e
    logs = read_games(source)
    target = write_games(logs, tmp_path / "games.pgn", [f"game {i}" for i in range(len(logs))])
    back = read_games(target)
    assert [b.moves for b in back] == [log.moves for log in logs]
    assert [b.players for b in back] == [log.players for log in logs] and [b.seed for b in back] == [
        log.seed for log in logs]


def test_a_result_the_board_does_not_decide_survives_and_an_unfinished_game_has_none(tmp_path: Path) -> None:
    log = played("Base", 7, plies=12)
    log.winner, log.result, log.reason = "Black", "Black wins", "White resigned"
    text = format_pgn(log, "resigned")
    assert '[Result "BlackWins"]' in text and text.endswith("\nBlackWins\n")
    assert '[Termination "White resigned"]' in text
    [back] = hive_text(text, tmp_path)
    assert back.winner == "Black" and back.reason == UNDECIDED and back.moves == log.moves
    unfinished = played("Base", 7, plies=12)
    text = format_pgn(unfinished, "unfinished")
    assert '[Result "InProgress"]' in text and text.endswith(f"12. {unfinished.moves[-1]}\n")
    [back] = hive_text(text, tmp_path, "unfinished.pgn")
    assert back.winner is None and back.result == "unfinished"


def test_protocol_games_with_skipped_turns_and_other_games_are_not_written_as_pgn() -> None:
    log = played("Base", 1, plies=6)
    log.skips = [3]
    with pytest.raises(SaveError, match="immobile-opponent protocol"):
        format_pgn(log, "protocol")
    with pytest.raises(SaveError, match="Hive records hold Hive games only"):
        format_pgn(GameLog("noughts", {"X": "random", "O": "random"}, ["b2"], 1), "noughts")


def test_a_record_that_plays_on_past_a_threefold_repetition_is_read_under_the_printed_rules(tmp_path: Path) -> None:
    board = Board(game_type="Base", repetition=False)
    moves = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]
    for text in moves:
        board.play(board.parse_move(text))
    for _ in range(3):  # both queens step out and back: the position comes round again and again
        for pick in (0, 0, -1, -1):
            queen = "wQ" if board.to_move == "White" else "bQ"
            move = [m for m in board.legal_moves() if str(m[0]) == queen][pick]
            moves.append(board.format_move(move))
            board.play(move)
    text = "[GameType \"Base\"]\n\n" + "".join(f"{i}. {m}\n" for i, m in enumerate(moves, start=1))
    default = Board(game_type="Base")
    with pytest.raises(IllegalMoveError, match="threefold repetition"):
        default.play_all(moves)  # swarmtui's default rules end this game as a draw before its end
    drawn_at = default.ply
    [log] = hive_text(text, tmp_path)
    assert log.moves == moves and log.rules == {"repetition": "false"} and log.result == "unfinished"
    assert replayed(log, "again").ply == len(moves)
    cut = "[GameType \"Base\"]\n\n" + "".join(f"{i}. {m}\n" for i, m in enumerate(moves[:drawn_at], start=1))
    [drawn] = hive_text(cut, tmp_path, "drawn.pgn")  # ending at the third time: a draw by the default rules
    assert drawn.rules == {} and drawn.result == "draw" and drawn.reason == "threefold repetition"


# -- lenient forms ---------------------------------------------------------------------------
OPENING = ["wS1", "bG1 -wS1", "wQ wS1-", "bQ -bG1"]


@pytest.mark.parametrize("movetext", [
    "1. wS1\n2. bG1 -wS1\n3. wQ wS1-\n4. bQ -bG1\n",  # Mzinga
    "1. wS1 \n2. bG1 -wS1 \n3. wQ wS1- \n4. bQ -bG1 \n",  # hivegame.com: a space after every move
    "1. wS1 2. bG1 -wS1 3. wQ wS1- 4. bQ -bG1\n",  # several a line
    "1. wS1 bG1 -wS1\n2. wQ wS1- bQ -bG1\n",  # numbered per turn, as chess numbers moves
    "wS1\nbG1 -wS1\nwQ wS1-\nbQ -bG1\n",  # not numbered
    "1.wS1\n2...bG1   -wS1\n3. WQ WS1-\n4. bq -BG1\n",  # glued numbers, any case, any spacing
    "1. wS1 .\n2. bG1 -wS1 {a comment}\n{a comment\nover lines}\n3. wQ wS1- ; rest of line\n%escape\n4. bQ -bG1\n",
])
def test_moves_as_real_files_spell_them(movetext: str, tmp_path: Path) -> None:
    [log] = hive_text('[GameType "Base"]\n\n' + movetext, tmp_path)
    assert log.moves == OPENING


@pytest.mark.parametrize("game_type, expected", [
    ("Base+PLM", "Base+MLP"), ("base+mlp", "Base+MLP"), ("Base+LM", "Base+ML"), ("Base", "Base"), ("", "Base"),
])
def test_game_types_with_the_expansion_letters_in_any_order(game_type: str, expected: str) -> None:
    assert str(read_game_type(game_type or "Base")) == expected


@pytest.mark.parametrize("result, tag, winner", [
    ("WhiteWins", "", "White"), ("1-0", "", "White"), ("0-1", "", "Black"), ("1/2-1/2", "", None),
    ("*", "1-0", "White"), ("", "BlackWins", "Black"), ("", "Draw", None), ("", "Unkown", None),
])
def test_results_in_uhp_and_pgn_words_in_the_tag_or_after_the_moves(result: str, tag: str, winner: str | None,
                                                                    tmp_path: Path) -> None:
    text = f'[GameType "Base"]\n[Result "{tag}"]\n\n1. wS1\n2. bG1 -wS1\n\n{result}\n'
    [log] = hive_text(text, tmp_path)
    assert log.winner == winner
    assert log.result == ("unfinished" if tag in ("", "Unkown") and result in ("", "*") else
                          f"{winner} wins" if winner else "draw")


def test_lenient_pieces_climbs_mzinga_tags_and_several_games_in_one_file(tmp_path: Path) -> None:
    text = ('[GameType "Base+M"]\n[White Some One]\n\n1. wM1\n2. bS1 wM-\n3. wQ -wM1\n4. bQ bS1-\n5. wB1 /wQ\n'
            '6. bB1 bQ/\n7. wB1 wQ\n\n[GameType "Base"]\n\n1. wG1\n2. bG1 wG1-\n')
    first, second = hive_text(text, tmp_path)
    assert first.moves[:3] == ["wM", "bS1 wM-", "wQ -wM"] and first.moves[-1] == "wB1 wQ"
    assert first.tags["White"] == "Some One" and first.rules == {"game_type": "Base+M"}
    assert second.moves == ["wG1", "bG1 wG1-"] and second.index == 1
    board = as_a(replayed(first, "x"), Board)
    beetle = board.position(parse_piece("wB1"))
    assert beetle is not None and board.height(beetle) == 2  # the beetle climbed onto its queen


# -- damaged and illegal records -------------------------------------------------------------
@pytest.mark.parametrize("movetext, message", [
    ("1. wQ\n", "line 3: move 1 (wQ) is illegal: the Queen cannot be placed on a player's first turn"),
    ("1. wS1\n2. bS1 wS1-\n3. wS2 bS1-\n", "move 3 (wS2 bS1-) is illegal: wS2 cannot be placed there"),
    ("1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ bS1-\n5. wS1 \\bQ\n",
     "move 5 (wS1 \\bQ) is illegal: moving wS1 would split the hive (One Hive rule)"),
    ("1. wX1\n", "move 1 (wX1) cannot be read: 'wX1' is not a Hive piece"),
    ("1. wS1\n2. bS1 -bQ\n", "move 2 (bS1 -bQ) cannot be read: reference piece bQ is not in the hive"),
    ("1. wS1\n2. bM wS1-\n", "move 2 (bM wS1-) is illegal: bM is not in this game (Base: no Mosquito)"),
    ("1. wS1\n2. bS1\n", "move 2 (bS1) cannot be read: 'bS1' needs a reference piece"),
    ("1. wS1\n2. bS1 -wS1-\n", "move 2 (bS1 -wS1-) cannot be read: '-wS1-' is not a reference"),
    ("1. e4\n", "move 1 (e4) cannot be read: 'e4' is not a Hive piece"),
    ("1. wS1\n2. pass\n", "move 2 (pass) is illegal: passing is allowed only when no other move is legal"),
])
def test_an_illegal_or_unreadable_move_is_one_sentence_naming_it_and_the_rule(movetext: str, message: str,
                                                                              tmp_path: Path) -> None:
    with pytest.raises(SaveError) as error:
        hive_text('[GameType "Base"]\n\n' + movetext, tmp_path)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_move_after_the_end_and_a_result_the_board_contradicts_are_refused(tmp_path: Path) -> None:
    [won] = read_pgn(DATA / "HV-Abbo69-WeakBot-2018-10-28-2007.pgn")
    moves = "".join(f"{i}. {m}\n" for i, m in enumerate(won.moves, start=1))
    with pytest.raises(SaveError, match=r"move 32 \(bQ -wB1\) is illegal: the game is over \(Black's queen surr"):
        hive_text(f'[GameType "Base+MLP"]\n\n{moves}32. bQ -wB1\n', tmp_path)
    with pytest.raises(SaveError, match="the record says Black won, but its moves end the game after move 31: "
                                        r"White wins \(Black's queen surrounded\)"):
        hive_text(f'[GameType "Base+MLP"]\n[Result "BlackWins"]\n\n{moves}', tmp_path)
    with pytest.raises(SaveError, match="the result '0-1' after the moves contradicts the Result tag '1-0'"):
        hive_text('[Result "1-0"]\n\n1. wS1\n\n0-1\n', tmp_path)


@pytest.mark.parametrize("text, message", [
    ('[GameType "Base+X"]\n\n1. wS1\n', "tag GameType: 'Base+X' is not a Hive game type"),
    ('[GameType "Base"]\n\n1. wS1 {never closed\n', "line 3: a comment opened with { is never closed"),
    ('[GameType "Base"]\n\n1. wS1 (1. wG1)\n', "variations in parentheses are not read"),
    ('[GameType "Base"]\n\n1. wS1\nWhiteWins\n2. bS1 wS1-\n', "comes after the game's result"),
    ('[Seed "x"]\n\n1. wS1\n', "tag Seed 'x' is not a whole number"),
    ("[Broken\n\n1. wS1\n", "line 1: '[Broken' is not a tag pair"),
    ("\n\n", "holds no game"),
])
def test_damaged_pgn_is_one_sentence(text: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=re.escape(message)):
        hive_text(text, tmp_path)


def test_every_reader_is_bounded(monkeypatch, tmp_path: Path) -> None:
    tight = Limits(max_record_moves=3, max_record_line=40, max_record_bytes=400, max_record_games=2, max_tags=2)
    monkeypatch.setattr(pgn, "LIMITS", tight)
    monkeypatch.setattr(recorded, "LIMITS", tight)
    with pytest.raises(SaveError, match="a game of more than 3 moves"):
        hive_text("1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ bS1-\n", tmp_path)
    with pytest.raises(SaveError, match="line 1 is longer than 40 characters"):
        hive_text(f'[White "{"x" * 40}"]\n', tmp_path)
    with pytest.raises(SaveError, match="too large"):
        hive_text("1. wS1\n" * 60, tmp_path)
    with pytest.raises(SaveError, match="more than 2 games"):
        hive_text('[A "1"]\n1. wS1\n[A "2"]\n1. wS1\n[A "3"]\n1. wS1\n', tmp_path)
    with pytest.raises(SaveError, match="more than 2 tags"):
        hive_text('[A "1"]\n[B "2"]\n[C "3"]\n', tmp_path)


def test_files_that_are_not_records_are_refused_before_reading(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        read_games(fifo)
    (tmp_path / "dir.pgn").mkdir()
    with pytest.raises(SaveError, match="is a directory"):
        read_games(tmp_path / "dir.pgn")
    (tmp_path / "bin.pgn").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not a text file"):
        read_games(tmp_path / "bin.pgn")
    with pytest.raises(SaveError, match=r"\.exe is none of \.jsonl, \.json, \.pgn, \.txt"):
        write_games([read_pgn(DATA / "HV-Abbo69-WeakBot-2018-10-28-2007.pgn")[0]], tmp_path / "game.exe", ["g"])
    (tmp_path / "results").write_text("not json\n")
    with pytest.raises(SaveError, match="line 1 is not JSON"):  # any other name: a result file, as it always was
        read_games(tmp_path / "results")


# -- BoardSpace SGF --------------------------------------------------------------------------
SGF_HEAD = ' (;\nGM[27]VV[1]\nSU[hive]\nRE[Game won by A]\nP0[id "A"]\nP1[id "B"]\n; P0[0 Start P0]\n'


@pytest.mark.parametrize("text, message", [
    ("this is not sgf", "line 1: 'this is not sgf' is not SGF"),
    (" (;GM[1]SU[hive])", "GM[1] is not BoardSpace's Hive"),
    (" (;GM[27]SU[hive-ultimate])", "is not a Hive game type swarmtui plays"),
    (" (;GM[27]SU[twixt])", "is not a Hive game"),
    (SGF_HEAD + "; P0[1 move W wQ N 13 .]\n; P0[2 done]\n)",
     "line 8: move 1 (wQ) is illegal: the Queen cannot be placed on a player's first turn"),
    (SGF_HEAD + "; P0[1 move W wZ9 N 13 .]\n; P0[2 done]\n)", "line 8: 'wZ9' is not a Hive piece"),
    (SGF_HEAD + ")", "holds no Hive moves"),
])
def test_damaged_sgf_is_one_sentence(text: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=re.escape(message)):
        hive_text(text, tmp_path, "game.sgf")


def test_sgf_moves_are_committed_by_done_and_results_come_from_resignations(tmp_path: Path) -> None:
    text = (' (;\nGM[27]SU[hive]\nP0[id "A"]\nP1[id "B"]\n'
            "; P0[1 pick W 2 wG1]\n; P0[2 dropb wG1 N 13 .]\n; P0[3 dropb wG1 N 13 .]\n; P0[4 done]\n"
            "; P1[5 pick B 2 bG1]\n; P1[6 dropb bG1 M 13 -wG1]\n; P1[7 dropb bG1 O 13 wG1-]\n; P1[8 done]\n"
            "; P0[9 resign]\n)")
    [log] = hive_text(text, tmp_path, "game.sgf")
    assert log.moves == ["wG1", "bG1 wG1-"] and log.winner == "Black" and log.reason == "White resigned"
    record = parse_sgf(text, "x")
    assert record.tags == {"GameType": "Base", "White": "A", "Black": "B"}


# -- the fuzzer ------------------------------------------------------------------------------
def mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """``count`` damaged copies of ``text``: characters flipped, cut, doubled or spliced in."""
    alphabet = "wbQSBGAMLP123-/\\. []{};()\"\n\x1b\u202e0123456789"
    out = []
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(chars) + 1)
            action = rng.randrange(4)
            if action == 0 and chars:
                del chars[at:at + rng.randint(1, 12)]
            elif action == 1:
                chars[at:at] = rng.choice(alphabet) * rng.randint(1, 3)
            elif action == 2 and chars:
                chars[at:at] = chars[rng.randrange(len(chars)):][:rng.randint(1, 40)]
            elif chars:
                chars[min(at, len(chars) - 1)] = rng.choice(alphabet)
        out.append("".join(chars))
    return out


@pytest.mark.parametrize("stem, suffix", [("HV-Abbo69-WeakBot-2018-10-28-2007", ".pgn"),
                                          ("HV-Abbo69-WeakBot-2018-10-28-2007", ".sgf"),
                                          ("T!HV-Jewdoka-Quodlibet-2019-10-03-0001", ".sgf")])
def test_damaged_copies_of_real_records_read_or_fail_with_one_sentence(stem: str, suffix: str) -> None:
    original = (DATA / f"{stem}{suffix}").read_text(encoding="utf-8")
    rng = random.Random(f"{stem}{suffix}")
    parse = parse_pgn if suffix == ".pgn" else (lambda text, where: [parse_sgf(text, where)])
    from swarmtui.records.hive_record import read_move

    outcomes = {"read": 0, "refused": 0}
    for text in mutations(original, rng, 150):
        try:
            for i, game in enumerate(parse(text, "fuzz")):
                to_log(game, "fuzz", i, read_move)
            outcomes["read"] += 1
        except SaveError as error:
            assert "\n" not in str(error) and "\x1b" not in str(error)
            outcomes["refused"] += 1
    assert outcomes["refused"] > 0 and sum(outcomes.values()) == 150
