"""The games swarmtui knows, one package each, and the registry the CLI and TUI read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from swarmtui.core.state import GameState


@dataclass(frozen=True)
class GameSpec:
    """A game as the faces see it: its seats and how to start a fresh position."""

    id: str
    title: str
    seats: tuple[str, ...]
    playable: bool
    new_state: Callable[[], GameState] | None = None
    blurb: str = ""


def _noughts() -> GameState:
    from swarmtui.games.noughts.rules import Board

    return Board()


GAMES: dict[str, GameSpec] = {
    "noughts": GameSpec(
        "noughts", "Noughts & Crosses", ("X", "O"), True, _noughts,
        "3x3, X moves first; evolved GA strategy (Ford), exact minimax",
    ),
    "halma": GameSpec(
        "halma", "Halma (Chinese Checkers)", ("1", "2"), False, None,
        "ant paths and bee recruiting (Kuehner & Stock) - coming",
    ),
    "hive": GameSpec(
        "hive", "Hive", ("White", "Black"), False, None,
        "particle swarm with intentions (McGuile) - coming",
    ),
}


def get_game(game_id: str) -> GameSpec:
    """The registered game ``game_id`` (KeyError with the known ids otherwise)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
