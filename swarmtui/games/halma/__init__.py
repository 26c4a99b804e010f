"""Halma (Sternhalma / Chinese Checkers): the star, rules, notation and text rendering."""

from rich.text import Text

from swarmtui.games.descriptor import GameSpec
from swarmtui.games.halma.rules import Board, HalmaRules, Move


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.halma.render import render_board

    return render_board(board, glyphs=glyphs)


SPEC = GameSpec(
    "halma", "Halma (Chinese Checkers)", ("1", "2"), True, Board,
    "1-6 players on the star; ant paths and bee recruiting (Kuehner & Stock)",
    seat_counts=(1, 2, 3, 4, 6), default_players=("greedy",), notation="hole paths (i5-h5, m3:k3:k5)",
    render=_render, board="swarmtui.tui.widgets.halma_board:HalmaBoard", rules=HalmaRules,
)
"""The game's descriptor (``swarmtui.games`` registers it); ``HalmaRules`` are its variants."""

__all__ = ["Board", "HalmaRules", "Move", "SPEC"]
