"""Noughts & Crosses: rules, notation, symmetries and text rendering.

``SPEC`` is the game's descriptor (``swarmtui.games`` registers it); it imports the rules only
when a game starts, and the package's other names load on first use (PEP 562), so listing the
games stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swarmtui.games.descriptor import GameSpec

if TYPE_CHECKING:
    from rich.text import Text

    from swarmtui.games.noughts.rules import Board

__all__ = ["Board", "EMPTY", "SPEC", "X", "O"]


def _new_board() -> Board:
    from swarmtui.games.noughts.rules import Board

    return Board()


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.noughts.render import render_board

    return render_board(board, glyphs=glyphs)


def _position(text: str, rules: None = None) -> Board:
    from swarmtui.games.noughts.rules import Board

    return Board.from_text(text)


def _position_text(board: Board) -> str:
    return board.text


SPEC = GameSpec(
    "noughts", "Noughts & Crosses", ("X", "O"), True, _new_board,
    "3x3, X moves first; evolved GA strategy (Ford), exact minimax",
    default_players=("ga", "random"), notation="cells a1-c3", render=_render,
    coach=("minimax", ()),
    parse_position=_position, format_position=_position_text,
    services={"evaluation": "swarmtui.games.noughts.evaluation:EVALUATION",
              "rulebook": "swarmtui.games.noughts.rulebook:RULEBOOK"},
)
"""The game's descriptor (``swarmtui.games`` registers it)."""


def __getattr__(name: str) -> Any:
    if name not in ("Board", "EMPTY", "X", "O"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.games.noughts import rules

    return getattr(rules, name)
