"""The protocol every game state follows (python-chess ``Board`` style) and game outcomes."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

Move = TypeVar("Move", bound=Hashable)
M = TypeVar("M")
"""A game's move type (``GameState[M]``): hashable, immutable values in every game."""


class Termination(Enum):
    """Why a game ended (python-chess's ``Termination`` style): the data, not a sentence.

    ``WIN`` and ``DRAW`` are by the game's own rules (a surrounded queen, a full board,
    threefold repetition, nobody able to move); ``MOVE_CAP`` is a game cut off at its move cap
    (Halma's 500 moves of Kuehner & Stock VI-A, Hive's experimental cap) with no winner;
    the rest end a game from outside its rules: a seat resigned, the players agreed a draw, an
    engine failed (crashed, answered an illegal or unreadable move), a clock ran out, or the
    runner stopped it (a batch's ply limit, a closed table). The value is the stable JSON spelling.
    """

    WIN = "win"
    DRAW = "draw"
    MOVE_CAP = "move-cap"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    ENGINE_ERROR = "engine-error"
    TIME = "time"
    STOPPED = "stopped"

    @property
    def by_rule(self) -> bool:
        """The game's rules decided it (a real win or draw), not a cap or anything outside."""
        return self in (Termination.WIN, Termination.DRAW)


@dataclass(frozen=True, init=False)
class Outcome:
    """How a game ended: ``winner`` is a seat name (None: nobody won), ``termination`` why, as
    an enum, and ``reason`` the human sentence (``"White's queen surrounded"``) for display.

    ``Outcome(winner, reason)`` reads as a win by rule when there is a winner, else a draw by
    rule; pass ``termination`` for anything else (``Termination.MOVE_CAP``...).
    """

    winner: str | None
    reason: str
    termination: Termination

    def __init__(self, winner: str | None, reason: str, termination: Termination | None = None) -> None:
        if termination is None:
            termination = Termination.WIN if winner is not None else Termination.DRAW
        if termination is Termination.DRAW and winner is not None:
            raise ValueError("a draw has no winner")
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "termination", termination)

    @property
    def finished(self) -> bool:
        """The game reached a result: won, drawn by rule, resigned, lost on error or on time
        (False for a cap or a stop: the position had not been decided)."""
        return self.termination not in (Termination.MOVE_CAP, Termination.STOPPED)

    def result_for(self, seat: str) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` from ``seat``'s point of view."""
        if self.winner is None:
            return "draw"
        return "win" if self.winner == seat else "loss"

    def summary(self) -> str:
        """One line for people: ``"White wins (Black's queen surrounded)"``, ``"Draw (board
        full)"``, ``"Unfinished (move cap of 500 moves reached)"``."""
        if self.winner is not None:
            return f"{self.winner} wins ({self.reason})" if self.reason else f"{self.winner} wins"
        head = "Draw" if self.termination in (Termination.DRAW, Termination.AGREEMENT) else "Unfinished"
        return f"{head} ({self.reason})" if self.reason else head

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "termination": self.termination.value, "reason": self.reason}

    @classmethod
    def from_json(cls, payload: Any) -> Outcome:
        """The outcome ``to_json`` wrote (``ValueError`` for anything else)."""
        if not isinstance(payload, dict):
            raise ValueError("an outcome is an object")
        winner, reason = payload.get("winner"), payload.get("reason", "")
        if winner is not None and not isinstance(winner, str) or not isinstance(reason, str):
            raise ValueError("an outcome's winner and reason are text")
        try:
            termination = Termination(payload.get("termination"))
        except ValueError:
            raise ValueError(f"unknown termination {payload.get('termination')!r}") from None
        return cls(winner, reason, termination)

    @classmethod
    def from_text(cls, winner: str | None, reason: str, result: str = "") -> Outcome:
        """An outcome from the text fields of files written before ``Termination`` existed.

        Result lines (``sim --out``) and saved games kept ``winner`` and ``reason`` (and sim's
        ``result``: ``"X wins"``, ``"draw"``, ``"unfinished"``); the reason sentences were
        ``"move cap of N moves reached: unfinished"`` (Halma), ``"move cap of N plies"`` (Hive)
        and ``"stopped after N plies"`` / ``"no result after N AI moves each"`` (the runner).
        """
        if result == "unfinished" or reason.startswith(("stopped after", "no result after")):
            return cls(None, reason, Termination.STOPPED)
        for phrase, termination in OUTSIDE_THE_RULES.items():  # the referee's sentences
            if phrase in reason:
                return cls(winner, reason, termination)
        if winner is not None:
            return cls(winner, reason, Termination.WIN)
        if reason.startswith("move cap"):
            return cls(None, reason.removesuffix(": unfinished"), Termination.MOVE_CAP)
        return cls(None, reason, Termination.DRAW)


OUTSIDE_THE_RULES = {" forfeits: ": Termination.ENGINE_ERROR, " resigns": Termination.RESIGNATION,
                     " lost on time": Termination.TIME, "draw agreed": Termination.AGREEMENT}
"""The phrases of the reasons the referee writes for games ended outside the rules
(``referee.game``), by what they mean: how ``Outcome.from_text`` reads them back."""


@runtime_checkable
class GameState(Protocol[M]):
    """A mutable game position with undo, like ``chess.Board``, generic over its move type ``M``
    (``GameState`` alone means any move type).

    ``history`` holds the moves played (oldest first, as ``play`` got them); ``is_legal``
    answers without generating every move where the game can; ``highlights`` are the moves or
    cells the position draws attention to (the noughts winning line; empty for most
    positions), which boards and results show.
    """

    @property
    def seats(self) -> Sequence[str]: ...

    @property
    def to_move(self) -> str: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def ply(self) -> int: ...

    @property
    def history(self) -> Sequence[M]: ...

    def legal_moves(self) -> list[M]: ...

    def is_legal(self, move: M) -> bool: ...

    def play(self, move: M) -> None: ...

    def undo(self) -> M: ...

    def copy(self) -> Self: ...

    def highlights(self) -> tuple[M, ...]: ...

    def parse_move(self, text: str) -> M: ...

    def format_move(self, move: M) -> str: ...


class IllegalMoveError(ValueError):
    """A move that is not legal in the current position."""


class NotationError(ValueError):
    """Text that is not a well-formed move or position in the game's notation."""
