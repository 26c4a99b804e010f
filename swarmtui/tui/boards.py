"""Which games the TUI can show, and the board widget of each, read from the game registry.

A game is playable in the TUI when it is playable at all (``GameSpec.playable``) and its
descriptor names a board widget (``GameSpec.board``); the menu lists the others as coming to
the TUI (they may already run headless).
"""

from __future__ import annotations

from swarmtui.games import GameSpec, get_game
from swarmtui.tui.widgets.board_view import BoardView


def tui_playable(game: GameSpec) -> bool:
    """True if the game can be played in the TUI now."""
    return game.playable and bool(game.board)


def board_widget(game_id: str) -> type[BoardView]:
    """The board widget class of ``game_id`` (``LookupError`` when it has none)."""
    widget = get_game(game_id).board_widget()
    if not issubclass(widget, BoardView):
        raise TypeError(f"{widget.__name__} is not a BoardView")
    return widget
