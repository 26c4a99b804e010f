"""The UHP engine: the real ``swarmtui uhp`` command driven through a pipe, and the engine itself."""

from __future__ import annotations

import subprocess
import sys

import pytest

from swarmtui import __version__
from swarmtui.agents import _REGISTRY, agent_specs, register
from swarmtui.core.agent import AgentSpec
from swarmtui.games import GAMES
from swarmtui.games.hive.rules import Board
from swarmtui.uhp import UhpEngine

SESSION = [
    ("info", [f"id swarmtui v{__version__}", "Mosquito;Ladybug;Pillbug"]),
    ("validmoves", ["err No game in progress. Try 'newgame' to start a new game."]),
    ("newgame", ["Base;NotStarted;White[1]"]),
    ("validmoves", ["wS1;wB1;wG1;wA1"]),
    ("play wQ", ["invalidmove the Queen cannot be placed on a player's first turn (tournament rule)"]),
    ("play wS1", ["Base;InProgress;Black[1];wS1"]),
    ("play bG1 -wS1", ["Base;InProgress;White[2];wS1;bG1 -wS1"]),
    ("play wG1 bG1/", ["invalidmove wG1 cannot be placed there: a new piece must touch its own colour only"]),
    ("play wX9 wS1-", ["invalidmove 'wX9' is not a Hive piece: colour w/b, bug Q/S/B/G/A/M/L/P, then the number "
                       "of a bug that has several (wQ, bQ, wS1-2, wB1-2, wG1-3, wA1-3, wM, wL, wP)"]),
    ("play wM wS1-", ["invalidmove wM is not in this game (Base: no Mosquito)"]),
    ("pass", ["invalidmove passing is allowed only when no other move is legal"]),
    ("play wQ wS1-", ["Base;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1-"]),
    ("undo", ["Base;InProgress;White[2];wS1;bG1 -wS1"]),
    ("undo 3", ["err Unable to undo 3 moves (2 played)."]),
    ("options", ["Agent;enum;random;random;" + ";".join(
        s.id for s in agent_specs().values() if s.plays(GAMES["hive"]) and not s.interactive and s.id != "uhp"),
        "Seed;int;0;0;0;2147483647", "DepthTimeLimit;int;30;30;1;86400"]),
    ("options set Seed 7", ["Seed;int;7;0;0;2147483647"]),
    ("options get Colour", ['err The option "Colour" is not valid for agent random '
                            '(options: Agent, Seed, DepthTimeLimit).']),
    ("bestmove depth x", ["err Use 'bestmove', 'bestmove time hh:mm:ss' or 'bestmove depth N'."]),
    ("newgame Base+MLP", ["Base+MLP;NotStarted;White[1]"]),
    ("validmoves", ["wS1;wB1;wG1;wA1;wM;wL;wP"]),
    ("newgame Base+PLM", ["err 'Base+PLM' is not a game type (one of Base, Base+M, Base+L, Base+P, Base+ML, "
                          "Base+MP, Base+LP, Base+MLP)"]),
    ("newgame Base;InProgress;White[3];wS1;bS1 wS1-", [
        "err the GameString says White[3], but its moves lead to White[2]"]),
    ("newgame Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bQ\\;bG2 bQ/;"
     "wA1 wQ\\;bA1 bG2/;wA1 bG2\\;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1", [
        "Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bQ\\;bG2 bQ/;"
        "wA1 wQ\\;bA1 bG2/;wA1 bG2\\;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1"]),
    ("bestmove", ["err The game is over (Black's queen surrounded). Try 'newgame' to start a new game."]),
    ("frobnicate", ["err Invalid command \"frobnicate\". Commands: info, newgame, play, pass, validmoves, "
                    "bestmove, undo, options, perft, exit."]),
]


def test_the_real_command_through_a_pipe():
    script = "\n".join(cmd for cmd, _ in SESSION) + "\n\nexit\ninfo\n"
    result = subprocess.run([sys.executable, "-m", "swarmtui", "uhp"], input=script, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    expected = [f"id swarmtui v{__version__}", "Mosquito;Ladybug;Pillbug", "ok"]  # the greeting
    for _, reply in SESSION:
        expected += [*reply, "ok"]
    assert result.stdout.splitlines() == expected  # nothing after exit, not even for "info"
    assert result.stderr == ""


def test_bad_agent_on_the_command_line_is_one_line():
    result = subprocess.run([sys.executable, "-m", "swarmtui", "uhp", "--agent", "deepblue"],
                            capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("swarmtui: error:") and len(result.stderr.strip().splitlines()) == 1


def test_bestmove_is_legal_seeded_and_plays_a_whole_game():
    def game(seed: int) -> list[str]:
        engine = UhpEngine()
        engine.handle(f"options set Seed {seed}")
        engine.handle("newgame")
        moves = []
        for _ in range(300):
            reply = engine.handle("bestmove")
            if reply[0].startswith("err"):
                break
            valid = engine.handle("validmoves")[0].split(";")
            assert reply[0] in valid
            state = engine.handle(f"play {reply[0]}")
            assert state[-1] == "ok" and state[0].startswith("Base;")
            moves.append(reply[0])
        return moves

    first = game(3)
    assert len(first) > 10 and first == game(3)
    assert first != game(4)


def test_bestmove_accepts_time_and_depth():
    engine = UhpEngine()
    engine.handle("newgame")
    for limit in ("time 00:00:01", "depth 2"):
        reply = engine.handle(f"bestmove {limit}")
        assert reply[-1] == "ok" and reply[0] in {"wS1", "wB1", "wG1", "wA1"}


def test_agents_registered_later_plug_in():
    class FirstMove:
        id = "first"

        def decide(self, state):
            from swarmtui.core.trace import Decision, NoTrace

            return Decision(state.legal_moves()[0], NoTrace())

    register(AgentSpec("first", "First legal move", ("hive",), lambda g, s, r, p: FirstMove()))
    try:
        engine = UhpEngine()
        assert "first" in engine.handle("options get Agent")[0].split(";")[4:]
        assert engine.handle("options set Agent first")[0].startswith("Agent;enum;first;random")
        engine.handle("newgame Base;InProgress;White[2];wS1;bS1 wS1-")
        board = Board.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-")
        assert engine.handle("bestmove") == [board.format_move(board.legal_moves()[0]), "ok"]
    finally:
        del _REGISTRY["first"]


@pytest.mark.parametrize("command", ["play", "pass", "validmoves", "bestmove", "undo"])
def test_game_commands_need_a_game(command):
    assert UhpEngine().handle(command) == ["err No game in progress. Try 'newgame' to start a new game.", "ok"]
