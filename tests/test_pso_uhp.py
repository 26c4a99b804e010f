"""The Hive players behind ``swarmtui uhp``: a scripted UHP session picks pso, pso-plus and mcts."""

from __future__ import annotations

import subprocess
import sys

from swarmtui.core.rng import make_rng
from swarmtui.games.hive.rules import Board
from swarmtui.papers.mcguile.protocol import random_phase, random_placements
from swarmtui.uhp import UhpEngine


def _protocol_game_string(seed: int = 6) -> str:
    """A position of the thesis' protocol: random placements, then 20 random moves each (seed 6:
    seed 5's game, since the canonical move order of issue 31, ends in the random phase)."""
    board = Board()
    rng = make_rng(seed, "uhp-test")
    random_placements(board, rng)
    random_phase(board, rng, 20)
    assert board.outcome is None
    return board.game_string()


def _one(engine: UhpEngine, command: str) -> list[str]:
    reply = engine.handle(command)
    assert reply[-1] == "ok", (command, reply)
    assert not reply[0].startswith(("err", "invalidmove")), (command, reply)
    return reply[:-1]


def test_bestmove_comes_from_each_hive_player():
    engine = UhpEngine()
    _one(engine, f"newgame {_protocol_game_string()}")
    for agent, limit in (("pso", ""), ("pso-plus", ""), ("mcts", " depth 2"), ("pso", "")):
        assert _one(engine, f"options set Agent {agent}")[0].startswith(f"Agent;enum;{agent};")
        valid = _one(engine, "validmoves")[0].split(";")
        best = _one(engine, f"bestmove{limit}")[0]
        assert best in valid, (agent, best)
        _one(engine, f"play {best}")


def test_swarmtui_uhp_answers_bestmove_with_the_swarm():
    process = subprocess.run(
        [sys.executable, "-m", "swarmtui", "uhp", "--agent", "pso", "--seed", "3"],
        input="newgame\nbestmove\nplay wA1\nbestmove\nexit\n", capture_output=True, text=True, timeout=60,
    )
    assert process.returncode == 0, process.stderr
    replies = [line for line in process.stdout.splitlines()[3:] if line != "ok"]  # after the info greeting
    # The swarm has no insect yet: its fallback places the most able piece, an Ant, for each side.
    assert replies[0] == "Base;NotStarted;White[1]"
    assert replies[1] == "wA1"
    assert replies[2] == "Base;InProgress;Black[1];wA1"
    assert replies[3].startswith("bA1 ")
