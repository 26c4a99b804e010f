"""Play one headless game of a batch through the referee and log it (one line of a result file).

Each game's seed derives from the batch's base seed and the game's index, and each agent's
generator from the game seed and its seat (``referee.seating``), so a game is the same whichever
worker plays it and in whatever order.
"""

from __future__ import annotations

from swarmtui.core.rng import derive_seed
from swarmtui.records.gamelog import GameLog
from swarmtui.referee import Referee, Seat, TimeControl

MAX_PLIES = 10_000
"""A batch's game that reaches this many plies stops unfinished (no rule ended it)."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game number ``index`` of a batch."""
    return derive_seed(base_seed, "game", index)


def play_match(game_id: str, seats: list[Seat], base_seed: int, index: int, max_plies: int = MAX_PLIES,
               traces: bool = False, rules: tuple[tuple[str, str], ...] = (),
               time_control: TimeControl = TimeControl()) -> GameLog:
    """Play game ``index`` of a batch to its end and return its record (with every decision's
    trace when ``traces``, for replays), under the game's rule variants ``rules`` and
    ``time_control`` (none: each agent thinks as it does by default)."""
    referee = Referee.seated(game_id, seats, game_seed(base_seed, index), rules=rules, max_plies=max_plies,
                             keep_traces=traces, time_control=time_control)
    return referee.run(index=index)
