"""The greedy Halma baseline: largest progress, long chains on ties, seeded; and headless sims."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.greedy import GreedyAgent
from swarmtui.cli import main
from swarmtui.core.hexgrid import Hex
from swarmtui.games import get_game
from swarmtui.games.halma.heuristic import HEURISTIC
from swarmtui.games.halma.rules import Board
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat


def test_greedy_takes_a_move_of_largest_progress():
    # seat 1 of a 1-player game heads north: progress is the number of rows climbed (-delta r),
    # measured here from legal_moves only, independently of the agent's scoring
    rng = np.random.default_rng(5)
    board = Board(1)
    agent = GreedyAgent(HEURISTIC, np.random.default_rng(1))
    for _ in range(25):
        best = max(m.start.r - m.end.r for m in board.legal_moves())
        move = agent.decide(board).move
        assert move.start.r - move.end.r == best
        assert board.is_legal(move)
        board.play(move)
        if rng.random() < 0.3 and board.outcome is None:  # perturb so that varied positions occur
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])


def test_greedy_prefers_the_longer_chain_on_equal_progress():
    # Three paths climb two rows and end 2 steps nearer the north tip: the single jumps
    # (0,2)->(0,0) and (0,1)->(2,-1), and the chain (0,2)->(0,0)->(2,0) that turns east.
    mover = Hex(0, 2)
    board = Board.from_pieces(1, {"1": [mover, Hex(0, 1), Hex(1, 0)]})
    for seed in range(5):
        move = GreedyAgent(HEURISTIC, np.random.default_rng(seed)).decide(board).move
        assert move.path == (mover, Hex(0, 0), Hex(2, 0))


def test_same_seed_same_game_and_greedy_crosses_alone():
    def game(seed):
        board = Board(1)
        agent = make_agent("greedy", "halma", "1", np.random.default_rng(seed))
        while board.outcome is None:
            board.play(agent.decide(board).move)
        return board

    first, again = game(3), game(3)
    assert first.outcome.winner == "1" and first.ply < 120
    assert [str(m) for m in first.history] == [str(m) for m in again.history]


def test_play_match_with_one_and_two_seats():
    one = play_match("halma", [Seat("1", "greedy")], 0, 0)
    assert one.winner == "1" and one.players == {"1": "greedy"}
    two = play_match("halma", [Seat("1", "greedy"), Seat("2", "random")], 0, 1)
    assert two.winner == "1"
    assert get_game("halma").seats_for(3) == ("1", "2", "3")
    with pytest.raises(ValueError, match="1, 2, 3, 4, 6 players, not 5"):
        get_game("halma").start(5)


@pytest.mark.parametrize("players", ["greedy", "greedy,random"])
def test_cli_sim_halma(capsys, players):
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "run", "halma", "-p", players, "-n", "2", "-w", "1"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert "greedy (1)" in out and "2 games" in out
