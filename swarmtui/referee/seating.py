"""Who sits where, and their agents built once per game from the game's seed.

A game's agents are a pure function of its seed: seat ``s`` plays with ``make_agent(agent,
game, s, seat_rng(seed, s), overrides)`` in ``swarmtui sim``, the TUI, the tables and the
replays alike, so re-deciding a logged game's AI turns gives its very moves
(``referee.advice.redecide``). :func:`check_seats` refuses bad settings before a run's first
game without building any agent (each agent's ``AgentSpec.check`` reads the files it would).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from swarmtui.agents import agent_params, get_spec, make_agent
from swarmtui.core.agent import Agent, close_agent
from swarmtui.core.bounded_json import SaveError
from swarmtui.core.rng import make_rng, seat_rng
from swarmtui.games import get_game


@dataclass(frozen=True)
class Seat:
    """One seat of a game: its name, the agent id and that agent's overrides."""

    name: str
    agent: str
    overrides: tuple[tuple[str, str], ...] = ()


def check_seats(game_id: str, seats: Iterable[Seat]) -> None:
    """Raise what building these seats' agents would raise (an unknown agent, one that does not
    play the game, a bad parameter, a file that cannot be read), without building them."""
    for seat in seats:
        spec = get_spec(seat.agent, game_id)
        params = agent_params(spec, game_id, seat.overrides)
        spec.check_settings(game_id, seat.name, params)


def build_agents(game_id: str, seats: Sequence[Seat], seed: int) -> dict[str, Agent]:
    """Each seat's agent with its own generator ``seat_rng(seed, seat)``, in seat order; when
    one cannot be built, those built before it are closed and the error raised."""
    agents: dict[str, Agent] = {}
    try:
        for seat in seats:
            agents[seat.name] = make_agent(seat.agent, game_id, seat.name, seat_rng(seed, seat.name), seat.overrides)
    except BaseException:
        for agent in agents.values():
            close_agent(agent)
        raise
    return agents


def seat_agents(game: str, players: Mapping[str, str], params: Mapping[str, Mapping[str, str]],
                seed: int | None) -> dict[str, Agent] | str:
    """The AI seats' agents of a logged game, or the sentence saying why they cannot be built.
    An external engine's seat is left out (``AgentSpec.external``): another program keeps no
    trace and is not seeded by ours, so its turns are never re-decided and it is never started
    to rebuild reasoning."""
    if seed is None:
        return "no seed in the record: the reasoning cannot be rebuilt"
    try:
        seats = [Seat(seat, agent, tuple(params.get(seat, {}).items()))
                 for seat, agent in players.items() if not (get_spec(agent).interactive or get_spec(agent).external)]
        return build_agents(game, seats, seed)
    except (ValueError, OSError, SaveError) as error:  # ParamError is a ValueError
        return f"the agents cannot be rebuilt: {error}"


def coach_seat(game_id: str, agent: str | None = None, overrides: Sequence[tuple[str, str]] = ()) -> Seat:
    """The coach of ``game_id``: ``agent`` with ``overrides``, or the game's default coach (its
    descriptor's ``coach``: the strongest agent for the game at a short budget). ``ParamError``
    when the agent does not play the game, needs a person, or refuses a parameter."""
    if agent is None:
        agent, defaults = get_game(game_id).coach
        overrides = tuple(defaults) + tuple(overrides)
    coach = Seat("coach", agent, tuple(overrides))
    if get_spec(agent, game_id).interactive:
        from swarmtui.core.params import ParamError

        raise ParamError(f"agent {agent!r} is a person; a coach is a computer player")
    check_seats(game_id, [Seat(seat, agent, coach.overrides) for seat in get_game(game_id).seats])
    return coach


def build_coach(game_id: str, coach: Seat, seat: str, seed: int) -> Agent:
    """The coach's agent for the player at ``seat``, with its own generator (``make_rng(seed,
    "coach", seat)``: the players' agents' generators are untouched, and the same seed gives
    the same advice)."""
    return make_agent(coach.agent, game_id, seat, make_rng(seed, "coach", seat), coach.overrides)
