"""``swarmtui replay FILE``: any game's records, move by move, and one-line errors for damage."""

from __future__ import annotations

import json

import pytest
from cli_run import run_cli

from swarmtui.games.hive.rules import Board
from swarmtui.papers.mcguile.protocol import Player, Protocol, play_protocol_game
from swarmtui.records.results import RESULT_FORMAT, RecordWriter
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat

HEADER = json.dumps({"kind": "run", "format": RESULT_FORMAT}) + "\n"




def _write(path, records) -> None:
    with RecordWriter(path, header={"game": "test"}) as writer:
        for record in records:
            writer.write(record if isinstance(record, dict) else record.to_json())


def test_replays_a_noughts_result_file(tmp_path, capsys):
    record = play_match("noughts", [Seat("X", "minimax"), Seat("O", "random")], 4, 0)
    path = tmp_path / "noughts.jsonl"
    _write(path, [record])
    code, out, err = run_cli(capsys, "replay", str(path), "--ascii")
    assert code == 0, err
    assert out.count("\nply ") == len(record.moves)
    assert f"ply 1: X plays {record.moves[0]}" in out
    winner = record.winner
    assert (f"{winner} wins" in out.splitlines()[-1]) if winner else ("draw" in out or "board full" in out)


def test_a_game_that_ended_off_the_board_ends_with_its_result(tmp_path, capsys, monkeypatch):
    """A resignation (here before any move) is not an end the board knows: the last line says
    the recorded result, not 'game not finished'."""
    from swarmtui.tui.match import Match, MatchConfig
    from swarmtui.tui.saved_game import new_save_path, write_game

    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    match = Match(MatchConfig("noughts", ("human", "random"), seed=5))
    match.resign("X")
    path = write_game(match.to_saved(), new_save_path(match.to_saved()))
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 0, err
    assert "0 moves; O wins (X resigns)" in out and out.rstrip().endswith("end: O wins (X resigns)")


def test_replays_hive_protocol_games_with_traces_and_skipped_turns(tmp_path, capsys):
    swarm = play_protocol_game((Player("pso"), Player("random")), Protocol(traces=True), 2, 0)
    immobile = play_protocol_game((Player("pso"), Player("random", label="Immobile")),
                                  Protocol(immobile_opponent=True, ai_moves=5), 2, 1)
    path = tmp_path / "hive.jsonl"
    _write(path, [swarm, immobile])
    code, out, err = run_cli(capsys, "replay", str(path), "--from", str(swarm.ai_start + 1))
    assert code == 0, err
    assert "swarm plays" in out and "wQ" in out  # trace summaries and the Unicode board
    final = Board.from_game_string(swarm.game_string)
    assert out.count("\nply ") == len(swarm.moves) - swarm.ai_start == final.ply - swarm.ai_start
    code, out, err = run_cli(capsys, "replay", str(path), "--game", "2", "--final", "--ascii")
    assert code == 0, err
    assert out.count("\nply ") == 0 and ("game not finished" in out or "wins" in out)


def test_damaged_files_give_one_line_errors(tmp_path, capsys):
    missing = tmp_path / "missing.jsonl"
    code, _, err = run_cli(capsys, "replay", str(missing))
    assert code == 2 and err.startswith("swarmtui: error:") and "does not exist" in err
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text(HEADER + '{"kind": "game", "moves": [\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(garbage))
    assert code == 2 and "line 2 is not JSON" in err and len(err.strip().splitlines()) == 1
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"moves": []}\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(foreign))
    assert code == 2 and "not a swarmtui result file" in err
    empty = tmp_path / "empty.jsonl"
    empty.write_text(HEADER, encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(empty))
    assert code == 2 and "no game records" in err
    bad_move = tmp_path / "bad.jsonl"
    line = json.dumps({"kind": "game", "game": "noughts", "moves": ["b2", "b2"]})
    bad_move.write_text(HEADER + line + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(bad_move))
    assert code == 2 and "move 2 ('b2') cannot be played" in err
    code, _, err = run_cli(capsys, "replay", str(bad_move), "--game", "3")
    assert code == 2 and "holds 1 game" in err
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(HEADER + json.dumps({"kind": "game", "game": "chess", "moves": []}) + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(unknown))
    assert code == 2 and "unknown game 'chess'" in err


@pytest.mark.parametrize(("game", "players", "said"), [
    ("noughts", "minimax,ga", [r"minimax plays [abc][123] \(value [+-]\d", r"genome plays [abc][123]: gene \d+"]),
    ("halma", "aco-bco", [r"bees recruit [a-q]\d+ along [a-q]\d+(→[a-q]\d+)+: \d+ of \d+ advertise",
                          r"ants: \d+ plan \(\d+ explore"]),
    ("hive", "pso,mcts", [r"swarm plays [wb]", r"mcts[^;]* plays b\w+"]),
])
def test_every_agents_trace_line_says_what_was_played_and_why(tmp_path, capsys, game, players, said):
    import re

    out_file = tmp_path / f"{game}.jsonl"
    extra = ["--param", "mcts.iterations=20"] if "mcts" in players else []
    code, _, _ = run_cli(capsys, "sim", "run", game, "-p", players, "-n", "1", "--seed", "2", "--traces",
                          "-o", str(out_file), *extra)
    assert code == 0
    code, out, _ = run_cli(capsys, "replay", str(out_file))
    assert code == 0
    flat = " ".join(out.split())
    for pattern in said:
        assert re.search(pattern, flat), pattern
