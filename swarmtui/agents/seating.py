"""Each seat's agent rebuilt from a game's seed, as every face builds them.

A game's agents are a pure function of its seed: seat ``s`` plays with ``make_agent(agent,
game, s, seat_rng(seed, s), overrides)``, in ``swarmtui sim`` (``sim.match.play_match``), the
TUI (``tui.match.Match``) and replays alike, so re-deciding a logged game's AI turns gives its
very moves (``records.replay.Recording.redecide``). An external engine's seat is left out: it
keeps no trace and another program is not seeded by ours, so its turns are never re-decided (and
its engine never started) to rebuild reasoning; the replay says why that seat has none.
"""

from __future__ import annotations

from collections.abc import Mapping

from swarmtui.agents import get_spec, make_agent
from swarmtui.core.agent import Agent
from swarmtui.core.bounded_json import SaveError
from swarmtui.core.rng import seat_rng


def seat_agents(game: str, players: Mapping[str, str], params: Mapping[str, Mapping[str, str]],
                seed: int | None) -> dict[str, Agent] | str:
    """The AI seats' agents of a logged game (external engines left out), or the sentence saying
    why they cannot be built."""
    if seed is None:
        return "no seed in the record: the reasoning cannot be rebuilt"
    try:
        return {seat: make_agent(agent, game, seat, seat_rng(seed, seat), tuple(params.get(seat, {}).items()))
                for seat, agent in players.items() if not (get_spec(agent).interactive or get_spec(agent).external)}
    except (ValueError, OSError, SaveError) as error:  # ParamError is a ValueError
        return f"the agents cannot be rebuilt: {error}"
