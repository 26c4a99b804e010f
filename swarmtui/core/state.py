"""The protocol every game state follows (python-chess ``Board`` style) and game outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Protocol, Sequence, TypeVar, runtime_checkable

Move = TypeVar("Move", bound=Hashable)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a seat name, or None for a draw or an unfinished game."""

    winner: str | None
    reason: str

    def result_for(self, seat: str) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` from ``seat``'s point of view."""
        if self.winner is None:
            return "draw"
        return "win" if self.winner == seat else "loss"


@runtime_checkable
class GameState(Protocol):
    """A mutable game position with undo, like ``chess.Board``."""

    seats: Sequence[str]

    @property
    def to_move(self) -> str: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def ply(self) -> int: ...

    def legal_moves(self) -> list: ...

    def play(self, move) -> None: ...

    def undo(self): ...

    def copy(self) -> "GameState": ...

    def parse_move(self, text: str): ...

    def format_move(self, move) -> str: ...


class IllegalMoveError(ValueError):
    """A move that is not legal in the current position."""


class NotationError(ValueError):
    """Text that is not a well-formed move or position in the game's notation."""
