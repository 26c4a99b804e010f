"""``GameSpec``: everything the faces (CLI, sim, TUI, tables, UHP) know about one game.

OpenSpiel-style: each game package builds one descriptor and ``swarmtui.games`` registers it;
no face keeps its own list of games. The descriptor names nothing of a face: the TUI owns the
game -> board-widget mapping (``tui.boards``), the papers their presets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swarmtui.core.lazy import load_class, resolved
from swarmtui.core.state import GameState

if TYPE_CHECKING:
    from rich.text import Text


MAX_POSITION = 100_000
"""Characters a position's text may have (a Hive GameString of a few thousand moves fits)."""


@dataclass(frozen=True)
class GameSpec:
    """A game as the faces see it.

    - ``id``, ``title``, ``blurb``: its name in commands and menus.
    - ``seats``: the default seats in turn order; a game for a varying number of players lists
      the counts it allows in ``seat_counts`` and its ``new_state`` takes ``players=n``.
    - ``new_state``: builds a fresh position (a ``GameState``: ``legal_moves``, ``play``,
      ``undo``, ``copy``, ``outcome``, and the game's notation as ``parse_move``/``format_move``
      with ``notation`` naming it); ``rules`` names the dataclass of its rule variants as
      ``"module:Class"`` (empty: no variants), an instance of which is passed as
      ``new_state(rules=...)`` when a caller chooses them.
    - ``render``: the pure text renderer, ``render(state, glyphs="unicode"|"ascii") -> Text``.
    - ``default_players``: the agents ``swarmtui sim run GAME`` seats without ``--players``.
    - ``skip_turn``: lets the side to move pass where an experiment protocol allows it (Hive's
      immobile opponent, McGuile 4.1); None when the game has no such turn.
    - ``coach``: the agent that coaches a player by default (``swarmtui hint``, the TUI's coach),
      the strongest for the game at a short budget, and its parameter overrides.
    - ``parse_position``/``format_position``: the game's position notation (``parse_position(
      text, rules)`` builds a ``GameState``, raising ``NotationError``/``IllegalMoveError`` for
      text that is not a position; ``format_position(state)`` writes one back), so a player can
      type or paste a position to play on from or ask about. None: the game has none.
    - ``prepare``: readies the game's engine for a game of computer players (Hive: loads its
      compiled move generator), called with no clock running: by the referee before a game's
      first computer turn, by ``swarmtui uhp`` on ``newgame``. None: nothing to ready.
    - ``services``: what the game provides to agents beyond its rules, by name
      (``core.services``: ``"evaluation"`` for a search, ``"heuristic"`` for a greedy player),
      each the object or its ``"module:name"`` path (imported when an agent is built); an agent
      that needs a service (``AgentSpec.needs``) plays every game that provides it.
    """

    id: str
    title: str
    seats: tuple[str, ...]
    playable: bool = True
    new_state: Callable[..., GameState] | None = None
    blurb: str = ""
    seat_counts: tuple[int, ...] = ()
    default_players: tuple[str, ...] = ("random", "random")
    notation: str = ""
    render: Callable[..., Text] | None = None
    rules: str = ""
    skip_turn: Callable[[Any], None] | None = None
    coach: tuple[str, tuple[tuple[str, str], ...]] = ("random", ())
    parse_position: Callable[[str, Any], GameState] | None = None
    format_position: Callable[[Any], str] | None = None
    prepare: Callable[[], Any] | None = None
    services: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players the game can start with."""
        return self.seat_counts or (len(self.seats),)

    def start(self, players: int | None = None, rules: Any = None) -> GameState:
        """A fresh position for ``players`` players (the default seats when None), under
        ``rules`` (an instance of ``self.rules``; None: the game's defaults)."""
        if self.new_state is None:
            raise ValueError(f"{self.title} is coming: it cannot be played yet")
        if players is not None and players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is played by {counts} players, not {players}")
        kwargs: dict[str, Any] = {}
        if rules is not None:
            if not self.rules or not isinstance(rules, self.rules_type()):
                raise ValueError(f"{self.title} takes no rule variants of type {type(rules).__name__}")
            kwargs["rules"] = rules
        if self.seat_counts:
            kwargs["players"] = players or len(self.seats)
        return self.new_state(**kwargs)

    def seats_for(self, players: int | None = None) -> tuple[str, ...]:
        """The seat names of a game of ``players`` players, in turn order."""
        if not self.seat_counts or players is None or players == len(self.seats):
            return self.seats
        return tuple(self.start(players).seats)

    def render_text(self, state: GameState, glyphs: str = "unicode") -> Text:
        """``state`` drawn as text (the notation of its moves when the game has no renderer)."""
        if self.render is None:
            from rich.text import Text

            return Text(f"{self.title} after {state.ply} moves, {state.to_move} to move", end="")
        return self.render(state, glyphs=glyphs)

    def position(self, text: str, rules: Any = None) -> GameState:
        """The position ``text`` in the game's position notation (``NotationError`` when the
        game has none or the text is not one; ``IllegalMoveError`` for moves that cannot be)."""
        from swarmtui.core.state import NotationError

        if self.parse_position is None:
            raise NotationError(f"{self.title} has no position notation")
        if len(text) > MAX_POSITION:
            raise NotationError(f"a position is at most {MAX_POSITION} characters, not {len(text)}")
        return self.parse_position(text, rules)

    def position_to_play(self, text: str, rules: Any = None) -> GameState:
        """The position ``text`` to play on from or ask a coach about (``swarmtui hint``, the
        setup's position field): ``ValueError`` with one sentence when it is not a position of
        this game or its game is over."""
        try:
            state = self.position(text, rules)
        except (ValueError, LookupError) as error:  # NotationError, IllegalMoveError, a seat off the board
            raise ValueError(f"not a {self.title} position: {error}") from None
        if state.outcome is not None:
            raise ValueError(f"the game is over in that position ({state.outcome.summary()}): nobody is to move")
        return state

    def provides(self, name: str) -> bool:
        """True if the game provides the service ``name`` (without importing it)."""
        return name in self.services

    def service(self, name: str) -> Any:
        """The service ``name`` (imported now when the descriptor names it by path);
        ``LookupError`` when the game does not provide it."""
        if name not in self.services:
            raise LookupError(f"{self.title} provides no {name}")
        return resolved(self.services[name])

    def rules_type(self) -> type:
        """The dataclass of the game's rule variants (``LookupError`` when it has none)."""
        if not self.rules:
            raise LookupError(f"{self.title} has no rule variants")
        return load_class(self.rules)
