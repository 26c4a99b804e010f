"""The Noughts & Crosses ``evaluation`` service for a search (``alphabeta``).

The tree is small enough to search to the end, so the static score is 0 and the search's
win/loss scores decide; the centre, then corners, are tried first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from swarmtui.core.services import EvaluationService


class NoughtsEvaluation:
    """The :class:`~swarmtui.core.services.Evaluation` of Noughts & Crosses (module docstring)."""

    _ORDER = (1, 0, 1, 0, 2, 0, 1, 0, 1)

    def __init__(self, weights: None = None) -> None:
        """No weights: the search decides by the game's end alone."""

    def evaluate(self, state: Any) -> float:
        return 0.0

    def key(self, state: Any) -> Hashable:
        return state.key

    def order(self, state: Any, moves: Sequence[Any]) -> list[float]:
        return [float(self._ORDER[m]) for m in moves]

    def urgent(self, state: Any) -> bool:
        return False

    def noisy(self, state: Any) -> Sequence[Any]:
        return ()

    def prepare(self, state: Any) -> Any:
        return state.copy()

    def player(self, state: Any) -> Callable[[Any], None]:
        return state.play

    def null_move(self, state: Any) -> Any:
        return None  # searched to the end: no pruning needed


EVALUATION = EvaluationService(NoughtsEvaluation)
"""The service the descriptor names (``GameSpec.services["evaluation"]``)."""
