"""How a computer seat answers a draw offer: it accepts when its game's search says it is not ahead.

The rule, the same for every game and every agent at the seat (a swarm has no value of a
position to consult, so the game's coach is asked instead):

1. Only a game of two seats has draws by agreement (with three or more Halma players, the
   others could not all be asked; the faces say so before anything is offered).
2. The game's coach agent (its descriptor's ``coach``: alpha-beta for Hive, exact minimax for
   Noughts & Crosses, the Halma search) searches the position to a fixed depth
   (:data:`DEPTH` plies, no time limit, so the answer is the same on any machine), with its
   own generator ``make_rng(seed, "draw", seat)``: the same seed and position give the same
   answer, and the seats' agents are untouched.
3. The search's best value is from the side to move's point of view; the seat that was
   offered the draw reads it as its own (negated when the offerer is to move). The seat
   **accepts when that value is at most 0** (it is not ahead: level or behind) and declines
   when it is ahead.
4. A coach whose deliberation carries no values (not a search) declines: a seat that cannot
   tell plays on.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.agents import make_agent
from swarmtui.core.agent import close_agent
from swarmtui.core.limits import Limit
from swarmtui.core.rng import make_rng
from swarmtui.core.state import GameState
from swarmtui.core.trace import SearchTrace
from swarmtui.games import get_game
from swarmtui.referee.advice import advise

DEPTH = 2
"""Plies the coach searches to answer an offer (fixed, so the answer does not depend on the machine)."""


@dataclass(frozen=True)
class DrawAnswer:
    """A computer seat's answer: ``accepts`` and the sentence saying why (its search's value)."""

    seat: str
    accepts: bool
    reason: str


def answer_draw(game_id: str, state: GameState, seat: str, seed: int) -> DrawAnswer:
    """How ``seat`` (a computer seat) answers a draw offered in ``state`` (the module's rule)."""
    if len(state.seats) != 2:
        return DrawAnswer(seat, False, "draws by agreement need two players")
    agent_id, overrides = get_game(game_id).coach
    agent = make_agent(agent_id, game_id, seat, make_rng(seed, "draw", seat), overrides)
    try:
        trace = advise(state, agent, Limit(depth=DEPTH)).trace
    finally:
        close_agent(agent)
    if not isinstance(trace, SearchTrace) or not trace.candidates:
        return DrawAnswer(seat, False, "it cannot judge the position, so it plays on")
    best = max(c.value for c in trace.candidates)
    mine = best if state.to_move == seat else -best
    if mine > 0:
        return DrawAnswer(seat, False, f"it is ahead ({mine:+g} by its search)")
    return DrawAnswer(seat, True, "it is not ahead" + (f" ({mine:+g} by its search)" if mine else " (level)"))
