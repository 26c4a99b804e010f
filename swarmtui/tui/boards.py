"""Which board widget shows each game in the TUI: the TUI owns this mapping.

A game's descriptor names no widget (nothing below the TUI names a TUI module). The shipped
games' widgets are listed here by import path (imported when a game opens); a game of another
package registers its own with ``register_board`` or the entry-point group ``swarmtui.boards``
(``mygame = "mypkg.board:MyBoard"``). A game without one is shown by ``NotationBoard`` (its
text renderer and a legal-move chooser), so every playable game plays in the TUI.
"""

from __future__ import annotations

from swarmtui.core.lazy import load_class
from swarmtui.games import get_game
from swarmtui.tui.widgets.board_view import BoardView

BOARDS: dict[str, type[BoardView] | str] = {
    "noughts": "swarmtui.tui.widgets.noughts_board:NoughtsBoard",
    "halma": "swarmtui.tui.widgets.halma_board:HalmaBoard",
    "hive": "swarmtui.tui.widgets.hive_board:HiveBoard",
}
"""Game id -> its board widget (a ``BoardView`` subclass) or the widget's ``"module:Class"`` path."""

ENTRY_POINT_GROUP = "swarmtui.boards"
_plugins_loaded = False


def register_board(game_id: str, board: type[BoardView] | str) -> None:
    """Show ``game_id`` with ``board`` (a ``BoardView`` subclass or its import path)."""
    BOARDS[game_id] = board


def unregister_board(game_id: str) -> None:
    """Forget a board added with ``register_board`` (tests that register a game of their own)."""
    BOARDS.pop(game_id, None)


def has_board(game_id: str) -> bool:
    """True if the game has a widget of its own (else ``NotationBoard`` shows it)."""
    if game_id not in BOARDS:
        _load_plugins()
    return game_id in BOARDS


def board_widget(game_id: str) -> type[BoardView]:
    """The board widget class of ``game_id``: its own, or ``NotationBoard`` for the game."""
    if not has_board(game_id):
        from swarmtui.tui.widgets.notation_board import NotationBoard

        return NotationBoard.for_game(get_game(game_id))
    named = BOARDS[game_id]
    widget = load_class(named) if isinstance(named, str) else named
    if not issubclass(widget, BoardView):
        raise TypeError(f"{widget!r} is not a BoardView")
    return widget


def _load_plugins() -> None:
    """Boards other installed packages declare (their import paths: each is imported when its
    game opens), once."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        BOARDS.setdefault(point.name, point.value)
