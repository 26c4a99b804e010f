"""Same seed, same game everywhere: a game's seed from a ``swarmtui sim`` record replays it in
the TUI's match model (which seeds seats exactly like the headless runner)."""

from __future__ import annotations

from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat
from swarmtui.tui.match import Match, MatchConfig


def test_a_sim_record_seed_replays_in_the_tui_match():
    seats = [Seat("X", "random"), Seat("O", "ga")]
    for index in range(5):
        record = play_match("noughts", seats, base_seed=21, index=index)
        match = Match(MatchConfig("noughts", ("random", "ga"), seed=record.seed))
        while not match.is_over:
            seat = match.to_move
            match.state.play(match.agents[seat].decide(match.state).move)
        assert match.move_texts() == record.moves
