"""Connect Four's ``evaluation`` service: what the ``alphabeta`` search needs to play it.

From the side to move's point of view: every window of ``connect`` cells in a row, column or
diagonal that holds discs of one side only is worth ``2 ** discs`` to that side (an open
three is worth more than two open twos); the centre columns are tried first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from connect_four.rules import LINES, Board
from swarmtui.core.services import EvaluationService


class ConnectFourEvaluation:
    """The :class:`~swarmtui.core.services.Evaluation` of Connect Four (module docstring)."""

    def __init__(self, weights: None = None) -> None:
        """No weights: the windows' values are fixed."""

    def evaluate(self, state: Board) -> float:
        mover = state.ply % 2
        score = 0.0
        for window in windows(state):
            owners = {seat for seat in window if seat is not None}
            if len(owners) == 1:
                value = 2.0 ** sum(seat is not None for seat in window)
                score += value if owners == {mover} else -value
        return score

    def key(self, state: Board) -> Hashable:
        return tuple(map(tuple, state.cells))

    def order(self, state: Board, moves: Sequence[int]) -> list[float]:
        centre = (state.rules.columns - 1) / 2
        return [-abs(column - centre) for column in moves]

    def urgent(self, state: Board) -> bool:
        return False

    def noisy(self, state: Board) -> Sequence[int]:
        return ()

    def prepare(self, state: Board) -> Board:
        return state.copy()

    def player(self, state: Board) -> Callable[[int], None]:
        return state.play

    def null_move(self, state: Board) -> Any:
        return None  # no passing in Connect Four


def windows(board: Board) -> list[tuple[int | None, ...]]:
    """Every run of ``connect`` cells in a line on the board: the seat on each cell, or None."""
    rules = board.rules
    found = []
    for column in range(rules.columns):
        for row in range(rules.rows):
            for dc, dr in LINES:
                end_column, end_row = column + dc * (rules.connect - 1), row + dr * (rules.connect - 1)
                if 0 <= end_column < rules.columns and 0 <= end_row < rules.rows:
                    found.append(tuple(board.at(column + dc * i, row + dr * i) for i in range(rules.connect)))
    return found


EVALUATION = EvaluationService(ConnectFourEvaluation)
"""The service the descriptor names (``services={"evaluation": ...}``)."""
