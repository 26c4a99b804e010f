"""One game in progress as the TUI sees it: the position, an agent per seat, the seed.

Plain Python (no Textual), so the game screen stays a thin view and tests can drive a match
directly. Each seat's agent gets its own generator ``seat_rng(seed, seat)``, as in ``swarmtui
sim``: the same seed and the same agents replay the same game, also one from a result file.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from swarmtui.agents import get_spec, make_agent
from swarmtui.core.agent import Agent
from swarmtui.core.rng import seat_rng
from swarmtui.core.state import GameState
from swarmtui.games import get_game

SEED_RANGE = 1_000_000
"""Seeds drawn when the user gives none are small, so they are easy to read and retype."""


@dataclass(frozen=True)
class MatchConfig:
    """What the menu chose: the game, the agent id of every seat (in seat order), the seed."""

    game_id: str
    agents: tuple[str, ...]
    seed: int | None = None

    def with_seed(self) -> "MatchConfig":
        """This config with a concrete seed (a fresh random one when none was given)."""
        if self.seed is not None:
            return self
        return MatchConfig(self.game_id, self.agents, secrets.randbelow(SEED_RANGE))


class Match:
    """A running game: ``state`` plus the seats' agents, built from a seeded config.

    ``requested`` is the config as chosen (its seed may be None); ``config`` carries the seed
    actually used, so a restart of a seeded match replays it and an unseeded one varies.
    """

    def __init__(self, requested: MatchConfig) -> None:
        self.requested = requested
        self.config = requested.with_seed()
        spec = get_game(requested.game_id)
        if not spec.playable or spec.new_state is None:
            raise ValueError(f"{spec.title} is coming: it cannot be played yet")
        players = len(requested.agents)
        if players not in spec.player_counts:
            *most, last = map(str, spec.player_counts)
            raise ValueError(f"{spec.title} needs {', '.join(most) + ' or ' if most else ''}{last} players")
        self.title = spec.title
        self.state: GameState = spec.start(players)
        self.agents: dict[str, Agent] = {
            seat: make_agent(agent_id, spec.id, seat, seat_rng(self.seed, seat))
            for seat, agent_id in zip(spec.seats_for(players), requested.agents)
        }

    @property
    def seed(self) -> int:
        assert self.config.seed is not None
        return self.config.seed
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.agents)

    def agent_id(self, seat: str) -> str:
        return self.config.agents[self.seats.index(seat)]

    def agent_title(self, seat: str) -> str:
        return get_spec(self.agent_id(seat)).title

    def is_human(self, seat: str) -> bool:
        return get_spec(self.agent_id(seat)).interactive

    @property
    def to_move(self) -> str:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.outcome is not None

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.is_human(self.to_move)

    def result_text(self) -> str:
        """``"X wins (a1 b2 c3)"``, ``"Draw"``, or ``""`` while the game runs."""
        outcome = self.state.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            reason, cap, _ = outcome.reason.partition(": unfinished")  # Halma's move cap
            return f"Unfinished ({reason})" if cap else "Draw"
        line = getattr(self.state, "winning_line", None)
        cells = f" ({' '.join(self.state.format_move(c) for c in line)})" if line else ""
        return f"{outcome.winner} wins{cells}"

    def move_texts(self) -> list[str]:
        """The moves played so far, in notation."""
        history = getattr(self.state, "history", [])
        return [self.state.format_move(m) for m in history]
