"""Any UHP engine the owner declared as a player: a second ``swarmtui uhp`` process plays a seat
in ``sim``, and a scripted engine that crashes, hangs, plays an illegal move or greets badly
loses with a clear reason, never hangs the game, and leaves no process behind."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest
from fake_engines import SWARMTUI_UHP, fake, gone, noted_pids, owner_engines
from waiting import poll_until

from swarmtui.agents import make_agent
from swarmtui.agents.external_uhp.agent import UhpAgent
from swarmtui.core.agent import AgentForfeit
from swarmtui.core.params import ParamError
from swarmtui.core.rng import seat_rng
from swarmtui.games import get_game
from swarmtui.games.hive.rules import Board
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat, assign_params, parse_players, split_players


def test_a_second_swarmtui_plays_a_seat_and_stops_with_its_game():
    seats = [Seat("White", "pso-plus"), Seat("Black", "uhp", (("engine", "second"),))]
    with owner_engines(second=SWARMTUI_UHP + " --agent random"):
        record = play_match("hive", seats, 0, 0, max_plies=40)
    assert record.plies == 40 or record.winner is not None
    assert "forfeits" not in record.reason
    assert record.engines == {"Black": {"name": "second", "id": record.engines["Black"]["id"]}}
    assert record.engines["Black"]["id"].startswith("swarmtui")  # its UHP id line, never a command line
    assert "command" not in json.dumps(record.to_json()) and sys.executable not in json.dumps(record.to_json())
    board = Board()
    for move in record.moves:  # every move the engine made is legal here
        board.play(board.parse_move(move))


@pytest.mark.parametrize(("mode", "reason"), [
    ("crash", "crashed before answering 'bestmove time 00:00:01' (exit code 3)"),
    ("hang", "did not answer 'bestmove time 00:00:01' within 1.5 s (hung; killed)"),
    ("illegal", "played an illegal move 'wQ': the Queen cannot be placed on a player's first turn"),
    ("garbage", "greeting is not UHP's 'id ...' line"),
    ("base", "does not play Base+MLP (it does not declare Mosquito, Ladybug, Pillbug)"),
])
def test_a_faulty_engine_loses_with_the_reason_and_leaves_no_process(mode, reason, tmp_path):
    with owner_engines(faulty=fake(mode, tmp_path)):
        agent = make_agent("uhp", "hive", "White", seat_rng(0, "White"), [("engine", "faulty"), ("grace", "0.5")])
    assert isinstance(agent, UhpAgent)
    start = time.monotonic()
    with pytest.raises(AgentForfeit, match=re.escape(reason)):
        agent.decide(Board(game_type="Base+MLP"))
    assert time.monotonic() - start < 15
    agent.close()
    assert agent.engine is not None and gone(agent.engine.process.pid)
    pids = noted_pids(tmp_path)
    assert "engine" in pids.values() and ("child" in pids.values()) == (mode == "hang")
    for pid in pids:  # the engine, and in ``hang`` its own child, went with it
        poll_until(lambda pid=pid: gone(pid))


def test_sim_records_the_forfeit_as_a_loss_with_its_reason():
    seats = [Seat("White", "uhp", (("engine", "crashing"),)), Seat("Black", "random")]
    with owner_engines(crashing=fake("crash")):
        record = play_match("hive", seats, 0, 0)
    assert record.winner == "Black" and record.result == "Black wins"
    assert record.reason.startswith("White forfeits: the engine crashed before answering")
    assert record.plies == 0


def test_an_engine_that_cannot_start_forfeits():
    with owner_engines(missing="/no/such/engine --x"):
        agent = make_agent("uhp", "hive", "White", seat_rng(0, "White"), [("engine", "missing")])
    with pytest.raises(AgentForfeit, match="engine missing could not be started: its program is not an executable"):
        agent.decide(Board())


def test_players_with_a_uhp_seat_are_read_from_the_command_line():
    game = get_game("hive")
    text = "pso-plus,uhp:mzinga"
    assert split_players(text) == ["pso-plus", "uhp:mzinga"]
    players = parse_players(game, text)
    seats = assign_params(game, players, ["uhp.time=2", "Black.grace=3"])
    assert seats[1] == Seat("Black", "uhp", (("engine", "mzinga"), ("time", "2"), ("grace", "3")))
    assert parse_players(game, ",".join(players)) == players  # joins back for --resume
    for bad in ("random,uhp:", 'random,uhp:"unclosed', 'random,uhp:""', 'random,uhp:"/opt/engine --a,b"',
                "random,uhp:/opt/engine", "random,uhp:engine --x"):
        with pytest.raises(ParamError):
            parse_players(game, bad)
    with pytest.raises(ParamError, match="chosen by its name"):
        make_agent("uhp", "hive", "White", seat_rng(0, "White"))


def test_sim_run_with_an_external_engine_seat(tmp_path):
    import subprocess

    out = tmp_path / "run.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "swarmtui", "sim", "run", "hive", "--players", "uhp:liar,random",
         "--engine", f"liar={fake('illegal')}", "--games", "1", "--workers", "1", "--out", str(out)],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    text = out.read_text()
    games = [json.loads(line) for line in text.splitlines() if '"reason"' in line]
    assert games and games[0]["reason"].startswith("White forfeits: the engine played an illegal move 'wQ'")
    assert "fake_uhp_engine" not in text and sys.executable not in text  # the engine's name and id, never its command
    assert games[0]["params"] == {"White": {"engine": "liar"}}
    assert games[0]["engines"] == {"White": {"name": "liar", "id": "fake 1.0"}}
    assert games[0]["winner"] == "Black"


async def test_the_tui_game_ends_when_an_external_engine_crashes(tui_app):
    from waiting import settle

    from swarmtui.tui.match import Match, MatchConfig
    from swarmtui.tui.screens.game import GameScreen

    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        with owner_engines(crashing=fake("crash")):
            match = Match(MatchConfig("hive", ("uhp", "random"), seed=1, params=((("engine", "crashing"),), ())))
        await pilot.pause()
        app.push_screen(GameScreen(match, speed="instant"))
        await settle(app, pilot, lambda: match.is_over)
        assert match.result_text().startswith("Black wins: White forfeits (the engine crashed")
        engine = match.agents["White"].engine
        assert engine is not None and gone(engine.process.pid)
        assert "White forfeits" in str(app.screen.query_one("#status").render())


def test_an_engine_nobody_closes_stops_when_its_player_is_dropped():
    import gc

    with owner_engines(second=SWARMTUI_UHP + " --agent random"):
        agent = make_agent("uhp", "hive", "White", seat_rng(0, "White"), [("engine", "second")])
    agent.decide(Board())
    pid = agent.engine.process.pid
    del agent
    gc.collect()
    poll_until(lambda: gone(pid))
