"""What a game provides so the ``alphabeta`` search can play it: an :class:`Evaluation`.

The search is generic (``search.py``); each game's knowledge lives in one evaluation class
registered in :data:`EVALUATIONS` by game id. A game without an evaluation here is not offered
``alphabeta`` (the agent spec's games are this registry's keys).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol


class Evaluation(Protocol):
    """A game's knowledge for the search, all from the side to move's point of view.

    * ``evaluate(state)``: a static score of a running position (positive: good for the side
      to move), in units well below ``search.MATE_BOUND``.
    * ``key(state)``: a hash of the position for the transposition table (the Zobrist hash in
      Hive); equal positions must give equal keys.
    * ``order(state, moves)``: one cheap number per move, higher for moves worth trying first.
    * ``urgent(state)``: the side to move faces an immediate threat (search one ply deeper).
    * ``noisy(state)``: the forcing moves searched past the horizon (quiescence), usually none.
    * ``prepare(state)``: the copy the search plays on (may switch off bookkeeping the search
      does not need, such as repetition tracking).
    * ``player(state)``: a function that plays a move known to be legal on ``state`` (the game's
      unchecked move maker when it has one: the search only plays moves it was just given).
    * ``null_move(state)``: a move that passes the turn, for null-move pruning (the player plays
      it and ``undo`` takes it back), or None where passing is no sound guess (a game with
      zugzwang at its heart, or too small to need it).
    """

    def evaluate(self, state: Any) -> float: ...

    def key(self, state: Any) -> Hashable: ...

    def order(self, state: Any, moves: Sequence[Any]) -> list[float]: ...

    def urgent(self, state: Any) -> bool: ...

    def noisy(self, state: Any) -> Sequence[Any]: ...

    def prepare(self, state: Any) -> Any: ...

    def player(self, state: Any) -> Callable[[Any], None]: ...

    def null_move(self, state: Any) -> Any: ...


class NoughtsEvaluation:
    """Noughts & Crosses: the tree is small enough to search to the end, so the static score is
    0 and the search's win/loss scores decide; the centre, then corners, are tried first."""

    _ORDER = (1, 0, 1, 0, 2, 0, 1, 0, 1)

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


def _hive(weights: Any = None) -> Evaluation:
    from swarmtui.agents.alphabeta.hive_evaluation import HiveEvaluation, HiveWeights

    return HiveEvaluation(weights if weights is not None else HiveWeights())


def _noughts(weights: Any = None) -> Evaluation:
    return NoughtsEvaluation()


EVALUATIONS: dict[str, Callable[..., Evaluation]] = {"hive": _hive, "noughts": _noughts}
"""Game id -> a factory ``(weights=None) -> Evaluation``."""
