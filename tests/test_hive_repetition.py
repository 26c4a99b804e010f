"""Threefold repetition, Hive's rule option on by default (issue 30): the UHP engine, sim's rule
variants, records and their replays, and the thesis' protocol, which plays the printed rules."""

from __future__ import annotations

import pytest

from swarmtui.core.bounded_json import SaveError
from swarmtui.games.hive.rules import Board
from swarmtui.papers.mcguile.protocol import THESIS_RULES, Player, Protocol, play_protocol_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.replay import Recording
from swarmtui.uhp import UhpEngine

OPENING = ["wS1", "bB1 wS1-", "wQ \\wS1", "bQ bB1\\"]
SHUFFLE = ["wQ -wS1", "bQ bB1-", "wQ \\wS1", "bQ bB1\\"]  # the queens step out and back
REPEATED = OPENING + SHUFFLE * 2  # the opening's position a third time
LONGER = REPEATED + ["wS2 /wS1"]  # a game that went on: played under the printed rules


def test_the_uhp_engine_reports_the_draw_and_refuses_further_moves():
    engine = UhpEngine()
    engine.handle("newgame Base")
    for move in REPEATED[:-1]:
        assert engine.handle(f"play {move}")[0].split(";")[1] == "InProgress"
    reply = engine.handle(f"play {REPEATED[-1]}")[0]
    assert reply.startswith("Base;Draw;White[7];wS1;")
    over = "err The game is over (threefold repetition). Try 'newgame' to start a new game."
    assert engine.handle("validmoves")[0] == engine.handle("play wS2 /wS1")[0] == engine.handle("bestmove")[0] == over
    assert engine.handle("undo")[0].split(";")[1] == "InProgress"


def test_a_game_string_with_a_third_repetition_reads_as_a_draw_and_its_printed_rules_game_too():
    text = Board.from_game_string("Base;NotStarted;White[1]")
    text.play_all(REPEATED)
    assert text.game_string().split(";")[1] == "Draw"
    printed = Board(repetition=False)
    printed.play_all(LONGER)
    assert Board.from_game_string(printed.game_string(), repetition=False).ply == len(LONGER)
    with pytest.raises(ValueError, match="threefold repetition"):
        Board.from_game_string(printed.game_string())


def _log(moves: list[str], rules: dict[str, str] | None = None) -> GameLog:
    return GameLog(game="hive", players={"White": "human", "Black": "human"}, moves=moves, rules=rules or {})


def test_a_log_from_before_the_default_replays_under_the_printed_rules():
    # A log that names no repetition rule and goes on past a third repetition was written
    # before the rule became the default: it replays as it was played.
    old = Recording.from_log(_log(LONGER), "an old result file")
    assert len(old.positions) == len(LONGER) + 1 and old.positions[-1].outcome is None
    new = Recording.from_log(_log(REPEATED), "a new result file")
    assert new.positions[-1].outcome is not None and new.result == "threefold repetition"
    with pytest.raises(SaveError, match=r"move 13 .*\(threefold repetition\)"):
        Recording.from_log(_log(LONGER, {"repetition": "true"}), "a file under the rule")
    printed = Recording.from_log(_log(LONGER, {"repetition": "false"}), "a file under the printed rules")
    assert printed.positions[-1].ply == len(LONGER)
    with pytest.raises(SaveError, match="move 2"):  # a damaged log still says where, under either rules
        Recording.from_log(_log(["wS1", "wS2 wS1-"]), "a damaged file")


def test_sim_takes_the_rule_as_a_variant():
    from swarmtui.games import get_game
    from swarmtui.sim.seats import split_rules

    players, rules = split_rules(get_game("hive"), ["random", "random"], ["repetition=false"])
    assert players == [] and rules == (("repetition", "false"),)
    players, rules = split_rules(get_game("hive"), ["random", "random"], ["rules.repetition=no"])
    assert rules == (("repetition", "no"),)


def test_the_thesis_protocol_plays_and_records_the_printed_rules():
    record = play_protocol_game((Player("random"), Player("random")), Protocol(random_moves=2, ai_moves=2), 3, 0)
    assert record.rules == THESIS_RULES == {"repetition": "false"}
    assert record.to_json()["rules"] == {"repetition": "false"}
