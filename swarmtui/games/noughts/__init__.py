"""Noughts & Crosses: rules, notation, symmetries and text rendering."""

from rich.text import Text

from swarmtui.games.descriptor import GameSpec
from swarmtui.games.noughts.rules import Board, EMPTY, O, X


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.noughts.render import render_board

    return render_board(board, glyphs=glyphs)


SPEC = GameSpec(
    "noughts", "Noughts & Crosses", ("X", "O"), True, Board,
    "3x3, X moves first; evolved GA strategy (Ford), exact minimax",
    default_players=("ga", "random"), notation="cells a1-c3", render=_render,
    board="swarmtui.tui.widgets.noughts_board:NoughtsBoard",
)
"""The game's descriptor (``swarmtui.games`` registers it)."""

__all__ = ["Board", "EMPTY", "SPEC", "X", "O"]
