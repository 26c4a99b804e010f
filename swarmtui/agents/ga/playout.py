"""The slow, independent fitness evaluator: literally play every game on a real ``Board``.

No symmetry reduction and no shared counts: a recursive walk over the game tree in which the
member's move is what the ``ga`` agent itself decides (through its base-case lookup, Fig. 3)
and the opponent tries every legal move. Used to test ``fitness`` and as the baseline the
benchmark compares it with.
"""

from __future__ import annotations

import numpy as np

from swarmtui.agents.ga.agent import GaAgent
from swarmtui.agents.ga.fitness import Points, Score
from swarmtui.agents.ga.strategy import Strategy
from swarmtui.games.noughts.rules import Board


def play_all_games(genome: np.ndarray, side: str, points: Points) -> Score:
    """Fitness and (win, draw, loss) counts of ``genome`` playing ``side`` in every game."""
    agent = GaAgent(Strategy(side, genome, "playout", 0, 0, 0, 0, 0, 0), "playout")
    tally = [0, 0, 0]
    _walk(Board(), agent, side, tally)
    wins, draws, losses = tally
    return Score(wins * points.win + draws * points.draw + losses * points.loss, wins, draws, losses)


def _walk(board: Board, agent: GaAgent, side: str, tally: list[int]) -> None:
    outcome = board.outcome
    if outcome is not None:
        tally[("win", "draw", "loss").index(outcome.result_for(side))] += 1
        return
    moves = [agent.decide(board).move] if board.to_move == side else board.legal_moves()
    for move in moves:
        board.play(move)
        _walk(board, agent, side, tally)
        board.undo()
