"""Play one headless game between agents and log it (a ``GameLog``: one line of a result file).

Each game's seed derives from the batch's base seed and the game's index, and each agent's
generator from the game seed and its seat (core.rng), so a game is the same whichever worker
plays it and in whatever order.
"""

from __future__ import annotations

import time
from typing import Any

from swarmtui.agents import make_agent
from swarmtui.core.agent import Agent, AgentForfeit, close_agent
from swarmtui.core.params import apply_overrides
from swarmtui.core.rng import derive_seed, seat_rng
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.sim.seats import Seat


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game number ``index`` of a batch."""
    return derive_seed(base_seed, "game", index)


def play_match(game_id: str, seats: list[Seat], base_seed: int, index: int, max_plies: int = 10_000,
               traces: bool = False, rules: tuple[tuple[str, str], ...] = ()) -> GameLog:
    """Play game ``index`` of a batch to its end and return its record (with every decision's
    trace when ``traces``, for replays), under the game's rule variants ``rules``."""
    spec = get_game(game_id)
    seed = game_seed(base_seed, index)
    agents: dict[str, Agent] = {}
    state = spec.start(len(seats), apply_overrides(spec.rules_type()(), rules) if rules else None)
    moves: list[str] = []
    think = {s.name: 0.0 for s in seats}
    recorded: list[dict[str, Any]] | None = [] if traces else None
    forfeit: tuple[str, str] | None = None  # (seat, reason): an agent that could not go on
    start = time.perf_counter()
    try:
        for s in seats:
            agents[s.name] = make_agent(s.agent, game_id, s.name, seat_rng(seed, s.name), s.overrides)
        while state.outcome is None and len(moves) < max_plies:
            seat = state.to_move
            tick = time.perf_counter()
            try:
                decision = agents[seat].decide(state)
            except AgentForfeit as error:
                forfeit = (seat, str(error))
                break
            finally:
                think[seat] += time.perf_counter() - tick
            if recorded is not None:
                recorded.append({"ply": len(moves), "seat": seat, "trace": decision.trace.to_json()})
            moves.append(state.format_move(decision.move))
            state.play(decision.move)
    finally:
        for agent in agents.values():  # external engines stop with their game, whatever happened
            close_agent(agent)
    seconds = time.perf_counter() - start
    outcome = state.outcome
    winner = outcome.winner if outcome else None
    reason = outcome.reason if outcome else f"stopped after {max_plies} plies"
    if forfeit is not None:
        others = [s.name for s in seats if s.name != forfeit[0]]
        winner = others[0] if len(others) == 1 else None
        reason = f"{forfeit[0]} forfeits: {forfeit[1]}"
    return GameLog(
        index=index, seed=seed, game=game_id,
        players={s.name: s.agent for s in seats}, moves=moves, winner=winner,
        result=f"{winner} wins" if winner else ("draw" if outcome else "unfinished"),
        reason=reason,
        plies=len(moves), seconds=round(seconds, 6),
        think_seconds={k: round(v, 6) for k, v in think.items()},
        params={s.name: dict(s.overrides) for s in seats if s.overrides}, traces=recorded,
        rules=dict(rules),
    )
