"""Halma (Sternhalma / Chinese Checkers): the star, rules, notation and text rendering.

``SPEC`` is the game's descriptor (``swarmtui.games`` registers it); it imports the rules only
when a game starts, and the package's other names load on first use (PEP 562), so listing the
games stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swarmtui.games.descriptor import GameSpec

if TYPE_CHECKING:
    from rich.text import Text

    from swarmtui.games.halma.rules import Board, HalmaRules

__all__ = ["Board", "HalmaRules", "Move", "SPEC"]


def _new_board(players: int = 2, rules: HalmaRules | None = None) -> Board:
    from swarmtui.games.halma.rules import Board, HalmaRules

    return Board(players, rules or HalmaRules())


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.halma.render import render_board

    return render_board(board, glyphs=glyphs)


def _position(text: str, rules: HalmaRules | None = None) -> Board:
    from swarmtui.games.halma.rules import Board, HalmaRules

    return Board.from_text(text, rules or HalmaRules())


def _position_text(board: Board) -> str:
    return board.text


SPEC = GameSpec(
    "halma", "Halma (Chinese Checkers)", ("1", "2"), True, _new_board,
    "1-6 players on the star; ant paths and bee recruiting (Kuehner & Stock)",
    seat_counts=(1, 2, 3, 4, 6), default_players=("greedy",), notation="hole paths (i5-h5, m3:k3:k5)",
    render=_render, rules="swarmtui.games.halma.rules:HalmaRules",
    coach=("halma-search", (("difficulty", "hard"),)), parse_position=_position, format_position=_position_text,
    services={"heuristic": "swarmtui.games.halma.heuristic:HEURISTIC",
              "rulebook": "swarmtui.games.halma.rulebook:RULEBOOK"},
)
"""The game's descriptor (``swarmtui.games`` registers it); ``HalmaRules`` are its variants."""


def __getattr__(name: str) -> Any:
    if name not in ("Board", "HalmaRules", "Move"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.games.halma import rules

    return getattr(rules, name)
