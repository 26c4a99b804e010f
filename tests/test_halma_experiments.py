"""Table V machinery: scenarios, restarts, the constructed memory, memory files, the presets."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cli_run import run_cli

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco.edges import edge_set
from swarmtui.agents.aco_bco.memory import (
    from_field,
    load_memory,
    save_memory,
    shipped_memory_path,
)
from swarmtui.core.hexgrid import Hex
from swarmtui.core.rng import make_rng
from swarmtui.core.saves import SaveError, write_json
from swarmtui.games.halma.geometry import rotate
from swarmtui.papers.kuehner_stock.table5 import (
    SCENARIOS,
    Setup,
    final_memory,
    play_game,
    run_constructed,
    run_independent,
    setup_for,
    stats,
)

SOLO = Setup("aco-bco", 1, (("memory", "none"),))




def test_scenarios_are_table_v():
    rows = [(s.id, s.players, s.games, s.memory, s.cooperate, s.paper.median) for s in SCENARIOS]
    assert rows == [
        (1, 1, 1000, "off", False, 133), (2, 1, 1000, "on", False, 113), (3, 1, 1000, "construct", False, 120),
        (4, 2, 500, "on", True, 102), (5, 2, 500, "on", False, 104), (6, 2, 500, "off", True, 114),
        (7, 2, 500, "off", False, 121.5),
    ]
    assert dict(setup_for(SCENARIOS[3]).overrides) == {"memory": "shipped", "cooperate": "true"}
    assert dict(setup_for(SCENARIOS[6]).overrides) == {"memory": "none", "cooperate": "false"}


def test_pool_and_single_process_play_the_same_games():
    one = run_independent(SOLO, 3, 5, workers=1)
    two = run_independent(SOLO, 3, 5, workers=2)
    assert [g.moves for g in one] == [g.moves for g in two] and [g.seed for g in one] == [g.seed for g in two]
    assert all(g.winner == "1" and g.moves == g.plies for g in one)  # one player: moves = plies


def test_capped_games_are_restarted_and_counted():
    capped = Setup("aco-bco", 1, (("memory", "none"),), cap=8, restarts=2)
    game, attempt = play_game(capped, 0, 0)
    assert game.moves is None and game.restarts == 2 and attempt.board.ply == 8
    summary = stats(run_independent(SOLO, 2, 0) + [game])
    assert summary.games == 3 and summary.finished == 2 and summary.restarts == 2


def test_two_player_moves_count_the_winners_moves():
    game, attempt = play_game(setup_for(SCENARIOS[6]), 1, 0)
    assert game.winner in ("1", "2")
    assert game.moves == attempt.moves[game.winner]
    assert game.plies == sum(attempt.moves.values()) and abs(attempt.moves["1"] - attempt.moves["2"]) <= 1


def test_constructed_memory_feeds_later_games_with_the_best_so_far():
    results, best = run_constructed(SOLO, 3, 2)
    moves = [g.moves for g in results]
    assert best is not None and best.moves == min(moves)
    first, attempt = play_game(SOLO, 2, 0)
    assert first.moves == moves[0]  # game 0 starts without memory
    second, _ = play_game(SOLO, 2, 1, final_memory(attempt, first.seed, "game 0"))
    assert second.moves == moves[1]  # game 1 starts from game 0's final pheromones


def test_memory_turns_with_the_goal_and_round_trips(tmp_path):
    edges = edge_set("lattice")
    tau = np.arange(edges.size, dtype=float)
    memory = from_field(tau, "lattice", 3, 70, seed=1, source="test")  # a player whose goal is south
    a, b = Hex(-4, 8), Hex(-3, 7)  # an edge into the south tip ...
    turned = (rotate(a, 3), rotate(b, 3))  # ... is the edge into the north tip in the file
    assert memory.tau[edges.edge_id[turned]] == tau[edges.edge_id[(a, b)]]
    assert np.array_equal(memory.oriented(3), tau)
    path = save_memory(memory, tmp_path / "m.json")
    loaded = load_memory(path)
    assert loaded.moves == 70 and np.array_equal(loaded.tau, memory.tau)
    payload = json.loads(path.read_text())
    payload["edges"][5][4] = -1.0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(payload))
    with pytest.raises(SaveError, match="not a usable Halma pheromone memory"):
        load_memory(bad)
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(SaveError, match="damaged"):
        load_memory(tmp_path / "junk.json")


def test_shipped_memory_is_read_only_and_loaded_by_default():
    path = shipped_memory_path()
    memory = load_memory(path)
    assert memory.edge_model == "lattice" and memory.moves <= 80 and (memory.tau >= 0).all()
    with pytest.raises(SaveError, match="shipped"):
        write_json(path, {"kind": "halma-pheromone"})
    agent = make_agent("aco-bco", "halma", "1", make_rng(0))
    assert agent.memory is not None and agent.memory.moves == memory.moves
    assert make_agent("aco-bco", "halma", "1", make_rng(0), [("b", "0")]).memory is None


def test_preset_prints_ours_beside_the_paper_and_a_histogram(capsys, tmp_path):
    out = tmp_path / "t.jsonl"
    code, text, err = run_cli(capsys, "sim", "preset", "halma", "table5-1", "-n", "2", "-w", "1",
                               "--out", str(out))
    assert code in (0, None)
    assert "Table V id 1" in text and "133" in text and "153.46" in text and "Figure 11" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sum(line.get("kind") == "game" for line in lines) == 2


def test_preset_rejects_unknown_parameters_in_one_line(capsys):
    code, _, err = run_cli(capsys, "sim", "preset", "halma", "table5-2", "-n", "1", "--param", "bogus=1")
    assert code == 2 and "bogus" in err and "Traceback" not in err


def test_constructed_preset_writes_its_own_memory(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    code, text, err = run_cli(capsys, "sim", "preset", "halma", "table5-3", "-n", "2")
    assert code in (0, None)
    written = list((tmp_path / "halma").glob("constructed-seed0*.json"))
    assert len(written) == 1 and load_memory(written[0]).moves > 0
