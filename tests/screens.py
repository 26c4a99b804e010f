"""Typed views for the TUI tests: the screen on top as the class it must be, a game's position
as text, and the board widget as its game's class."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import Screen

from swarmtui.core.state import GameState
from swarmtui.games.halma.rules import Board as HalmaBoard
from swarmtui.games.hive.rules import Board as HiveBoard
from swarmtui.games.noughts.rules import Board as NoughtsBoard

S = TypeVar("S", bound=Screen[Any])
T = TypeVar("T")


def top(app: Any, kind: type[S]) -> S:
    """The screen on top of ``app``, which must be a ``kind``."""
    screen = app.screen
    assert isinstance(screen, kind), f"{type(screen).__name__} is on top, not {kind.__name__}"
    return screen


def as_a(value: object, kind: type[T]) -> T:
    """``value``, which must be a ``kind`` (a board widget, a state, a trace of one class)."""
    assert isinstance(value, kind), f"a {type(value).__name__}, not a {kind.__name__}"
    return value


def position_text(state: GameState) -> str:
    """The position in its game's notation (Noughts and Halma rows, a Hive GameString)."""
    if isinstance(state, HiveBoard):
        return state.game_string()
    assert isinstance(state, (NoughtsBoard, HalmaBoard)), f"no position text for a {type(state).__name__}"
    return state.text
