"""The extension test for an agent (docs/architecture.md, "Adding an agent"): ``opportunist``,
one file (``tests/opportunist.py``), registered through the public path only.

With ``register(SPEC)`` (or the entry point) it plays every registered game, the test-only
Connect Four too, with legal moves and traces that read back (the conformance suite's own
check); the menu's About panel and ``sim run --help`` list it from its spec; ``sim`` runs it
with its parameters and refuses a bad one in one line; a saved result file replays it.
"""

from __future__ import annotations

import importlib.metadata
import io

import pytest
from cli_run import run_cli
from connect_four import SPEC as CONNECT_FOUR
from opportunist import SPEC, Opportunist, OpportunistParams
from test_conformance import agent_game

import swarmtui.agents as registry
from swarmtui.agents import agents_for, get_spec, register, unregister
from swarmtui.core.rng import seat_rng
from swarmtui.games import GAMES, register_game, unregister_game
from swarmtui.games.noughts.rules import Board as Noughts
from swarmtui.records.results import read_results


@pytest.fixture(autouse=True)
def opportunist():
    register(SPEC)
    register_game(CONNECT_FOUR)
    yield SPEC
    unregister(SPEC.id)
    unregister_game(CONNECT_FOUR.id)


@pytest.mark.parametrize("game_id", ["noughts", "halma", "hive", "connect-four"])
def test_it_plays_every_registered_game(game_id: str) -> None:
    assert SPEC in agents_for(game_id)
    agent_game(SPEC.id, GAMES[game_id])


def test_it_wins_at_once_when_it_can() -> None:
    board = Noughts.from_text("XX./OO./...")
    agent = Opportunist(seat_rng(1, "X"), OpportunistParams())
    decision = agent.decide(board)
    assert board.format_move(decision.move) == "c1" and decision.trace.kind == "search"
    blind = Opportunist(seat_rng(1, "X"), OpportunistParams(look=False))
    assert {board.format_move(blind.decide(board).move) for _ in range(20)} > {"c1"}  # at random


def test_the_menu_and_the_help_list_it_from_its_spec(capsys) -> None:
    from rich.console import Console

    from swarmtui.tui.screens.menu import agents_text

    for game in GAMES.values():
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(agents_text(game))
        about = console.export_text()
        assert "Opportunist" in about and "wins at once when it can" in about, game.id
    code, shown, _ = run_cli(capsys, "sim", "run", "--help")
    agents_lines = [line for line in shown.splitlines() if line.startswith("    ")]
    assert code == 0 and sum("opportunist" in line for line in agents_lines) == len(GAMES)


def test_sim_runs_it_with_its_parameters_and_refuses_a_bad_one(capsys, tmp_path) -> None:
    out = tmp_path / "run.jsonl"
    code, text, err = run_cli(capsys, "sim", "run", "noughts", "-p", "opportunist,random", "-n", "4", "-w", "1",
                              "--param", "X.look=false", "--out", out, "--traces")
    assert code == 0, err
    assert "opportunist (X) vs random (O)" in text
    results = read_results(out)
    assert len(results.games) == 4 and all(log.params.get("X") == {"look": "false"} for log in results.games)
    code, replayed, err = run_cli(capsys, "replay", out, "--final", "--ascii")
    assert code == 0 and "X" in replayed, err
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "-p", "opportunist,random", "-n", "1",
                           "--param", "X.look=maybe")
    assert code == 2 and err.count("\n") == 1 and "look must be true or false" in err


def test_an_installed_package_adds_it_through_the_entry_point_group(monkeypatch) -> None:
    """``[project.entry-points."swarmtui.agents"] opportunist = "opportunist:SPEC"``: the registry
    loads it when an agent it does not know is asked for, or the agents are listed."""
    unregister(SPEC.id)
    point = importlib.metadata.EntryPoint("opportunist", "opportunist:SPEC", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group: [point] if group == registry.ENTRY_POINT_GROUP else [])
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    assert get_spec("opportunist") is SPEC
