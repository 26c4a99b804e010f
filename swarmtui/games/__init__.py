"""The games swarmtui knows, one package each, and the registry the CLI and TUI read."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from swarmtui.core.state import GameState


@dataclass(frozen=True)
class GameSpec:
    """A game as the faces see it: its seats and how to start a fresh position.

    ``seats`` are the default seats. A game for a varying number of players lists the numbers
    it allows in ``seat_counts`` and its ``new_state`` takes ``players=n``; games with fixed
    seats leave ``seat_counts`` empty and ``new_state`` without arguments.
    """

    id: str
    title: str
    seats: tuple[str, ...]
    playable: bool
    new_state: Callable[..., GameState] | None = None
    blurb: str = ""
    seat_counts: tuple[int, ...] = ()
    default_players: tuple[str, ...] = ("random", "random")
    """The agents ``swarmtui sim run GAME`` seats when ``--players`` is not given."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players the game can start with."""
        return self.seat_counts or (len(self.seats),)

    def start(self, players: int | None = None) -> GameState:
        """A fresh position for ``players`` players (the default seats when None)."""
        if self.new_state is None:
            raise ValueError(f"{self.title} is coming: it cannot be played yet")
        if players is not None and players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is played by {counts} players, not {players}")
        if not self.seat_counts:
            return self.new_state()
        return self.new_state(players=players or len(self.seats))

    def seats_for(self, players: int | None = None) -> tuple[str, ...]:
        """The seat names of a game of ``players`` players, in turn order."""
        if not self.seat_counts or players is None or players == len(self.seats):
            return self.seats
        return tuple(self.start(players).seats)


def _halma(players: int = 2) -> GameState:
    from swarmtui.games.halma.rules import Board

    return Board(players)


def _hive() -> GameState:
    from swarmtui.games.hive.rules import Board

    return Board()


def _noughts() -> GameState:
    from swarmtui.games.noughts.rules import Board

    return Board()


GAMES: dict[str, GameSpec] = {
    "noughts": GameSpec(
        "noughts", "Noughts & Crosses", ("X", "O"), True, _noughts,
        "3x3, X moves first; evolved GA strategy (Ford), exact minimax",
        default_players=("ga", "random"),
    ),
    "halma": GameSpec(
        "halma", "Halma (Chinese Checkers)", ("1", "2"), True, _halma,
        "1-6 players on the star; ant paths and bee recruiting (Kuehner & Stock)",
        seat_counts=(1, 2, 3, 4, 6), default_players=("greedy",),
    ),
    "hive": GameSpec(
        "hive", "Hive", ("White", "Black"), True, _hive,
        "base game, UHP notation; particle swarm with intentions (McGuile), MCTS",
    ),
}


def get_game(game_id: str) -> GameSpec:
    """The registered game ``game_id`` (KeyError with the known ids otherwise)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
