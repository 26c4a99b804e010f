"""The referee: the one loop that plays a game, below every face that shows or runs one.

``sim``, the TUI, the tables, the replays and ``swarmtui uhp`` are its callers; it uses only
``records``, ``agents``, ``games`` and ``core``. It builds each seat's agent once from the
game's seed (``seating``), asks it for its decision within the budget of the game's time
control (``clock``), checks and records the move, its trace and thinking time, ends the game
with a reason when a seat crashes, plays an illegal move, resigns, runs out of time or agrees a
draw (a computer seat answers an offer by ``draw_offer``'s rule),
closes every agent and returns the game's ``GameLog`` (``game``). Asking an agent about a
position without playing (a coach's suggestion and its rating of a player's move, ``bestmove``,
``swarmtui hint``, rebuilt reasoning) is its service too (``advice``; the coach's agent is built
by ``seating.build_coach``): it is the only place outside ``swarmtui/agents/`` that calls ``decide``.
"""

from __future__ import annotations

from swarmtui.core.clock import Budgeting, Clock, TimeControl
from swarmtui.referee.advice import Suggestion, advise, consult, rate, redecide, suggest, winning_moves
from swarmtui.referee.draw_offer import DrawAnswer, answer_draw
from swarmtui.referee.game import Referee, Turn, rules_object
from swarmtui.referee.seating import Seat, build_agents, build_coach, check_seats, coach_seat, seat_agents

__all__ = ["Budgeting", "Clock", "DrawAnswer", "Referee", "Seat", "Suggestion", "TimeControl", "Turn", "advise",
           "answer_draw", "build_agents",
           "build_coach", "check_seats", "coach_seat", "consult", "rate", "redecide", "rules_object", "seat_agents",
           "suggest", "winning_moves"]
