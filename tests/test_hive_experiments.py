"""The thesis protocol (McGuile 4.3), the tallies, the presets and their CLI."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from swarmtui.cli import main
from swarmtui.games.hive.rules import Board
from swarmtui.papers import load_presets
from swarmtui.papers.mcguile.pairings import Pairing, run_pairing, run_pairings, tally
from swarmtui.papers.mcguile.protocol import HiveGameRecord, Player, Protocol, play_protocol_game, player_one_seat
from swarmtui.sim.presets import presets_for

SWARM_VS_RANDOM = (Player("pso"), Player("random"))


def test_protocol_phases():
    for index in range(4):
        record = play_protocol_game(SWARM_VS_RANDOM, Protocol(), 11, index)
        board = Board.from_game_string(record.game_string)
        placements = [m for m in board.history[:22] if m.origin is None]
        if record.excluded:
            continue
        assert len(placements) == 22 and record.ai_start == 22 + 40
        assert not board.in_hand("w") and not board.in_hand("b")
        assert all(m.origin is not None or m.piece is None for m in board.history[22:])
        assert max(record.ai_moves.values()) <= 40 and board.ply - record.ai_start == sum(record.ai_moves.values())
        if record.winner is None:
            assert record.ai_moves == {"White": 40, "Black": 40}
        assert record.players[player_one_seat(index)] == "pso"


def test_excluded_games_are_those_decided_before_the_ai_phase():
    records = [play_protocol_game(SWARM_VS_RANDOM, Protocol(ai_moves=0), 0, i) for i in range(16, 28)]
    excluded = [r for r in records if r.excluded]
    assert 1 <= len(excluded) <= 6  # about one game in ten ends during the random phases
    assert all(r.winner is None and r.ai_start == len(r.moves) == 22 + 40 for r in records if not r.excluded)
    for r in excluded:
        assert r.ai_moves == {"White": 0, "Black": 0} and r.ai_start == len(r.moves)
        assert r.winner is not None or "both" in r.reason
    result = tally(records)
    assert result.excluded == len(excluded) and result.played == len(records) - len(excluded)


def test_immobile_opponent_never_moves_in_the_ai_phase():
    players, protocol = (Player("pso"), Player("random", label="Immobile")), Protocol(immobile_opponent=True)
    # the first game of seed 4 that reaches the AI phase (which one depends on the engine's move order)
    index, record = next((i, r) for i in range(1, 9)
                         if not (r := play_protocol_game(players, protocol, 4, i)).excluded)
    swarm = player_one_seat(index)
    assert record.ai_moves[swarm] >= 1 and all(v == 0 for s, v in record.ai_moves.items() if s != swarm)
    plies = record.ai_start + sum(record.ai_moves.values()) + len(record.skips)
    assert len(record.moves) == plies and all(record.moves[p] == "pass" for p in record.skips)
    assert all(b - a == 2 for a, b in pairwise(record.skips))


def test_same_records_whatever_the_worker_count():
    pairing = Pairing("t", SWARM_VS_RANDOM, Protocol(ai_moves=8), 4)
    one = [r.moves for r in run_pairing(pairing, 9, 1)]
    two = [r.moves for r in run_pairing(pairing, 9, 2)]
    assert one == two
    other = Pairing("u", (Player("random"), Player("pso")), Protocol(ai_moves=8), 2)
    order = [(k, r.index) for k, r in run_pairings([pairing, other], 9, 2)]
    assert order == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (0, 3)]


def _record(index: int, winner: str | None, decided: str = "ai", moves: dict | None = None) -> HiveGameRecord:
    return HiveGameRecord(index=index, seed=0, players={}, labels={}, game_string="", moves=[], ai_start=0, skips=[],
                          decided=decided, winner=winner, winner_label=None, reason="", seconds=0.0,
                          ai_moves=moves or {"White": 10, "Black": 10},
                          intentions={player_one_seat(index): {"velocity": 3, "direct-to-goal": 1}})


def test_tally_counts_from_player_one_whatever_its_colour():
    records = [
        _record(0, "White", moves={"White": 12, "Black": 11}),  # P1 White wins in 12
        _record(1, "Black", moves={"White": 7, "Black": 8}),  # P1 Black wins in 8
        _record(2, "Black"),  # P1 White loses
        _record(3, None),  # draw
        _record(4, "White", decided="excluded"),
    ]
    t = tally(records)
    assert (t.games, t.excluded, t.wins, t.losses, t.draws) == (5, 1, 2, 1, 1)
    assert t.moves_to_win == 10.0 and t.share("velocity") == 0.75


def test_presets_are_registered_and_run_from_the_cli(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    load_presets("hive")
    names = [p.name for p in presets_for("hive")]
    assert names[:4] == ["table-4.1", "table-4.2", "table-4.3", "pso-plus"]
    out = tmp_path / "t42.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "preset", "hive", "table-4.2", "--games", "2", "--workers", "1", "--out", str(out),
              "--param", "pso.radius=3"])
    captured = capsys.readouterr()
    assert exit_info.value.code == 0, captured.err
    assert "velocity-or-dtg" in captured.out and "184 (61%)" in captured.out  # the thesis' column
    games = [json.loads(line) for line in out.read_text().splitlines() if '"kind":"game"' in line]
    assert len(games) == 12 and all(g["params"] for g in games)
    assert all(dict(g["params"][player_one_seat(g["index"])])["radius"] == "3" for g in games)
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "preset", "hive", "table-4.2", "--games", "1", "--param", "telepathy=1"])
    assert exit_info.value.code == 2 and "telepathy" in capsys.readouterr().err
