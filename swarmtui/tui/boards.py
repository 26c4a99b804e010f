"""Which games the TUI can show: the board widget of each, by game id.

A game is playable in the TUI when it is playable at all (``GameSpec.playable``) and has a board
widget here; the menu lists the others as coming to the TUI (they may already run headless).
"""

from __future__ import annotations

from textual.widget import Widget

from swarmtui.games import GameSpec
from swarmtui.tui.widgets.halma_board import HalmaBoard
from swarmtui.tui.widgets.hive_board import HiveBoard
from swarmtui.tui.widgets.noughts_board import NoughtsBoard

BOARD_WIDGETS: dict[str, type[Widget]] = {
    "noughts": NoughtsBoard,
    "halma": HalmaBoard,
    "hive": HiveBoard,
}


def tui_playable(game: GameSpec) -> bool:
    """True if the game can be played in the TUI now."""
    return game.playable and game.id in BOARD_WIDGETS
